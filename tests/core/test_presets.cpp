// Every preset is a valid share link, short enough to paste anywhere.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "state/link.h"
#include "state/presets.h"
#include "state/tour.h"

TEST_CASE("every preset decodes without an error, under 2000 characters, and round-trips", "[presets][link]") {
    std::set<std::string> names;
    for (const el::Preset& p : el::presets()) {
        CAPTURE(p.name, p.link);
        CHECK(names.insert(p.name).second);
        CHECK(std::string(p.link).size() <= 2000);
        el::AppState s;
        const el::LinkMessages m = el::decode_link(p.link, s);
        CHECK(m.errors.empty());
        CHECK(m.notices.empty());
        el::AppState again;
        CHECK(el::decode_link(el::encode_link(s), again).errors.empty());
        CHECK(el::encode_link(again) == el::encode_link(s));
    }
    CHECK(names.size() >= 13);
}

TEST_CASE("presets set up what their titles promise", "[presets]") {
    auto load = [](const char* name) {
        for (const el::Preset& p : el::presets())
            if (std::string(p.name) == name) {
                el::AppState s;
                el::decode_link(p.link, s);
                return s;
            }
        FAIL("no preset " << name);
        return el::AppState{};
    };
    CHECK(load("duplicates").ids == std::vector<int>{2, 0, 2, 2});
    CHECK(std::isinf(load("nonfinite").W[2]));
    el::AppState pad = load("padding");
    CHECK(pad.lookup.padding_idx == 0);
    CHECK(pad.W[0] == 0.0f);
    CHECK(load("freqscale").lookup.scale_grad_by_freq);
    CHECK(load("momentum").optimizer.momentum == 0.9f);
    CHECK(load("adamw").optimizer.kind == el::OptimizerKind::kAdamW);
    CHECK(load("lazyadam").optimizer.kind == el::OptimizerKind::kLazyAdam);
    el::AppState cost = load("cost");
    CHECK((cost.cost.V == 50000 && cost.cost.d == 128 && cost.cost.B == 256));
    CHECK(load("large").V == 100000);
    // A section far down its panel is opened with the tour's step about it (which scrolls to it).
    for (const char* name : {"tanhrows", "compress"}) {
        CAPTURE(name);
        const el::AppState s = load(name);
        REQUIRE(s.tour == el::TourDepth::Deeper);
        CHECK(el::tour_step_section(s.tour, s.tour_step) != nullptr);
    }
    // A section that starts closed is opened with section= (the bias, after the raw id's section).
    const el::AppState bias = load("bias");
    CHECK(std::string(el::kSectionNames[bias.section]) == "bias");
    CHECK((bias.panels & el::kPanelExperiments));
    CHECK(load("rawid").section == 0);
    // No two presets show the same thing.
    std::set<std::string> links;
    for (const el::Preset& p : el::presets()) CHECK(links.insert(p.link).second);
}
