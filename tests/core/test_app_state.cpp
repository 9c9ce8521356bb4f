// The page state: generated tables, resizing that keeps cells, upstream fitting.
#include <catch2/catch.hpp>

#include "core/limits.h"
#include "state/app_state.h"
#include "state/link.h"

using el::AppState;
using el::TableInit;

TEST_CASE("the default state is the lesson's canonical example", "[state]") {
    AppState s;
    AppState generated;
    el::regenerate_table(generated);
    CHECK(s.W == generated.W);  // the example generator reproduces [[0.1..0.3],[0.4..0.6],[0.7..0.9]]
    CHECK(s.W == std::vector<float>{0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f, 0.9f});
    CHECK(s.ids == std::vector<int>{1});
    CHECK(s.upstream == std::vector<float>{0.01f, -0.02f, 0.03f});
}

TEST_CASE("a seeded table is reproducible and depends on the seed", "[state]") {
    const TableInit init = GENERATE(TableInit::Normal, TableInit::Uniform);
    AppState a, b, c;
    for (AppState* s : {&a, &b, &c}) s->init = init, s->V = 50, s->d = 8;
    c.seed = a.seed + 1;
    el::regenerate_table(a), el::regenerate_table(b), el::regenerate_table(c);
    CHECK(a.W == b.W);
    CHECK(a.W != c.W);
    double mean = 0;
    for (float v : a.W) mean += v;
    mean /= double(a.W.size());
    CHECK(std::abs(mean) < 0.3);  // 400 draws centred on zero
    if (init == TableInit::Uniform)
        for (float v : a.W) REQUIRE((v > -1.0f && v < 1.0f));
}

TEST_CASE("resizing keeps the cells that stay and drops ids past V", "[state]") {
    AppState s;
    s.W[4] = 42.0f;  // W[1][1]
    s.ids = {2, 1, 2};
    el::fit_upstream(s, s.d);
    s.upstream[3] = 7.0f;  // G[1][0]
    REQUIRE(el::resize_table(s, 2, 4).ok());
    CHECK(s.V == 2);
    CHECK(s.d == 4);
    CHECK(s.W[1 * 4 + 1] == 42.0f);
    CHECK(s.W[0 * 4 + 3] == 0.4f);  // a new cell from the example generator at d = 4
    CHECK(s.ids == std::vector<int>{1});
    CHECK(s.upstream.size() == 4);
    CHECK(el::resize_table(s, 0, 3).error == "V = 0 is out of range: V runs from 1 to 100,000");
    CHECK_THAT(el::resize_table(s, 3, el::kMaxD + 1).error, Catch::Contains("d = 513"));
    CHECK(s.V == 2);
}

TEST_CASE("resizing drops a padding_idx whose row is gone, so that the state's link reads back", "[state]") {
    AppState s;  // V = 3
    for (int p : {2, -3, 1, -1}) {
        AppState t = s;
        t.lookup.padding_idx = p;
        REQUIRE(el::resize_table(t, 2, 5).ok());
        CHECK(t.lookup.padding_idx == (p == 1 || p == -1 ? std::optional<int>(p) : std::nullopt));
        AppState back;
        CHECK(el::decode_link(el::encode_link(t), back).ok());
        CHECK(back.lookup.padding_idx == t.lookup.padding_idx);
    }
}
