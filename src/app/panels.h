// Every panel of the page, one function each; ui.cpp lays them out.
#pragma once
#include <string>

#include "app.h"

namespace el {

void ShowTablePanel(App& app);     // W as an editable heatmap, V, d, fill
void ShowIdsPanel(App& app);       // the batch
void ShowForwardPanel(App& app);   // gather next to one-hot @ W
void ShowBackwardPanel(App& app);  // upstream G and dW

void ShowLinkBanner(App& app);     // what a loaded link could not apply
void ShowShareBox(App& app);       // copy link / copy embed code
void ShowPresetsPanel(App& app);   // the gallery of preset links
std::string EmbedSnippet(const AppState& s);

void ShowTourBar(App& app);        // the guided tour, across the top
void ShowCheckPanel(App& app);     // follow-up questions and the true/false self-check
void GoToTourStep(App& app, TourDepth depth, int step);
void ShowExperimentsPanel(App& app);  // raw id vs embedding, bias absorbed, non-finite table
void ShowTrainingPanel(App& app);     // step inspector: touched / changed rows and why
void ShowFrequencyPanel(App& app);    // Zipf ids: rare rows get few updates and learn slowly
void ShowCostPanel(App& app);         // one-hot route vs gather at scale, timed live (panels_cost.cpp)
// The deeper tier (panels_budget.cpp)
void ShowBudgetPanel(App& app);          // full, hashed, factorised, split tables at a parameter budget
void ShowTableVariantsPanel(App& app);   // hashed collisions, onehot @ H @ W_k, the factorised gradient
void ShowRowsActivationPanel(App& app);  // raw rows vs tanh(rows) on the same targets
void ShowCompressionPanel(App& app);     // one-hot dense layer vs embedding + layer: counts and rank
void ShowHashingQuestion(App& app);      // the self-check's question on hashing collisions

// Teacher controls and question cards (panels_teach.cpp).
void ShowTeachPanel(App& app);        // "Teach with this": a link and embed code with locks, hidden controls, questions
void ShowQuestionCards(App& app);     // quiz=: predict, then reveal; each answer posted to the host page
void ReportClaimAnswer(App& app, int claim, bool said_true);  // the self-check's true/false, posted the same way
std::string EmbedCode(const AppState& s, int width, int height);  // fixed or (teach.auto_height) auto-height snippet
// Controls under a lock (lock=): drawn read-only, the reason on hover, a click says it. `locks` is a
// mask of Lock bits; Begin returns whether the controls are locked. A grid passes tooltip=false
// (its cells keep their own tooltips) and is drawn read-only by its caller.
bool BeginLocked(App& app, uint32_t locks, bool disable = true);
void EndLocked(App& app, uint32_t locks, bool disable = true);
// In embed mode, the page's wanted height (CSS pixels) to the host page when it changes.
void ReportContentHeight(App& app, float content_bottom);

}  // namespace el
