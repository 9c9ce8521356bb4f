// What the deeper tier's panels keep between frames (issue 16): the parameter-budget run,
// advanced a few ms per frame, and the results of the activation and compression views, kept
// with the settings they were computed for. The maths is in src/state/budget_run.h and
// src/core/budget.h; this is only the page's bookkeeping around it.
#pragma once
#include <string>

#include "state/budget_run.h"

namespace el {

struct BudgetLab {
    BudgetExperiment run;        // the parameter-budget experiment
    double ms = 0;               // CPU time spent on the run so far
    double longest_slice_ms = 0; // the longest single frame's share of it

    RowsActivationSettings activation_for;  // what `activation` was computed from
    RowsActivationResult activation;
    std::string activation_error;
    bool activation_ready = false;

    CompressionSettings compression_for;    // what `composed` was computed from
    ComposedMapResult composed;
    std::string compression_error;
    bool compression_ready = false;

    BudgetSettings question_for;            // the hashing question, for these settings
    HashingQuestion question;
    std::string question_error;
    bool question_ready = false, answer_shown = false;
};

struct App;

// The budget experiment: start from state.budget, run for up to budget_ms of this frame, cancel.
void StartBudgetRun(App& app);
double AdvanceBudgetRun(App& app, double budget_ms);  // the ms it spent
void CancelBudgetRun(App& app);
// The activation and compression results for the current settings (recomputed when the
// settings changed since).
void UpdateRowsActivation(App& app);
void UpdateCompression(App& app);

}  // namespace el
