// The one-hot route built a few rows at a time (core/one_hot_matmul.h) against its `_naive`
// reference (the whole block, textbook loops) and against the gather route: equal bit for bit,
// every multiply-add counted, and never more than kOneHotRowsFloats of the block at once.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/embedding.h"
#include "core/limits.h"
#include "core/one_hot_matmul.h"
#include "core/random.h"

namespace {

std::vector<float> normal_values(size_t n, uint64_t seed) {
    el::Rng rng(seed);
    std::vector<float> v(n);
    for (float& x : v) x = float(rng.normal());
    return v;
}

std::vector<int> ids_from(int B, int V, uint64_t seed) {
    el::Rng rng(seed);
    std::vector<int> ids(size_t(B), 0);
    for (int& id : ids) id = rng.below(V);
    if (B > 2) ids[2] = ids[0], ids[size_t(B) - 1] = ids[0];  // a repeated id, also across forward slices
    return ids;
}

}  // namespace

TEST_CASE("one slice of the one-hot block stays within kOneHotRowsFloats", "[core][onehot]") {
    CHECK(el::one_hot_rows_per_slice(1024, 100000) == 8);  // 8 x 100,000 floats = 3.2 MB, not 409.6 MB
    CHECK(el::one_hot_rows_per_slice(4, 3) == 4);          // a small batch is one slice
    CHECK(el::one_hot_rows_per_slice(1024, 3) == 1024);
    CHECK(el::one_hot_rows_per_slice(5, 300000) == 3);     // fewer than a tile: not rounded down to 0
    CHECK(el::one_hot_rows_per_slice(5, 2000000) == 1);
    CHECK(el::one_hot_columns_per_slice(1024, 100000) == 1024);  // the backward: 1,024 rows of dW a slice
    CHECK(el::one_hot_columns_per_slice(45, 50000) == 23301);    // three slices
    CHECK(el::one_hot_columns_per_slice(4, 3) == 3);
    for (int V : {1, 3, 1000, 50000, el::kMaxV}) {
        CAPTURE(V);
        const int rows = el::one_hot_rows_per_slice(el::kMaxB, V), cols = el::one_hot_columns_per_slice(el::kMaxB, V);
        CHECK(rows >= 1);
        CHECK(int64_t(rows) * V <= std::max<int64_t>(V, el::kOneHotRowsFloats));
        CHECK(cols >= 1);
        CHECK(int64_t(cols) * el::kMaxB <= el::kOneHotRowsFloats);
    }
}

TEST_CASE("the one-hot route in slices equals its naive reference and the gather, bit for bit",
          "[core][onehot][forward][backward]") {
    // V = 50,000 gives 20 rows a forward slice, so B = 45 takes three, the last one short, with an id
    // repeated across them; the backward takes three bands of 23,301 columns.
    const int V = GENERATE(1, 3, 37, 50000);
    const int d = GENERATE(1, 5, 16);
    const int B = GENERATE(1, 4, 45);
    const bool scaled = GENERATE(false, true);
    const uint64_t seed = 7;
    CAPTURE(V, d, B, scaled);
    const std::vector<float> W = normal_values(size_t(V) * d, seed), G = normal_values(size_t(B) * d, seed + 1);
    const std::vector<int> ids = ids_from(B, V, seed + 2);
    std::vector<float> row_scale;
    if (scaled) {  // s_k = 1/c_k, as scale_grad_by_freq; row 0 as a padding row (0)
        std::vector<int> count(size_t(V), 0);
        for (int id : ids) count[size_t(id)]++;
        row_scale.assign(size_t(V), 1.0f);
        for (int k = 0; k < V; k++)
            if (count[size_t(k)]) row_scale[size_t(k)] = 1.0f / float(count[size_t(k)]);
        row_scale[0] = 0.0f;
    }
    const float* s = scaled ? row_scale.data() : nullptr;
    const int64_t work = int64_t(B) * V * d;

    std::vector<float> out(size_t(B) * d, -1.0f), out_naive(size_t(B) * d, -2.0f), out_gather(size_t(B) * d);
    CHECK(el::one_hot_matmul_forward(out.data(), W.data(), ids.data(), B, V, d) == work);
    CHECK(el::one_hot_matmul_forward_naive(out_naive.data(), W.data(), ids.data(), B, V, d) == work);
    el::embedding_forward_naive(out_gather.data(), W.data(), ids.data(), B, d);
    CHECK(out == out_naive);
    CHECK(out == out_gather);

    std::vector<float> dW(size_t(V) * d, 0.0f), dW_naive(size_t(V) * d, 0.0f), dW_scatter(size_t(V) * d, 0.0f);
    CHECK(el::one_hot_matmul_backward(dW.data(), G.data(), ids.data(), s, B, V, d) == work);
    CHECK(el::one_hot_matmul_backward_naive(dW_naive.data(), G.data(), ids.data(), s, B, V, d) == work);
    el::embedding_backward_naive(dW_scatter.data(), G.data(), ids.data(), B, d, s, scaled ? 0 : -1);
    CHECK(dW == dW_naive);
    CHECK(dW == dW_scatter);
}

TEST_CASE("the one-hot route's backward adds into dW", "[core][onehot][backward]") {
    const int V = 4, d = 2, B = 2;
    const std::vector<int> ids = {3, 1};
    const std::vector<float> G = {1, 2, 10, 20};
    std::vector<float> dW(size_t(V) * d, 0.5f);
    el::one_hot_matmul_backward(dW.data(), G.data(), ids.data(), nullptr, B, V, d);
    CHECK(dW == std::vector<float>{0.5f, 0.5f, 10.5f, 20.5f, 0.5f, 0.5f, 1.5f, 2.5f});
}

TEST_CASE("the one-hot route's work limit names the sizes and the multiply-adds", "[core][onehot][errors]") {
    CHECK(el::check_one_hot_work(el::kMaxB, el::kMaxV, 16).ok());   // the largest batch at V = 100,000
    CHECK(el::check_one_hot_work(el::kMaxB, el::kMaxV, 20).ok());
    const el::Status s = el::check_one_hot_work(el::kMaxB, el::kMaxV, 512);
    CHECK_THAT(s.error, Catch::Contains("1,024 x 100,000 x 512") && Catch::Contains("52.43 billion multiply-adds") &&
                            Catch::Contains("limit is 2.15 billion"));
}
