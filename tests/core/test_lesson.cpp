// The first page's numbers: gather vs one-hot matmul, scatter-add vs one-hot
// backward, on the lesson's canonical example and on random tables.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "core/lesson.h"
#include "core/limits.h"

using el::LessonInput;
using el::LessonResult;

static LessonInput canonical_example() {
    LessonInput in;
    in.V = 3, in.d = 3;
    in.W = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f, 0.9f};
    in.ids = {1};
    in.upstream = {0.01f, -0.02f, 0.03f};
    return in;
}

TEST_CASE("the canonical example: both routes give row 1 and the gradient reaches row 1 only",
          "[lesson][forward][backward]") {
    LessonResult r;
    REQUIRE(el::compute_lesson(canonical_example(), r).ok());
    CHECK(r.gather == std::vector<float>{0.4f, 0.5f, 0.6f});
    CHECK(r.matmul == r.gather);
    CHECK(r.equal);
    CHECK(r.grad_scatter == std::vector<float>{0, 0, 0, 0.01f, -0.02f, 0.03f, 0, 0, 0});
    CHECK(r.grad_matmul == r.grad_scatter);
    CHECK(r.touched_rows == std::vector<int>{1});
    CHECK(r.matmul_mult_adds == 9);
    CHECK(r.matmul_zero_mult_adds == 6);
    CHECK(r.onehot_bytes == 12);
}

TEST_CASE("a duplicated id accumulates one gradient term per use", "[lesson][backward]") {
    LessonInput in = canonical_example();
    in.ids = {2, 0, 2, 2};
    in.upstream = {1, 2, 3, 10, 20, 30, 100, 200, 300, 1000, 2000, 3000};
    LessonResult r;
    REQUIRE(el::compute_lesson(in, r).ok());
    // row 2 = g_0 + g_2 + g_3, row 0 = g_1, row 1 untouched
    CHECK(r.grad_scatter == std::vector<float>{10, 20, 30, 0, 0, 0, 1101, 2202, 3303});
    CHECK(r.grad_matmul == r.grad_scatter);
    CHECK(r.touched_rows == std::vector<int>{0, 2});
}

TEST_CASE("gather equals one-hot matmul exactly for random finite tables", "[lesson][forward]") {
    const int V = GENERATE(1, 2, 7, 33);
    const int d = GENERATE(1, 3, 16, 17);
    const int B = GENERATE(1, 5, 40);
    const unsigned seed = GENERATE(1u, 2u);
    CAPTURE(V, d, B, seed);
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal;
    LessonInput in;
    in.V = V, in.d = d;
    for (int i = 0; i < V * d; i++) in.W.push_back(normal(rng));
    // negative zeros and denormals must pass through both routes unchanged (compared with ==)
    in.W[0] = -0.0f;
    if (V * d > 1) in.W[1] = std::numeric_limits<float>::denorm_min();
    for (int b = 0; b < B; b++) in.ids.push_back(int(rng() % unsigned(V)));
    for (int i = 0; i < B * d; i++) in.upstream.push_back(normal(rng));
    LessonResult r;
    REQUIRE(el::compute_lesson(in, r).ok());
    CHECK(r.equal);
    CHECK(r.grads_equal);
    for (size_t i = 0; i < r.gather.size(); i++) REQUIRE(r.gather[i] == r.matmul[i]);
    for (size_t i = 0; i < r.grad_scatter.size(); i++) REQUIRE(r.grad_scatter[i] == r.grad_matmul[i]);
}

// The largest lesson: V = 100,000 normal rows of d numbers, B = 1,024 ids (every `every`-th one
// `repeated`, the others random) and a normal G.
static LessonInput largest_input(int d, unsigned seed, int every, int repeated) {
    LessonInput in;
    in.V = el::kMaxV, in.d = d;
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal;
    in.W.resize(size_t(in.V) * in.d);
    for (float& x : in.W) x = normal(rng);
    for (int b = 0; b < el::kMaxB; b++) in.ids.push_back(b % every ? int(rng() % unsigned(in.V)) : repeated);
    in.upstream.resize(size_t(el::kMaxB) * in.d);
    for (float& x : in.upstream) x = normal(rng);
    return in;
}

TEST_CASE("V = 100,000 and B = 1,024: the one-hot route runs without holding its 409.6 MB block",
          "[lesson][forward][backward][large]") {
    // Its block would be B x V = 102.4 million floats; the route builds a few rows at a time.
    const LessonInput in = largest_input(2, 5, 3, 4242);
    LessonResult r;
    REQUIRE(el::compute_lesson(in, r).ok());
    CHECK(r.one_hot_skipped.empty());
    CHECK(r.onehot_bytes == int64_t(409600000));
    CHECK(r.matmul_mult_adds == int64_t(el::kMaxB) * el::kMaxV * 2);
    CHECK(r.equal);
    CHECK(r.matmul == r.gather);
    CHECK(r.grads_equal);
    CHECK(r.grad_matmul == r.grad_scatter);
    for (int c = 0; c < in.d; c++) {  // row 4242 = the sum of its g_b, in batch order
        float sum = 0.0f;
        for (int b = 0; b < el::kMaxB; b++)
            if (in.ids[size_t(b)] == 4242) sum += in.upstream[size_t(b) * in.d + c];
        CHECK(r.grad_matmul[size_t(4242) * in.d + c] == sum);
    }
}

TEST_CASE("over the one-hot route's work limit the gather route still runs, and says why the other did not",
          "[lesson][forward][backward][large]") {
    const LessonInput in = largest_input(21, 9, 2, 777);  // B*V*d = 2.15 billion each way: just over the limit
    LessonResult r;
    REQUIRE(el::compute_lesson(in, r).ok());
    CHECK_THAT(r.one_hot_skipped,
               Catch::Contains("B x V x d = 1,024 x 100,000 x 21") && Catch::Contains("2.15 billion multiply-adds"));
    CHECK(r.matmul.empty());
    CHECK(r.grad_matmul.empty());
    CHECK_FALSE(r.equal);
    CHECK_FALSE(r.grads_equal);
    CHECK(r.matmul_mult_adds == int64_t(el::kMaxB) * el::kMaxV * 21);  // the work it would have taken
    for (int b = 0; b < el::kMaxB; b++)  // out[b] = W[ids[b]]
        for (int c = 0; c < in.d; c++)
            REQUIRE(r.gather[size_t(b) * in.d + c] == in.W[size_t(in.ids[size_t(b)]) * in.d + c]);
    for (int c = 0; c < in.d; c++) {  // row 777 = the sum of its g_b, in batch order
        float sum = 0.0f;
        for (int b = 0; b < el::kMaxB; b++)
            if (in.ids[size_t(b)] == 777) sum += in.upstream[size_t(b) * in.d + c];
        CHECK(r.grad_scatter[size_t(777) * in.d + c] == sum);
    }
    CHECK(std::count(r.touched_rows.begin(), r.touched_rows.end(), 777) == 1);
}

TEST_CASE("an inf in the table turns the matmul column to NaN but not the gather", "[lesson][nonfinite]") {
    LessonInput in = canonical_example();
    in.W[0 * 3 + 2] = std::numeric_limits<float>::infinity();  // W[0][2] = inf
    LessonResult r;
    REQUIRE(el::compute_lesson(in, r).ok());
    CHECK(r.gather == std::vector<float>{0.4f, 0.5f, 0.6f});
    CHECK(r.matmul[0] == 0.4f);
    CHECK(r.matmul[1] == 0.5f);
    CHECK(std::isnan(r.matmul[2]));  // 0 * inf = NaN poisons column 2
    CHECK_FALSE(r.equal);
    CHECK(r.differing_outputs == std::vector<int>{2});
}

TEST_CASE("bad input gives an error and leaves the last good result", "[lesson][errors]") {
    LessonResult good;
    REQUIRE(el::compute_lesson(canonical_example(), good).ok());
    LessonResult r = good;
    LessonInput in = canonical_example();

    SECTION("an id past the table") {
        in.ids = {3};
        in.upstream.assign(3, 0.0f);
        el::Status s = el::compute_lesson(in, r);
        CHECK_THAT(s.error, Catch::Contains("id 3") && Catch::Contains("out of range"));
    }
    SECTION("a negative id") {
        in.ids = {-1};
        CHECK_THAT(el::compute_lesson(in, r).error, Catch::Contains("id -1"));
    }
    SECTION("an empty batch") {
        in.ids.clear();
        in.upstream.clear();
        CHECK_THAT(el::compute_lesson(in, r).error, Catch::Contains("empty"));
    }
    SECTION("V of zero") {
        in.V = 0;
        in.W.clear();
        CHECK_THAT(el::compute_lesson(in, r).error, Catch::Contains("V = 0"));
    }
    SECTION("d of zero") {
        in.d = 0;
        in.W.clear();
        CHECK_THAT(el::compute_lesson(in, r).error, Catch::Contains("d = 0"));
    }
    SECTION("an upstream gradient of the wrong shape") {
        in.upstream.pop_back();
        CHECK_THAT(el::compute_lesson(in, r).error, Catch::Contains("upstream"));
    }
    CHECK(r.gather == good.gather);
    CHECK(r.grad_scatter == good.grad_scatter);
}

TEST_CASE("the lesson follows PyTorch's options on both routes", "[lesson][options]") {
    LessonInput in = canonical_example();
    in.ids = {0, 1, 0, 2};
    in.upstream = {1, 2, 3, 10, 20, 30, 100, 200, 300, 1000, 2000, 3000};
    LessonResult r;

    SECTION("padding_idx: row 0 is looked up but gets no gradient") {
        in.options.padding_idx = -3;  // wraps to 0
        REQUIRE(el::compute_lesson(in, r).ok());
        CHECK(r.padding_row == 0);
        CHECK(std::vector<float>(r.gather.begin(), r.gather.begin() + 3) == std::vector<float>{0.1f, 0.2f, 0.3f});
        CHECK(r.grad_scatter == std::vector<float>{0, 0, 0, 10, 20, 30, 1000, 2000, 3000});
        CHECK(r.grad_matmul == r.grad_scatter);
        CHECK(r.touched_rows == std::vector<int>{1, 2});
    }
    SECTION("scale_grad_by_freq: row 0 used twice gets (g_0 + g_2) / 2") {
        in.options.scale_grad_by_freq = true;
        REQUIRE(el::compute_lesson(in, r).ok());
        CHECK(r.grad_scatter[0] == 0.5f * 1 + 0.5f * 100);
        CHECK(r.grad_scatter[2] == 0.5f * 3 + 0.5f * 300);
        CHECK(r.grad_scatter[3] == 10.0f);
        CHECK(r.grads_equal);
    }
    SECTION("sparse: one (index, row) pair per occurrence, the same dense sum") {
        in.options.sparse = true;
        REQUIRE(el::compute_lesson(in, r).ok());
        CHECK(r.sparse_indices == std::vector<int>{0, 1, 0, 2});
        CHECK(r.grad_scatter == std::vector<float>{101, 202, 303, 10, 20, 30, 1000, 2000, 3000});
        CHECK(r.grads_equal);
    }
    SECTION("max_norm rescales the looked-up rows in place before the lookup") {
        in.options.max_norm = 0.5f;
        REQUIRE(el::compute_lesson(in, r).ok());
        // ||W[1]|| = sqrt(0.77) and ||W[2]|| = sqrt(1.94) exceed 0.5; ||W[0]|| = sqrt(0.14) does not.
        CHECK(r.renormed_rows == std::vector<int>{1, 2});
        const double scale = 0.5 / (std::sqrt(0.16 + 0.25 + 0.36) + 1e-7);
        CHECK_THAT(r.table[3], Catch::Matchers::WithinRel(float(0.4 * scale), 1e-6f));
        CHECK(r.gather[3] == r.table[3]);
        CHECK(r.matmul == r.gather);
        CHECK_FALSE(r.fd_checked);
    }
    SECTION("finite differences agree with the scatter-add gradient") {
        REQUIRE(el::compute_lesson(in, r).ok());
        CHECK(r.fd_checked);
        CHECK(r.fd_max_abs_error < 0.05);  // |g| up to 3000: float32 loss rounding, h = 0.01
    }
    SECTION("sparse with scale_grad_by_freq is refused, as PyTorch does") {
        in.options.sparse = true, in.options.scale_grad_by_freq = true;
        CHECK_THAT(el::compute_lesson(in, r).error, Catch::Contains("scale_grad_by_freq"));
    }
}

// A count as the page writes counts: "4,096", not "4096" (the touched-rows line read "3 of 100000 rows").
TEST_CASE("finite differences past their limit say so, the limit written as a count", "[lesson]") {
    LessonInput in;
    in.V = 1000, in.d = 5;
    in.W.assign(size_t(in.V) * in.d, 0.5f);
    in.ids = {3};
    in.upstream = {1, 2, 3, 4, 5};
    LessonResult r;
    REQUIRE(el::compute_lesson(in, r).ok());
    CHECK_FALSE(r.fd_checked);
    CHECK(r.fd_note == "checked for tables of up to 4,096 numbers");
}
