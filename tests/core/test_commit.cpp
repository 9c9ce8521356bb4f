// The one rule for a change (src/state/commit.h): a sequence of edits through commit(), with
// the end-of-frame step after each, never leaves derived data, the address or the text fields
// stale, and never drops text the learner typed that did not parse.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "state/commit.h"
#include "state/derived.h"
#include "state/link.h"
#include "state/parse.h"

using el::AppState;
using el::CommitLog;
using el::Derived;

namespace {

// The page in miniature: the state, what is computed from it, and the address bar.
struct Page {
    AppState state;
    Derived derived;
    CommitLog log;
    el::TextFields text;
    std::string address;
    int address_writes = 0;

    void edit(const char* what, const std::function<void(AppState&)>& change) {
        change(state);
        el::commit(log, what);
    }
    // What the app does at the end of every frame (EndFrameCommit in src/app/app.cpp).
    void end_frame(bool widget_active) {
        el::refresh_derived(log, state, derived);
        el::refresh_text(log, state, text, widget_active);
        if (!el::link_due(log, widget_active)) return;
        address = el::encode_link(state);
        address_writes++;
        el::link_written(log);
    }
};

// Equal bit for bit (nan == nan: a non-finite table gives nan in the one-hot route).
bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

// Derived data equal to a fresh computation from the current state.
void require_fresh(const Page& p) {
    Derived fresh;
    el::derive(p.state, fresh);
    REQUIRE(p.derived.result_error == fresh.result_error);
    if (fresh.result_error.empty()) {  // a refused state keeps the last good result, by design
        REQUIRE(same_bits(p.derived.result.gather, fresh.result.gather));
        REQUIRE(same_bits(p.derived.result.grad_scatter, fresh.result.grad_scatter));
        REQUIRE(p.derived.result.touched_rows == fresh.result.touched_rows);
    }
    REQUIRE(p.derived.table_abs_max == fresh.table_abs_max);
    REQUIRE(p.derived.upstream_abs_max == fresh.upstream_abs_max);
    REQUIRE(p.derived.table_nonfinite == fresh.table_nonfinite);
    REQUIRE(same_bits(p.derived.table_overview, fresh.table_overview));
    REQUIRE(same_bits(p.derived.bag.gather, fresh.bag.gather));
    REQUIRE(same_bits(p.derived.bag.matmul, fresh.bag.matmul));
}

// The text fields show the state (none holds a refused text here).
void require_text_shows_state(const Page& p) {
    CHECK(std::string(p.text.ids.text) == el::format_ids(p.state.ids));
    CHECK(std::string(p.text.offsets.text) == el::format_ids(p.state.offsets));
    CHECK(p.text.size.V == p.state.V);
    CHECK(p.text.size.d == p.state.d);
    CHECK(p.text.ids.error.empty());
}

}  // namespace

TEST_CASE("every commit leaves derived data and the address up to date by the end of the frame", "[commit]") {
    Page p;
    p.end_frame(false);
    require_fresh(p);
    CHECK(p.address == el::encode_link(p.state));

    const std::vector<std::pair<const char*, std::function<void(AppState&)>>> edits = {
        {"ids", [](AppState& s) { s.ids = {2, 0, 2}; el::fit_upstream(s, s.d); }},
        {"table cell", [](AppState& s) { s.W[4] = -1.5f; }},
        {"table size", [](AppState& s) { s.V = 7, s.d = 5; el::regenerate_table(s); el::fit_upstream(s, 3); }},
        {"table fill", [](AppState& s) { s.init = el::TableInit::Normal, s.seed = 9; el::regenerate_table(s); }},
        {"upstream cell", [](AppState& s) { s.upstream[1] = 0.25f; }},
        {"bag mode", [](AppState& s) { s.bag = el::BagChoice::Mean, s.offsets = {0, 2}; }},
        {"inf in W", [](AppState& s) { s.W[0] = INFINITY; }},
        {"theme", [](AppState& s) { s.theme = el::Theme::Dark, s.theme_follows_system = false; }},
        {"view", [](AppState& s) { s.view = el::View::Text; }},
        {"bad ids", [](AppState& s) { s.ids = {99}; }},  // refused by the core: the error is derived too
    };
    for (const auto& [what, change] : edits) {
        CAPTURE(what);
        const uint64_t before = p.log.state;
        p.edit(what, change);
        CHECK(p.log.state == before + 1);
        CHECK(p.log.last == what);
        p.end_frame(false);
        require_fresh(p);
        CHECK(p.address == el::encode_link(p.state));
        require_text_shows_state(p);
    }
    CHECK_FALSE(p.derived.result_error.empty());  // the last edit was refused, and says so
}

TEST_CASE("the address waits for the widget to be released, then is written once", "[commit]") {
    Page p;
    p.end_frame(false);
    const int writes = p.address_writes;
    // A drag: three frames of edits with the widget held.
    for (int frame = 0; frame < 3; frame++) {
        p.edit("table cell", [frame](AppState& s) { s.W[0] = float(frame); });
        p.end_frame(true);
        require_fresh(p);  // results follow every frame of the drag
        CHECK(p.address_writes == writes);
    }
    CHECK(p.address != el::encode_link(p.state));
    p.end_frame(false);  // released
    CHECK(p.address_writes == writes + 1);
    CHECK(p.address == el::encode_link(p.state));
    p.end_frame(false);  // nothing new: nothing written
    CHECK(p.address_writes == writes + 1);
    CHECK_FALSE(el::refresh_derived(p.log, p.state, p.derived));  // and nothing recomputed
}

TEST_CASE("max_norm's rescaling is written back into W as a step of the lookup", "[commit][max_norm]") {
    Page p;
    p.end_frame(false);
    p.edit("lookup options", [](AppState& s) { s.lookup.max_norm = 0.5f; });
    const std::vector<float> W_before = p.state.W;
    p.end_frame(false);
    REQUIRE(p.derived.result_error.empty());
    REQUIRE_FALSE(p.derived.result.renormed_rows.empty());
    CHECK(p.derived.result.table.empty());  // not a second copy of W
    CHECK(&el::lookup_table(p.derived.result, p.state) == &p.state.W);  // the looked-up rows, rescaled, are in W now
    CHECK(p.state.W != W_before);
    CHECK(p.address == el::encode_link(p.state));  // and the address holds the rescaled table
    const int row = p.derived.result.renormed_rows[0];
    double norm = 0;
    for (int c = 0; c < p.state.d; c++) norm += double(p.state.W[size_t(row) * p.state.d + c]) * p.state.W[size_t(row) * p.state.d + c];
    CHECK(std::sqrt(norm) <= 0.5 + 1e-6);
}

TEST_CASE("typed text that did not parse stays until its value changes by another route", "[commit][text]") {
    Page p;
    p.end_frame(false);
    require_text_shows_state(p);

    // The learner types ids that are refused (the panel keeps the text and says why).
    std::snprintf(p.text.ids.text, sizeof p.text.ids.text, "%s", "1, 9");
    p.text.ids.error = "id 9 is out of range 0..2 (still using 1)";
    p.text.size.V = 50;  // and a V not applied yet (Resize not pressed)

    // Another edit (a cell of W): nothing typed is lost.
    p.edit("table cell", [](AppState& s) { s.W[0] = 2.0f; });
    p.end_frame(false);
    CHECK(std::string(p.text.ids.text) == "1, 9");
    CHECK_FALSE(p.text.ids.error.empty());
    CHECK(p.text.size.V == 50);

    // The ids change by another route (a chip click) while a widget is held: not yet...
    p.edit("ids", [](AppState& s) { s.ids = {0, 2}; el::fit_upstream(s, s.d); });
    p.end_frame(true);
    CHECK(std::string(p.text.ids.text) == "1, 9");
    // ...then, released, the field shows the new ids and its message is gone; V typed but not
    // applied stays, since V itself did not change.
    p.end_frame(false);
    CHECK(std::string(p.text.ids.text) == el::format_ids(p.state.ids));
    CHECK(p.text.ids.error.empty());
    CHECK(std::string(p.text.offsets.text) == el::format_ids(p.state.offsets));
    CHECK(p.text.size.V == 50);

    // A new size (a link or Resize) rewrites V and d.
    p.edit("table size", [](AppState& s) { s.V = 6, s.d = 2; el::regenerate_table(s); el::fit_upstream(s, 2); });
    p.end_frame(false);
    require_text_shows_state(p);
    CHECK_FALSE(el::refresh_text(p.log, p.state, p.text, false));  // up to date: nothing to do

    // A link that leaves every value as it was still replaces refused text and its message.
    std::snprintf(p.text.ids.text, sizeof p.text.ids.text, "%s", "1, 99");
    p.text.ids.error = "refused";
    std::snprintf(p.text.offsets.text, sizeof p.text.offsets.text, "%s", "x");
    p.text.size.V = 50, p.text.size.error = "refused";
    p.edit("link", [](AppState&) {});
    p.end_frame(false);
    CHECK(std::string(p.text.ids.text) == "1, 99");  // the value did not change: typed text stays
    CHECK(el::refresh_text(p.log, p.state, p.text, false, true) == false);  // already refreshed at this revision
    p.edit("link", [](AppState&) {});
    CHECK(el::refresh_text(p.log, p.state, p.text, false, true));
    require_text_shows_state(p);
    CHECK(p.text.ids.error.empty());
    CHECK(p.text.size.V == p.state.V);
    CHECK(p.text.size.error.empty());
}

// The fields hold the longest text the page writes into them: the largest batch of the largest ids,
// and as many bags as ids. (4 KB held 585 of 1,024 five-digit ids; editing the cut text dropped the rest.)
TEST_CASE("the largest batch and its offsets fit their text fields whole", "[commit][text]") {
    Page p;
    p.edit("table size", [](AppState& s) { REQUIRE(el::resize_table(s, el::kMaxV, 2).ok()); });
    p.edit("ids", [](AppState& s) {
        s.ids.assign(el::kMaxB, el::kMaxV - 1);
        s.bag = el::BagChoice::Sum;
        s.offsets.clear();
        for (int b = 0; b < el::kMaxB; b++) s.offsets.push_back(b);
        el::fit_upstream(s, s.d);
    });
    p.end_frame(false);
    REQUIRE(el::format_ids(p.state.ids).size() == size_t(el::kMaxB) * 7 - 2);
    REQUIRE(p.state.offsets.size() == size_t(el::kMaxB));
    require_text_shows_state(p);
}

// derive()'s summary of W (one pass since it took 36 ms a commit at V = 100,000), against the
// definitions: the largest finite magnitude, the non-finite count, and the overview in which each
// block of rows and columns keeps its value of largest magnitude (a non-finite one wins its block).
TEST_CASE("the table's summary and overview say what their definitions say", "[commit]") {
    for (auto [V, d] : {std::pair{3, 3}, {200, 7}, {1000, 40}, {161, 33}}) {
        CAPTURE(V, d);
        el::AppState s;
        REQUIRE(el::resize_table(s, V, d).ok());
        for (size_t i = 0; i < s.W.size(); i++) s.W[i] = float(std::sin(double(i) * 1.7) * double(i % 13));
        s.W[5 % s.W.size()] = INFINITY, s.W[s.W.size() - 2] = NAN, s.W[s.W.size() / 2] = -INFINITY;
        Derived got;
        el::derive(s, got);
        float abs_max = 0.0f;
        int nonfinite = 0;
        const int R = std::min(V, el::kOverviewRows), C = std::min(d, el::kOverviewCols);
        std::vector<float> overview(size_t(R) * C, 0.0f);
        for (int r = 0; r < V; r++)
            for (int c = 0; c < d; c++) {
                const float v = s.W[size_t(r) * d + c];
                if (std::isfinite(v)) abs_max = std::max(abs_max, std::fabs(v));
                else nonfinite++;
                float& cell = overview[size_t(r * R / V) * C + size_t(c * C / d)];
                if (!std::isfinite(v) || std::fabs(v) > std::fabs(cell)) cell = v;
            }
        CHECK(got.table_abs_max == abs_max);
        CHECK(got.table_nonfinite == nonfinite);
        CHECK(nonfinite == 3);
        CHECK(same_bits(got.table_overview, overview));
    }
}

// Over the one-hot route's work limit the bags keep their outputs and skip their matrix route too:
// its M alone would be bags x V floats, and its work bags*V*d is at most B*V*d.
TEST_CASE("over the one-hot route's work limit, bags keep their outputs and skip the matrix route", "[commit]") {
    el::AppState s;
    REQUIRE(el::resize_table(s, el::kMaxV, 32).ok());
    for (size_t i = 0; i < s.W.size(); i++) s.W[i] = float(i % 17) * 0.25f;  // sums of two are exact
    s.ids.resize(size_t(el::kMaxB));
    for (int b = 0; b < el::kMaxB; b++) s.ids[size_t(b)] = b * 97;
    s.upstream.assign(size_t(el::kMaxB) * 32, 0.5f);
    s.bag = el::BagChoice::Sum;
    s.offsets.clear();
    for (int j = 0; j < el::kMaxB; j += 2) s.offsets.push_back(j);  // 512 bags of two ids
    Derived got;
    el::derive(s, got);
    CHECK(got.result_error.empty());
    CHECK_THAT(got.result.one_hot_skipped, Catch::Contains("1,024 x 100,000 x 32"));
    REQUIRE(got.bag.error.empty());
    CHECK(got.bag.bags == 512);
    CHECK(got.bag.matrix.empty());
    CHECK(got.bag.matmul.empty());
    for (int c = 0; c < 32; c++)  // bag 1 = W[194] + W[291]
        CHECK(got.bag.gather[size_t(32 + c)] == s.W[size_t(194) * 32 + c] + s.W[size_t(291) * 32 + c]);
}
