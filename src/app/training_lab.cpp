// The training panels' bookkeeping: steps, reset, the follow-up question and the
// time-sliced frequency run. The maths is in src/state/training.cpp.
#include "training_lab.h"

#include <emscripten.h>

#include <algorithm>
#include <cstring>

#include "app.h"
#include "core/optim.h"
#include "i18n/i18n.h"
#include "state/teach.h"

namespace el {

void TrainingSteps(App& app, int n) {
    TrainingLab& lab = app.training;
    // A step changes W: under lock=table it is refused, as every other change of W is.
    if (Status st = check_unlocked(app.state, kLockTable); !st.ok()) {
        lab.error = st.error;
    } else {
        // The derived tables go before the step makes its own (Commit computes them again, whatever
        // the step did): the heap never holds both.
        release_tables(app.derived);
        lab.error = training_step(app.state, lab.session, n).error;
        Commit(app, "training step");
        // The page's own forward pass (Commit) applies max_norm to the new W, as the next step's
        // forward would; the session carries on from that table (RefreshDerived in app.cpp).
        if (lab.session.active && lab.error.empty()) lab.page_renormed_rows = app.derived.result.renormed_rows;
        if (lab.follow_up_asked) AskFollowUp(app, false);
    }
    // Said on the live line before the new output: what the step did, as the counts under the buttons
    // say it (a screen reader heard only the new output), or why it did nothing.
    const auto counts = LastStepCounts(app);
    app.teach.said = !lab.error.empty() ? lab.error : counts[0] + ". " + counts[1];
}

static bool Has(const std::vector<int>& rows, int k) { return std::binary_search(rows.begin(), rows.end(), k); }  // rows sorted

bool RowRescaled(const TrainingLab& lab, int k) { return Has(lab.session.rescaled_rows, k) || Has(lab.page_renormed_rows, k); }

std::string RowWhy(const TrainingLab& lab, int k) {
    const uint8_t reasons = lab.session.last.row_reasons[size_t(k)];
    std::string why = Has(lab.session.last.changed_rows, k) ? row_reason_text(reasons) : reasons & kRowGradient ? TR(labs_why_no_move) : "";
    if (RowRescaled(lab, k)) why = why.empty() ? std::string(TR(labs_why_rescale)) : format(TR(labs_why_rescale_and), why.c_str());
    return why;
}

std::array<std::string, 2> LastStepCounts(const App& app) {
    const TrainingSession& t = app.training.session;
    return {format(TR(labs_counts_step), OptimizerLabel(t.config), t.optimizer.steps(), double(t.last_loss)),
            format(TR(labs_counts_rows), int(t.last.touched_rows.size()), format_count(app.state.V).c_str(),
                   int(t.last.changed_rows.size()))};
}

void TrainingReset(App& app) {
    training_reset(app.state, app.training.session);
    app.training.error.clear();
    Commit(app, "training reset");
    if (app.training.follow_up_asked) AskFollowUp(app, false);
}

bool TrainingMarksCurrent(const App& app) {
    const TrainingSession& t = app.training.session;
    const AppState& s = app.state;
    if (!t.active || t.V != s.V || t.d != s.d || t.W_after.size() != s.W.size()) return false;
    return std::memcmp(t.W_after.data(), s.W.data(), s.W.size() * sizeof(float)) == 0;
}

void AskFollowUp(App& app, bool redraw) {
    TrainingLab& lab = app.training;
    if (redraw) lab.follow_up_seed++;
    lab.follow_up_asked = true;
    lab.follow_up_error = follow_up_step(app.state, lab.session, lab.follow_up_seed, lab.follow_up).error;
}

void StartFrequencyRun(App& app) {
    TrainingLab& lab = app.training;
    lab.frequency_ms = 0;
    if (Status st = frequency_run_start(app.state.frequency, lab.frequency); !st.ok()) {
        lab.frequency = FrequencyRun();
        lab.frequency.error = st.error;
    }
}

// Whole steps until the frame's budget is spent: a step of V = 5000 takes well under a
// millisecond, so the frame overruns its budget by less than one step.
double AdvanceFrequencyRun(App& app, double budget_ms) {
    FrequencyRun& run = app.training.frequency;
    const double start = emscripten_get_now();
    while (run.running && emscripten_get_now() - start < budget_ms)
        if (!frequency_run_chunk(run, 1).ok()) break;
    if (run.running) (void)frequency_evaluate(run.state);  // the error plot follows the run (V rows, cheap)
    const double spent = emscripten_get_now() - start;
    app.training.frequency_ms += spent;
    return spent;
}

void CancelFrequencyRun(App& app) {
    FrequencyRun& run = app.training.frequency;
    if (!run.running) return;
    run.running = false;
    (void)frequency_evaluate(run.state);  // the plots show where it stopped
}

}  // namespace el
