#include "experiments.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "autograd.h"
#include "embedding.h"
#include "embedding_autograd.h"
#include "i18n/i18n.h"
#include "limits.h"

namespace el {

namespace {

Tensor random_normal(int rows, int cols, Rng& rng, double scale) {
    Tensor t = Tensor::zeros(rows, cols);
    if (t.ok())
        for (float& x : t.values()) x = float(scale * rng.normal());
    return t;
}

std::vector<int> all_ids(int V) {
    std::vector<int> ids(static_cast<size_t>(V));
    for (int i = 0; i < V; i++) ids[size_t(i)] = i;
    return ids;
}

// One Adam step on each parameter from its gradient, then zeroed for the next step.
Status step_all(std::vector<Tensor>& params, std::vector<Optimizer>& opts) {
    for (size_t p = 0; p < params.size(); p++) {
        StepReport report;
        if (Status s = opts[p].step(params[p], report); !s.ok()) return s;
    }
    zero_grad(params);
    return Status::Ok();
}

Status make_optimizers(std::vector<Tensor>& params, float lr, std::vector<Optimizer>& opts) {
    opts.assign(params.size(), Optimizer());
    for (size_t p = 0; p < params.size(); p++)
        if (Status s = opts[p].init({OptimizerKind::kAdam, lr}, params[p].rows(), params[p].cols()); !s.ok()) return s;
    return Status::Ok();
}

}  // namespace

Status RawVsEmbeddingRun::start(const RawVsEmbeddingConfig& config) {
    started_ = false;
    const int V = int(config.targets.size());
    if (V < 1 || V > kMaxB) return Status::Fail("give 1 to " + std::to_string(kMaxB) + " targets, one per id");
    if (config.d < 1 || config.d > kMaxD) return Status::Fail("d must run from 1 to " + std::to_string(kMaxD));
    if (config.steps < 0 || config.steps > 100000) return Status::Fail("steps must run from 0 to 100000");
    config_ = config;
    Rng rng(config.seed);
    ids_ = all_ids(V);
    std::vector<float> id_values(size_t(V), 0.0f);
    for (int i = 0; i < V; i++) id_values[size_t(i)] = float(i);
    x_ = Tensor::from(V, 1, id_values);
    y_ = Tensor::from(V, 1, config.targets);
    raw_ = {random_normal(1, 1, rng, 0.1), Tensor::zeros(1, 1)};
    emb_ = {random_normal(V, config.d, rng, 1.0), random_normal(config.d, 1, rng, 0.5), Tensor::zeros(1, 1)};
    if (Status s = make_optimizers(raw_, config.lr, raw_opt_); !s.ok()) return s;
    if (Status s = make_optimizers(emb_, config.lr, emb_opt_); !s.ok()) return s;
    r_ = RawVsEmbeddingResult{};
    step_ = 0;
    started_ = true;
    return Status::Ok();
}

Tensor RawVsEmbeddingRun::raw_loss() const { return mse_loss(linear(x_, raw_[0], raw_[1]), y_); }
Tensor RawVsEmbeddingRun::emb_loss() const { return mse_loss(linear(embedding(emb_[0], ids_), emb_[1], emb_[2]), y_); }

Status RawVsEmbeddingRun::step(int steps) {
    if (!started_) return Status::Fail("start the run first");
    for (int n = 0; n < steps && step_ < config_.steps; n++, step_++) {
        Tensor L_raw = raw_loss(), L_emb = emb_loss();
        r_.raw_loss_history.push_back(L_raw.item());
        r_.embedding_loss_history.push_back(L_emb.item());
        if (Status s = L_raw.backward(); !s.ok()) return s;
        if (Status s = L_emb.backward(); !s.ok()) return s;
        if (Status s = step_all(raw_, raw_opt_); !s.ok()) return s;
        if (Status s = step_all(emb_, emb_opt_); !s.ok()) return s;
    }
    return Status::Ok();
}

Status RawVsEmbeddingRun::finish(RawVsEmbeddingResult& out) {
    if (!done()) return Status::Fail("the run has steps left");
    r_.raw_w = raw_[0].item(), r_.raw_b = raw_[1].item();
    r_.raw_fit = linear(x_, raw_[0], raw_[1]).values();
    r_.embedding_fit = linear(embedding(emb_[0], ids_), emb_[1], emb_[2]).values();
    r_.raw_loss = raw_loss().item(), r_.embedding_loss = emb_loss().item();
    out = std::move(r_);
    r_ = RawVsEmbeddingResult{};
    return Status::Ok();
}

Status raw_vs_embedding(const RawVsEmbeddingConfig& config, RawVsEmbeddingResult& out) {
    RawVsEmbeddingRun run;
    if (Status s = run.start(config); !s.ok()) return s;
    if (Status s = run.step(config.steps); !s.ok()) return s;
    return run.finish(out);
}

Status bias_absorbed(int V, int d, int k, uint64_t seed, BiasAbsorbedResult& out) {
    if (V < 1 || V > kMaxB || d < 1 || d > kMaxD || k < 1 || k > kMaxD)
        return Status::Fail("bias_absorbed needs V in 1.." + std::to_string(kMaxB) + ", d and k in 1.." +
                            std::to_string(kMaxD));
    Rng rng(seed);
    const Tensor W = random_normal(V, d, rng, 1.0), A = random_normal(d, k, rng, 1.0);
    const Tensor c = random_normal(1, d, rng, 1.0), b = random_normal(1, k, rng, 1.0);
    const Tensor rows = embedding(W, all_ids(V));                 // (V,d) every row once
    const Tensor with_bias = linear(add(rows, c), A, b);          // (W[i] + c) @ A + b
    const Tensor shifted_bias = add(matmul(c, A), b);             // b' = c @ A + b
    const Tensor shifted = linear(rows, A, shifted_bias);         // W[i] @ A + b'
    const Tensor unshifted = linear(rows, A, b);                  // W[i] @ A + b
    if (!shifted.ok() || !with_bias.ok() || !unshifted.ok()) return shifted.ok() ? with_bias.status() : shifted.status();
    BiasAbsorbedResult r;
    r.V = V, r.k = k;
    r.with_table_bias = with_bias.values(), r.shifted = shifted.values(), r.unshifted = unshifted.values();
    r.shifted_bias = shifted_bias.values(), r.table_bias = c.values(), r.linear_bias = b.values();
    for (size_t i = 0; i < r.shifted.size(); i++) {
        r.max_abs_difference = std::max(r.max_abs_difference, std::fabs(r.with_table_bias[i] - r.shifted[i]));
        r.unshifted_max_abs_difference =
            std::max(r.unshifted_max_abs_difference, std::fabs(r.with_table_bias[i] - r.unshifted[i]));
    }
    out = std::move(r);
    return Status::Ok();
}

Status embedding_gradient_check(Tensor W, const std::vector<int>& ids, const EmbeddingOptions& options,
                                uint64_t seed, GradCheckResult& out) {
    if (Status s = check_table(W); !s.ok()) return s;
    if (options.max_norm)
        return Status::Fail(TR(labs_gradcheck_max_norm));
    int padding_row = -1;
    if (Status s = check_embedding_options(options, W.rows(), padding_row); !s.ok()) return s;
    if (Status s = check_ids(ids.data(), int(ids.size()), W.rows()); !s.ok()) return s;
    Rng rng(seed);
    const Tensor R = random_normal(int(ids.size()), W.cols(), rng, 1.0);  // (B,d) a weight per output
    GradCheckOptions check;
    check.skip_row = padding_row;
    return gradient_check([&] { return sum(mul(embedding(W, ids, options), R)); }, W, check, out);
}

}  // namespace el
