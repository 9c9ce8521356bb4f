// The deeper tier's bookkeeping: the time-sliced budget run and the cached views.
#include "budget_lab.h"

#include <emscripten.h>

#include <algorithm>

#include "app.h"

namespace el {

void StartBudgetRun(App& app) {
    BudgetLab& lab = app.budget_lab;
    lab.ms = 0, lab.longest_slice_ms = 0;
    if (Status st = budget_run_start(app.state.budget, lab.run); !st.ok()) {
        lab.run = BudgetExperiment();
        lab.run.error = st.error;
    }
}

// Whole steps until the frame's budget is spent: a step of the four variants at the largest
// settings (V = 2000, d = 32) takes about a millisecond, so the frame overruns by less than one step.
double AdvanceBudgetRun(App& app, double budget_ms) {
    BudgetLab& lab = app.budget_lab;
    const double start = emscripten_get_now();
    while (lab.run.running && emscripten_get_now() - start < budget_ms)
        if (!budget_run_chunk(lab.run, 1).ok()) break;
    const double spent = emscripten_get_now() - start;
    lab.ms += spent;
    lab.longest_slice_ms = std::max(lab.longest_slice_ms, spent);
    return spent;
}

void CancelBudgetRun(App& app) { budget_run_cancel(app.budget_lab.run); }

static bool same(const RowsActivationSettings& a, const RowsActivationSettings& b) {
    return a.spread == b.spread && a.steps == b.steps;
}
static bool same(const CompressionSettings& a, const CompressionSettings& b) {
    return a.V == b.V && a.d == b.d && a.h == b.h;
}

void UpdateRowsActivation(App& app) {
    BudgetLab& lab = app.budget_lab;
    if (lab.activation_ready && same(lab.activation_for, app.state.rows_activation)) return;
    lab.activation_for = app.state.rows_activation;
    lab.activation_ready = true;
    lab.activation_error = rows_activation(rows_activation_config(lab.activation_for), lab.activation).error;
}

void UpdateCompression(App& app) {
    BudgetLab& lab = app.budget_lab;
    if (lab.compression_ready && same(lab.compression_for, app.state.compression)) return;
    const CompressionSettings& c = lab.compression_for = app.state.compression;
    lab.compression_ready = true;
    lab.compression_error =
        composed_map(std::min(c.V, kCompressionCheckIds), c.d, c.h, 1, lab.composed).error;
}

}  // namespace el
