// The frequency experiment (frequency.h), resumable a few steps at a time.
#include "frequency.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "autograd.h"
#include "embedding_autograd.h"
#include "i18n/i18n.h"
#include "limits.h"

namespace el {

Status check_frequency_task(int V, int d, int C, int B, double zipf_exponent) {
    if (V < 2 || V > kMaxV) return Status::Fail(format(TR(labs_range_int), "V", 2, kMaxV));
    if (d < 1 || d > kMaxD) return Status::Fail(format(TR(labs_range_int), "d", 1, kMaxD));
    if (C < 2 || C > 1000) return Status::Fail(TR(labs_freq_classes_range));
    if (B < 1 || B > kMaxB) return Status::Fail(format(TR(labs_range_int), "B", 1, kMaxB));
    if (!(zipf_exponent >= 0.0 && zipf_exponent <= 10.0))
        return Status::Fail(TR(labs_freq_zipf_range));
    return Status::Ok();
}

Status frequency_init(const FrequencyConfig& config, FrequencyState& state) {
    const FrequencyConfig& c = config;
    if (Status st = check_frequency_task(c.V, c.d, c.C, c.B, c.zipf_exponent); !st.ok()) return st;
    FrequencyState s;
    s.config = c;
    s.rng.reseed(c.seed);
    s.W = init_embedding_table(c.V, c.d, s.rng.next_u64());
    s.head = Tensor::zeros(c.d, c.C), s.bias = Tensor::zeros(1, c.C);
    const double head_scale = 1.0 / std::sqrt(double(c.d));
    for (float& x : s.head.values()) x = float(head_scale * s.rng.normal());
    s.labels.resize(size_t(c.V));
    for (int& label : s.labels) label = s.rng.below(c.C);
    s.zipf = ZipfSampler(c.V, c.zipf_exponent);
    if (Status st = s.opt_W.init(c.optimizer, c.V, c.d); !st.ok()) return st;
    // The dense head takes Adam beside a lazy table, as in PyTorch (SparseAdam refuses dense parameters).
    OptimizerConfig dense = c.optimizer;
    if (dense.kind == OptimizerKind::kLazyAdam) dense.kind = OptimizerKind::kAdam;
    if (Status st = s.opt_head.init(dense, c.d, c.C); !st.ok()) return st;
    if (Status st = s.opt_bias.init(dense, 1, c.C); !st.ok()) return st;
    s.row_seen.assign(size_t(c.V), 0);
    s.row_touches.assign(size_t(c.V), 0);
    s.row_updates.assign(size_t(c.V), 0);
    s.row_error.assign(size_t(c.V), 0.0f);
    s.row_correct.assign(size_t(c.V), 0);
    state = std::move(s);
    return frequency_evaluate(state);
}

Status frequency_step(FrequencyState& state, int steps) {
    if (!state.W.ok()) return Status::Fail("the frequency experiment is not set up: call frequency_init first");
    if (steps < 0 || steps > 10000) return Status::Fail("run 0 to 10000 steps at a time");
    const FrequencyConfig& c = state.config;
    std::vector<int> ids(static_cast<size_t>(c.B)), targets(static_cast<size_t>(c.B));
    for (int step = 0; step < steps; step++) {
        for (int b = 0; b < c.B; b++) {
            ids[size_t(b)] = state.zipf.sample(state.rng);
            targets[size_t(b)] = state.labels[size_t(ids[size_t(b)])];
            state.row_seen[size_t(ids[size_t(b)])]++;
        }
        Tensor loss = cross_entropy(linear(embedding(state.W, ids, c.lookup), state.head, state.bias), targets);
        if (Status s = loss.backward(); !s.ok()) return s;
        StepReport head_report, bias_report;
        if (Status s = state.opt_W.step(state.W, state.last_report); !s.ok()) return s;
        if (Status s = state.opt_head.step(state.head, head_report); !s.ok()) return s;
        if (Status s = state.opt_bias.step(state.bias, bias_report); !s.ok()) return s;
        state.W.zero_grad(), state.head.zero_grad(), state.bias.zero_grad();
        for (int r : state.last_report.touched_rows) state.row_touches[size_t(r)]++;
        for (int r : state.last_report.changed_rows) state.row_updates[size_t(r)]++;
        state.loss_history.push_back(loss.item());
        state.steps_done++;
    }
    return Status::Ok();
}

Status frequency_evaluate(FrequencyState& state) {
    if (!state.W.ok()) return Status::Fail("the frequency experiment is not set up: call frequency_init first");
    const int V = state.config.V, C = state.config.C;
    // every id once, in chunks of at most kMaxB (the embedding op's batch limit)
    for (int start = 0; start < V; start += kMaxB) {
        const int n = std::min(kMaxB, V - start);
        std::vector<int> ids(static_cast<size_t>(n));
        for (int i = 0; i < n; i++) ids[size_t(i)] = start + i;
        const Tensor logits = linear(embedding(state.W, ids), state.head, state.bias);
        if (!logits.ok()) return logits.status();
        const std::vector<float> probs = softmax_rows(logits);
        for (int i = 0; i < n; i++) {
            const float* p_i = probs.data() + int64_t(i) * C;
            const int label = state.labels[size_t(start + i)];
            int best = 0;
            for (int k = 1; k < C; k++)
                if (p_i[k] > p_i[best]) best = k;
            state.row_error[size_t(start + i)] = -std::log(std::max(p_i[label], 1e-30f));
            state.row_correct[size_t(start + i)] = best == label;
        }
    }
    return Status::Ok();
}

}  // namespace el
