// The blocked matmul kernels against their `_naive` references: close for
// general inputs (the forward reassociates its K sum), exact where the maths
// says exact (one-hot inputs; the db path keeps the reference's summation order).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "core/embedding.h"
#include "core/matmul.h"

using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

std::vector<float> random_values(size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<float> v(n);
    for (float& x : v) x = u(rng);
    return v;
}

std::vector<int> random_ids(int B, int V, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> u(0, V - 1);
    std::vector<int> ids(B);
    for (int& id : ids) id = u(rng);
    return ids;
}

// A sum of K products of numbers in [-1, 1] in another order differs from the
// reference by a few ulps of K (hence the absolute floor, scaled by K).
void check_close(const std::vector<float>& got, const std::vector<float>& want, int K) {
    REQUIRE(got.size() == want.size());
    const double abs_tol = 1e-6 * (K + 1);
    for (size_t i = 0; i < got.size(); i++) {
        CAPTURE(i);
        CHECK_THAT(got[i], WithinRel(want[i], 1e-4f) || WithinAbs(want[i], abs_tol));
    }
}

struct Shape {
    int M, K, N;
};

// Shapes around the kernels' tile and block sizes (MR = 4, NR = 8, KC = 512,
// NC = 512, db rows per block 192): 1s, primes, one past and one short of a
// block, and a few that need several blocks in every dimension.
const Shape kShapes[] = {
    {1, 1, 1},     {1, 7, 1},      {2, 3, 5},     {5, 1, 9},     {4, 8, 8},     {3, 9, 17},
    {13, 31, 7},   {1, 300, 1},    {4, 512, 8},   {8, 513, 16},  {11, 511, 15}, {3, 1025, 2},
    {37, 200, 41}, {64, 97, 128},  {5, 601, 513}, {2, 193, 3},   {29, 389, 1},  {1, 1, 600},
    {6, 192, 511}, {17, 191, 520}, {9, 385, 9},   {4, 1537, 24},
};

}  // namespace

TEST_CASE("blocked matmul forward agrees with the naive triple loop", "[core][matmul][forward]") {
    const Shape s = GENERATE(from_range(std::begin(kShapes), std::end(kShapes)));
    const uint32_t seed = GENERATE(1u, 2u);
    CAPTURE(s.M, s.K, s.N, seed);
    const auto a = random_values(size_t(s.M) * s.K, seed);
    const auto b = random_values(size_t(s.K) * s.N, seed + 100);
    std::vector<float> want(size_t(s.M) * s.N), got(size_t(s.M) * s.N, 42.0f);  // got starts dirty: forward writes
    el::matmul_forward_naive(want.data(), a.data(), b.data(), s.M, s.K, s.N);
    el::matmul_forward(got.data(), a.data(), b.data(), s.M, s.K, s.N);
    check_close(got, want, s.K);
}

TEST_CASE("blocked matmul backward adds the naive gradients", "[core][matmul][backward]") {
    const Shape s = GENERATE(from_range(std::begin(kShapes), std::end(kShapes)));
    const uint32_t seed = GENERATE(3u, 4u);
    CAPTURE(s.M, s.K, s.N, seed);
    const auto a = random_values(size_t(s.M) * s.K, seed);
    const auto b = random_values(size_t(s.K) * s.N, seed + 100);
    const auto dout = random_values(size_t(s.M) * s.N, seed + 200);
    // Gradients start from nonzero values: backward adds into them.
    const auto da0 = random_values(size_t(s.M) * s.K, seed + 300);
    const auto db0 = random_values(size_t(s.K) * s.N, seed + 400);

    SECTION("both gradients at once") {
        auto da_want = da0, db_want = db0, da_got = da0, db_got = db0;
        el::matmul_backward_naive(da_want.data(), db_want.data(), dout.data(), a.data(), b.data(), s.M, s.K, s.N);
        el::matmul_backward(da_got.data(), db_got.data(), dout.data(), a.data(), b.data(), s.M, s.K, s.N);
        check_close(da_got, da_want, s.N);
        check_close(db_got, db_want, s.M);
    }
    SECTION("only da (db null)") {
        auto da_want = da0, da_got = da0;
        el::matmul_backward_naive(da_want.data(), nullptr, dout.data(), a.data(), b.data(), s.M, s.K, s.N);
        el::matmul_backward(da_got.data(), nullptr, dout.data(), a.data(), b.data(), s.M, s.K, s.N);
        check_close(da_got, da_want, s.N);
    }
    SECTION("only db (da null): the same summation order as the reference, so equal") {
        auto db_want = db0, db_got = db0;
        el::matmul_backward_naive(nullptr, db_want.data(), dout.data(), a.data(), b.data(), s.M, s.K, s.N);
        el::matmul_backward(nullptr, db_got.data(), dout.data(), a.data(), b.data(), s.M, s.K, s.N);
        check_close(db_got, db_want, s.M);
    }
}

TEST_CASE("empty dimensions: forward writes zeros for K = 0, backward leaves gradients alone",
          "[core][matmul]") {
    std::vector<float> out(6, 42.0f);
    el::matmul_forward(out.data(), nullptr, nullptr, 2, 0, 3);
    CHECK(out == std::vector<float>(6, 0.0f));

    std::vector<float> da(6, 1.0f), db(6, 2.0f);
    const std::vector<float> dout(6, 1.0f), ab(6, 1.0f);
    el::matmul_backward(da.data(), db.data(), dout.data(), ab.data(), ab.data(), 0, 2, 3);  // M = 0
    CHECK(db == std::vector<float>(6, 2.0f));
    el::matmul_backward(da.data(), db.data(), dout.data(), ab.data(), ab.data(), 2, 3, 0);  // N = 0
    CHECK(da == std::vector<float>(6, 1.0f));
    CHECK(db == std::vector<float>(6, 2.0f));
}

TEST_CASE("one-hot rows through the blocked kernels: forward equals the gather exactly",
          "[core][matmul][forward][onehot]") {
    // (B, V, d): V past several K blocks, d and B off the tile sizes.
    const Shape s = GENERATE(Shape{1, 1, 1}, Shape{3, 10, 1}, Shape{7, 600, 13}, Shape{256, 1000, 128},
                             Shape{9, 2049, 130}, Shape{1, 5, 600});
    const uint32_t seed = GENERATE(5u, 6u);
    const int B = s.M, V = s.K, d = s.N;
    CAPTURE(B, V, d, seed);
    const auto W = random_values(size_t(V) * d, seed);
    auto ids = random_ids(B, V, seed + 1);
    ids[0] = V - 1;  // the last row, in the last (partial) block
    std::vector<float> onehot(size_t(B) * V), out_mm(size_t(B) * d), out_gather(size_t(B) * d);
    el::one_hot(onehot.data(), ids.data(), B, V);
    el::matmul_forward(out_mm.data(), onehot.data(), W.data(), B, V, d);
    el::embedding_forward(out_gather.data(), W.data(), ids.data(), B, d);
    CHECK(out_mm == out_gather);
}

TEST_CASE("one-hot rows through the blocked kernels: dW = onehot^T @ G equals the scatter-add bit for bit",
          "[core][matmul][backward][onehot]") {
    const Shape s = GENERATE(Shape{1, 1, 1}, Shape{3, 10, 1}, Shape{7, 600, 13}, Shape{256, 1000, 128},
                             Shape{9, 2049, 130}, Shape{40, 5, 600});
    const uint32_t seed = GENERATE(7u, 8u);
    const int B = s.M, V = s.K, d = s.N;
    CAPTURE(B, V, d, seed);
    auto ids = random_ids(B, V, seed);
    ids[0] = V - 1;
    if (B >= 3) ids[2] = ids[1];  // a repeated id: its row gets two terms
    const auto G = random_values(size_t(B) * d, seed + 1);
    const auto dW0 = random_values(size_t(V) * d, seed + 2);  // accumulate onto nonzero gradients

    // The scatter-add written out here: row ids[b] gets G[b], batch positions in order.
    auto want = dW0;
    std::vector<float> row_sum(size_t(V) * d, 0.0f);
    for (int b = 0; b < B; b++)
        for (int c = 0; c < d; c++) row_sum[size_t(ids[b]) * d + c] += G[size_t(b) * d + c];
    for (size_t i = 0; i < want.size(); i++) want[i] += row_sum[i];

    std::vector<float> onehot(size_t(B) * V);
    el::one_hot(onehot.data(), ids.data(), B, V);
    auto got = dW0;
    el::matmul_backward(nullptr, got.data(), G.data(), onehot.data(), nullptr, B, V, d);
    CHECK(got == want);

    SECTION("and from a zeroed gradient it equals el::embedding_backward") {
        std::vector<float> dW_mm(size_t(V) * d, 0.0f), dW_sc(size_t(V) * d, 0.0f);
        el::matmul_backward(nullptr, dW_mm.data(), G.data(), onehot.data(), nullptr, B, V, d);
        el::embedding_backward(dW_sc.data(), G.data(), ids.data(), B, d);
        CHECK(dW_mm == dW_sc);
    }
}
