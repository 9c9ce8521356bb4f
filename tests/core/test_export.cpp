// The NumPy and PyTorch scripts carry the exact state.
#include <catch2/catch.hpp>

#include "state/export.h"
#include "state/link.h"

TEST_CASE("the exported scripts write the table, ids and upstream exactly", "[export]") {
    el::AppState s;
    s.ids = {1, 1, 2};
    el::fit_upstream(s, s.d);
    s.W[0] = INFINITY;
    const std::string np = el::numpy_script(s);
    CHECK_THAT(np, Catch::Contains("W = np.array([[np.inf, 0.2, 0.3],"));
    CHECK_THAT(np, Catch::Contains("ids = np.array([1, 1, 2])"));
    CHECK_THAT(np, Catch::Contains("[0.01, -0.02, 0.03]"));
    CHECK_THAT(np, Catch::Contains("np.add.at(dW, ids[keep], (G)[keep])"));
    const std::string pt = el::pytorch_script(s);
    CHECK_THAT(pt, Catch::Contains("out = F.embedding(ids, W)"));
    CHECK_THAT(pt, Catch::Contains("[torch.inf, 0.2, 0.3]"));
}

TEST_CASE("options reach the scripts; large tables keep only the rows that matter", "[export]") {
    el::AppState s;
    REQUIRE(el::decode_link("v=1&V=100000&d=8&init=normal&ids=5,99999&pad=5&freqscale=1", s).ok());
    const std::string np = el::numpy_script(s);
    CHECK(np.size() < 3000);
    CHECK_THAT(np, Catch::Contains("W = np.zeros((V, d), dtype=np.float32)"));
    CHECK_THAT(np, Catch::Contains("W[99999] = np.array(["));
    CHECK_THAT(np, Catch::Contains("keep = ids != (5 % V)"));
    CHECK_THAT(np, Catch::Contains("counts = np.bincount"));
    CHECK_THAT(el::pytorch_script(s), Catch::Contains("padding_idx=5, scale_grad_by_freq=True"));
}
