// The training lab's walk-throughs (README, "What the page shows"), each loaded from its preset
// link and stepped through src/state/training.h as the page does, against numbers worked
// out by hand from the optimizer formulas. Where the maths says "exactly", we assert ==.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <string>

#include "core/embedding_options.h"
#include "state/link.h"
#include "state/presets.h"
#include "state/training.h"

using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using el::AppState;
using el::TrainingSession;

static AppState load_preset(const std::string& name) {
    for (const el::Preset& p : el::presets())
        if (name == p.name) {
            AppState s;
            const el::LinkMessages m = el::decode_link(p.link, s);
            REQUIRE(m.errors.empty());
            return s;
        }
    FAIL("no preset " << name);
    return {};
}

static std::vector<float> row(const AppState& s, int k) {
    return {s.W.begin() + k * s.d, s.W.begin() + (k + 1) * s.d};
}
static bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}
static void set_ids(AppState& s, std::vector<int> ids) {
    s.ids = std::move(ids);
    el::fit_upstream(s, s.d);
}

TEST_CASE("momentum walk-through: a row keeps moving by lr*mu*b after its id leaves the batch", "[training]") {
    AppState s = load_preset("momentum");
    TrainingSession t;
    const float lr = s.optimizer.lr, mu = s.optimizer.momentum;
    REQUIRE((lr == 0.1f && mu == 0.9f));
    const std::vector<float> g = {0.01f, -0.02f, 0.03f};  // g_0 = g_1, the default upstream
    const std::vector<float> W0 = s.W;

    REQUIRE(el::training_step(s, t, 1).ok());  // step 1, ids 1, 2: b = g (first step), theta -= lr*b
    CHECK(t.last.touched_rows == std::vector<int>{1, 2});
    CHECK(t.last.changed_rows == std::vector<int>{1, 2});
    for (int c = 0; c < 3; c++) CHECK(s.W[3 + c] == W0[3 + c] - lr * g[size_t(c)]);
    const std::vector<float> row1 = row(s, 1);

    set_ids(s, {2});                           // id 1 leaves the batch
    REQUIRE(el::training_step(s, t, 1).ok());  // step 2: row 1's gradient is 0, b <- mu*b
    CHECK(t.last.touched_rows == std::vector<int>{2});
    CHECK(t.last.changed_rows == std::vector<int>{1, 2});
    CHECK(t.last.changed_untouched_rows() == std::vector<int>{1});
    CHECK(t.last.row_reasons[1] == el::kRowMomentum);
    CHECK(el::row_reason_text(t.last.row_reasons[1]) == "momentum carry-over");
    for (int c = 0; c < 3; c++) {
        const float b = mu * g[size_t(c)];
        CHECK(t.optimizer.momentum_row(1)[size_t(c)] == b);
        CHECK(s.W[3 + c] == row1[size_t(c)] - lr * b);  // moved by lr*mu*b_1 with no gradient
    }
    for (int k : {0, 3, 4, 5}) CHECK(same_bits(row(s, k), {W0.begin() + k * 3, W0.begin() + k * 3 + 3}));
    CHECK(t.changed_untouched == 1);
    CHECK(t.touched_unchanged == 0);

    // and a third step still moves it, by lr*mu^2*g
    const std::vector<float> row1_2 = row(s, 1);
    REQUIRE(el::training_step(s, t, 1).ok());
    for (int c = 0; c < 3; c++) CHECK_THAT(s.W[3 + c], WithinRel(row1_2[size_t(c)] - lr * mu * mu * g[size_t(c)], 1e-6f));
    CHECK(t.changed_untouched == 2);
}

TEST_CASE("AdamW walk-through: every row shrinks by (1 - lr*lambda) each step, touched or not", "[training]") {
    AppState s = load_preset("adamw");
    TrainingSession t;
    const float lr = s.optimizer.lr, wd = s.optimizer.weight_decay;
    REQUIRE((lr == 0.01f && wd == 0.1f));
    const std::vector<float> W0 = s.W;
    REQUIRE(el::training_step(s, t, 1).ok());
    CHECK(t.last.touched_rows == std::vector<int>{1, 2});
    CHECK(t.last.changed_rows == std::vector<int>{0, 1, 2, 3, 4, 5});
    CHECK(t.last.changed_untouched_rows() == std::vector<int>{0, 3, 4, 5});
    for (int k : {0, 3, 4, 5}) {
        CHECK(t.last.row_reasons[size_t(k)] == el::kRowDecay);
        for (int c = 0; c < 3; c++) {
            const float w = W0[size_t(k * 3 + c)];
            // theta <- theta * (1 - lr*lambda) as torch.optim.AdamW forms it (the factor in double, the
            // product in float32), then m = 0 gives m_hat/(sqrt(v_hat)+eps) = 0
            CHECK(s.W[size_t(k * 3 + c)] == w * float(1.0 - double(lr) * double(wd)));
            CHECK_THAT(s.W[size_t(k * 3 + c)] / w, WithinRel(1.0f - 0.001f, 1e-6f));
        }
    }
    // a touched row: decay, then Adam's first step is lr * g/(|g| + eps) = lr*sign(g)
    const float g[3] = {0.01f, -0.02f, 0.03f};
    for (int c = 0; c < 3; c++) {
        const float w = W0[size_t(3 + c)];
        CHECK_THAT(s.W[size_t(3 + c)], WithinAbs(w * (1 - 0.001f) - lr * std::copysign(1.0f, g[c]), 1e-6));
    }
    CHECK(t.changed_untouched == 4);
    REQUIRE(el::training_step(s, t, 9).ok());
    CHECK(t.changed_untouched == 40);
}

TEST_CASE("lazy Adam walk-through: untouched rows stay bit-identical; dense Adam's m moves them", "[training]") {
    AppState lazy = load_preset("lazyadam");
    AppState dense = lazy;
    dense.optimizer.kind = el::OptimizerKind::kAdam;
    dense.lookup.sparse = false;  // the preset is SparseAdam's setting (sparse on), which dense Adam refuses: the text says to turn it off
    TrainingSession t_lazy, t_dense;
    const std::vector<float> W0 = lazy.W;
    for (AppState* s : {&lazy, &dense}) {
        TrainingSession& t = s == &lazy ? t_lazy : t_dense;
        REQUIRE(el::training_step(*s, t, 1).ok());  // ids 1, 2
        set_ids(*s, {3});
        REQUIRE(el::training_step(*s, t, 1).ok());  // ids 3: rows 1 and 2 untouched
        CHECK(t.last.touched_rows == std::vector<int>{3});
    }
    const std::vector<float> row1_after1 = {W0[3] - 0.01f, W0[4] + 0.01f, W0[5] - 0.01f};  // lr*sign(g)
    for (int c = 0; c < 3; c++) CHECK_THAT(lazy.W[size_t(3 + c)], WithinAbs(row1_after1[size_t(c)], 1e-6));
    CHECK(t_lazy.last.changed_rows == std::vector<int>{3});
    CHECK(t_lazy.last.changed_untouched_rows().empty());
    for (int k : {0, 4, 5}) CHECK(same_bits(row(lazy, k), {W0.begin() + k * 3, W0.begin() + k * 3 + 3}));
    // dense Adam: rows 1 and 2 move on step 2 because m = b1*m_1 != 0
    CHECK(t_dense.last.changed_rows == std::vector<int>{1, 2, 3});
    CHECK(t_dense.last.row_reasons[1] == el::kRowMomentum);
    CHECK(t_dense.last.changed_untouched_rows() == std::vector<int>{1, 2});
    CHECK(t_lazy.optimizer.exp_avg_row(1)[0] == t_dense.optimizer.exp_avg_row(1)[0] / 0.9f);
}

TEST_CASE("padding walk-through: with SGD the padding row never moves, however often it is looked up", "[training]") {
    AppState s = load_preset("padsgd");
    TrainingSession t;
    REQUIRE(s.lookup.padding_idx == 0);
    REQUIRE(s.ids == std::vector<int>{0, 2, 0});
    const std::vector<float> W0 = s.W;
    REQUIRE(el::training_step(s, t, 1).ok());
    CHECK(t.last.touched_rows == std::vector<int>{2});
    CHECK(t.last.changed_rows == std::vector<int>{2});
    const float g[3] = {0.01f, -0.02f, 0.03f};
    for (int c = 0; c < 3; c++) CHECK(s.W[size_t(6 + c)] == W0[size_t(6 + c)] - 0.1f * g[c]);
    REQUIRE(el::training_step(s, t, 20).ok());
    CHECK(same_bits(row(s, 0), {0.0f, 0.0f, 0.0f}));
    CHECK(t.optimizer.row_touch_count(0) == 0);
    CHECK(t.optimizer.row_update_count(0) == 0);
    CHECK(t.optimizer.row_update_count(2) == 21);
    CHECK(t.changed_untouched == 0);
}

TEST_CASE("max_norm walk-through: looked-up rows above max_norm are rescaled in the forward pass", "[training]") {
    AppState s = load_preset("maxnorm");
    TrainingSession t;
    REQUIRE(s.lookup.max_norm == 1.0f);
    const std::vector<float> W0 = s.W;
    // seed 5's norms: rows 0, 2, 3, 4, 5 above 1, row 1 below (0.83)
    std::vector<int> above;
    for (int k = 0; k < s.V; k++)
        if (el::row_norm(W0.data() + k * 3, 3, 2.0f) > 1.0) above.push_back(k);
    REQUIRE(above == std::vector<int>{0, 2, 3, 4, 5});
    REQUIRE(el::training_step(s, t, 1).ok());
    CHECK(t.rescaled_rows == std::vector<int>{2});  // looked up and above; row 0 is above but not looked up
    const float g[3] = {0.01f, -0.02f, 0.03f};
    const double norm = el::row_norm(W0.data() + 6, 3, 2.0f);
    const float scale = float(1.0 / (norm + 1e-7));  // max_norm / (norm + 1e-7)
    std::vector<float> rescaled(3);
    for (int c = 0; c < 3; c++) rescaled[size_t(c)] = W0[size_t(6 + c)] * scale;
    CHECK_THAT(el::row_norm(rescaled.data(), 3, 2.0f), WithinRel(1.0, 1e-6));
    for (int c = 0; c < 3; c++) {
        CHECK(s.W[size_t(6 + c)] == rescaled[size_t(c)] - 0.1f * g[c]);  // rescaled, then the SGD step
        CHECK(s.W[size_t(3 + c)] == W0[size_t(3 + c)] - 0.1f * g[c]);    // row 1: below max_norm, SGD only
    }
    for (int k : {0, 3, 4, 5}) CHECK(same_bits(row(s, k), {W0.begin() + k * 3, W0.begin() + k * 3 + 3}));
}

TEST_CASE("mse loss: a touched row's gradient is 2/(B d) times the sum of (out - T) over its positions",
          "[training]") {
    AppState s = load_preset("canonical");
    s.loss = el::LossKind::Mse;
    set_ids(s, {1, 1, 2});
    TrainingSession t;
    const std::vector<float> W0 = s.W, T = el::training_targets(s);
    REQUIRE(el::training_step(s, t, 1).ok());
    CHECK(t.last.touched_rows == std::vector<int>{1, 2});
    for (int c = 0; c < 3; c++) {
        const double grad1 = 2.0 / 9.0 * 2.0 * (double(W0[size_t(3 + c)]) - T[size_t(3 + c)]);
        CHECK_THAT(s.W[size_t(3 + c)], WithinAbs(W0[size_t(3 + c)] - 0.1 * grad1, 1e-6));
    }
    CHECK(same_bits(row(s, 0), {0.1f, 0.2f, 0.3f}));
}

TEST_CASE("the follow-up question: one step on 64 ids changes the touched rows, and momentum adds more",
          "[training]") {
    AppState s = load_preset("followup");
    TrainingSession t;
    el::FollowUpAnswer fresh, after;
    REQUIRE(el::follow_up_step(s, t, 11, fresh).ok());
    CHECK(fresh.fresh);
    CHECK(fresh.distinct <= 64);
    CHECK(fresh.touched == fresh.distinct);  // mse: every looked-up row has nonzero gradient
    CHECK(fresh.changed == fresh.touched);   // first step: momentum has nothing to carry
    CHECK(fresh.changed_untouched == 0);
    REQUIRE(el::training_step(s, t, 1).ok());  // ids 3, 7, 7, 11 get a momentum buffer
    const std::vector<float> W1 = s.W;
    REQUIRE(el::follow_up_step(s, t, 11, after).ok());
    CHECK(!after.fresh);
    CHECK(after.changed > after.touched);
    CHECK(after.changed_untouched >= 1);
    CHECK(after.changed == after.touched + after.changed_untouched);
    CHECK(same_bits(s.W, W1));  // the question was asked on a copy
    CHECK(t.optimizer.steps() == 1);
}

TEST_CASE("the session restarts when the table or the settings change, and Reset restores the table",
          "[training]") {
    AppState s = load_preset("momentum");
    TrainingSession t;
    const std::vector<float> W0 = s.W;
    REQUIRE(el::training_step(s, t, 3).ok());
    CHECK(t.optimizer.steps() == 3);
    s.optimizer.lr = 0.05f;
    REQUIRE(el::training_step(s, t, 1).ok());
    CHECK(t.optimizer.steps() == 1);
    CHECK_THAT(t.notice, Catch::Contains("settings changed"));
    s.W[0] += 1.0f;  // an edit outside the lab
    const std::vector<float> edited = s.W;
    REQUIRE(el::training_step(s, t, 1).ok());
    CHECK_THAT(t.notice, Catch::Contains("changed outside"));
    el::training_reset(s, t);
    CHECK(same_bits(s.W, edited));
    CHECK(!t.active);
    set_ids(s, {});
    CHECK_THAT(el::training_step(s, t, 1).error, Catch::Contains("empty"));
    s.ids = {1}, el::fit_upstream(s, s.d);
    s.optimizer.kind = el::OptimizerKind::kLazyAdam, s.optimizer.weight_decay = 0.1f;
    CHECK_THAT(el::training_step(s, t, 1).error, Catch::Contains("takes no weight decay"));
    (void)W0;
}

// PyTorch's optimizers that refuse a sparse gradient (embedding(..., sparse=True)): Adam and AdamW
// ("Adam does not support sparse gradients"), SGD with weight decay ("add(sparse, dense) is not
// supported"); SGD, SGD with momentum and SparseAdam (lazy Adam) take it. The lab refuses the same,
// before the step, and leaves W as it was.
TEST_CASE("a sparse gradient: the optimizers PyTorch refuses it for are refused", "[training]") {
    el::AppState s;
    REQUIRE(el::decode_link("v=1&V=6&d=3&init=normal&seed=5&ids=1,2&sparse=1", s).ok());
    const std::vector<float> W0 = s.W;
    const auto step_error = [&](el::OptimizerKind kind, float momentum, float decay) {
        el::AppState trial = s;
        el::TrainingSession t;
        trial.optimizer.kind = kind, trial.optimizer.momentum = momentum, trial.optimizer.weight_decay = decay;
        const std::string error = el::training_step(trial, t, 1).error;
        if (!error.empty()) CHECK(same_bits(trial.W, W0));
        return error;
    };
    CHECK_THAT(step_error(el::OptimizerKind::kAdam, 0, 0), Catch::Contains("Adam does not take a sparse gradient"));
    CHECK_THAT(step_error(el::OptimizerKind::kAdamW, 0, 0.01f), Catch::Contains("AdamW does not take a sparse gradient"));
    CHECK_THAT(step_error(el::OptimizerKind::kSGD, 0, 0.1f), Catch::Contains("SGD with weight decay does not take"));
    CHECK(step_error(el::OptimizerKind::kSGD, 0, 0).empty());
    CHECK(step_error(el::OptimizerKind::kSGD, 0.9f, 0).empty());
    CHECK(step_error(el::OptimizerKind::kLazyAdam, 0, 0).empty());
    CHECK(step_error(el::OptimizerKind::kLazySGD, 0.9f, 0).empty());
    s.lookup.sparse = false;  // a dense gradient: every optimizer takes it
    CHECK(step_error(el::OptimizerKind::kAdam, 0, 0).empty());
    CHECK(step_error(el::OptimizerKind::kSGD, 0, 0.1f).empty());
}

TEST_CASE("frequency run: resumable chunks reach the target and record both row norms", "[training][frequency]") {
    el::FrequencySettings f;
    f.V = 200, f.steps = 120, f.seed = 3;
    el::FrequencyRun run;
    REQUIRE(el::frequency_run_start(f, run).ok());
    CHECK(run.running);
    while (run.running) REQUIRE(el::frequency_run_chunk(run, 7).ok());
    CHECK(run.finished);
    CHECK(run.state.steps_done == 120);
    CHECK(run.head_norm.size() == 121);
    CHECK(run.tail_norm.size() == 121);
    CHECK(run.tail_id == 199);
    CHECK(run.state.row_touches[0] > run.state.row_touches[199]);

    el::FrequencyRun lazy_run;
    f.lazy = true;
    REQUIRE(el::frequency_run_start(f, lazy_run).ok());
    CHECK(lazy_run.state.config.optimizer.kind == el::OptimizerKind::kLazyAdam);
    // Lazy Adam (SparseAdam) takes scale_grad_by_freq: in PyTorch the lookup's dense gradient, made sparse
    // (W.grad.to_sparse(1), as the exported script does), goes to SparseAdam; with sparse=True in the
    // lookup PyTorch refuses it. It was refused here; so does dense Adam.
    f.scale_grad_by_freq = true;
    REQUIRE(el::frequency_run_start(f, lazy_run).ok());
    CHECK(lazy_run.state.config.optimizer.kind == el::OptimizerKind::kLazyAdam);
    CHECK(lazy_run.state.config.lookup.scale_grad_by_freq);
    f.lazy = false;
    REQUIRE(el::frequency_run_start(f, lazy_run).ok());
    CHECK(lazy_run.state.config.lookup.scale_grad_by_freq);
    f.lazy = true, f.scale_grad_by_freq = false, f.weight_decay = true;
    CHECK_THAT(el::frequency_settings_check(f).error, Catch::Contains("takes no weight decay"));
    CHECK_THAT(el::frequency_run_start(f, lazy_run).error, Catch::Contains("takes no weight decay"));
    f.lazy = false;
    REQUIRE(el::frequency_run_start(f, lazy_run).ok());
    CHECK(lazy_run.state.config.optimizer.kind == el::OptimizerKind::kAdamW);
}
