// embedding_bag: the three modes by hand, padding left out, empty bags, per_sample_weights,
// finite differences, and the combinations PyTorch refuses.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "core/embedding_bag.h"
#include "core/gradcheck.h"
#include "tensor_test_util.h"

using Catch::Matchers::WithinRel;
using el::BagMode;
using el::EmbeddingBagOptions;
using el::Tensor;
using test_util::random_tensor;
using test_util::weighted_sum;

// rows: 0 = [1, 2], 1 = [3, -4], 2 = [5, 6], 3 = [0.5, 10]
static Tensor bag_table() { return Tensor::from(4, 2, {1, 2, 3, -4, 5, 6, 0.5f, 10}); }
// bags: {0, 1, 2}, {} (empty), {3, 3}
static const std::vector<int> kIds = {0, 1, 2, 3, 3};
static const std::vector<int> kOffsets = {0, 3, 3};

static EmbeddingBagOptions with_mode(BagMode mode) {
    EmbeddingBagOptions options;
    options.mode = mode;
    return options;
}

TEST_CASE("bag forward by hand in sum, mean and max, an empty bag giving zeros", "[bag][forward]") {
    Tensor W = bag_table();
    CHECK(el::embedding_bag(W, kIds, kOffsets, with_mode(BagMode::kSum)).values() ==
          std::vector<float>{9, 4, 0, 0, 1, 20});
    const Tensor mean = el::embedding_bag(W, kIds, kOffsets, with_mode(BagMode::kMean));
    CHECK(mean.at(0, 0) == 3.0f);
    CHECK(mean.at(0, 1) == 4.0f / 3.0f);
    CHECK(mean.at(1, 0) == 0.0f);
    CHECK(mean.at(2, 1) == 10.0f);
    CHECK(el::embedding_bag(W, kIds, kOffsets, with_mode(BagMode::kMax)).values() ==
          std::vector<float>{5, 6, 0, 0, 0.5f, 10});
    SECTION("include_last_offset: offsets close the last bag") {
        EmbeddingBagOptions options = with_mode(BagMode::kSum);
        options.include_last_offset = true;
        CHECK(el::embedding_bag(W, kIds, {0, 3, 3, 5}, options).values() == std::vector<float>{9, 4, 0, 0, 1, 20});
    }
}

TEST_CASE("bag backward by hand: sum copies, mean divides by the bag size, max routes to the winner",
          "[bag][backward]") {
    const Tensor G = Tensor::from(3, 2, {1, 10, 100, 1000, 7, 9});  // bag 1 is empty: its gradient goes nowhere
    SECTION("sum") {
        Tensor W = bag_table();
        REQUIRE(weighted_sum(el::embedding_bag(W, kIds, kOffsets, with_mode(BagMode::kSum)), G).backward().ok());
        CHECK(W.grads() == std::vector<float>{1, 10, 1, 10, 1, 10, 14, 18});  // row 3 used twice: 2 * g_2
    }
    SECTION("mean") {
        Tensor W = bag_table();
        REQUIRE(weighted_sum(el::embedding_bag(W, kIds, kOffsets, with_mode(BagMode::kMean)), G).backward().ok());
        CHECK_THAT(W.grads()[0], WithinRel(1.0f / 3, 1e-6f));
        CHECK_THAT(W.grads()[5], WithinRel(10.0f / 3, 1e-6f));
        CHECK(W.grads()[6] == 7.0f);  // (7/2) twice
        CHECK(W.grads()[7] == 9.0f);
    }
    SECTION("max") {
        Tensor W = bag_table();
        REQUIRE(weighted_sum(el::embedding_bag(W, kIds, kOffsets, with_mode(BagMode::kMax)), G).backward().ok());
        // bag 0: column 0 and 1 both won by row 2; bag 2: the first of the two row-3 entries wins (one term)
        CHECK(W.grads() == std::vector<float>{0, 0, 0, 0, 1, 10, 7, 9});
    }
}

TEST_CASE("the padding row is left out of the reduction", "[bag][options]") {
    Tensor W = bag_table();
    EmbeddingBagOptions options = with_mode(BagMode::kMean);
    options.embedding.padding_idx = 1;
    const Tensor out = el::embedding_bag(W, {0, 1, 2, 1}, {0, 3}, options);  // bag 1 holds only padding
    CHECK(out.values() == std::vector<float>{3, 4, 0, 0});  // (row0 + row2) / 2, not / 3
    REQUIRE(weighted_sum(out, Tensor::from(2, 2, {2, 4, 8, 16})).backward().ok());
    CHECK(W.grads() == std::vector<float>{1, 2, 0, 0, 1, 2, 0, 0});
    options.mode = BagMode::kSum;
    CHECK(el::embedding_bag(W, {0, 1, 2}, {0}, options).values() == std::vector<float>{6, 8});
    options.mode = BagMode::kMax;
    CHECK(el::embedding_bag(W, {1, 0}, {0}, options).values() == std::vector<float>{1, 2});  // row 1's 3 ignored
}

TEST_CASE("per_sample_weights scale each row in sum mode and get their own gradient", "[bag][options]") {
    Tensor W = bag_table();
    Tensor w = Tensor::from(1, 3, {2, -1, 0.5f});
    const Tensor out = el::embedding_bag(W, {0, 1, 3}, {0, 2}, with_mode(BagMode::kSum), w);
    // bag 0 = 2*[1,2] - [3,-4] = [-1, 8]; bag 1 = 0.5 * [0.5, 10]
    CHECK(out.values() == std::vector<float>{-1, 8, 0.25f, 5});
    REQUIRE(weighted_sum(out, Tensor::from(2, 2, {1, 2, 3, 4})).backward().ok());
    CHECK(W.grads() == std::vector<float>{2, 4, -1, -2, 0, 0, 1.5f, 2});
    // dw_b = W[ids[b]] . g_bag: [1,2].[1,2] = 5, [3,-4].[1,2] = -5, [0.5,10].[3,4] = 41.5
    CHECK(w.grads() == std::vector<float>{5, -5, 41.5f});
}

TEST_CASE("embedding_bag passes a finite-difference check in every mode", "[bag][gradcheck]") {
    const uint64_t seed = GENERATE(1u, 2u, 3u);
    const BagMode mode = GENERATE(BagMode::kSum, BagMode::kMean, BagMode::kMax);
    CAPTURE(seed, el::bag_mode_name(mode));
    // random rows; redrawn until no two cells of a column lie within 2h of each other, so
    // max's winner does not switch inside the finite difference
    auto min_gap = [](const Tensor& t) {
        float gap = 1e9f;
        for (int c = 0; c < t.cols(); c++)
            for (int r = 0; r < t.rows(); r++)
                for (int q = 0; q < r; q++) gap = std::min(gap, std::fabs(t.at(r, c) - t.at(q, c)));
        return gap;
    };
    uint64_t table_seed = seed;
    Tensor W = random_tensor(6, 3, table_seed);
    while (min_gap(W) < 0.05f) W = random_tensor(6, 3, table_seed += 1000);
    Tensor w = random_tensor(1, 7, seed + 1);
    const std::vector<int> ids = {0, 5, 2, 2, 4, 1, 2};
    const std::vector<int> offsets = {0, 3, 3, 5};
    const Tensor R = random_tensor(4, 3, seed + 2);
    EmbeddingBagOptions options = with_mode(mode);
    options.embedding.padding_idx = 4;
    const bool weighted = mode == BagMode::kSum;
    auto loss = [&] { return weighted_sum(el::embedding_bag(W, ids, offsets, options, weighted ? w : Tensor()), R); };
    el::GradCheckOptions check;
    check.skip_row = 4;
    el::GradCheckResult r;
    REQUIRE(el::gradient_check(loss, W, check, r).ok());
    CAPTURE(r.failing);
    CHECK(r.passed());
    if (weighted) {
        REQUIRE(el::gradient_check(loss, w, {}, r).ok());
        CHECK(r.passed());
    }
}

TEST_CASE("embedding_bag refuses what PyTorch refuses, with a message", "[bag][errors]") {
    Tensor W = bag_table();
    const Tensor w = Tensor::from(1, 5, {1, 1, 1, 1, 1});
    CHECK_THAT(el::embedding_bag(W, kIds, kOffsets, with_mode(BagMode::kMean), w).status().error,
               Catch::Contains("only supported in sum mode, not mean"));
    CHECK_THAT(el::embedding_bag(W, kIds, kOffsets, with_mode(BagMode::kMax), w).status().error,
               Catch::Contains("not max"));
    CHECK_THAT(el::embedding_bag(W, kIds, kOffsets, with_mode(BagMode::kSum), Tensor::from(1, 2, {1, 1})).status().error,
               Catch::Contains("one weight per id"));
    CHECK_THAT(el::embedding_bag(W, kIds, {1, 3}).status().error, Catch::Contains("must start at 0"));
    CHECK_THAT(el::embedding_bag(W, kIds, {0, 3, 2}).status().error, Catch::Contains("must not decrease"));
    CHECK_THAT(el::embedding_bag(W, kIds, {0, 6}).status().error, Catch::Contains("past the end"));
    CHECK_THAT(el::embedding_bag(W, kIds, {}).status().error, Catch::Contains("offsets is empty"));
    CHECK_THAT(el::embedding_bag(W, {}, {0}).status().error, Catch::Contains("empty"));
    CHECK_THAT(el::embedding_bag(W, {0, 4}, {0}).status().error, Catch::Contains("id 4"));
    EmbeddingBagOptions options = with_mode(BagMode::kMax);
    options.embedding.scale_grad_by_freq = true;
    CHECK_THAT(el::embedding_bag(W, kIds, kOffsets, options).status().error, Catch::Contains("scale_grad_by_freq"));
    options.embedding.scale_grad_by_freq = false, options.embedding.sparse = true;
    CHECK_THAT(el::embedding_bag(W, kIds, kOffsets, options).status().error, Catch::Contains("sparse"));
    options.mode = BagMode::kSum, options.include_last_offset = true;
    CHECK_THAT(el::embedding_bag(W, kIds, {0, 3}, options).status().error, Catch::Contains("must equal B = 5"));
}
