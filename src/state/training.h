// The training lab (issue 5): optimizer steps on the page's own table W, with a report of
// which rows each step touched and changed, and the frequency experiment's settings.
// Pure C++ on the core, so the walk-through tests run the very code the page runs.
//
// One step, with B = ids looked up, d = width, g_b = dL/dout[b]:
//   forward   out = embedding(W, ids, lookup)          (max_norm may rescale rows of W here)
//   loss      upstream: L = sum_b g_b . out[b]          (so dL/dout[b] = g_b exactly)
//             mse:      L = mean_{b,c} (out[b][c] - T[ids[b]][c])^2,  T (V,d) a fixed target per id
//   backward  dW[k] = sum over b with ids[b] = k of s_k * dL/dout[b]  (scatter-add)
//   update    the optimizer's formula (core/optim.h) on every row, or on touched rows (lazy)
#pragma once
#include <string>
#include <vector>

#include "app_state.h"
#include "core/frequency.h"
#include "core/optim.h"

namespace el {

// The optimizer and what its steps did, kept across steps until Reset.
struct TrainingSession {
    bool active = false;             // a step has been taken since the last reset
    int V = 0, d = 0;                // the shape the optimizer was set up for
    OptimizerConfig config;          // the settings the optimizer was set up with
    Optimizer optimizer;
    StepReport last;                 // the most recent step's report
    std::vector<int> rescaled_rows;  // rows max_norm rescaled in the last step's forward pass
    float last_loss = 0.0f;
    std::vector<float> W_before;     // (V,d) the table before the first step: what Reset restores
    std::vector<float> W_after;      // (V,d) the table as the last step left it
    // Running counts since the last reset, summed over steps.
    long long touched_unchanged = 0;  // rows that had gradient and did not move
    long long changed_untouched = 0;  // rows that moved without gradient
    std::string notice;               // why the optimizer's state last started over
};

// Every setting equal (OptimizerConfig has no operator==).
bool same_optimizer_config(const OptimizerConfig& a, const OptimizerConfig& b);

// The target row of id k for the mse loss: uniform in [-1, 1) from (seed + 1, k, c).
// Returns T (V,d).
std::vector<float> training_targets(const AppState& s);
float training_target(const AppState& s, int k, int c);  // T[k][c], without the (V,d) table

constexpr int kMaxStepsAtOnce = 1000;  // optimizer steps per click of "Step n"

// Runs n steps (1..kMaxStepsAtOnce) on s.W with s.ids, s.lookup, s.optimizer and s.loss.
// The optimizer starts afresh when its settings or the table's shape changed, or when W
// was edited since the last step (then Reset goes back to the edited table). On error W
// keeps the value it had after the last good step.
Status training_step(AppState& s, TrainingSession& t, int n);
// max_norm's rescale of W by the page's own lookup (a forward pass: PyTorch's renorms W in place, and
// its optimizer never hears of it) is not an edit: a session whose table is W as this revision's lookup
// found it or left it (s.written_back's rows) carries on, its optimizer state kept.
void training_follow_lookup(TrainingSession& t, const AppState& s);
// What a step would refuse before it runs: the optimizer's settings, and an optimizer that takes
// no sparse gradient when the lookup makes one (s.lookup.sparse), as PyTorch refuses it.
Status training_optimizer_check(const AppState& s);

// W <- the table before the first step (when the shape still matches); forgets the optimizer.
void training_reset(AppState& s, TrainingSession& t);

// The follow-up question (the lesson's third follow-up): one step on a batch of 64 ids, drawn
// uniformly from the seed, on a copy of the table and of the current optimizer state. `t` is left
// as it was: its two tables (V,d), which one trial step never reads, are moved aside, not copied.
struct FollowUpAnswer {
    int B = 64, distinct = 0;
    int touched = 0, changed = 0;
    int changed_untouched = 0, touched_unchanged = 0;
    std::string optimizer;
    bool fresh = true;  // the optimizer had no state yet (no earlier step)
};
Status follow_up_step(const AppState& s, TrainingSession& t, uint64_t seed, FollowUpAnswer& out);

// The frequency experiment as the page runs it: a few steps per frame until `target`.
struct FrequencyRun {
    bool running = false, finished = false;
    FrequencySettings settings;       // what this run was started with
    FrequencyState state;
    int target = 0;                   // steps to run
    int head_id = 0, tail_id = 0;     // the most and least frequent ids (rank 1 and rank V)
    std::vector<float> head_norm, tail_norm;  // (steps_done + 1,) row norms, before step 1 first
    std::string error;
};

// What a run would refuse: steps, V, weight decay with lazy Adam, lazy Adam with scale_grad_by_freq.
Status frequency_settings_check(const FrequencySettings& settings);
// Sets up a run of settings.steps steps (nothing runs yet).
Status frequency_run_start(const FrequencySettings& settings, FrequencyRun& run);
// Runs up to `steps` more steps, recording the two row norms after each; evaluates the
// per-row error when the run reaches its target (then running = false, finished = true).
Status frequency_run_chunk(FrequencyRun& run, int steps);

// The frequency experiment's core config from the page's settings: d = 8, C = 4, B = 32,
// Adam (lr 0.005) or lazy Adam, AdamW with lambda = kFrequencyWeightDecay when decay is on.
FrequencyConfig frequency_config(const FrequencySettings& f);

}  // namespace el
