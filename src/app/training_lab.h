// What the training panels keep between frames: the optimizer across Step clicks, the
// follow-up question's answer and the frequency experiment's run. The maths is in
// src/state/training.h; this is only the page's bookkeeping around it.
#pragma once
#include <array>
#include <string>

#include "state/training.h"

namespace el {

struct TrainingLab {
    TrainingSession session;   // optimizer, last StepReport, step count, table before Reset
    std::string error;         // why the last Step was refused
    int step_n = 10;           // Step x N
    bool step_n_refused = false;  // its field holds refused text: Step x N is off (it stepped the last N)
    int selected_row = -1;     // the row whose optimizer state is shown (-1: none)
    std::vector<int> page_renormed_rows;  // rows the page's forward pass rescaled after the last step

    FollowUpAnswer follow_up;  // "after one step on 64 ids, which rows changed?"
    std::string follow_up_error;
    bool follow_up_asked = false;
    uint64_t follow_up_seed = 1;

    FrequencyRun frequency;    // the frequency experiment, advanced a few ms per frame
    double frequency_ms = 0;   // CPU time spent on the run so far
};

struct App;

// Step x n through the core (state/training.h), then recompute the lesson's panels from the new W.
// Refreshes the follow-up answer if it was asked. Sets training.error on refusal.
void TrainingSteps(App& app, int n);
// W back to the table before the first step; the optimizer forgets everything.
void TrainingReset(App& app);
// The optimizer as its drop-down names it ("SGD + momentum"; panels_training.cpp).
const char* OptimizerLabel(const OptimizerConfig& c);
// The last step's counts: "SGD + momentum, step t = 1, loss ..." and "This step: 2 of V = 6 rows touched, 2 changed.",
// as the training panel shows them and the live line says them after a step.
std::array<std::string, 2> LastStepCounts(const App& app);
// The last step's marks still describe W (no edit or link load since).
bool TrainingMarksCurrent(const App& app);
// Row k was rescaled by max_norm in the last step's forward pass, or in the page's right after it
// (a row the update pushed above max_norm again is pulled back there).
bool RowRescaled(const TrainingLab& lab, int k);
// Why row k moved in the last step, as the rows table's "why it moved" says it ("" for a row the
// step left alone); the JS API's rowReasons.
std::string RowWhy(const TrainingLab& lab, int k);
// Answers "after one step on 64 ids, which rows changed?" on a copy; a new batch when `redraw`.
void AskFollowUp(App& app, bool redraw);

// The frequency experiment: start from state.frequency, run for up to budget_ms of this frame, cancel.
void StartFrequencyRun(App& app);
double AdvanceFrequencyRun(App& app, double budget_ms);  // the ms it spent
void CancelFrequencyRun(App& app);

}  // namespace el
