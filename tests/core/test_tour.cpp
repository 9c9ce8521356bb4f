// The tour's steps, questions and claims all open valid states.
#include <catch2/catch.hpp>

#include <string>

#include "state/link.h"
#include "state/tour.h"

static void require_valid_link(const char* link) {
    CAPTURE(link);
    el::AppState s;
    const el::LinkMessages m = el::decode_link(link, s);
    REQUIRE(m.errors.empty());
    REQUIRE(m.notices.empty());
}

TEST_CASE("every tour step, question and claim links to a state that loads cleanly", "[tour]") {
    using el::TourDepth;
    for (TourDepth depth : {TourDepth::Basics, TourDepth::Solid, TourDepth::Deeper}) {
        const auto& steps = el::tour_steps(depth);
        CAPTURE(el::tour_depth_name(depth));
        REQUIRE(steps.size() >= 5);
        for (const el::TourStep& step : steps) {
            CAPTURE(step.title);
            require_valid_link(step.link);
            CHECK(step.focus != 0);
            CHECK(std::string(step.text).size() < 420);  // short steps
        }
    }
    CHECK(el::tour_steps(TourDepth::None).empty());
    REQUIRE(el::follow_up_questions().size() == 4);
    for (const auto& q : el::follow_up_questions()) require_valid_link(q.link);
    REQUIRE(el::wrong_claims().size() == 6);
    for (const auto& c : el::wrong_claims()) {
        require_valid_link(c.link);
        CHECK((std::string(c.explanation).rfind("False", 0) == 0 || std::string(c.explanation).rfind("Not", 0) == 0));
    }
}
