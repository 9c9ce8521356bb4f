// Every numeric claim the tour, the presets and the self-check make, checked through the core on
// the preset that demonstrates it (issue 17: "every sentence true").
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/embedding_bag.h"
#include "core/embedding_options.h"
#include "core/lesson.h"
#include "core/random.h"
#include "state/link.h"
#include "state/presets.h"
#include "state/training.h"

namespace {

el::AppState preset_state(const char* name) {
    for (const el::Preset& p : el::presets())
        if (std::string(p.name) == name) {
            el::AppState s;
            REQUIRE(el::decode_link(p.link, s).ok());
            return s;
        }
    FAIL("no preset " << name);
    return {};
}

el::LessonResult lesson_of(const el::AppState& s) {
    el::LessonResult r;
    const el::LessonInput in{s.V, s.d, s.W, s.ids, s.upstream, s.lookup};
    REQUIRE(el::compute_lesson(in, r).ok());
    return r;
}

bool contains(const std::vector<int>& rows, int k) { return std::find(rows.begin(), rows.end(), k) != rows.end(); }

}  // namespace

TEST_CASE("nonfinite: the matmul turns column 2 to nan for every id but 0; id 0 gets inf, as the gather",
          "[claims][nonfinite]") {
    el::AppState s = preset_state("nonfinite");
    REQUIRE(std::isinf(s.W[2]));
    SECTION("the preset's batch (id 1): nan in column 2 only, the gather untouched") {
        const el::LessonResult r = lesson_of(s);
        CHECK(std::isnan(r.matmul[2]));
        CHECK(r.gather[2] == s.W[1 * 3 + 2]);
        CHECK((r.matmul[0] == r.gather[0] && r.matmul[1] == r.gather[1]));
    }
    SECTION("with id 0 in the batch, its own row keeps inf: 1 x inf + 0 x (finite) = inf") {
        s.ids = {0, 1, 2};
        s.upstream.assign(9, 0.01f);
        const el::LessonResult r = lesson_of(s);
        CHECK(std::isinf(r.matmul[0 * 3 + 2]));
        CHECK(r.matmul[0 * 3 + 2] == r.gather[0 * 3 + 2]);
        CHECK(std::isnan(r.matmul[1 * 3 + 2]));
        CHECK(std::isnan(r.matmul[2 * 3 + 2]));
        CHECK(r.differing_outputs == std::vector<int>{1 * 3 + 2, 2 * 3 + 2});
    }
}

TEST_CASE("followup: 64 draws touch fewer than 64 rows; after a first step momentum moves more rows than that",
          "[claims][followup]") {
    el::AppState s = preset_state("followup");
    el::TrainingSession t;
    el::FollowUpAnswer fresh, after;
    REQUIRE(el::follow_up_step(s, t, 1, fresh).ok());
    CHECK(fresh.fresh);
    CHECK(fresh.distinct < 64);                  // repeats among 64 draws from V = 500
    CHECK(fresh.touched == fresh.distinct);      // every drawn row has gradient here
    CHECK(fresh.changed == fresh.touched);       // a fresh buffer is b = g: nothing carried yet
    REQUIRE(el::training_step(s, t, 1).ok());    // the page's Step on ids 3, 7, 7, 11
    REQUIRE(el::follow_up_step(s, t, 1, after).ok());
    CHECK_FALSE(after.fresh);
    CHECK(after.changed > after.touched);        // "more rows than the batch touched"
    CHECK(after.changed_untouched > 0);
    CHECK(after.changed < 64 + 3);               // not "more than 64": 60-odd touched + rows 3, 7, 11
}

TEST_CASE("adamw: every nonzero row shrinks on every step, yet only the batch's rows receive gradient",
          "[claims][adamw][selfcheck]") {
    el::AppState s = preset_state("adamw");
    // A row of zeros outside the batch: decoupled weight decay scales it by (1 - lr*lambda), which
    // leaves 0 at 0, so the page says "every nonzero row", not "every row".
    const int zero_row = s.V - 1;
    REQUIRE(std::find(s.ids.begin(), s.ids.end(), zero_row) == s.ids.end());
    std::fill(s.W.begin() + zero_row * s.d, s.W.begin() + (zero_row + 1) * s.d, 0.0f);
    el::TrainingSession t;
    for (int step = 0; step < 3; step++) {
        REQUIRE(el::training_step(s, t, 1).ok());
        CHECK(int(t.last.changed_rows.size()) == s.V - 1);  // every row but the zero one
        CHECK(!contains(t.last.changed_rows, zero_row));
        CHECK(t.last.touched_rows == std::vector<int>{1, 2});  // gradient reaches the batch's rows only
    }
    for (int c = 0; c < s.d; c++) CHECK(s.W[size_t(zero_row * s.d + c)] == 0.0f);
}

TEST_CASE("momentum and lazyadam: untouched rows move with momentum, stay put with lazy Adam",
          "[claims][momentum][lazy]") {
    for (const char* name : {"momentum", "lazyadam"}) {
        CAPTURE(name);
        el::AppState s = preset_state(name);
        el::TrainingSession t;
        REQUIRE(el::training_step(s, t, 1).ok());
        s.ids = {3};
        s.upstream.assign(size_t(s.d), 0.01f);
        REQUIRE(el::training_step(s, t, 1).ok());
        const bool moved = contains(t.last.changed_rows, 1) && contains(t.last.changed_rows, 2);
        const bool still = !contains(t.last.changed_rows, 1) && !contains(t.last.changed_rows, 2);
        if (std::string(name) == "momentum") CHECK(moved);
        else CHECK(still);
    }
}

TEST_CASE("freqscale: the shown gradient is not dL/dW, and the check says so", "[claims][freqscale][gradcheck]") {
    const el::LessonResult r = lesson_of(preset_state("freqscale"));  // ids 1, 1, 1, 2
    REQUIRE(r.fd_checked);
    CHECK(r.fd_passed);                      // the unscaled backward agrees with finite differences
    CHECK(r.fd_shown_is_scaled);
    CHECK(r.fd_shown_max_abs_difference > 0.01);  // row 1 shows a third of dL/dW[1]
    CHECK(r.fd_max_abs_error < 1e-3);
}

TEST_CASE("padding: row 0 is looked up, left out of the check, and its gradient stays 0",
          "[claims][padding][gradcheck]") {
    el::AppState s = preset_state("padding");  // ids 0, 2, 0 with padding_idx 0
    const el::LessonResult r = lesson_of(s);
    REQUIRE(r.fd_checked);
    CHECK(r.fd_passed);
    CHECK(r.fd_skipped_row == 0);
    CHECK(r.touched_rows == std::vector<int>{2});  // an indexed row with zero gradient: "only", not "exactly"
    for (int c = 0; c < s.d; c++) CHECK(r.grad_scatter[size_t(c)] == 0.0f);
}

TEST_CASE("bagmean: a repeated id holds c/n_j in row j of M", "[claims][bag]") {
    el::AppState s = preset_state("bagmean");  // bags [0, 1] and [2, 3, 3]
    el::EmbeddingBagOptions o;
    o.mode = el::BagMode::kMean;
    el::Tensor out = el::embedding_bag(el::Tensor::from(s.V, s.d, s.W), s.ids, s.offsets, o);
    REQUIRE(out.ok());
    for (int c = 0; c < s.d; c++) {
        const float w2 = s.W[size_t(2 * s.d + c)], w3 = s.W[size_t(3 * s.d + c)];
        // 1/3 at id 2 and 2/3 at id 3, not 1/3 at each id of the bag
        CHECK_THAT(out.values()[size_t(s.d + c)], Catch::Matchers::WithinRel(w2 / 3.0f + w3 * 2.0f / 3.0f, 1e-6f));
    }
}

TEST_CASE("maxnorm: the preset's row above max_norm ends just below it; rows within it are left alone", "[claims][maxnorm]") {
    el::AppState s = preset_state("maxnorm");  // ids 1, 2, max_norm 1
    const el::LessonResult r = lesson_of(s);
    CHECK(el::row_norm(s.W.data() + 2 * s.d, s.d, 2.0f) > 1.0);
    CHECK(r.renormed_rows == std::vector<int>{2});
    const double after = el::row_norm(r.table.data() + 2 * s.d, s.d, 2.0f);
    CHECK(after < 1.0);
    CHECK(after > 1.0 - 1e-6);
    CHECK(std::equal(r.table.begin() + s.d, r.table.begin() + 2 * s.d, s.W.begin() + s.d));  // row 1, norm 0.83
}

// labs_counts_renormed and the Options tooltip: "to norm max_norm up to float32 rounding", not "just
// below" (as PyTorch: torch.embedding with max_norm=1 leaves [3, 4, 0] at [0.6, 0.8, 0], norm 1 in float32).
TEST_CASE("maxnorm: a rescaled row can land on max_norm or just above it, not always below", "[claims][maxnorm]") {
    std::vector<float> W = {3.0f, 4.0f, 0.0f};
    REQUIRE(el::embedding_renorm(W.data(), {0}, 3, 1.0f, 2.0f) == std::vector<int>{0});
    CHECK(W == std::vector<float>{0.6f, 0.8f, 0.0f});
    CHECK(el::row_norm(W.data(), 3, 2.0f) == 1.0);

    // Over many random rows, float32 rounding leaves some below, some on and some above max_norm.
    int below = 0, on = 0, above = 0;
    el::Rng rng(7);
    for (int i = 0; i < 2000; i++) {
        std::vector<float> row(8);
        for (float& x : row) x = 3.0f * float(rng.normal());
        if (el::embedding_renorm(row.data(), {0}, 8, 1.0f, 2.0f).empty()) continue;
        const double norm = el::row_norm(row.data(), 8, 2.0f);
        CHECK(std::fabs(norm - 1.0) < 1e-6);
        (norm < 1.0 ? below : norm == 1.0 ? on : above)++;
    }
    CHECK(below > 0);
    CHECK(on > 0);
    CHECK(above > 0);
}

TEST_CASE("self-check: an id's output does not depend on the other ids in the batch", "[claims][selfcheck]") {
    el::AppState s = preset_state("duplicates");  // ids 2, 0, 2, 2
    const el::LessonResult r = lesson_of(s);
    for (int b = 0; b < s.B(); b++)
        for (int c = 0; c < s.d; c++)
            CHECK(r.gather[size_t(b * s.d + c)] == s.W[size_t(s.ids[size_t(b)] * s.d + c)]);
}
