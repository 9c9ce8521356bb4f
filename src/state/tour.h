// The guided tour, the follow-up questions and the self-check: the lesson's words
// (README, "What the page shows"), as data. A tour step sets the state through a share
// link, so "what the learner sees" and "what a link reproduces" are the same thing.
#pragma once
#include <vector>

#include "app_state.h"

namespace el {

struct TourStep {
    const char* title;
    const char* text;
    const char* link;     // the state this step shows (tour and step keys are added)
    uint32_t focus;       // the panel to look at (a Panel bit)
};

// The steps of one depth (Basics, Solid, Deeper); empty for None.
const std::vector<TourStep>& tour_steps(TourDepth depth);
const char* tour_depth_name(TourDepth depth);      // "basics", ...
const char* tour_depth_summary(TourDepth depth);   // one line: what this depth covers

struct FollowUpQuestion {
    const char* question;
    const char* answer;
    const char* link;  // a state that shows the answer
};
const std::vector<FollowUpQuestion>& follow_up_questions();

// A common wrong claim: every one is false; the explanation says why and the link
// opens a state that shows it.
struct WrongClaim {
    const char* claim;
    const char* explanation;
    const char* link;
};
const std::vector<WrongClaim>& wrong_claims();

}  // namespace el
