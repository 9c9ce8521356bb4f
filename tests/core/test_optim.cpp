// Optimizers against the documented formulas written out here in double, over multi-step
// runs, and the touched / changed rows each step reports.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/optim.h"
#include "core/tensor.h"

using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using el::Optimizer;
using el::OptimizerConfig;
using el::OptimizerKind;
using el::StepReport;

// Table (3,2): row 0, row 1, row 2.
static const std::vector<float> kTheta0 = {1.0f, -2.0f, 0.5f, 0.25f, 3.0f, -1.0f};

// Runs steps with the given gradients (one (3,2) buffer per step), returning every report.
static std::vector<StepReport> run(Optimizer& opt, std::vector<float>& theta, const std::vector<std::vector<float>>& grads) {
    std::vector<StepReport> reports;
    for (const auto& g : grads) {
        StepReport r;
        REQUIRE(opt.step(theta.data(), g.data(), 3, 2, r).ok());
        reports.push_back(r);
    }
    return reports;
}

static OptimizerConfig config(OptimizerKind kind, float lr) {
    OptimizerConfig c;
    c.kind = kind;
    c.lr = lr;
    return c;
}

// Adam for one number in double, straight from the formula; decoupled = AdamW.
static double adam_reference(double theta, const std::vector<double>& grads, double lr, double b1, double b2,
                             double eps, double lambda, bool decoupled) {
    double m = 0, v = 0;
    for (size_t k = 0; k < grads.size(); k++) {
        const int t = int(k) + 1;
        double g = grads[k];
        if (decoupled) theta -= lr * lambda * theta;
        else g += lambda * theta;
        m = b1 * m + (1 - b1) * g;
        v = b2 * v + (1 - b2) * g * g;
        const double m_hat = m / (1 - std::pow(b1, t)), v_hat = v / (1 - std::pow(b2, t));
        theta -= lr * m_hat / (std::sqrt(v_hat) + eps);
    }
    return theta;
}

static const std::vector<float> kZero(6, 0.0f);

TEST_CASE("plain SGD moves exactly the touched rows by -lr*g", "[optim][sgd]") {
    Optimizer opt;
    REQUIRE(opt.init(config(OptimizerKind::kSGD, 0.5f), 3, 2).ok());
    std::vector<float> theta = kTheta0;
    const auto r = run(opt, theta, {{0, 0, 2, -4, 0, 0}});
    CHECK(theta == std::vector<float>{1.0f, -2.0f, 0.5f - 1.0f, 0.25f + 2.0f, 3.0f, -1.0f});
    CHECK(r[0].touched_rows == std::vector<int>{1});
    CHECK(r[0].changed_rows == std::vector<int>{1});
    CHECK(r[0].row_reasons == std::vector<uint8_t>{0, el::kRowGradient, 0});
    CHECK(opt.momentum_row(0).empty());  // no momentum, no buffer
}

TEST_CASE("SGD with coupled L2 decay changes every row: g <- g + lambda*theta", "[optim][sgd]") {
    OptimizerConfig c = config(OptimizerKind::kSGD, 0.1f);
    c.weight_decay = 0.5f;
    Optimizer opt;
    REQUIRE(opt.init(c, 3, 2).ok());
    std::vector<float> theta = kTheta0;
    const auto r = run(opt, theta, {{1, 1, 0, 0, 0, 0}});
    for (int i = 0; i < 6; i++) {
        const double g = (i < 2 ? 1.0 : 0.0) + 0.5 * kTheta0[size_t(i)];
        CHECK_THAT(theta[size_t(i)], WithinRel(float(kTheta0[size_t(i)] - 0.1 * g), 1e-6f));
    }
    CHECK(r[0].touched_rows == std::vector<int>{0});
    CHECK(r[0].changed_rows == std::vector<int>{0, 1, 2});
    CHECK(r[0].changed_untouched_rows() == std::vector<int>{1, 2});
    CHECK(r[0].row_reasons[2] == el::kRowDecay);
    CHECK(el::row_reason_text(r[0].row_reasons[0]) == "gradient + weight decay");
}

TEST_CASE("SGD momentum keeps moving a row after its id stops appearing; lazy SGD does not",
          "[optim][sgd][lazy]") {
    const float lr = 0.1f, mu = 0.9f, tau = GENERATE(0.0f, 0.5f);
    CAPTURE(tau);
    OptimizerConfig c = config(OptimizerKind::kSGD, lr);
    c.momentum = mu, c.dampening = tau;
    const std::vector<float> g1 = {2, -1, 0, 0, 0, 0}, g3 = {4, 4, 0, 0, 1, 1};
    // hand: b1 = g1 (first step, no dampening); b2 = mu*b1; b3 = mu*b2 + (1-tau)*g3
    const double b1 = 2.0, b2 = mu * b1, b3 = mu * b2 + (1 - tau) * 4.0;

    SECTION("dense") {
        Optimizer opt;
        REQUIRE(opt.init(c, 3, 2).ok());
        std::vector<float> theta = kTheta0;
        const auto r = run(opt, theta, {g1, kZero, g3});
        CHECK(r[1].touched_rows.empty());
        CHECK(r[1].changed_rows == std::vector<int>{0});  // moved by the buffer alone
        CHECK(r[1].row_reasons[0] == el::kRowMomentum);
        CHECK(el::row_reason_text(r[1].row_reasons[0]) == "momentum carry-over");
        CHECK_THAT(theta[0], WithinRel(float(1.0 - lr * (b1 + b2 + b3)), 1e-6f));
        CHECK_THAT(opt.momentum_row(0)[0], WithinRel(float(b3), 1e-6f));
        // row 2 first touched at step 3: the buffer is mu*0 + (1-tau)*g, not g
        CHECK_THAT(theta[4], WithinRel(float(3.0 - lr * (1 - tau)), 1e-6f));
        CHECK(opt.row_update_count(0) == 3);
        CHECK(opt.row_touch_count(0) == 2);
    }
    SECTION("lazy: untouched rows keep their values and their buffer") {
        c.kind = OptimizerKind::kLazySGD;
        Optimizer opt;
        REQUIRE(opt.init(c, 3, 2).ok());
        std::vector<float> theta = kTheta0;
        const auto r = run(opt, theta, {g1, kZero, g3});
        CHECK(r[1].changed_rows.empty());
        CHECK(r[1].row_reasons == std::vector<uint8_t>{0, 0, 0});
        // step 3: b = mu*b1 + (1-tau)*g3, the buffer did not decay during the skipped step
        const double lazy_b3 = mu * b1 + (1 - tau) * 4.0;
        CHECK_THAT(theta[0], WithinRel(float(1.0 - lr * (b1 + lazy_b3)), 1e-6f));
        CHECK_THAT(opt.momentum_row(0)[0], WithinRel(float(lazy_b3), 1e-6f));
        // row 2's first touch starts its buffer at g (PyTorch's first-step rule, per row)
        CHECK_THAT(theta[4], WithinRel(float(3.0 - lr * 1.0), 1e-6f));
        CHECK(opt.row_update_count(0) == 2);
    }
}

TEST_CASE("nesterov momentum: g <- g + mu*b", "[optim][sgd]") {
    OptimizerConfig c = config(OptimizerKind::kSGD, 0.1f);
    c.momentum = 0.5f, c.nesterov = true;
    Optimizer opt;
    REQUIRE(opt.init(c, 3, 2).ok());
    std::vector<float> theta = kTheta0;
    run(opt, theta, {{2, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0}});
    // step 1: b = 2, step = 2 + 0.5*2 = 3; step 2: b = 0.5*2 + 1 = 2, step = 1 + 0.5*2 = 2
    CHECK_THAT(theta[0], WithinRel(float(1.0 - 0.1 * 3 - 0.1 * 2), 1e-6f));
}

TEST_CASE("Adam follows the bias-corrected formula, and moves rows its m remembers", "[optim][adam]") {
    const double lr = 0.01, b1 = 0.9, b2 = 0.999, eps = 1e-8;
    const double lambda = GENERATE(0.0, 0.1);
    CAPTURE(lambda);
    OptimizerConfig c = config(OptimizerKind::kAdam, float(lr));
    c.weight_decay = float(lambda);
    Optimizer opt;
    REQUIRE(opt.init(c, 3, 2).ok());
    std::vector<float> theta = kTheta0;
    const auto r = run(opt, theta, {{0.5f, -3, 0, 0, 0, 0}, kZero, {0, 0, 0.2f, 0, 0, 0}});
    const std::vector<std::vector<double>> grads = {{0.5, 0, 0}, {-3, 0, 0}, {0, 0, 0.2}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    for (size_t i = 0; i < 6; i++) {
        CAPTURE(i);
        CHECK_THAT(theta[i], WithinRel(float(adam_reference(kTheta0[i], grads[i], lr, b1, b2, eps, lambda, false)), 2e-6f));
    }
    CHECK(r[1].touched_rows.empty());
    CHECK(r[1].changed_rows[0] == 0);
    CHECK(r[1].row_reasons[0] & el::kRowMomentum);
    if (lambda == 0.0) {
        CHECK(r[0].changed_rows == std::vector<int>{0});  // m = v = 0 elsewhere: 0 / (0 + eps) = 0
        CHECK(theta[4] == kTheta0[4]);                     // row 2 never touched, never moved
    }
    if (lambda == 0.0) {  // the state, readable per row: m = b1^2 (1-b1) g1, v = b2^2 (1-b2) g1^2
        // (1e-4: the float betas' 1 - b carries float32 rounding, the double formula does not)
        CHECK_THAT(opt.exp_avg_row(0)[0], WithinRel(float(0.9 * 0.9 * 0.1 * 0.5), 1e-4f));
        CHECK_THAT(opt.exp_avg_sq_row(0)[1], WithinRel(float(0.999 * 0.999 * 0.001 * 9), 1e-4f));
        CHECK(opt.exp_avg_row(2)[0] == 0.0f);
    }
}

TEST_CASE("AdamW shrinks every row by lr*lambda*theta, touched or not; lazy Adam moves touched rows only",
          "[optim][adam][lazy]") {
    const double lr = 0.05, b1 = 0.8, b2 = 0.99, eps = 1e-6, lambda = 0.2;
    OptimizerConfig c = config(OptimizerKind::kAdamW, float(lr));
    c.beta1 = float(b1), c.beta2 = float(b2), c.eps = float(eps), c.weight_decay = float(lambda);
    const std::vector<std::vector<float>> steps = {{1, 1, 0, 0, 0, 0}, kZero, {0, 0, -2, 0.5f, 0, 0}};

    SECTION("AdamW") {
        Optimizer opt;
        REQUIRE(opt.init(c, 3, 2).ok());
        std::vector<float> theta = kTheta0;
        const auto r = run(opt, theta, steps);
        const std::vector<std::vector<double>> grads = {{1, 0, 0}, {1, 0, 0}, {0, 0, -2}, {0, 0, 0.5}, {0, 0, 0}, {0, 0, 0}};
        for (size_t i = 0; i < 6; i++) {
            CAPTURE(i);
            CHECK_THAT(theta[i], WithinRel(float(adam_reference(kTheta0[i], grads[i], lr, b1, b2, eps, lambda, true)), 2e-6f));
        }
        // row 2 never has gradient: exactly (1 - lr*lambda)^3 times its start
        CHECK_THAT(theta[4], WithinRel(float(3.0 * std::pow(1 - lr * lambda, 3)), 1e-6f));
        for (const StepReport& s : r) CHECK(s.changed_rows == std::vector<int>{0, 1, 2});
        CHECK(r[1].row_reasons[0] == (el::kRowMomentum | el::kRowDecay));
        CHECK(r[1].row_reasons[2] == el::kRowDecay);
    }
    SECTION("lazy Adam: state and values only at touched rows, t counting every step") {
        c.kind = OptimizerKind::kLazyAdam, c.weight_decay = 0.0f;
        Optimizer opt;
        REQUIRE(opt.init(c, 3, 2).ok());
        std::vector<float> theta = kTheta0;
        const auto r = run(opt, theta, steps);
        CHECK(r[1].changed_rows.empty());
        CHECK(theta[4] == kTheta0[4]);
        // row 0: one update at t = 1, then nothing
        CHECK_THAT(theta[0], WithinRel(float(adam_reference(kTheta0[0], {1}, lr, b1, b2, eps, 0, false)), 2e-6f));
        // row 1: first touched at t = 3: m = (1-b1)g, m_hat = m/(1-b1^3)
        const double g = -2, m = (1 - b1) * g, v = (1 - b2) * g * g;
        const double expected = kTheta0[2] - lr * (m / (1 - std::pow(b1, 3))) / (std::sqrt(v / (1 - std::pow(b2, 3))) + eps);
        CHECK_THAT(theta[2], WithinRel(float(expected), 2e-6f));
        CHECK_THAT(opt.exp_avg_row(0)[0], WithinRel(float((1 - b1) * 1.0), 1e-6f));  // not decayed since t = 1
        CHECK(r[2].changed_rows == std::vector<int>{1});
    }
}

// PyTorch 1.13: torch.optim.Adam / AdamW with weight_decay=0 on W = [[inf, 0.2], [1, 2], [3, 4]] and a
// gradient on row 1 only leave W[0] = [inf, 0.2] and its exp_avg 0: only row 1 changes.
TEST_CASE("Adam and AdamW without decay keep an inf in W: no 0 * inf", "[optim][adam]") {
    const OptimizerKind kind = GENERATE(OptimizerKind::kAdam, OptimizerKind::kAdamW);
    CAPTURE(int(kind));
    OptimizerConfig c = config(kind, 0.1f);
    c.weight_decay = 0.0f;
    Optimizer opt;
    REQUIRE(opt.init(c, 3, 2).ok());
    std::vector<float> theta = {INFINITY, 0.2f, 1.0f, 2.0f, -INFINITY, 4.0f};
    const auto r = run(opt, theta, {{0, 0, 0.5f, -1, 0, 0}});
    CHECK(theta[0] == INFINITY);
    CHECK(theta[4] == -INFINITY);
    CHECK(opt.exp_avg_row(0)[0] == 0.0f);
    CHECK(opt.exp_avg_sq_row(2)[0] == 0.0f);
    CHECK(r[0].changed_rows == std::vector<int>{1});
}

TEST_CASE("a tensor's sparse (index, row) pairs step like the summed dense gradient", "[optim][sparse]") {
    const OptimizerKind kind = GENERATE(OptimizerKind::kSGD, OptimizerKind::kLazyAdam);
    CAPTURE(el::optimizer_name(kind));
    el::Tensor W = el::Tensor::from(3, 2, kTheta0);
    W.sparse_grad().indices = {2, 0, 2};
    W.sparse_grad().rows = {1, 2, 3, 4, 5, 6};
    Optimizer sparse_opt, dense_opt;
    REQUIRE(sparse_opt.init(config(kind, 0.1f), 3, 2).ok());
    REQUIRE(dense_opt.init(config(kind, 0.1f), 3, 2).ok());
    StepReport sparse_report, dense_report;
    REQUIRE(sparse_opt.step(W, sparse_report).ok());
    std::vector<float> theta = kTheta0, g = {3, 4, 0, 0, 6, 8};
    REQUIRE(dense_opt.step(theta.data(), g.data(), 3, 2, dense_report).ok());
    CHECK(W.values() == theta);
    CHECK(sparse_report.touched_rows == std::vector<int>{0, 2});
}

TEST_CASE("bad optimizer settings and shapes give error values", "[optim][errors]") {
    Optimizer opt;
    OptimizerConfig c;
    SECTION("learning rate") {
        c.lr = 0.0f;
        CHECK_THAT(opt.init(c, 3, 2).error, Catch::Contains("learning rate"));
        c.lr = std::nanf("");
        CHECK_FALSE(opt.init(c, 3, 2).ok());
    }
    SECTION("nesterov without momentum or with dampening") {
        c.nesterov = true;
        CHECK_THAT(opt.init(c, 3, 2).error, Catch::Contains("nesterov"));
        c.momentum = 0.9f, c.dampening = 0.1f;
        CHECK_THAT(opt.init(c, 3, 2).error, Catch::Contains("dampening"));
    }
    SECTION("lazy variants refuse weight decay; betas and momentum in range") {
        c.kind = OptimizerKind::kLazyAdam, c.weight_decay = 0.1f;
        CHECK_THAT(opt.init(c, 3, 2).error, Catch::Contains("lazy Adam takes no weight decay"));
        c.weight_decay = 0.0f, c.beta2 = 1.0f;
        CHECK_THAT(opt.init(c, 3, 2).error, Catch::Contains("betas"));
        c.kind = OptimizerKind::kSGD, c.momentum = 1.0f;
        CHECK_THAT(opt.init(c, 3, 2).error, Catch::Contains("momentum"));
    }
    SECTION("a parameter of another shape") {
        REQUIRE(opt.init(c, 3, 2).ok());
        std::vector<float> theta(4), g(4);
        StepReport r;
        CHECK_THAT(opt.step(theta.data(), g.data(), 2, 2, r).error, Catch::Contains("set up for (3,2), not (2,2)"));
        CHECK(opt.steps() == 0);
    }
}
