#include "training.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "core/autograd.h"
#include "core/embedding_autograd.h"
#include "core/embedding_options.h"
#include "core/lesson.h"
#include "core/limits.h"
#include "core/random.h"
#include "i18n/i18n.h"

namespace el {

static bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);  // (memcmp of null: UB)
}

bool same_optimizer_config(const OptimizerConfig& a, const OptimizerConfig& b) {
    return a.kind == b.kind && a.lr == b.lr && a.momentum == b.momentum && a.dampening == b.dampening &&
           a.nesterov == b.nesterov && a.weight_decay == b.weight_decay && a.beta1 == b.beta1 &&
           a.beta2 == b.beta2 && a.eps == b.eps;
}

std::vector<float> training_targets(const AppState& s) {
    std::vector<float> T(size_t(s.V) * size_t(s.d));
    for (int k = 0; k < s.V; k++)
        for (int c = 0; c < s.d; c++) T[size_t(k) * s.d + c] = training_target(s, k, c);
    return T;
}

float training_target(const AppState& s, int k, int c) { return generated_cell(TableInit::Uniform, s.seed + 1, s.d, k, c); }

// The scalar loss of one step; W is the step's handle on the table (max_norm writes into it).
static Tensor step_loss(const AppState& s, Tensor& W) {
    const int B = s.B(), d = s.d;
    Tensor out = embedding(W, s.ids, s.lookup);  // (B,d)
    if (s.loss == LossKind::Mse) {
        if (!out.ok()) return out;
        std::vector<float> T_ids(size_t(B) * size_t(d));  // (B,d) T[ids[b]], not the (V,d) T: B*d numbers
        for (int b = 0; b < B; b++)
            for (int c = 0; c < d; c++) T_ids[size_t(b) * d + c] = training_target(s, s.ids[size_t(b)], c);
        return mse_loss(out, Tensor::from(B, d, std::move(T_ids)));
    }
    if (s.upstream.size() != size_t(B) * size_t(d))
        return Tensor::failed(format(TR(labs_train_upstream_shape), shape_text(B, d).c_str()));
    return sum(mul(out, Tensor::from(B, d, s.upstream)));  // dL/dout = G
}

Status training_optimizer_check(const AppState& s) {
    if (Status st = check_optimizer_config(s.optimizer); !st.ok()) return st;
    return s.lookup.sparse ? check_sparse_gradient_optimizer(s.optimizer) : Status::Ok();
}


// The steps; `trial_kept` set: a trial on a copy (follow_up_step) whose session carries no tables
// (V,d): whether it continues the page's session is known, and W_before, W_after are not kept.
static Status run_steps(AppState& s, TrainingSession& t, int n, const bool* trial_kept) {
    if (n < 1 || n > kMaxStepsAtOnce)
        return Status::Fail(format(TR(labs_train_steps_range), kMaxStepsAtOnce));
    if (s.B() == 0) return Status::Fail(TR(labs_train_empty_batch));
    if (Status st = training_optimizer_check(s); !st.ok()) return st;

    // Continue the session only if the table is exactly as the last step left it.
    const bool kept = trial_kept ? *trial_kept : t.active && t.V == s.V && t.d == s.d && same_bits(s.W, t.W_after);
    const bool was_active = t.active;
    if (!kept) t = TrainingSession{};  // (its tables go before the new ones are asked for)
    // The tables the steps make: W's gradient; a new session's W_before and W_after (not a trial's) and
    // the optimizer's state (Adam's two moments, or SGD's momentum); a trial's copy of W is made already.
    const bool sgd = s.optimizer.kind == OptimizerKind::kSGD || s.optimizer.kind == OptimizerKind::kLazySGD;
    if (Status st = room_for_tables(s.V, s.d, 1 + (kept ? 0 : (trial_kept ? 0 : 2) + (sgd ? 1 : 2))); !st.ok()) return st;
    if (!kept) {
        t.notice = was_active ? TR(labs_train_notice_w_changed) : "";
        t.active = true, t.V = s.V, t.d = s.d;
        if (!trial_kept) t.W_before = s.W;
    } else if (!same_optimizer_config(t.config, s.optimizer)) {
        t.notice = TR(labs_train_notice_settings);
    }
    if (!kept || !same_optimizer_config(t.config, s.optimizer)) {
        if (Status st = t.optimizer.init(s.optimizer, s.V, s.d); !st.ok()) return st;
        t.config = s.optimizer;
    }

    // Only looked-up rows can be rescaled by the forward pass (max_norm): ids in order, each once.
    std::vector<int> looked_up = distinct_ids(s.ids);
    std::erase_if(looked_up, [&s](int k) { return k < 0 || k >= s.V; });  // (the lookup refuses them)
    const size_t d = size_t(s.d), bytes = d * sizeof(float);
    for (int i = 0; i < n; i++) {
        // The step's handle on the table takes W's numbers (moved, not copied: 64 MB at 2^24 cells);
        // the looked-up rows, (rows, d), are kept as they were: they tell which rows the forward pass
        // rescaled, and W is given back as it was if the step fails.
        std::vector<float> rows_before(looked_up.size() * d);
        for (size_t j = 0; j < looked_up.size(); j++) std::copy_n(&s.W[size_t(looked_up[j]) * d], d, &rows_before[j * d]);
        Tensor W = Tensor::from(s.V, s.d, std::move(s.W));
        const auto give_back = [&](Status st) {
            s.W = std::move(W.values());
            for (size_t j = 0; j < looked_up.size(); j++) std::copy_n(&rows_before[j * d], d, &s.W[size_t(looked_up[j]) * d]);
            return st;
        };
        Tensor loss = step_loss(s, W);
        if (!loss.ok()) return give_back(loss.status());
        std::vector<int> rescaled;  // rows the forward pass rewrote (max_norm)
        for (size_t j = 0; j < looked_up.size(); j++)
            if (std::memcmp(W.data() + size_t(looked_up[j]) * d, &rows_before[j * d], bytes)) rescaled.push_back(looked_up[j]);
        if (Status st = loss.backward(); !st.ok()) return give_back(st);
        StepReport r;
        if (Status st = t.optimizer.step(W, r); !st.ok()) return give_back(st);
        for (int k : r.touched_rows) t.touched_unchanged += !std::binary_search(r.changed_rows.begin(), r.changed_rows.end(), k);
        t.changed_untouched += (long long)r.changed_untouched_rows().size();
        s.W = std::move(W.values());  // (moved: W goes out of scope)
        t.last = std::move(r), t.rescaled_rows = std::move(rescaled), t.last_loss = loss.item();
        if (!trial_kept) t.W_after = s.W;  // per step: an error in a later step must not orphan this one
    }
    return Status::Ok();
}

Status training_step(AppState& s, TrainingSession& t, int n) { return run_steps(s, t, n, nullptr); }

void training_follow_lookup(TrainingSession& t, const AppState& s) {
    if (!t.active || t.W_after.size() != s.W.size() || s.written_back.rows.empty()) return;
    const size_t n = size_t(s.d), bytes = n * sizeof(float);
    for (int r = 0; r < s.V; r++) {  // row by row: no (V,d) copy of the table before the lookup
        const float* kept = &t.W_after[size_t(r) * n];
        if (std::memcmp(kept, &s.W[size_t(r) * n], bytes) && std::memcmp(kept, row_before_lookup(s, r), bytes)) return;
    }
    for (int k : s.written_back.rows) std::copy_n(&s.W[size_t(k) * n], n, &t.W_after[size_t(k) * n]);
}

void training_reset(AppState& s, TrainingSession& t) {
    if (t.active && t.V == s.V && t.d == s.d) s.W = t.W_before;
    t = TrainingSession{};
}

Status follow_up_step(const AppState& s, TrainingSession& t, uint64_t seed, FollowUpAnswer& out) {
    // The trial's copies of W and of the optimizer's state, and its gradient.
    if (Status st = room_for_tables(s.V, s.d, 4); !st.ok()) return st;
    AppState trial = s;
    const bool kept = t.active && t.V == s.V && t.d == s.d && same_bits(s.W, t.W_after);
    // A copy of the session: the page's optimizer state is left alone. Not of its two tables (V,d),
    // which one trial step never reads (Reset's, and the last step's, compared just now): moved aside
    // and put back, not copied (64 MB each at 2^24 cells).
    std::vector<float> W_before = std::move(t.W_before), W_after = std::move(t.W_after);
    TrainingSession session = t;
    t.W_before = std::move(W_before), t.W_after = std::move(W_after);
    FollowUpAnswer a;
    Rng rng(seed);
    trial.ids.resize(size_t(a.B));
    for (int& id : trial.ids) id = rng.below(s.V);
    trial.upstream.resize(size_t(a.B) * size_t(s.d));
    for (int b = 0; b < a.B; b++)
        for (int c = 0; c < s.d; c++) trial.upstream[size_t(b) * s.d + c] = default_upstream(c);
    a.fresh = !(kept && same_optimizer_config(t.config, s.optimizer));
    if (Status st = run_steps(trial, session, 1, &kept); !st.ok()) return st;
    a.distinct = int(distinct_ids(trial.ids).size());
    const StepReport& r = session.last;
    a.touched = int(r.touched_rows.size()), a.changed = int(r.changed_rows.size());
    a.changed_untouched = int(r.changed_untouched_rows().size());
    for (int k : r.touched_rows) a.touched_unchanged += !std::binary_search(r.changed_rows.begin(), r.changed_rows.end(), k);
    a.optimizer = optimizer_name(s.optimizer.kind);
    out = a;
    return Status::Ok();
}

//-----------------------------------------------------------------------------
// The frequency experiment
//-----------------------------------------------------------------------------

FrequencyConfig frequency_config(const FrequencySettings& f) {
    FrequencyConfig c;
    c.V = f.V, c.d = 8, c.C = 4, c.B = 32;
    c.zipf_exponent = f.zipf_exponent;
    c.seed = f.seed;
    c.optimizer.lr = 0.005f;  // small enough that a row needs many updates: rare rows visibly lag
    c.optimizer.kind = f.lazy ? OptimizerKind::kLazyAdam : f.weight_decay ? OptimizerKind::kAdamW : OptimizerKind::kAdam;
    c.optimizer.weight_decay = f.weight_decay ? kFrequencyWeightDecay : 0.0f;  // lazy Adam refuses it, with a reason
    c.lookup.scale_grad_by_freq = f.scale_grad_by_freq;
    return c;
}

static void record_norms(FrequencyRun& run) {
    const Tensor& W = run.state.W;
    run.head_norm.push_back(float(row_norm(W.data() + size_t(run.head_id) * W.cols(), W.cols(), 2.0f)));
    run.tail_norm.push_back(float(row_norm(W.data() + size_t(run.tail_id) * W.cols(), W.cols(), 2.0f)));
}

Status frequency_settings_check(const FrequencySettings& settings) {
    if (settings.steps < 1 || settings.steps > kMaxFrequencySteps)
        return Status::Fail(format(TR(labs_range_int), TR(labs_freq_steps_name), 1, kMaxFrequencySteps));
    if (settings.V < 2 || settings.V > kMaxFrequencyV)
        return Status::Fail(format(TR(labs_range_int_here), "V", 2, kMaxFrequencyV));
    return check_optimizer_config(frequency_config(settings).optimizer);
}

Status frequency_run_start(const FrequencySettings& settings, FrequencyRun& run) {
    FrequencyRun r;
    r.settings = settings;
    if (Status st = frequency_settings_check(settings); !st.ok()) return st;
    if (Status st = frequency_init(frequency_config(settings), r.state); !st.ok()) return st;
    r.target = settings.steps;
    r.head_id = 0, r.tail_id = settings.V - 1;  // Zipf: id k has rank k + 1
    r.head_norm.reserve(size_t(r.target) + 1), r.tail_norm.reserve(size_t(r.target) + 1);
    record_norms(r);
    r.running = true;
    run = std::move(r);
    return Status::Ok();
}

Status frequency_run_chunk(FrequencyRun& run, int steps) {
    if (!run.running) return Status::Ok();
    const int n = std::min(steps, run.target - run.state.steps_done);
    for (int i = 0; i < n; i++) {
        if (Status st = frequency_step(run.state, 1); !st.ok()) {
            run.running = false, run.error = st.error;
            return st;
        }
        record_norms(run);
    }
    if (run.state.steps_done >= run.target) {
        run.running = false, run.finished = true;
        if (Status st = frequency_evaluate(run.state); !st.ok()) return run.error = st.error, st;
    }
    return Status::Ok();
}

}  // namespace el
