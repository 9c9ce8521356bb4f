// The NumPy and PyTorch scripts carry the exact state.
#include <catch2/catch.hpp>

#include "state/export.h"
#include "state/link.h"
#include "state/parse.h"

static el::Derived derived(const el::AppState& s) {
    el::Derived d;
    el::derive(s, d);
    return d;
}

TEST_CASE("the exported scripts write the table, ids and upstream exactly", "[export]") {
    el::AppState s;
    s.ids = {1, 1, 2};
    el::fit_upstream(s, s.d);
    s.W[0] = INFINITY;
    const std::string np = el::numpy_script(s, derived(s));
    CHECK_THAT(np, Catch::Contains("W = np.array([[np.inf, 0.2, 0.3],"));
    CHECK_THAT(np, Catch::Contains("ids = np.array([1, 1, 2])"));
    CHECK_THAT(np, Catch::Contains("[0.01, -0.02, 0.03]"));
    CHECK_THAT(np, Catch::Contains("np.add.at(dW, ids[keep], (G)[keep])"));
    const std::string pt = el::pytorch_script(s, derived(s));
    CHECK_THAT(pt, Catch::Contains("out = F.embedding(ids, W)"));
    CHECK_THAT(pt, Catch::Contains("[torch.inf, 0.2, 0.3]"));
}

TEST_CASE("options reach the scripts; large tables keep only the rows that matter", "[export]") {
    el::AppState s;
    REQUIRE(el::decode_link("v=1&V=100000&d=8&init=normal&ids=5,99999&pad=5&freqscale=1", s).ok());
    const std::string np = el::numpy_script(s, derived(s));
    CHECK(np.size() < 3000);
    CHECK_THAT(np, Catch::Contains("W = np.zeros((V, d), dtype=np.float32)"));
    CHECK_THAT(np, Catch::Contains("W[99999] = np.array(["));
    CHECK_THAT(np, Catch::Contains("keep = ids != (5 % V)"));
    CHECK_THAT(np, Catch::Contains("counts = np.bincount"));
    const std::string pt = el::pytorch_script(s, derived(s));
    CHECK_THAT(pt, Catch::Contains("padding_idx=5, scale_grad_by_freq=True"));
    CHECK_THAT(pt, Catch::Contains("fused multiply-add"));  // why its dW may differ in the last bit
    // sparse reaches the bags too: PyTorch's max mode refuses sparse weights, as the page does.
    REQUIRE(el::decode_link("v=1&V=6&d=2&init=normal&ids=1,2,3&sparse=1&bag=sum&offsets=0,2", s).ok());
    CHECK_THAT(el::pytorch_script(s, derived(s)), Catch::Contains("mode='sum', sparse=True)"));
    CHECK_THAT(el::pytorch_script(s, derived(s)), !Catch::Contains("fused multiply-add"));
    // PyTorch 1.13: F.embedding_bag(..., mode='max', sparse=True) raises "max mode does not support sparse
    // weights"; the page's bags say so too (they were computed as if sparse were off).
    REQUIRE(el::decode_link("v=1&V=6&d=2&init=normal&ids=1,2,3&sparse=1&bag=max&offsets=0,2", s).ok());
    const el::Derived refused = derived(s);
    CHECK(refused.bag.error == "max mode does not support sparse gradients (PyTorch refuses it too)");
    CHECK(refused.bag.bags == 0);
}

// max_norm rescales rows of W in place (PyTorch's forward does; so does the page, write_back_max_norm).
// The scripts start from W as the lookup found it, so that their own max_norm does that rescaling
// and a learner sees it; the page's table already holds the rescaled rows.
TEST_CASE("with max_norm the scripts start from the table before the rescale", "[export]") {
    el::AppState s;
    REQUIRE(el::decode_link("v=1&V=5&d=4&init=normal&seed=7&ids=0,1,2,2&maxnorm=0.5&pad=2", s).ok());
    el::Derived d;
    el::derive(s, d);
    REQUIRE(!d.result.renormed_rows.empty());
    const int k = d.result.renormed_rows[0];
    const std::string raw = el::format_float(s.W[size_t(k) * s.d]);
    REQUIRE(el::write_back_max_norm(s, d));
    const std::string rescaled = el::format_float(s.W[size_t(k) * s.d]);
    REQUIRE(raw != rescaled);
    for (const std::string& py : {el::numpy_script(s, d), el::pytorch_script(s, d)}) {
        CHECK_THAT(py, Catch::Contains(raw));
        CHECK_THAT(py, !Catch::Contains(rescaled));
        CHECK_THAT(py, Catch::Contains("(here rows " + std::to_string(k)));
    }
    CHECK_THAT(el::numpy_script(s, d), Catch::Contains("norm = float(np.linalg.norm(W[k], ord=2))"));
    CHECK_THAT(el::pytorch_script(s, d), Catch::Contains("print('rows max_norm rescaled:'"));

    // A lookup that finds those rows within max_norm (an edit made them W's own): the scripts then hold W as it is.
    el::derive(s, d);
    CHECK(!el::write_back_max_norm(s, d));
    CHECK(s.written_back.rows.empty());
    CHECK_THAT(el::pytorch_script(s, d), Catch::Contains(rescaled));
    CHECK_THAT(el::pytorch_script(s, d), Catch::Contains("(none here"));
}

// Defect 1 of the instructor's review: with a bag on, the page showed only the per-position lookup's
// dW (row 3 = g_3 + g_4). EmbeddingBag's own gradient takes one upstream row per bag (the page: G's
// first rows) and, in mean mode, gives each id 1/n_j of its bag's row per use.
TEST_CASE("with a bag on, the bag's own gradient is PyTorch's nn.EmbeddingBag's", "[export][bag]") {
    el::AppState s;
    REQUIRE(el::decode_link("v=1&V=4&d=3&init=example&ids=0,1,2,3,3&bag=mean&offsets=0,2", s).ok());
    const el::Derived d = derived(s);
    REQUIRE(d.bag.grad.size() == 12);
    // torch 1.13: F.embedding_bag(ids, W, offsets, mode='mean').backward(G[:2]), printed as float32
    const std::vector<float> torch = {0.004999999888241291f, -0.009999999776482582f, 0.014999999664723873f,
                                      0.004999999888241291f, -0.009999999776482582f, 0.014999999664723873f,
                                      0.0033333334140479565f, -0.006666666828095913f, 0.009999999776482582f,
                                      0.006666666828095913f, -0.013333333656191826f, 0.019999999552965164f};
    CHECK(d.bag.grad == torch);
    CHECK(d.bag.grad_touched_rows == std::vector<int>{0, 1, 2, 3});
    CHECK(d.result.grad_scatter[9] == 0.02f);  // the lookup's row 3, g_3 + g_4: not the bag's
    const std::string pt = el::pytorch_script(s, d);
    CHECK_THAT(pt, Catch::Contains("bags.backward(G_bags)"));
    CHECK_THAT(pt, Catch::Contains("print('bag_grad ='"));
    CHECK_THAT(pt, !Catch::Contains("#190063"));
    SECTION("with scale_grad_by_freq: each id's own count (as documented), where PyTorch's CPU kernel erred; the script says so") {
        // A truth review (2026-12-07): ids 4, 1, 4 | 0, 4, 1 with bag=sum; row 4 (c = 3) gets (2 g_bag0 + g_bag1) / 3.
        // torch 1.13 gives 0.015 for it: its CPU kernel divides by another id's count (pytorch/pytorch#190063).
        REQUIRE(el::decode_link("v=1&V=5&d=3&init=normal&seed=7&ids=4,1,4,0,4,1&bag=sum&offsets=0,3&freqscale=1", s).ok());
        const el::Derived f = derived(s);
        CHECK(f.bag.grad[12] == Approx(0.01).epsilon(1e-6));  // not 0.015
        CHECK_THAT(el::pytorch_script(s, f), Catch::Contains("pytorch/pytorch#190264"));
    }
    SECTION("max: each column's gradient goes to the row holding the max") {
        REQUIRE(el::decode_link("v=1&V=4&d=3&init=example&ids=0,1,2,3,3&bag=max&offsets=0,2&pad=3", s).ok());
        const el::Derived m = derived(s);
        // bag 0 = rows 0, 1: row 1 wins every column; bag 1 = rows 2 and the padding row 3 (left out)
        CHECK(m.bag.grad == std::vector<float>{0, 0, 0, 0.01f, -0.02f, 0.03f, 0.01f, -0.02f, 0.03f, 0, 0, 0});
    }
}

// The instructor's review, defect 3: PyTorch's backward raises for sparse with scale_grad_by_freq; the script printed nothing.
TEST_CASE("the PyTorch script leaves out the backward PyTorch refuses, and says why", "[export]") {
    el::AppState s;
    REQUIRE(el::decode_link("v=1&V=3&d=3&init=example&ids=1,1,2&sparse=1&freqscale=1", s).ok());
    const std::string pt = el::pytorch_script(s, derived(s));
    CHECK_THAT(pt, !Catch::Contains("out.backward(G)"));
    CHECK_THAT(pt, Catch::Contains("PyTorch refuses sparse=True with scale_grad_by_freq=True"));
    CHECK_THAT(pt, Catch::Contains("print('gather ='"));
    // The NumPy script computes it (NumPy has no such rule) and says PyTorch's refuses it (it said nothing).
    CHECK_THAT(el::numpy_script(s, derived(s)), Catch::Contains("# (PyTorch refuses this backward"));
    // The page's own message says which pass PyTorch refuses (it said PyTorch refused it all).
    CHECK_THAT(derived(s).result_error, Catch::Contains("runs the lookup but refuses its backward pass"));
}

// The instructor's review, defect 7: the NumPy script of a bag state printed no bags.
// (export.test.mjs runs it and compares each printed number with the page's, dW_bag too)
TEST_CASE("the NumPy script of a bag state prints the bags, M @ W and the bag's gradient", "[export][bag]") {
    el::AppState s;
    REQUIRE(el::decode_link("v=1&V=4&d=3&init=example&ids=0,1,2,3,3&bag=mean&offsets=0,2", s).ok());
    const std::string np = el::numpy_script(s, derived(s));
    CHECK_THAT(np, Catch::Contains("print('bags ='"));
    CHECK_THAT(np, Catch::Contains("print('M ='"));
    CHECK_THAT(np, Catch::Contains("print('bags_matmul ='"));
    CHECK_THAT(np, Catch::Contains("print('bag_grad ='"));
}
