// The guided tour (a bar across the top) and the self-check panel.
//
// [SECTION] Tour bar
// [SECTION] Check yourself panel

#include <algorithm>
#include <string>
#include <utility>

#include "browser.h"
#include "panels.h"
#include "platform_web.h"
#include "state/tour.h"
#include "text_input.h"
#include "widgets.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Tour bar
//-----------------------------------------------------------------------------

// A step sets the state through its link (plus the tour keys), so a shared link mid-tour reopens
// the same step; how the page is shown stays as it is (LinkKeepingPage).
void GoToTourStep(App& app, TourDepth depth, int step) {
    const std::vector<TourStep>& steps = tour_steps(depth);
    if (steps.empty()) return;
    step = std::clamp(step, 0, int(steps.size()) - 1);
    // A tour's steps replace the learner's table: when one starts, the address as it was is kept as a
    // history entry of its own, so Back brings the table back.
    if (app.state.tour == TourDepth::None) browser_keep_history_entry();
    apply_link(app, LinkKeepingPage(app, std::string(steps[size_t(step)].link) + "&tour=" + tour_depth_name(depth) +
                                             "&step=" + std::to_string(step)));
    Commit(app, "tour step");  // the address shows the step
    app.tour.focus = steps[size_t(step)].focus;
    app.tour.scroll_to_focus = true;
    app.tour.finished = TourDepth::None;
    app.tour.text_folded = false;
}

void LeaveTour(App& app, bool finished) {
    app.tour.resume_depth = finished ? TourDepth::None : app.state.tour;
    app.tour.resume_step = app.state.tour_step;
    app.tour.finished = finished ? app.state.tour : TourDepth::None;
    app.state.tour = TourDepth::None;
    app.state.tour_step = 0;
    app.tour.focus = 0;
    Commit(app, "tour left");
}

static void ShowTourChooser(App& app) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(TR(tour_chooser_label));
    for (TourDepth depth : {TourDepth::Basics, TourDepth::Solid, TourDepth::Deeper}) {
        const std::string text = format(TR(tour_depth_button), tour_depth_label(depth), int(tour_steps(depth).size()));
        // On the line if the button fits there (in a longer language, its own width), else on the next.
        const float width = (ImGui::CalcTextSize(text.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x) / app.dpr;
        SameLineIfFits(std::max(130.0f, width));
        const std::string label = text + "###tour-" + tour_depth_name(depth);
        // After a tour left with the keyboard, the focus comes back to its button (else it is lost).
        if (app.tour.keyboard_follows && depth == std::max(app.tour.finished, app.tour.resume_depth))
            app.tour.keyboard_follows = false, ImGui::SetKeyboardFocusHere();
        if (ImGui::Button(label.c_str())) {
            GoToTourStep(app, depth, 0);
            app.tour.keyboard_follows = ImGui::GetIO().NavVisible;  // pressed with the keyboard: on to "Next"
        }
        RecordItemRect((std::string("tour:") + tour_depth_name(depth)).c_str());
        ItemTooltip("%s", tour_depth_summary(depth));
    }
    if (app.tour.resume_depth != TourDepth::None) {
        ImGui::SameLine();
        if (ImGui::Button(TR(tour_resume))) GoToTourStep(app, app.tour.resume_depth, app.tour.resume_step);
        RecordItemRect("tour-resume");
        ItemTooltip(TR(tour_resume_tooltip), app.tour.resume_step + 1,
                              tour_depth_label(app.tour.resume_depth));
    }
    if (app.tour.finished != TourDepth::None)
        TextWrappedColored(GoodColor(), TR(tour_finished), tour_depth_label(app.tour.finished));  // wrapped: a phone's width
}

// A link that shows a few panels (a walk-through, a tour step, a teacher's link opened whole): the
// rest is one click away, on this page.
void ShowAllPanelsButton(App& app) {
    if (app.state.panels == kDefaultPanels) return;
    SameLineIfFits(ButtonWidth(TR(page_show_all_panels)));
    if (ImGui::Button(TR(page_show_all_panels))) app.state.panels = kDefaultPanels, Commit(app, "panels");
    RecordItemRect("all-panels");
}

bool TourBarShown(const App& app) { return (app.state.panels & kPanelTour) && !tour_steps(app.state.tour).empty(); }

void ShowTourBar(App& app) {
    if (!(app.state.panels & kPanelTour)) return;
    const TourDepth depth = app.state.tour;
    const std::vector<TourStep>& steps = tour_steps(depth);
    if (steps.empty()) return ShowTourChooser(app);
    const int step = std::clamp(app.state.tour_step, 0, int(steps.size()) - 1);
    const TourStep& s = steps[size_t(step)];
    // Opened from a link, or moved to another step by one (setLink, a course page, Back): its panel framed
    // and scrolled to (a link to another step kept the last step's panel framed, and the page where it was).
    static int shown = -1;
    if (app.tour.focus == 0 || std::exchange(shown, int(depth) * 1000 + step) != int(depth) * 1000 + step)
        app.tour.focus = s.focus, app.tour.scroll_to_focus = true;

    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyle().Colors[ImGuiCol_FrameBg]);
    ImGui::BeginChild("##tour", ImVec2(0, 0), ImGuiChildFlags_AutoResizeY | ImGuiChildFlags_Border, ImGuiWindowFlags_NavFlattened);
    // The buttons first, where a step's text does not move them: Next pressed again and again stays under
    // the pointer (below a text of another length it moved, and a quick second press missed it).
    ImGui::BeginDisabled(step == 0);
    if (ImGui::Button(TR(tour_back))) {
        GoToTourStep(app, depth, step - 1);
        // Back to the first step, Back is disabled: the keyboard goes on to Next (a disabled
        // button kept it, and Tab and Enter then did nothing).
        if (step == 1) app.tour.keyboard_follows = ImGui::GetIO().NavVisible;
    }
    RecordItemRect("tour-back");
    ImGui::EndDisabled();
    const bool last = step + 1 == int(steps.size());
    const char* next = last ? TR(tour_finish) : TR(tour_next);
    SameLineIfFits(ButtonWidth(next));
    if (std::exchange(app.tour.keyboard_follows, false)) ImGui::SetKeyboardFocusHere();
    // One id whatever it says, so the keyboard's focus stays on it when "Next" becomes "Finish".
    if (ImGui::Button(format("%s###tour-next", next).c_str())) {
        if (last) LeaveTour(app, true);
        else GoToTourStep(app, depth, step + 1);
        if (last) app.tour.keyboard_follows = ImGui::GetIO().NavVisible;
    }
    RecordItemRect("tour-next");
    SameLineIfFits(ButtonWidth(TR(tour_leave)));
    if (ImGui::Button(TR(tour_leave))) LeaveTour(app, false), app.tour.keyboard_follows = ImGui::GetIO().NavVisible;
    RecordItemRect("tour-leave");
    // On a small screen a step's "Show all panels" (ShowHeader), beside Leave tour: after "Hide text" it took
    // a third line at 360 px, and the box, taller, scrolled with the panels from that step on.
    const ImVec2 screen = ImGui::GetMainViewport()->WorkSize;
    const bool small = screen.x / app.dpr < 600.0f || screen.y / app.dpr < 520.0f;
    if (small) ShowAllPanelsButton(app);
    const std::string position = format(TR(tour_bar_position), tour_depth_label(depth), step + 1, int(steps.size()));
    SameLineIfFits(ImGui::CalcTextSize(position.c_str()).x / Px(1));
    ImGui::AlignTextToFramePadding();
    TextWrappedColored(ImGui::GetColorU32(ImGuiCol_TextDisabled), "%s", position.c_str());
    // On a small screen (a phone, a short course frame) the step's text folds away once read, so the
    // panel it speaks of gets the screen: on a phone the header and this box took a third of it.
    // On a short screen (a phone held sideways) it folds while a field is typed in, too: with the
    // phone's keyboard up, the header and this box left the field a sliver.
    const bool folded = small && (app.tour.text_folded || (TextFieldActive() && screen.y / app.dpr < 520.0f));
    if (small) {
        SameLineIfFits(ButtonWidth(folded ? TR(tour_show_text) : TR(tour_hide_text)));
        // One id whatever it says: the keyboard's focus stays on it (with the label's id it was lost, and Tab with it).
        if (SmallButton(format("%s###tour-fold", folded ? TR(tour_show_text) : TR(tour_hide_text)).c_str()))
            app.tour.text_folded = !folded;
        RecordItemRect("tour-fold");
    }
    const float top = ImGui::GetCursorPosY();
    TextWrappedColored(GoodColor(), "%s", tr(s.title));
    RecordItemRect("tour-title");
    if (!folded) TextWrapped("%s", tr(s.text));
    // As tall as the tour's longest step: the panels below stay put from step to step (they moved a
    // line's height where a step's text took a line more). Not on a small screen, whose room goes to
    // the step's panel (the tour scrolls to it).
    if (!small) {
        float tallest = 0.0f;
        for (const TourStep& t : steps) tallest = std::max(tallest, TextWrappedHeight(tr(t.title)) + TextWrappedHeight(tr(t.text)));
        if (const float short_by = top + tallest - ImGui::GetCursorPosY(); short_by > 0.0f)
            ImGui::Dummy(ImVec2(0.0f, short_by - ImGui::GetStyle().ItemSpacing.y));
    }
    ImGui::EndChild();
    RecordItemRect("tour-box");
    ImGui::PopStyleColor();
}

//-----------------------------------------------------------------------------
// [SECTION] Check yourself panel
//-----------------------------------------------------------------------------

static void ShowFollowUpQuestions(App& app) {
    const auto& questions = follow_up_questions();
    for (size_t i = 0; i < questions.size(); i++) {
        ImGui::PushID(int(i));
        ImGui::Bullet();
        TextWrapped("%s", tr(questions[i].question));
        if (!app.tour.answer_shown[i]) {
            if (SmallButton(TR(tour_show_answer))) app.tour.answer_shown[i] = true;
            RecordItemRect(("answer:" + std::to_string(i)).c_str());
            NameItem(TR(tour_show_answer), tr(questions[i].question));  // which question
        } else {
            ImGui::Indent();
            TextWrapped("%s", tr(questions[i].answer));
            if (SmallButton(TR(tour_see_in_demo))) browser_open_link(LinkKeepingPage(app, questions[i].link).c_str());
            ImGui::Unindent();
        }
        ImGui::PopID();
    }
}

static void ShowSelfCheck(App& app) {
    TextWrapped("%s", TR(tour_claims_intro));
    const auto& claims = wrong_claims();
    for (size_t i = 0; i < claims.size(); i++) {
        ImGui::PushID(int(i) + 100);
        ImGui::Bullet();
        TextWrapped(TR(tour_claim_quoted), tr(claims[i].claim));
        if (SmallButton(TR(tour_true))) ReportClaimAnswer(app, int(i), true);
        RecordItemRect(("claim-true:" + std::to_string(i)).c_str());
        NameItem(TR(tour_true), tr(claims[i].claim));  // which claim (False follows it)
        ImGui::SameLine();
        if (SmallButton(TR(tour_false))) ReportClaimAnswer(app, int(i), false);
        RecordItemRect(("claim-false:" + std::to_string(i)).c_str());
        if (app.tour.claim_answer[i] >= 0) {
            const bool right = app.tour.claim_answer[i] == 0;  // every claim here is false
            ImGui::SameLine();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(right ? GoodColor() : ErrorColor()),
                               "%s", right ? TR(tour_right) : TR(tour_not_quite));
            ImGui::Indent();
            TextWrapped("%s", tr(claims[i].explanation));
            if (SmallButton(TR(tour_show_me))) browser_open_link(LinkKeepingPage(app, claims[i].link).c_str());
            RecordItemRect(("claim-show:" + std::to_string(i)).c_str());
            ImGui::Unindent();
        }
        ImGui::PopID();
    }
    int answered = 0, right = 0;
    for (size_t i = 0; i < claims.size(); i++) answered += app.tour.claim_answer[i] >= 0, right += app.tour.claim_answer[i] == 0;
    if (answered) ImGui::TextDisabled(TR(tour_claims_score), answered, int(claims.size()), right);
}

// The question on hashing collisions, answered from the budget experiment's hash for the
// current settings (src/state/budget_run.h): part of every page, not only the deeper tier's.
void RefreshHashingQuestion(App& app) {
    BudgetLab& lab = app.budget_lab;
    if (lab.question_ready && lab.question_for == app.state.budget) return;
    lab.question_for = app.state.budget;
    lab.question_ready = true;
    lab.question_error = hashing_question(lab.question_for, lab.question).error;
}

static void ShowHashingQuestion(App& app) {
    RefreshHashingQuestion(app);
    BudgetLab& lab = app.budget_lab;  // (its answer_shown: the Show button)
    if (!lab.question_error.empty()) return ErrorText(lab.question_error);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(lab.question.question.c_str());
    if (!lab.answer_shown) {
        if (SmallButton(format("%s##hashing", TR(tour_show_the_answer)).c_str())) lab.answer_shown = true;
        RecordItemRect("check:hashing");
    } else {
        ImGui::TextDisabled("%s", lab.question.answer.c_str());
        RecordItemRect("check:hashing-answer");
    }
    ImGui::PopTextWrapPos();
}

void ShowCheckPanel(App& app) {
    ImGui::SeparatorText(TR(tour_check_title));
    // Stable ids (###): a section stays open or closed across a language switch.
    SectionOpenOverride();
    if (HeaderToggleOnTap(ImGui::CollapsingHeader(format("%s###follow-ups", TR(tour_followups_header)).c_str(), ImGuiTreeNodeFlags_DefaultOpen)))
        ShowFollowUpQuestions(app);
    SectionOpenOverride();
    if (HeaderToggleOnTap(ImGui::CollapsingHeader(format("%s###claims", TR(tour_claims_header)).c_str(), ImGuiTreeNodeFlags_DefaultOpen)))
        ShowSelfCheck(app);
    if (HeaderToggleOnTap(ImGui::CollapsingHeader(format("%s###hashing", TR(tour_hashing_header)).c_str(), ImGuiTreeNodeFlags_DefaultOpen)))
        ShowHashingQuestion(app);
}

}  // namespace el
