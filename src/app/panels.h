// Every panel of the page, one function each (panels_*.cpp); ui.cpp lays them out.
#pragma once
#include <string>
#include <string_view>

#include "app.h"
#include "state/json_writer.h"  // CellsJson

namespace el {

void ShowTablePanel(App& app);     // W as an editable heatmap, V, d, fill
void ShowIdsPanel(App& app);       // the batch
void ShowForwardPanel(App& app);   // gather next to one-hot @ W
void ShowBackwardPanel(App& app);  // upstream G and dW

void ShowLinkBanner(App& app);     // what a loaded link could not apply
std::string LinkBannerHeading(const LinkMessages& m);  // its first line ("This link had 2 problems..."), or ""
// The ids panel's random batch, from the text view: B, Zipf s, seed as typed; "" or why not.
std::string DrawRandomBatch(App& app, std::string_view B, std::string_view s, std::string_view seed);
std::string RandomBatchJson();  // [title, help, seed word, Draw, B, s, seed]: the words and the fields
void ShowShareBox(App& app);       // copy link / copy embed code
// The share box's copy buttons (ShowShareBox's, and the text view's through el_share_copy).
enum ShareCopy { kShareLink, kShareEmbed, kShareEmbedAuto, kShareNumpy, kSharePytorch, kShareCount };
bool MakeShareText(App& app, int what);  // into app.share_text; false when the link would be over the limit
const char* ShareLabel(int what);        // the button's words
std::string NotCopiedMessage();          // why nothing was copied (link_not_copied)
const char* ShareOptimizerNote(const App& app);  // what a link leaves out of the training lab ("" when nothing)
void ShowLinkOverLimit(App& app);  // the state's link is too long to share: what that means, what still works
std::string LinkOverLimitMessage(const App& app);  // that message, or "" (the text view shows it too)
void ShowPresetsPanel(App& app);   // the gallery of preset links

std::string FillUpstream(App& app, std::string_view name);  // G's fills by name (canonical, ones, random, mse): "" or why not
void ShowTourBar(App& app);        // the guided tour, across the top
bool TourBarShown(const App& app);  // a tour step's box is on the page
void ShowAllPanelsButton(App& app);  // "Show all panels", while a link shows only some
void ShowCheckPanel(App& app);     // follow-up questions and the true/false self-check
void RefreshHashingQuestion(App& app);  // app.budget_lab.question (or question_error) for the budget settings
void GoToTourStep(App& app, TourDepth depth, int step);
void LeaveTour(App& app, bool finished);  // finished: the last step's Next
void ShowExperimentsPanel(App& app);  // raw id vs embedding, bias absorbed, non-finite table
bool ExperimentsTraining();           // its trainings have started and not finished (they need frames)
void StartExperiments();              // the text view's Run: the two fits and the bias
std::string ExperimentsJson(const App& app);      // the panel for the text view (el_text_view_json)
Status ExperimentInfinity(App& app, bool put);    // "Put inf in W[0][c]" (put) or "Restore W"
void ShowTrainingPanel(App& app);     // step inspector: touched / changed rows and why
// Its rows table for the text view (el_training_rows_json): {note (what updates counts), cells (the column
// headers, then row after row: id, touched, changed, why, updates, then the optimizer's state: momentum b,
// or Adam's m and v), columns (per row), more (rows left out)}. Every
// row up to 64; past that the first 64 the last step touched, changed or rescaled.
std::string TrainingRowsJson(const App& app);
// The text view's tables in that shape (web/text_view.js, cellsTable): the note, then the column
// headers and row after row, one cell at a time (a call per cell: the page weight counts this code).
struct CellsJson {
    std::string j;
    explicit CellsJson(std::string_view note) : j("{\"note\":") { cell(note), j += "\"cells\":["; }
    void cell(std::string_view text) { j += json_string(text), j += ','; }
    std::string end(int columns, int more) {  // after the headers at least: the last ',' closes the list
        j.back() = ']';
        return j + ",\"columns\":" + std::to_string(columns) + ",\"more\":" + std::to_string(more) + "}";
    }
};
// The text view's "Step x n" with n as typed, checked as the canvas's field checks it (and kept for it):
// "" or why n was refused (a step's own error is the lab's, as after Step).
std::string StepTimes(App& app, std::string_view n);
void ShowFrequencyPanel(App& app);    // Zipf ids: rare rows get few updates and learn slowly
// What its plots show, in numbers, for the text view (el_frequency_table_json): TrainingRowsJson's
// shape; a row for the head id, the most frequent tenth, the rest of the first half, the rarest half
// and the tail id, with medians of seen, steps with gradient, steps that changed the row and
// ||W[id]||, the mean error and the share of right classes. No rows before the first run.
std::string FrequencyTableJson(const App& app);
void ShowCostPanel(App& app);         // one-hot route vs gather at scale, timed live (panels_cost.cpp)
// The deeper tier (issue 16), on demand: the site's page (embedding_lab) links
// deeper_tier_on_demand.cpp, which says what the experiments are and reloads the page with them;
// embedding_lab_deeper and the single-file page link panels_budget.cpp.
extern const bool kDeeperTierLoaded;
void ShowBudgetPanel(App& app);             // full, hashed, factorised, split tables at a parameter budget
void ShowDeeperExperimentsPanel(App& app);  // table variants, raw vs tanh rows, the compression calculator
std::string DeeperTextJson(App& app);       // those three for the text view ("null" until loaded)
void StartDeeperExperiments(App& app);      // the text view's Run: the two fits on the rows, the rank check
void UpdateDeeperTier(App& app);            // deeper=1 without the tier: reload with it (once per page)

// Teacher controls and question cards (panels_teach.cpp; its other calls are in teach_view.h).
void ShowTeachPanel(App& app);        // "Teach with this": a link and embed code with locks, hidden controls, questions
void ShowQuestionCards(App& app);     // quiz=: predict, then reveal; each answer posted to the host page

}  // namespace el
