// The experiment helpers the UI calls: raw id vs embedding, bias absorbed, the embedding
// gradient check, and the resumable Zipf frequency experiment.
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>

#include "core/experiments.h"
#include "core/frequency.h"
#include "tensor_test_util.h"

using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

TEST_CASE("raw id vs embedding: the line cannot fit nominal targets, the embedding can", "[experiments][raw]") {
    el::RawVsEmbeddingConfig config;
    config.targets = {3, -1, 4, 1, -5, 9, -2, 6};
    config.steps = 1500;
    config.seed = GENERATE(1u, 2u);
    CAPTURE(config.seed);
    el::RawVsEmbeddingResult r;
    REQUIRE(el::raw_vs_embedding(config, r).ok());
    // the best line through (i, target_i), by least squares in closed form
    const int V = 8;
    double mx = 0, my = 0;
    for (int i = 0; i < V; i++) mx += i, my += config.targets[size_t(i)];
    mx /= V, my /= V;
    double sxy = 0, sxx = 0;
    for (int i = 0; i < V; i++) sxy += (i - mx) * (config.targets[size_t(i)] - my), sxx += (i - mx) * (i - mx);
    const double w = sxy / sxx, b = my - w * mx;
    double best_mse = 0;
    for (int i = 0; i < V; i++) best_mse += std::pow(w * i + b - config.targets[size_t(i)], 2) / V;

    CHECK(r.raw_loss >= float(best_mse) * 0.999f);              // no line does better
    CHECK_THAT(r.raw_loss, WithinRel(float(best_mse), 0.02f));  // and training found about the best one
    CHECK(r.embedding_loss < 1e-3f);                            // a free row per id fits every target
    for (int i = 0; i < V; i++) {
        CHECK_THAT(r.raw_fit[size_t(i)], WithinAbs(r.raw_w * float(i) + r.raw_b, 1e-4));  // one shared direction
        CHECK_THAT(r.embedding_fit[size_t(i)], WithinAbs(config.targets[size_t(i)], 0.1));
    }
    REQUIRE(r.raw_loss_history.size() == size_t(config.steps));
    CHECK(r.embedding_loss_history.back() < r.embedding_loss_history.front());
}

TEST_CASE("raw id vs embedding run a few steps at a time gives the one-shot result, bit for bit", "[experiments][raw]") {
    el::RawVsEmbeddingConfig config;
    config.targets = {0.9f, -0.6f, 0.4f, 1.0f, -0.9f, 0.1f, -0.3f, 0.7f};
    config.steps = 300;
    el::RawVsEmbeddingResult whole, sliced;
    REQUIRE(el::raw_vs_embedding(config, whole).ok());
    el::RawVsEmbeddingRun run;
    el::RawVsEmbeddingResult unused;
    CHECK_FALSE(run.step(1).ok());  // not started
    REQUIRE(run.start(config).ok());
    const int slice = GENERATE(1, 7, 64);
    CAPTURE(slice);
    int calls = 0;
    while (!run.done()) {
        CHECK_FALSE(run.finish(unused).ok());  // steps left
        REQUIRE(run.step(slice).ok());
        calls++;
    }
    CHECK(calls == (config.steps + slice - 1) / slice);
    REQUIRE(run.finish(sliced).ok());
    CHECK(sliced.raw_w == whole.raw_w);
    CHECK(sliced.raw_b == whole.raw_b);
    CHECK(sliced.raw_loss == whole.raw_loss);
    CHECK(sliced.embedding_loss == whole.embedding_loss);
    CHECK(sliced.raw_fit == whole.raw_fit);
    CHECK(sliced.embedding_fit == whole.embedding_fit);
    CHECK(sliced.raw_loss_history == whole.raw_loss_history);
    CHECK(sliced.embedding_loss_history == whole.embedding_loss_history);
    el::RawVsEmbeddingConfig bad = config;
    bad.steps = -1;
    CHECK_FALSE(run.start(bad).ok());
    CHECK_FALSE(run.done());  // a refused start leaves no run
}

TEST_CASE("a per-table bias is absorbed by the next layer's bias", "[experiments][bias]") {
    const int V = GENERATE(1, 10), d = GENERATE(1, 4), k = GENERATE(1, 3);
    const uint64_t seed = GENERATE(1u, 2u);
    CAPTURE(V, d, k, seed);
    el::BiasAbsorbedResult r;
    REQUIRE(el::bias_absorbed(V, d, k, seed, r).ok());
    CHECK(r.max_abs_difference <= 1e-5f);  // equal up to float rounding
    // dropping the table bias without shifting the next bias changes every row by the same c @ A
    for (int i = 0; i < V; i++)
        for (int j = 0; j < k; j++) {
            const size_t ij = size_t(i * k + j);
            CHECK_THAT(r.with_table_bias[ij] - r.unshifted[ij],
                       WithinAbs(r.shifted_bias[size_t(j)] - r.linear_bias[size_t(j)], 1e-5));
        }
    CHECK(r.unshifted_max_abs_difference > 1e-3f);
    CHECK(r.table_bias.size() == size_t(d));
    CHECK_FALSE(el::bias_absorbed(0, d, k, seed, r).ok());
}

TEST_CASE("embedding_gradient_check for the UI: passes, skips padding, shows the 1/c_k scale",
          "[experiments][gradcheck]") {
    el::Tensor W = test_util::random_tensor(6, 3, 3);
    const std::vector<int> ids = {0, 2, 2, 5, 2};
    el::EmbeddingOptions options;
    el::GradCheckResult r;
    SECTION("plain and with padding") {
        options.padding_idx = -1;  // row 5
        REQUIRE(el::embedding_gradient_check(W, ids, options, 9, r).ok());
        CHECK(r.passed());
        CHECK(r.checked == 15);
        CHECK(std::isnan(r.numeric[15]));  // row 5 left out
    }
    SECTION("scale_grad_by_freq: row 2's analytic gradient is a third of the numeric one") {
        options.scale_grad_by_freq = true;
        REQUIRE(el::embedding_gradient_check(W, ids, options, 9, r).ok());
        CHECK_FALSE(r.passed());
        CHECK(r.failing == std::vector<int>{6, 7, 8});
        CHECK_THAT(r.analytic[6] * 3, WithinRel(r.numeric[6], 1e-2));
    }
    SECTION("refusals") {
        options.max_norm = 1.0f;
        CHECK_THAT(el::embedding_gradient_check(W, ids, options, 9, r).error, Catch::Contains("max_norm"));
        CHECK_THAT(el::embedding_gradient_check(W, {6}, {}, 9, r).error, Catch::Contains("id 6"));
    }
}

static el::FrequencyConfig small_frequency(el::OptimizerKind kind) {
    el::FrequencyConfig c;
    c.V = 100, c.d = 8, c.C = 4, c.B = 32, c.zipf_exponent = 1.2, c.seed = 3;
    c.optimizer.kind = kind;
    return c;
}

TEST_CASE("frequency experiment: deterministic and resumable a few steps at a time", "[experiments][frequency]") {
    const el::FrequencyConfig c = small_frequency(el::OptimizerKind::kAdam);
    el::FrequencyState once, in_parts, other_seed;
    REQUIRE(el::frequency_init(c, once).ok());
    REQUIRE(el::frequency_init(c, in_parts).ok());
    REQUIRE(el::frequency_step(once, 10).ok());
    REQUIRE(el::frequency_step(in_parts, 3).ok());
    REQUIRE(el::frequency_step(in_parts, 0).ok());
    REQUIRE(el::frequency_step(in_parts, 7).ok());
    CHECK(once.W.values() == in_parts.W.values());
    CHECK(once.loss_history == in_parts.loss_history);
    CHECK(once.row_updates == in_parts.row_updates);
    CHECK(in_parts.steps_done == 10);
    el::FrequencyConfig c2 = c;
    c2.seed = 4;
    REQUIRE(el::frequency_init(c2, other_seed).ok());
    CHECK(other_seed.labels != once.labels);
}

TEST_CASE("frequency experiment: frequent rows are updated more and learn first", "[experiments][frequency]") {
    const el::OptimizerKind kind = GENERATE(el::OptimizerKind::kAdam, el::OptimizerKind::kLazyAdam);
    CAPTURE(el::optimizer_name(kind));
    el::FrequencyState s;
    REQUIRE(el::frequency_init(small_frequency(kind), s).ok());
    REQUIRE(el::frequency_step(s, 300).ok());
    REQUIRE(el::frequency_evaluate(s).ok());
    CHECK(std::accumulate(s.row_seen.begin(), s.row_seen.end(), 0) == 300 * 32);
    CHECK(s.row_touches[0] == 300);  // id 0 (P = 0.2 or so) is in every batch of 32
    CHECK(s.row_touches[0] > s.row_touches[99]);
    for (int i = 0; i < 100; i++) {
        CHECK(s.row_touches[size_t(i)] <= s.row_seen[size_t(i)]);
        if (kind == el::OptimizerKind::kLazyAdam) CHECK(s.row_updates[size_t(i)] == s.row_touches[size_t(i)]);
        else CHECK(s.row_updates[size_t(i)] >= s.row_touches[size_t(i)]);  // Adam's m keeps moving rows
    }
    double frequent = 0, rare = 0;
    for (int i = 0; i < 10; i++) frequent += s.row_error[size_t(i)] / 10;
    for (int i = 50; i < 100; i++) rare += s.row_error[size_t(i)] / 50;
    CAPTURE(frequent, rare);
    CHECK(frequent < 0.1);
    CHECK(frequent < rare);
    double early = 0, late = 0;
    for (int i = 0; i < 20; i++) early += s.loss_history[size_t(i)], late += s.loss_history[size_t(280 + i)];
    CHECK(late < early);
}

// PyTorch's SparseAdam refuses dense parameters: beside a lazy (SparseAdam) table the head and bias
// take Adam. From the same start, one step leaves them exactly as the dense-Adam run leaves them.
TEST_CASE("frequency experiment: lazy Adam on the table, Adam on the dense head", "[experiments][frequency]") {
    el::FrequencyState lazy, dense;
    REQUIRE(el::frequency_init(small_frequency(el::OptimizerKind::kLazyAdam), lazy).ok());
    REQUIRE(el::frequency_init(small_frequency(el::OptimizerKind::kAdam), dense).ok());
    REQUIRE(el::frequency_step(lazy, 1).ok());
    REQUIRE(el::frequency_step(dense, 1).ok());
    CHECK(lazy.head.values() == dense.head.values());
    CHECK(lazy.bias.values() == dense.bias.values());
    CHECK(lazy.W.values() != dense.W.values());  // the tables do differ: rows off the batch, eps's place
}

TEST_CASE("frequency experiment: bad settings give error values", "[experiments][frequency][errors]") {
    el::FrequencyState s;
    CHECK_THAT(el::frequency_step(s, 1).error, Catch::Contains("frequency_init"));
    el::FrequencyConfig c = small_frequency(el::OptimizerKind::kAdam);
    c.B = 0;
    CHECK_THAT(el::frequency_init(c, s).error, Catch::Contains("B must"));
    c = small_frequency(el::OptimizerKind::kAdam), c.zipf_exponent = -1;
    CHECK_THAT(el::frequency_init(c, s).error, Catch::Contains("Zipf"));
    c = small_frequency(el::OptimizerKind::kLazyAdam), c.optimizer.weight_decay = 0.1f;
    CHECK_THAT(el::frequency_init(c, s).error, Catch::Contains("no weight decay"));
    c = small_frequency(el::OptimizerKind::kAdam);
    REQUIRE(el::frequency_init(c, s).ok());
    CHECK_FALSE(el::frequency_step(s, -1).ok());
}
