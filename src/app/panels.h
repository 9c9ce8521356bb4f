// Every panel of the page, one function each; ui.cpp lays them out.
#pragma once
#include <string>
#include <string_view>

#include "app.h"
#include "state/questions.h"

namespace el {

void ShowTablePanel(App& app);     // W as an editable heatmap, V, d, fill
void ShowIdsPanel(App& app);       // the batch
void ShowForwardPanel(App& app);   // gather next to one-hot @ W
void ShowBackwardPanel(App& app);  // upstream G and dW

void ShowLinkBanner(App& app);     // what a loaded link could not apply
void ShowShareBox(App& app);       // copy link / copy embed code
std::string EscapeHtmlAttribute(const std::string& text);  // for the embed snippets (& " < >)
void ShowPresetsPanel(App& app);   // the gallery of preset links
std::string EmbedSnippet(const AppState& s);

std::string FillUpstream(App& app, std::string_view name);  // G's fills by name (canonical, ones, random, mse): "" or why not
void ShowTourBar(App& app);        // the guided tour, across the top
void ShowCheckPanel(App& app);     // follow-up questions and the true/false self-check
void GoToTourStep(App& app, TourDepth depth, int step);
void LeaveTour(App& app, bool finished);  // finished: the last step's Next
void ShowExperimentsPanel(App& app);  // raw id vs embedding, bias absorbed, non-finite table
void ShowTrainingPanel(App& app);     // step inspector: touched / changed rows and why
void ShowFrequencyPanel(App& app);    // Zipf ids: rare rows get few updates and learn slowly
void ShowCostPanel(App& app);         // one-hot route vs gather at scale, timed live (panels_cost.cpp)
// The deeper tier (issue 16), on demand: the site's page (embedding_lab) links
// deeper_tier_on_demand.cpp, which says what the experiments are and reloads the page with them;
// embedding_lab_deeper and the single-file page link panels_budget.cpp.
extern const bool kDeeperTierLoaded;
void ShowBudgetPanel(App& app);             // full, hashed, factorised, split tables at a parameter budget
void ShowDeeperExperimentsPanel(App& app);  // table variants, raw vs tanh rows, the compression calculator
void UpdateDeeperTier(App& app);            // deeper=1 without the tier: reload with it (once per page)

// Teacher controls and question cards (panels_teach.cpp).
void ShowTeachPanel(App& app);        // "Teach with this": a link and embed code with locks, hidden controls, questions
void ShowQuestionCards(App& app);     // quiz=: predict, then reveal; each answer posted to the host page
void ReportClaimAnswer(App& app, int claim, bool said_true);
void RefreshQuestionCards(App& app);  // app.teach.questions / cards for the current state
// Answers card `index` as its controls would (claim: "true"/"false"; rows: "1, 3"; grad-row: the
// numbers): "" once graded, else why the answer could not be read.
std::string AnswerCard(App& app, int index, const std::string& text);
std::string CardAnswerText(const Question& q);  // the revealed answer  // the self-check's true/false, posted the same way
std::string EmbedCode(const AppState& s, int width, int height);  // fixed or (teach.auto_height) auto-height snippet
// Controls under a lock (lock=): drawn read-only, the reason on hover, a click says it. `locks` is a
// mask of Lock bits; Begin returns whether the controls are locked. A grid passes tooltip=false
// (its cells keep their own tooltips) and is drawn read-only by its caller.
bool BeginLocked(App& app, uint32_t locks, bool disable = true);
void EndLocked(App& app, uint32_t locks, bool disable = true);
// In embed mode, the page's wanted height (CSS pixels) to the host page when it changes.
void ReportContentHeight(App& app, float content_bottom);

}  // namespace el
