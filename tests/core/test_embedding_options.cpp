// The embedding op with PyTorch's options, by both routes: exact agreement of gather and
// one-hot matmul, scatter-add and onehot^T @ G, and each option against the documented formula.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "core/autograd.h"
#include "core/embedding_autograd.h"
#include "core/embedding_options.h"
#include "core/gradcheck.h"
#include "core/limits.h"
#include "tensor_test_util.h"

using Catch::Matchers::WithinRel;
using el::EmbeddingOptions;
using el::Tensor;
using test_util::random_ids;
using test_util::random_tensor;
using test_util::weighted_sum;

static Tensor canonical_table() { return Tensor::from(3, 3, {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f, 0.9f}); }

// Forward and backward by one route: returns (out, dense dW) for upstream G.
struct RouteResult {
    std::vector<float> out, grad;
};
static RouteResult run_route(bool one_hot_route, const Tensor& W0, const std::vector<int>& ids, const Tensor& G,
                             const EmbeddingOptions& options = {}) {
    Tensor W = Tensor::from(W0.rows(), W0.cols(), W0.values());  // a fresh copy per route
    const Tensor out = one_hot_route ? el::embedding_one_hot(W, ids, options) : el::embedding(W, ids, options);
    REQUIRE(out.ok());
    REQUIRE(weighted_sum(out, G).backward().ok());
    return {out.values(), W.grads()};
}

TEST_CASE("gather equals one-hot matmul with == for finite tables, options included", "[embedding][forward][backward]") {
    const int V = GENERATE(1, 2, 7, 40);
    const int d = GENERATE(1, 3, 17);
    const int B = GENERATE(1, 6, 64);
    const uint64_t seed = GENERATE(1u, 2u);
    const int option = GENERATE(0, 1, 2);  // 0 none, 1 padding_idx = -1, 2 scale_grad_by_freq
    CAPTURE(V, d, B, seed, option);
    Tensor W = random_tensor(V, d, seed);
    W.values()[0] = -0.0f;  // negative zero and denormals must pass unchanged
    if (V * d > 1) W.values()[1] = std::numeric_limits<float>::denorm_min();
    if (V * d > 2) W.values()[2] = -1e-40f;
    const std::vector<int> ids = random_ids(B, V, seed + 1);
    const Tensor G = random_tensor(B, d, seed + 2);
    EmbeddingOptions options;
    if (option == 1) options.padding_idx = -1;
    if (option == 2) options.scale_grad_by_freq = true;

    const RouteResult gather = run_route(false, W, ids, G, options);
    const RouteResult onehot = run_route(true, W, ids, G, options);
    // == (not bit equality): the matmul's sum starts at +0 and +0 + -0 = +0, so the one-hot
    // route returns +0 where the gather copies -0; the two compare equal, as IEEE says.
    for (size_t i = 0; i < gather.out.size(); i++) REQUIRE(gather.out[i] == onehot.out[i]);
    for (size_t i = 0; i < gather.grad.size(); i++) REQUIRE(gather.grad[i] == onehot.grad[i]);
    // and the gather really is a copy of the rows
    for (int b = 0; b < B; b++)
        for (int c = 0; c < d; c++) REQUIRE(gather.out[size_t(b * d + c)] == W.at(ids[size_t(b)], c));
}

TEST_CASE("a duplicated id accumulates three terms into one row, by both routes", "[embedding][backward]") {
    const std::vector<int> ids = {2, 0, 2, 2};
    const Tensor G = Tensor::from(4, 3, {1, 2, 3, 10, 20, 30, 100, 200, 300, 1000, 2000, 3000});
    for (bool route : {false, true}) {
        CAPTURE(route);
        const RouteResult r = run_route(route, canonical_table(), ids, G);
        CHECK(r.grad == std::vector<float>{10, 20, 30, 0, 0, 0, 1101, 2202, 3303});
    }
}

TEST_CASE("padding_idx: that row gets no gradient, its output is still W[p], negative wraps", "[embedding][options]") {
    const int p = GENERATE(1, -2);  // -2 + V(3) = 1
    CAPTURE(p);
    EmbeddingOptions options;
    options.padding_idx = p;
    const std::vector<int> ids = {1, 0, 1};
    const Tensor G = Tensor::from(3, 3, {1, 1, 1, 2, 2, 2, 3, 3, 3});
    for (bool route : {false, true}) {
        CAPTURE(route);
        const RouteResult r = run_route(route, canonical_table(), ids, G, options);
        CHECK(r.out == std::vector<float>{0.4f, 0.5f, 0.6f, 0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f});
        CHECK(r.grad == std::vector<float>{2, 2, 2, 0, 0, 0, 0, 0, 0});
    }
}

TEST_CASE("max_norm renormalises the looked-up rows in place, per norm_type", "[embedding][options]") {
    // row 0 = [3, 4]: L2 norm 5, L1 norm 7, Linf norm 4; row 1 = [0.3, 0.4] is under every limit; row 2 = [6, 8] is not looked up
    Tensor W = Tensor::from(3, 2, {3, 4, 0.3f, 0.4f, 6, 8});
    const float max_norm = 2.0f;
    const float norm_type = GENERATE(1.0f, 2.0f, std::numeric_limits<float>::infinity());
    const double norm = norm_type == 1.0f ? 7.0 : norm_type == 2.0f ? 5.0 : 4.0;
    CAPTURE(norm_type);
    EmbeddingOptions options;
    options.max_norm = max_norm;
    options.norm_type = norm_type;
    const Tensor out = el::embedding(W, {0, 1, 0}, options);
    REQUIRE(out.ok());
    const double scale = max_norm / (norm + 1e-7);  // the documented formula
    CHECK_THAT(W.at(0, 0), WithinRel(float(3 * scale), 1e-6f));
    CHECK_THAT(W.at(0, 1), WithinRel(float(4 * scale), 1e-6f));
    CHECK(W.row(1)[0] == 0.3f);  // under the limit: untouched
    CHECK(W.row(2)[0] == 6.0f);  // over the limit but not looked up: untouched
    CHECK(out.at(0, 0) == W.at(0, 0));  // the lookup sees the renormalised row
    CHECK(out.at(2, 1) == W.at(0, 1));
    CHECK_THAT(el::row_norm(W.data(), 2, norm_type), WithinRel(double(max_norm), 1e-6));
}

TEST_CASE("scale_grad_by_freq divides each row's terms by its count in the batch", "[embedding][options]") {
    EmbeddingOptions options;
    options.scale_grad_by_freq = true;
    const std::vector<int> ids = {0, 2, 0, 0};
    const Tensor G = Tensor::from(4, 2, {1, 2, 30, 40, 4, 8, 16, 32});
    for (bool route : {false, true}) {
        CAPTURE(route);
        const RouteResult r = run_route(route, Tensor::from(3, 2, {0, 0, 0, 0, 0, 0}), ids, G, options);
        // row 0: (g_0 + g_2 + g_3) / 3; row 2: g_1 / 1
        CHECK_THAT(r.grad[0], WithinRel(21.0f / 3.0f, 1e-6f));
        CHECK_THAT(r.grad[1], WithinRel(42.0f / 3.0f, 1e-6f));
        CHECK(r.grad[2] == 0.0f);
        CHECK(r.grad[4] == 30.0f);
        CHECK(r.grad[5] == 40.0f);
    }
}

TEST_CASE("sparse gradient: one (index, row) pair per non-padding occurrence", "[embedding][options]") {
    Tensor W = canonical_table();
    EmbeddingOptions options;
    options.sparse = true;
    options.padding_idx = 1;
    const std::vector<int> ids = {2, 1, 0, 2};
    const Tensor G = Tensor::from(4, 3, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    REQUIRE(weighted_sum(el::embedding(W, ids, options), G).backward().ok());
    CHECK(W.sparse_grad().indices == std::vector<int>{2, 0, 2});
    CHECK(W.sparse_grad().rows == std::vector<float>{1, 2, 3, 7, 8, 9, 10, 11, 12});
    CHECK(W.grads() == std::vector<float>(9, 0.0f));  // the dense gradient is left alone
    // summed, the pairs are the dense gradient
    EmbeddingOptions dense = options;
    dense.sparse = false;
    CHECK(el::sparse_to_dense(W.sparse_grad(), 3) == run_route(false, canonical_table(), ids, G, dense).grad);
    W.zero_grad();
    CHECK(W.sparse_grad().empty());
}

TEST_CASE("the embedding ops pass a finite-difference check, padding row skipped", "[embedding][gradcheck]") {
    const uint64_t seed = GENERATE(1u, 2u, 3u);
    const bool one_hot_route = GENERATE(false, true);
    CAPTURE(seed, one_hot_route);
    Tensor W = random_tensor(5, 3, seed);
    const std::vector<int> ids = {1, 3, 1, 0, 1, 4};
    const Tensor R = random_tensor(6, 3, seed + 1);
    EmbeddingOptions options;
    options.padding_idx = 3;
    auto loss = [&] {
        return weighted_sum(one_hot_route ? el::embedding_one_hot(W, ids, options) : el::embedding(W, ids, options), R);
    };
    el::GradCheckOptions check;
    check.skip_row = 3;
    el::GradCheckResult r;
    REQUIRE(el::gradient_check(loss, W, check, r).ok());
    CAPTURE(r.failing);
    CHECK(r.passed());
    // without skipping, the padding row fails: nudging it changes the loss, but it gets no gradient
    check.skip_row = -1;
    REQUIRE(el::gradient_check(loss, W, check, r).ok());
    CHECK(r.failing == std::vector<int>{9, 10, 11});
}

TEST_CASE("scale_grad_by_freq gradient is the finite difference divided by the count", "[embedding][gradcheck]") {
    Tensor W = random_tensor(4, 2, 11);
    const std::vector<int> ids = {2, 2, 0, 2};
    const Tensor R = random_tensor(4, 2, 12);
    EmbeddingOptions options;
    options.scale_grad_by_freq = true;
    el::GradCheckResult r;
    REQUIRE(el::gradient_check([&] { return weighted_sum(el::embedding(W, ids, options), R); }, W, {}, r).ok());
    for (int c = 0; c < 2; c++) {
        CHECK_THAT(r.analytic[size_t(0 * 2 + c)], WithinRel(r.numeric[size_t(0 * 2 + c)] / 1.0, 1e-2));
        CHECK_THAT(r.analytic[size_t(2 * 2 + c)], WithinRel(r.numeric[size_t(2 * 2 + c)] / 3.0, 1e-2));
    }
}

TEST_CASE("non-finite tables: the routes differ exactly in the poisoned column of other ids", "[embedding][nonfinite]") {
    Tensor W = canonical_table();
    W.at(0, 2) = std::numeric_limits<float>::infinity();
    W.at(2, 0) = std::numeric_limits<float>::quiet_NaN();
    const std::vector<int> ids = {0, 1, 2};
    const Tensor gather = el::embedding(W, ids), onehot = el::embedding_one_hot(W, ids);
    REQUIRE(gather.ok());
    REQUIRE(onehot.ok());
    // Column 0 holds a NaN (row 2) and column 2 an inf (row 0): 0*NaN and 0*inf are NaN, so each
    // id's column 0 and 2 become NaN in the one-hot route, except where the id reads the
    // non-finite cell itself: id 0 column 2 (1*inf + 0 + 0 = inf) and id 2 column 0 (NaN both ways).
    CHECK(el::differing_values(gather.values(), onehot.values()) == std::vector<int>{0, 3, 5, 8});
    CHECK(gather.at(1, 0) == 0.4f);
    CHECK(std::isnan(onehot.at(1, 0)));
}

TEST_CASE("init_embedding_table: N(0,1) from the seed, padding row zeros", "[embedding][init]") {
    const Tensor a = el::init_embedding_table(50, 4, 7, 3), b = el::init_embedding_table(50, 4, 7, 3);
    REQUIRE(a.ok());
    CHECK(a.values() == b.values());
    CHECK(a.values() != el::init_embedding_table(50, 4, 8, 3).values());
    for (float x : a.row(3)) CHECK(x == 0.0f);
    double mean = 0, sq = 0;
    for (float x : a.values()) mean += x, sq += double(x) * x;
    CHECK(std::fabs(mean / 200) < 0.25);
    CHECK(std::fabs(sq / 200 - 1.0) < 0.3);
}

TEST_CASE("bad embedding inputs give error values", "[embedding][errors]") {
    Tensor W = canonical_table();
    EmbeddingOptions options;
    SECTION("ids out of range, negative, or none") {
        CHECK_THAT(el::embedding(W, {0, 3}).status().error, Catch::Contains("id 3") && Catch::Contains("out of range"));
        CHECK_THAT(el::embedding(W, {-1}).status().error, Catch::Contains("id -1"));
        CHECK_THAT(el::embedding(W, {}).status().error, Catch::Contains("empty"));
        CHECK_THAT(el::embedding_one_hot(W, {}).status().error, Catch::Contains("empty"));
        CHECK_THAT(el::embedding(W, std::vector<int>(1025, 0)).status().error, Catch::Contains("1025"));
    }
    SECTION("sparse with scale_grad_by_freq") {
        options.sparse = options.scale_grad_by_freq = true;
        CHECK_THAT(el::embedding(W, {0}, options).status().error, Catch::Contains("scale_grad_by_freq"));
    }
    SECTION("sparse through the one-hot route") {
        options.sparse = true;
        CHECK_THAT(el::embedding_one_hot(W, {0}, options).status().error, Catch::Contains("dense"));
    }
    SECTION("padding_idx outside -V..V-1") {
        options.padding_idx = 3;
        CHECK_THAT(el::embedding(W, {0}, options).status().error, Catch::Contains("padding_idx 3"));
        options.padding_idx = -4;
        CHECK_THAT(el::embedding(W, {0}, options).status().error, Catch::Contains("padding_idx -4"));
    }
    SECTION("max_norm or norm_type not positive") {
        options.max_norm = 0.0f;
        CHECK_THAT(el::embedding(W, {0}, options).status().error, Catch::Contains("max_norm"));
        options.max_norm = 1.0f, options.norm_type = -1.0f;
        CHECK_THAT(el::embedding(W, {0}, options).status().error, Catch::Contains("norm_type"));
    }
    SECTION("tables over the limits, one-hot route over its work limit") {
        CHECK_THAT(el::embedding(Tensor::zeros(el::kMaxV + 1, 1), {0}).status().error, Catch::Contains("V = 100,001"));
        CHECK_THAT(el::embedding(Tensor::zeros(2, el::kMaxD + 1), {0}).status().error, Catch::Contains("d = 513"));
        // The one-hot route's block is built a few rows at a time, so its bound is the work, B*V*d.
        CHECK(el::embedding_one_hot(Tensor::zeros(el::kMaxV, 1), std::vector<int>(1024, 0)).ok());
        CHECK_THAT(el::embedding_one_hot(Tensor::zeros(el::kMaxV, 21), std::vector<int>(1024, 0)).status().error,
                   Catch::Contains("1,024 x 100,000 x 21") && Catch::Contains("2.15 billion multiply-adds"));
        CHECK(el::embedding(Tensor::zeros(el::kMaxV, 1), std::vector<int>(1024, 0)).ok());  // the gather needs no block
        CHECK_FALSE(el::init_embedding_table(0, 3, 1).ok());
    }
    SECTION("a failed table passes its error on") {
        CHECK(el::embedding(Tensor::failed("no table"), {0}).status().error == "no table");
    }
    CHECK(W.values() == canonical_table().values());  // nothing was written on the way out
}
