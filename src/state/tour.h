// The guided tour, the follow-up questions and the self-check: the lesson's words
// (README, "What the page shows"), as data. A tour step sets the state through a share
// link, so "what the learner sees" and "what a link reproduces" are the same thing.
#pragma once
#include <array>
#include <string_view>
#include <vector>

#include "app_state.h"
#include "i18n/i18n.h"

namespace el {

// A text of the catalog held as data: read in the active language each time it is used
// (src/i18n/en/tour.def), so a language switch needs no rebuilt tables.
struct LessonText {
    Msg id;
    operator const char*() const { return tr(id); }
    operator std::string_view() const { return tr(id); }
};
inline const char* tr(LessonText t) { return tr(t.id); }

struct TourStep {
    LessonText title;
    LessonText text;
    const char* link;     // the state this step shows (tour and step keys are added)
    uint32_t focus;       // the panel to look at (a Panel bit)
    const char* section = nullptr;  // or one section of it, framed alone (the budget panel's parts)
};

// The steps of one depth (Basics, Solid, Deeper); empty for None.
const std::vector<TourStep>& tour_steps(TourDepth depth);
const char* tour_depth_name(TourDepth depth);      // "basics", ... (in links)
// The section of its panel the current step frames alone ("variants"), or nullptr: the whole panel.
const char* tour_step_section(TourDepth depth, int step);
const char* tour_depth_label(TourDepth depth);     // the same, as the page shows it
const char* tour_depth_summary(TourDepth depth);   // one line: what this depth covers

struct FollowUpQuestion {
    LessonText question;
    LessonText answer;
    const char* link;  // a state that shows the answer
};
// The page keeps a flag per question and per claim (app.h), in arrays of these sizes.
inline constexpr size_t kFollowUpQuestions = 4, kWrongClaims = 7;
const std::array<FollowUpQuestion, kFollowUpQuestions>& follow_up_questions();

// A common wrong claim: every one is false; the explanation says why and the link
// opens a state that shows it.
struct WrongClaim {
    LessonText claim;
    LessonText explanation;
    const char* link;
};
const std::array<WrongClaim, kWrongClaims>& wrong_claims();

}  // namespace el
