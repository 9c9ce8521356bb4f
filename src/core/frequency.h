// Rows train at a rate set by id frequency: a small experiment the page runs on the core,
// resumable a few steps at a time so the UI only draws what it returns.
// Letters: V = ids, d = width, B = ids per step, C = classes of the task.
#pragma once
#include <cstdint>
#include <vector>

#include "embedding_options.h"
#include "optim.h"
#include "random.h"
#include "tensor.h"

namespace el {

// The frequency experiment: ids drawn from Zipf(s); each id has a fixed class (from the seed); an
// embedding + linear head learns id -> class with cross-entropy. Counts per row show that
// frequent rows are updated far more often, and their error falls first.

struct FrequencyConfig {
    int V = 200, d = 8, C = 4, B = 32;
    double zipf_exponent = 1.1;
    uint64_t seed = 1;
    OptimizerConfig optimizer{OptimizerKind::kAdam, 0.05f};
    EmbeddingOptions lookup;  // e.g. scale_grad_by_freq, which changes how fast frequent rows move
};

struct FrequencyState {
    FrequencyConfig config;
    Tensor W, head, bias;     // (V,d), (d,C), (1,C)
    std::vector<int> labels;  // (V,) the class of each id
    Rng rng;
    ZipfSampler zipf;
    Optimizer opt_W, opt_head, opt_bias;
    int steps_done = 0;
    std::vector<int> row_seen;       // (V,) occurrences of each id in the batches drawn so far
    std::vector<int> row_touches;    // (V,) steps whose gradient reached row i of W
    std::vector<int> row_updates;    // (V,) steps that changed row i of W (>= touches with momentum/Adam)
    std::vector<float> row_error;    // (V,) cross-entropy of id i on its own class (after evaluate)
    std::vector<uint8_t> row_correct;  // (V,) argmax of the logits is the id's class (after evaluate)
    std::vector<float> loss_history;   // (steps_done,) batch loss of each step
    StepReport last_report;            // the table's report of the most recent step
};

// The frequency task's shape (V ids, width d, C classes, batch B, Zipf exponent), checked once for
// every experiment built on it (frequency_init, budget_init).
Status check_frequency_task(int V, int d, int C, int B, double zipf_exponent);

Status frequency_init(const FrequencyConfig& config, FrequencyState& state);
// Runs `steps` more training steps (0..10000); call repeatedly with a few steps per frame.
Status frequency_step(FrequencyState& state, int steps);
// Fills row_error and row_correct from the current parameters.
Status frequency_evaluate(FrequencyState& state);

}  // namespace el
