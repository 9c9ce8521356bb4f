// Small experiments the page runs on the core (issues 4 and 5), each a pure function or a
// resumable state machine, so the UI only draws what they return.
//   raw_vs_embedding        why not feed the raw id to a dense layer (the lesson's first follow-up)
//   bias_absorbed           a per-table bias is absorbed by the next layer's bias
//   embedding_gradient_check  finite differences for the embedding op, padding row skipped
//   frequency_* (frequency.h)  rows train at a rate set by id frequency (Zipf ids), a few steps a call
// Letters: V = ids, d = width, B = ids per step, C = classes of the frequency task.
#pragma once
#include <cstdint>
#include <vector>

#include "embedding_options.h"
#include "gradcheck.h"
#include "optim.h"
#include "random.h"
#include "tensor.h"

namespace el {

// ---------------------------------------------------------------------------
// (a) raw integer id vs embedding, on the same per-id targets, full batch, MSE.
//   raw:        pred_i = w * i + b                  (2 parameters, one shared direction)
//   embedding:  pred_i = E[i] . a + c               (E (V,d), head a (d,1), bias c)

struct RawVsEmbeddingConfig {
    std::vector<float> targets;  // (V,) the nominal target of each id
    int d = 4;
    int steps = 500;
    float lr = 0.05f;  // Adam for both models, so the raw model's id scale does not blow up SGD
    uint64_t seed = 1;
};

struct RawVsEmbeddingResult {
    std::vector<float> raw_fit;        // (V,) w*i + b after training
    std::vector<float> embedding_fit;  // (V,) E[i] . a + c after training
    float raw_w = 0, raw_b = 0;
    float raw_loss = 0, embedding_loss = 0;                        // final MSE
    std::vector<float> raw_loss_history, embedding_loss_history;  // (steps,) MSE before each step
};

Status raw_vs_embedding(const RawVsEmbeddingConfig& config, RawVsEmbeddingResult& out);

// The same two trainings a few steps at a time, for a page that spreads them over frames:
// start, then step until done, then finish. raw_vs_embedding is start + step(all) + finish.
class RawVsEmbeddingRun {
public:
    Status start(const RawVsEmbeddingConfig& config);
    Status step(int steps);  // up to `steps` more of config.steps
    bool done() const { return started_ && step_ == config_.steps; }
    Status finish(RawVsEmbeddingResult& out);  // once done()

private:
    Tensor raw_loss() const;  // MSE of w * id + b
    Tensor emb_loss() const;  // MSE of E[id] . a + c
    RawVsEmbeddingConfig config_;
    bool started_ = false;
    int step_ = 0;
    std::vector<int> ids_;
    Tensor x_, y_;                     // (V,1) the raw id as a number; (V,1) the targets
    std::vector<Tensor> raw_, emb_;    // w, b; E, a, c
    std::vector<Optimizer> raw_opt_, emb_opt_;
    RawVsEmbeddingResult r_;
};

// ---------------------------------------------------------------------------
// (b) bias absorbed: (W[i] + c) @ A + b == W[i] @ A + (c @ A + b) for every id i.
// W (V,d) and A (d,k) N(0,1) from the seed, c (1,d) and b (1,k) N(0,1) too.

struct BiasAbsorbedResult {
    int V = 0, k = 0;
    std::vector<float> with_table_bias;  // (V,k) linear(W + c) through A, b
    std::vector<float> shifted;          // (V,k) linear(W) through A, b' = c @ A + b
    std::vector<float> unshifted;        // (V,k) linear(W) through A, b (c dropped, nothing absorbed)
    std::vector<float> shifted_bias;     // (1,k) b'
    std::vector<float> table_bias;       // (1,d) c, the bias added to every row of the table
    std::vector<float> linear_bias;      // (1,k) b, the next layer's own bias
    float max_abs_difference = 0;        // with_table_bias vs shifted: float rounding only
    float unshifted_max_abs_difference = 0;  // with_table_bias vs unshifted: the bias's real effect
};

Status bias_absorbed(int V, int d, int k, uint64_t seed, BiasAbsorbedResult& out);

// ---------------------------------------------------------------------------
// (c) finite differences for the embedding op: loss = sum_b sum_c R[b][c] * out[b][c] with
// R (B,d) N(0,1) from the seed; the padding row (if any) is skipped. Refuses max_norm (it
// rewrites W inside the forward pass, so nudging W is undone). With scale_grad_by_freq the
// analytic gradient is deliberately 1/c_k times the numeric one: the result shows it.
Status embedding_gradient_check(Tensor W, const std::vector<int>& ids, const EmbeddingOptions& options,
                                uint64_t seed, GradCheckResult& out);

}  // namespace el
