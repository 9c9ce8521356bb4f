// The picture's pure parts (src/state/picture.h): the highlight, the compressed axes and the walk.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "core/random.h"
#include "state/picture.h"

using el::AxisBins;
using el::Highlight;
using el::Walk;

TEST_CASE("a highlighted id lists every position that looks it up", "[picture][highlight]") {
    const std::vector<int> ids = {2, 0, 2, 2};
    Highlight h;
    REQUIRE(el::highlight_for(ids, 3, 2, h).ok());
    CHECK(h.id == 2);
    CHECK(h.positions == std::vector<int>{0, 2, 3});
    CHECK(el::describe_highlight(h, -1, false) == "id 2: positions 0, 2, 3; row 2 of dW = g_0 + g_2 + g_3");
    CHECK(el::describe_highlight(h, -1, true) == "id 2: positions 0, 2, 3; row 2 of dW = (g_0 + g_2 + g_3) / 3");
    CHECK(el::describe_highlight(h, 2, false) == "id 2: positions 0, 2, 3; row 2 of dW = 0 (padding_idx gets no gradient)");

    REQUIRE(el::highlight_for(ids, 3, 1, h).ok());
    CHECK(h.positions.empty());
    CHECK(el::describe_highlight(h, -1, false) == "id 1: not in the batch; row 1 of dW stays 0");

    SECTION("an id outside the table is refused with a message naming it") {
        for (int bad : {-1, 3, 1000}) {
            CAPTURE(bad);
            Highlight keep;
            const el::Status st = el::highlight_for(ids, 3, bad, keep);
            REQUIRE_FALSE(st.ok());
            CHECK(st.error.find("id " + std::to_string(bad)) != std::string::npos);
            CHECK(keep.id == -1);
        }
    }
}

TEST_CASE("a compressed axis covers every index exactly once, in order", "[picture][bins]") {
    const int n = GENERATE(1, 3, 32, 33, 1000, 100000);
    const int max_cells = GENERATE(1, 7, 32, 160);
    CAPTURE(n, max_cells);
    const AxisBins bins(n, max_cells);
    CHECK(bins.cells == std::min(n, max_cells));
    CHECK(bins.compressed() == (n > max_cells));
    CHECK(bins.first(0) == 0);
    CHECK(bins.first(bins.cells) == n);
    for (int k = 0; k < bins.cells; k++) REQUIRE(bins.first(k) < bins.first(k + 1));  // no empty cell
    // Every index falls in the cell whose range holds it (checked at the edges and at random).
    el::Rng rng{uint64_t(n) * 31u + uint64_t(max_cells)};
    std::vector<int> probes = {0, n - 1, n / 2};
    for (int i = 0; i < 50; i++) probes.push_back(int(rng.next_u64() % uint64_t(n)));
    for (int k = 0; k < bins.cells; k++) probes.push_back(bins.first(k)), probes.push_back(bins.first(k + 1) - 1);
    for (int index : probes) {
        const int k = bins.cell_of(index);
        CAPTURE(index, k);
        REQUIRE(bins.first(k) <= index);
        REQUIRE(index < bins.first(k + 1));
    }
}

TEST_CASE("the walk takes V terms down column c, V-1 of them against zero, and sums to W[id][c]",
          "[picture][walk]") {
    const int V = GENERATE(1, 3, 1000);
    const int d = 4;
    CAPTURE(V);
    std::vector<float> W(size_t(V) * d);
    el::Rng rng{uint64_t(V)};
    for (float& x : W) x = float(rng.normal());
    const std::vector<int> ids = {V - 1, 0, V / 2};
    for (int b = 0; b < 3; b++) {
        const int c = b % d;
        Walk w;
        REQUIRE(el::walk_start(w, ids, V, d, b, c).ok());
        CHECK(w.terms_done == 0);
        CHECK_FALSE(w.done());
        el::walk_step(w, W.data(), d, 1);
        CHECK(w.terms_done == 1);
        CHECK(w.zero_terms == (ids[size_t(b)] == 0 ? 0 : 1));
        el::walk_skip_to_end(w, W.data(), d);
        CHECK(w.done());
        CHECK(w.terms_done == V);
        CHECK(w.zero_terms == V - 1);
        // 0 * x adds +0 (or -0) and 1 * x is x: the sum is the looked-up number exactly.
        CHECK(w.sum == W[size_t(ids[size_t(b)]) * d + size_t(c)]);
        el::walk_step(w, W.data(), d, 5);  // past the end: nothing more
        CHECK(w.terms_done == V);
    }
}

TEST_CASE("the walk's clock pays for whole terms and carries the rest", "[picture][walk]") {
    const int V = 10, d = 1;
    std::vector<float> W(V, 1.0f);
    Walk w;
    REQUIRE(el::walk_start(w, {3}, V, d, 0, 0).ok());
    w.running = true;
    el::walk_advance(w, W.data(), d, 0.5, 3.0);  // 1.5 terms: one now, half carried
    CHECK(w.terms_done == 1);
    el::walk_advance(w, W.data(), d, 0.5, 3.0);  // 1.5 + 0.5 carried: two more
    CHECK(w.terms_done == 3);
    w.running = false;                           // paused: the clock does nothing
    el::walk_advance(w, W.data(), d, 10.0, 3.0);
    CHECK(w.terms_done == 3);
    w.running = true;
    el::walk_advance(w, W.data(), d, 100.0, 3.0);
    CHECK(w.done());
    CHECK_FALSE(w.running);  // a finished walk stops asking for frames
    CHECK(w.zero_terms == V - 1);

    SECTION("the default pace walks V = 1,000 in at most 8 s, a small table slowly enough to follow") {
        CHECK(1000.0 / el::walk_terms_per_second(1000, 1.0) <= 8.0);
        CHECK(3.0 / el::walk_terms_per_second(3, 1.0) >= 1.5);
        CHECK(el::walk_terms_per_second(3, 2.0) == 2.0 * el::walk_terms_per_second(3, 1.0));
    }
    SECTION("bad positions and columns are refused with a message") {
        Walk bad;
        CHECK(el::walk_start(bad, {3}, V, d, 1, 0).error.find("b = 1") != std::string::npos);
        CHECK(el::walk_start(bad, {3}, V, d, 0, 2).error.find("c = 2") != std::string::npos);
        CHECK(bad.b == -1);
    }
}

TEST_CASE("G and dW's log colour scale: a small nonzero row still shows, an exact zero stays empty",
          "[picture][scale]") {
    const float max = 300.0f;  // one heavy id: a row of dW summing 300 uses
    CHECK(el::log_scale_fraction(0.0f, max) == 0.0f);
    CHECK(el::log_scale_fraction(-0.0f, max) == 0.0f);
    CHECK(el::log_scale_fraction(max, max) == 1.0f);
    CHECK(el::log_scale_fraction(-max, max) == -1.0f);
    CHECK(el::log_scale_fraction(2 * max, max) == 1.0f);  // clamped
    // On the old linear scale a single use (1/300 of the heaviest) got 0.003 of full colour: white.
    const float one_use = el::log_scale_fraction(1.0f, max);
    CHECK(one_use > 0.35f);
    CHECK(el::log_scale_fraction(-1.0f, max) == -one_use);
    // Far below the 3 decades, still a visible tint; never 0 for a nonzero number.
    CHECK(el::log_scale_fraction(1e-30f, max) == el::kLogScaleFloor);
    CHECK(el::log_scale_fraction(-1e-30f, max) == -el::kLogScaleFloor);
    // Monotonic in |v|, and each factor of 10 above the floor about the same step.
    float last = 0.0f;
    for (float v = 1e-3f; v <= max; v *= 3.0f) {
        CAPTURE(v);
        const float f = el::log_scale_fraction(v, max);
        CHECK(f >= last);
        last = f;
    }
    const float step1 = el::log_scale_fraction(3.0f, max) - el::log_scale_fraction(0.3f, max);
    const float step2 = el::log_scale_fraction(30.0f, max) - el::log_scale_fraction(3.0f, max);
    CHECK(std::fabs(step1 - step2) < 1e-5f);
    // Nothing to scale against (every value 0), and non-finite values, passed on as they are.
    CHECK(el::log_scale_fraction(0.0f, 0.0f) == 0.0f);
    CHECK(el::log_scale_fraction(2.0f, 0.0f) == 1.0f);
    CHECK(std::isinf(el::log_scale_fraction(INFINITY, max)));
    CHECK(std::isnan(el::log_scale_fraction(NAN, max)));
}
