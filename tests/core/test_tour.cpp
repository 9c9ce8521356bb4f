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
    REQUIRE(el::wrong_claims().size() == 7);  // lesson.md section 6: "It compresses the input." is the seventh
    for (const auto& c : el::wrong_claims()) {
        require_valid_link(c.link);
        CHECK((std::string(c.explanation).rfind("False", 0) == 0 || std::string(c.explanation).rfind("Not", 0) == 0));
    }
}

TEST_CASE("a link naming a tour step and no V opens the step as the tour shows it", "[tour][link]") {
    using el::TourDepth;
    const el::TourStep& repeats = el::tour_steps(TourDepth::Solid)[6];
    REQUIRE(std::string(repeats.link).find("ids=2,0,2,2") != std::string::npos);
    // What the tour's own Next button gives for that step (panels_tour.cpp), and the hand-written link.
    el::AppState by_button, by_hand;
    REQUIRE(el::decode_link(std::string(repeats.link) + "&tour=solid&step=6", by_button).ok());
    const el::LinkMessages m = el::decode_link("#tour=solid&step=6", by_hand);
    CHECK(m.errors.empty());
    CHECK(m.notices.empty());  // the step's v=1 and the link's are not "given twice"
    CHECK(el::encode_link(by_hand) == el::encode_link(by_button));
    CHECK(by_hand.ids == std::vector<int>{2, 0, 2, 2});

    // The link's own keys win; the step fills in the rest.
    el::AppState own;
    REQUIRE(el::decode_link("v=1&tour=solid&step=6&theme=dark&lr=0.5&g=0:0:7", own).ok());
    CHECK(own.ids == std::vector<int>{2, 0, 2, 2});
    CHECK(own.optimizer.lr == 0.5f);
    CHECK(own.theme == el::Theme::Dark);
    CHECK(own.upstream[0] == 7.0f);

    // A step past the end opens the last step, and says so once.
    const auto& deeper = el::tour_steps(TourDepth::Deeper);
    el::AppState last, last_by_button;
    const el::LinkMessages past = el::decode_link("tour=deeper&step=99", last);
    CHECK(past.notices.size() == 1);
    REQUIRE(el::decode_link(std::string(deeper.back().link) + "&tour=deeper&step=" +
                            std::to_string(deeper.size() - 1), last_by_button).ok());
    CHECK(el::encode_link(last) == el::encode_link(last_by_button));

    // Links the page writes carry V: they open as they are, so a learner's state at a step (even one
    // put back to the defaults) is what the link reproduces. Without a tour, a step opens nothing.
    for (const char* link : {"v=1&V=3&d=3&init=example&ids=1&tour=solid&step=6", "V=3&tour=solid&step=6", "step=6"}) {
        CAPTURE(link);
        el::AppState s;
        REQUIRE(el::decode_link(link, s).ok());
        CHECK(s.ids == std::vector<int>{1});
    }
    // Without V, what the link gives of the table wins too.
    el::AppState ids_given;
    REQUIRE(el::decode_link("tour=solid&step=6&ids=0,1,2,0", ids_given).ok());
    CHECK(ids_given.ids == std::vector<int>{0, 1, 2, 0});
    CHECK(ids_given.upstream[3 * 3 + 2] == -0.3f);  // the step's g: row 3, column 2

    // A tour value that hides keys behind an encoded '&' is refused, and opens no step's state either (the
    // step's link was looked up from "tour=basics&V=50&step=2", which read as basics step 2).
    el::AppState hidden;
    const el::LinkMessages refused = el::decode_link("v=1&tour=basics%26V%3D50&step=2", hidden);
    CHECK_FALSE(refused.ok());
    CHECK(hidden.tour == TourDepth::None);
    CHECK(hidden.ids == el::AppState().ids);
    CHECK(hidden.V == el::AppState().V);
}
