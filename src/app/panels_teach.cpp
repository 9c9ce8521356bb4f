// Teacher controls and question cards: what makes the page easy to teach with.
//
// [SECTION] Locked controls
// [SECTION] Messages to the host page
// [SECTION] Question cards
// [SECTION] Teach with this panel

#include <emscripten.h>

#include <algorithm>
#include <iterator>
#include <cmath>
#include <string>

#include "browser.h"
#include "panels.h"
#include "state/json_writer.h"
#include "state/link.h"
#include "state/parse.h"
#include "state/teach.h"
#include "state/tour.h"
#include "text_input.h"
#include "widgets.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Locked controls
//-----------------------------------------------------------------------------

bool BeginLocked(App& app, uint32_t locks, bool disable) {
    const bool locked = !check_unlocked(app.state, locks).ok();
    ImGui::BeginGroup();
    if (disable) ImGui::BeginDisabled(locked);
    return locked;
}

void EndLocked(App& app, uint32_t locks, bool disable) {
    if (disable) ImGui::EndDisabled();
    ImGui::EndGroup();
    const Status st = check_unlocked(app.state, locks);
    if (st.ok() || !ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
    if (disable && BeginWrappedTooltip()) {
        TextWrapped("%s", st.error.c_str());
        EndWrappedTooltip();
    }
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) app.teach.lock_message = app.teach.said = st.error;  // under the header, and on the live line
}

//-----------------------------------------------------------------------------
// [SECTION] Messages to the host page
//-----------------------------------------------------------------------------

// Only to the parent (a course page), never anywhere else (web/glue.js, toParent).
EM_JS(void, el_js_post_to_parent, (const char* json), {
    window.embeddingLabHost.toParent(JSON.parse(UTF8ToString(json)));
});

// {type: "embedding-lab:resize", height, auto} and, in auto height, Canvas LMS's
// {subject: "lti.frameResize", height}: once per drawn frame at most, only when it changed.
void ReportContentHeight(App& app, float content_bottom) {
    if (!app.state.embed) return;
    const TeachSettings& t = app.state.teach;
    int height = int(std::ceil(content_bottom / std::max(app.pixel_ratio, 0.25f))) + 2;
    // The text view shown over the canvas (a screen reader's or a keyboard's choice) is what the frame
    // shows then: it grows to hold it too, instead of scrolling inside the course page.
    if (app.state.view == View::Text) height = std::max(height, app.teach.text_view_height);
    height = std::clamp(height, 50, t.auto_height ? t.max_height : kMaxFrameHeight);
    if (height == app.teach.posted_height) return;
    app.teach.posted_height = height;
    const std::string h = std::to_string(height);
    el_js_post_to_parent(("{\"type\":\"embedding-lab:resize\",\"height\":" + h + ",\"auto\":" +
                          json_bool(t.auto_height) + "}").c_str());
    if (t.auto_height) el_js_post_to_parent(("{\"subject\":\"lti.frameResize\",\"height\":" + h + "}").c_str());
}

// {type: "embedding-lab:answer", question, correct, attempts, state, response, statement}: the
// statement is shaped as an xAPI "answered" statement (no actor: the course page knows who).
static void PostAnswer(const App& app, const Question& q, bool correct, int attempts, const std::string& response) {
    // The prompt is in the page's language: its xAPI language map says which.
    const std::string prompt_language =
        std::string(active_language().code) == "en" ? "en-US" : active_language().code;
    const char* interaction = q.kind == QuestionKind::Claim     ? "true-false"
                              : q.kind == QuestionKind::GradRow ? "fill-in"
                                                                : "choice";
    const std::string statement =
        "{\"verb\":{\"id\":\"http://adlnet.gov/expapi/verbs/answered\",\"display\":{\"en-US\":\"answered\"}},"
        "\"object\":{\"objectType\":\"Activity\",\"id\":" + json_string(browser_page_url() + "#question=" + q.id) +
        ",\"definition\":{\"type\":\"http://adlnet.gov/expapi/activities/cmi.interaction\",\"interactionType\":\"" +
        interaction + "\",\"description\":{" + json_string(prompt_language) + ":" + json_string(q.prompt) +
        "}}},\"result\":{\"success\":" +
        json_bool(correct) + ",\"response\":" + json_string(response) + "}}";
    const std::string message = "{\"type\":\"embedding-lab:answer\",\"question\":" + json_string(q.id) +
                                ",\"correct\":" + json_bool(correct) + ",\"attempts\":" + std::to_string(attempts) +
                                ",\"state\":" + json_string(encode_link(app.state)) + ",\"response\":" +
                                json_string(response) + ",\"statement\":" + statement + "}";
    el_js_post_to_parent(message.c_str());
}

void ReportClaimAnswer(App& app, int claim, bool said_true) {
    if (claim < 0 || claim >= int(std::size(app.tour.claim_answer))) return;
    app.tour.claim_answer[claim] = said_true ? 1 : 0;  // the self-check's record (panels_tour.cpp)
    const Question q = claim_question(claim);
    PostAnswer(app, q, said_true == q.truth, ++app.teach.claim_attempts[claim], said_true ? "true" : "false");
}

//-----------------------------------------------------------------------------
// [SECTION] Question cards
//-----------------------------------------------------------------------------

static void ShowCardBatch(const Question& q) {
    const int B = int(q.ids.size());
    const char* sep = active_language().list_separator;
    for (int b = 0; b < B && b < 8; b++) {
        std::string g = "[";
        for (int c = 0; c < q.d && c < 6; c++) g += (c ? sep : "") + display_float(q.upstream[size_t(b) * q.d + c]);
        g += q.d > 6 ? std::string(sep) + "...]" : "]";
        NumbersText(format(TR(teach_card_batch_row), b, q.ids[size_t(b)], g.c_str()).c_str(), DimColor());
    }
    if (B > 8) ImGui::TextDisabled(TR(teach_card_more_positions), B - 8);
}

static void ShowRowPicker(const Question& q, CardProgress& p) {
    const int rows = std::min(q.V, kMaxClickRows);
    for (int r = 0; r < rows; r++) {
        if (r) SameLineIfFits(60);
        const bool on = p.picked[size_t(r)] != 0;
        if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyle().Colors[ImGuiCol_ButtonActive]);
        const std::string label = format(on ? TR(teach_card_row_picked) : TR(teach_card_row), r);
        if (SmallButton(label.c_str())) p.picked[size_t(r)] = !on;
        if (on) ImGui::PopStyleColor();
        RecordItemRect(("card:" + q.id + ":row:" + std::to_string(r)).c_str());
    }
}

// What a checked card says, on the card and on the live line.
static const char* CardVerdict(const CardProgress& p) { return p.result ? TR(tour_right) : TR(teach_card_not_quite); }

// A checked answer, on the canvas or in the text view: counted, graded, the answer revealed once right,
// its verdict said first on the live line (before the sentence on the result, which changes when the
// answer uncovers dW), and posted to the host page.
static void RecordCardAnswer(App& app, const Question& q, CardProgress& p, bool correct, const std::string& response) {
    p.attempts++, p.result = correct ? 1 : 0;
    app.teach.answers++;
    p.revealed |= correct;
    app.teach.said = CardVerdict(p);
    if (q.kind == QuestionKind::Claim) app.tour.claim_answer[std::clamp(q.id.back() - '0', 0, int(kWrongClaims) - 1)] = correct ? 0 : 1;
    const int attempts = q.kind == QuestionKind::Claim ? ++app.teach.claim_attempts[q.id.back() - '0'] : p.attempts;
    PostAnswer(app, q, correct, attempts, response);
}

// "Show answer" after an answer: the answer on the card and said on the live line.
static void RevealCard(App& app, const Question& q, CardProgress& p) {
    p.revealed = true, app.teach.answers++;
    app.teach.said = question_answer(q);
}

static void ShowCard(App& app, const Question& q, CardProgress& p, int index, int count) {
    ImGui::PushID(index);
    ImGui::SeparatorText(format(TR(teach_card_heading), index + 1, count).c_str());
    TextWrapped("%s", q.prompt.c_str());
    if (!q.error.empty()) {
        ErrorText(format(TR(teach_card_cannot), q.error.c_str()));
        ImGui::PopID();
        return;
    }
    bool checked = false, correct = false;
    std::string response;
    if (q.kind == QuestionKind::Claim) {
        for (bool said : {true, false}) {
            if (!said) ImGui::SameLine();
            if (SmallButton(said ? TR(tour_true) : TR(tour_false))) checked = true, correct = said == q.truth, response = said ? "true" : "false";
            RecordItemRect(("card:" + q.id + (said ? ":true" : ":false")).c_str());
        }
    } else {
        if (app.state.teach.quiz_seed) ShowCardBatch(q);
        if (q.kind == QuestionKind::GradRow) {
            ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x - Px(80), Px(240)));
            ImGui::InputTextWithHint("##typed", TR(teach_card_numbers_hint), p.typed, sizeof p.typed);
            RecordItemRect(("card:" + q.id + ":input").c_str());
            RegisterTextField(TextFieldKind::Text), NameTextField(q.prompt.c_str(), p.typed);  // named by its question
            ImGui::SameLine();
        } else {
            ShowRowPicker(q, p);
        }
        if (ImGui::Button(q.kind == QuestionKind::MovedRows ? TR(teach_card_step) : TR(teach_card_check))) {
            if (q.kind == QuestionKind::GradRow) {
                const Status st = grade_grad_row(q, p.typed, correct);
                app.teach.said = p.message = st.error;
                checked = st.ok();
                response = p.typed;
            } else {
                std::vector<int> picked;
                for (int r = 0; r < int(p.picked.size()); r++)
                    if (p.picked[size_t(r)]) picked.push_back(r);
                correct = rows_correct(q, picked);
                response = picked.empty() ? "none" : rows_text(picked);  // for the host page: not translated
                checked = true;
            }
        }
        RecordItemRect(("card:" + q.id + ":check").c_str());
        ErrorText(p.message);
    }
    if (checked) RecordCardAnswer(app, q, p, correct, response);
    if (p.result >= 0) {
        // Wrapped, the button after it only where it fits: on a German phone both ran off the screen,
        // and a learner who had answered wrong could not reveal the answer.
        TextWrappedColored(p.result ? GoodColor() : ErrorColor(), "%s", CardVerdict(p));
        if (!p.revealed) {
            SameLineIfFits(ButtonWidth(TR(tour_show_answer)));
            if (SmallButton(TR(tour_show_answer))) RevealCard(app, q, p);
            RecordItemRect(("card:" + q.id + ":reveal").c_str());
        }
    }
    if (p.revealed) TextWrapped("%s", question_answer(q).c_str());
    ImGui::PopID();
}

// What a card asks about, in no language: its progress survives a language switch, not a new batch.
static std::string CardKey(const Question& q) {
    std::string key = q.id + ":" + std::to_string(q.V) + "x" + std::to_string(q.d) + ":" + std::to_string(q.row) + ":";
    for (int id : q.previous_ids) key += std::to_string(id) + ",";
    key += ":";
    for (int id : q.ids) key += std::to_string(id) + ",";
    for (float g : q.upstream) key += format_float(g) + ",";
    return key + format_float(q.optimizer.lr) + ":" + format_float(q.optimizer.momentum);
}

void RefreshQuestionCards(App& app) {
    TeachView& t = app.teach;
    if (t.questions_revision != app.commits.state) {
        t.questions = make_questions(app.state);
        t.questions_revision = app.commits.state;
        t.cards.resize(t.questions.size());
        for (size_t i = 0; i < t.questions.size(); i++)
            if (t.cards[i].key != CardKey(t.questions[i])) {
                t.cards[i] = CardProgress{};
                t.cards[i].key = CardKey(t.questions[i]);
                t.cards[i].picked.assign(size_t(kMaxClickRows), 0);
            }
    }
}

std::string AnswerCard(App& app, int index, const std::string& text) {
    RefreshQuestionCards(app);
    TeachView& t = app.teach;
    if (index < 0 || index >= int(t.questions.size())) return format(TR(teach_card_none), index);
    const Question& q = t.questions[size_t(index)];
    CardProgress& p = t.cards[size_t(index)];
    if (!q.error.empty()) return format(TR(teach_card_cannot), q.error.c_str());
    bool correct = false;
    std::string response = text;
    if (q.kind == QuestionKind::Claim) {
        if (text != "true" && text != "false") return TR(teach_card_true_or_false);
        correct = (text == "true") == q.truth;
    } else if (q.kind == QuestionKind::GradRow) {
        std::snprintf(p.typed, sizeof p.typed, "%s", text.c_str());
        const Status st = grade_grad_row(q, p.typed, correct);
        if (!(p.message = st.error).empty()) return p.message;
    } else {
        // No rows is an answer, as Check with none picked is on the canvas (not "the batch is empty").
        std::vector<int> picked;
        if (text.find_first_not_of(" \t") != std::string::npos)
            if (Status st = parse_ids(text, std::min(q.V, kMaxClickRows), picked); !st.ok())  // the rows the canvas offers
                return p.message = format(TR(teach_card_rows_error), st.error.c_str());
        p.message.clear();
        std::fill(p.picked.begin(), p.picked.end(), 0);
        for (int r : picked) p.picked[size_t(r)] = 1;
        correct = rows_correct(q, picked);
        if (picked.empty()) response = "none";  // as the canvas posts it
    }
    RecordCardAnswer(app, q, p, correct, response);
    return "";
}

void ShowCardAnswer(App& app, int index) {
    RefreshQuestionCards(app);
    TeachView& t = app.teach;
    if (index >= 0 && index < int(t.questions.size()) && t.cards[size_t(index)].result >= 0)
        RevealCard(app, t.questions[size_t(index)], t.cards[size_t(index)]);
}

void ShowQuestionCards(App& app) {
    if (app.state.teach.quiz == QuizSet::None) return;
    RefreshQuestionCards(app);
    TeachView& t = app.teach;
    for (size_t i = 0; i < t.questions.size(); i++) ShowCard(app, t.questions[i], t.cards[i], int(i), int(t.questions.size()));
    ImGui::Spacing();
}

bool CardsHideGradient(App& app) {
    if (app.state.teach.quiz == QuizSet::None || app.state.teach.quiz_seed != 0) return false;  // seeded: other batches
    RefreshQuestionCards(app);
    const TeachView& t = app.teach;
    for (size_t i = 0; i < t.questions.size(); i++) {
        const Question& q = t.questions[i];
        const bool about_dW = q.kind == QuestionKind::NonzeroRows || q.kind == QuestionKind::GradRow;
        if (about_dW && q.error.empty() && !t.cards[i].revealed) return true;
    }
    return false;
}

//-----------------------------------------------------------------------------
// [SECTION] Teach with this panel
//-----------------------------------------------------------------------------

std::string EmbedCode(const AppState& s, int width, int height) {
    const std::string page = browser_page_url();
    const std::string url = page + "#" + EmbeddedLink(s);
    std::string code = "<iframe src=\"" + html_attribute(url) +
                       "\" title=\"Embedding Lab: lookup vs one-hot matmul\" width=\"" + std::to_string(width) +
                       "\" height=\"" + std::to_string(height) + "\"";
    if (!s.teach.auto_height) return code + " allow=\"clipboard-write\" loading=\"lazy\"></iframe>";
    // Auto height: the host script (embed.js, beside the page) resizes the frames marked for it.
    const std::string folder = page.substr(0, page.rfind('/') + 1);
    return code + " data-embedding-lab=\"auto\" allow=\"clipboard-write\" loading=\"lazy\"></iframe>\n<script src=\"" +
           html_attribute(folder + "embed.js") + "\" defer></script>";
}

// One checkbox per name. The lists share names (the panel and the lock "table", the lock and the hidden
// control "options"): each list is its own ImGui id scope, or a click on one box of a pair went to the other.
static void CheckboxBits(const char* const* names, int count, uint32_t& bits, const char* rect_prefix) {
    ImGui::PushID(rect_prefix);
    for (int i = 0; i < count; i++) {
        if (i) SameLineIfFits(110);
        bool on = (bits & (1u << i)) != 0;
        if (ImGui::Checkbox(names[i], &on)) bits = on ? bits | (1u << i) : bits & ~(1u << i);
        RecordItemRect((std::string(rect_prefix) + names[i]).c_str());
    }
    ImGui::PopID();
}

static AppState TeacherState(const App& app) {
    const TeachDraft& d = app.teach.draft;
    AppState s = app.state;
    s.embed = true;
    s.panels = d.panels ? d.panels : kPanelForward | kPanelBackward;
    s.teach = d.teach;
    s.theme_follows_system = d.theme == 0;  // 0: each learner's own system preference
    if (d.theme > 0) s.theme = Theme(d.theme - 1);
    s.lang = d.lang > 0 && d.lang <= kLanguageCount ? kLanguages[d.lang - 1].code : "";  // "": the learner's browser
    // With the tour panel, learners start at the step on screen (a teacher on step 3 means step 3);
    // without it they could not leave the step, so the link shows no tour.
    if (!(s.panels & kPanelTour)) s.tour = TourDepth::None, s.tour_step = 0;
    s.view = View::Canvas;  // the teacher's own view (a text view, say) is not the learners'
    return s;
}

// The locks the tour panel's links (its steps, "See it in the demo", "Show me") would run into with the
// draft's panels and locks: a link that sets a locked field to another value is refused there, with a
// red banner (hold_locked_fields's rule, value != now, without building each held link: that encodes
// every locked field, a 100,000-row table's cells= included). The locked fields keep the page's values
// for the whole visit, so each link is compared with the page as it is now. Kept per state and locks:
// the panel asks every frame, and a link's cells= reads the whole table.
static uint32_t TourHitsLocks(const App& app) {
    const TeachDraft& d = app.teach.draft;
    const uint32_t locks = d.teach.link_locks ? 0 : lock_closure(d.teach.locks);
    if (!(d.panels & kPanelTour) || !locks) return 0;
    static struct { uint64_t revision = 0; uint32_t locks = 0, hit = 0; } kept;
    if (kept.revision == app.commits.state && kept.locks == locks) return kept.hit;
    uint32_t hit = 0;
    auto check = [&](const char* link) {
        for (const std::string& pair : link_pairs(link)) {
            std::string key, value, now;
            if (link_pair(pair, key, value) && (lock_of_key(key) & locks) && link_value(app.state, key, now) && value != now)
                hit |= lock_of_key(key);
        }
    };
    for (TourDepth depth : {TourDepth::Basics, TourDepth::Solid, TourDepth::Deeper})
        for (const TourStep& step : tour_steps(depth)) check(step.link);
    for (const FollowUpQuestion& q : follow_up_questions()) check(q.link);
    for (const WrongClaim& c : wrong_claims()) check(c.link);
    kept = {app.commits.state, locks, hit};
    return hit;
}

// "" or the warning under the draft's locks: the ticked ones the tour would run into (lock=table for a
// step that changes V: the boxes the teacher can untick, not the size lock that table brings along).
static std::string TourLocksWarning(const App& app) {
    const uint32_t hit = TourHitsLocks(app), ticked = app.teach.draft.teach.locks;
    std::string names;
    for (int i = 0; i < kLockCount; i++)
        if ((ticked & (1u << i)) && (lock_closure(1u << i) & hit)) names += (names.empty() ? "" : ",") + std::string(kLockNames[i]);
    return names.empty() ? "" : format(TR(teach_tour_hits_locks), names.c_str());
}

bool MakeTeachOutput(App& app, bool embed) {
    const AppState teacher = TeacherState(app);
    const std::string link = embed ? EmbeddedLink(teacher) : encode_link(teacher);
    app.link_not_copied = !link_fits(link);
    if (app.link_not_copied) return app.teach.output.clear(), false;
    app.teach.output = embed ? EmbedCode(teacher, app.teach.draft.width, app.teach.draft.height)
                             : browser_page_url() + "#" + link;
    return true;
}

// The draft's settings by their link keys, and the frame's width and height.
static const char* const kDraftKeys[] = {"panels", "lock", "hide", "quiz", "theme", "lang", "height", "maxheight"};

std::string SetTeachDraft(App& app, std::string_view key, std::string_view text) {
    TeachDraft& d = app.teach.draft;
    if (key == "width" || key == "frameheight") {  // the iframe's size, CSS pixels
        const bool width = key == "width";
        int64_t v = 0;
        const std::string why = width ? check_whole(text, kMinFrameWidth, kMaxFrameWidth, v)
                                      : check_whole(text, kMinFrameHeight, kMaxFrameHeight, v);
        if (!why.empty()) return std::string(key) + ": " + why;
        (width ? d.width : d.height) = int(v);
        return "";
    }
    if (std::find(std::begin(kDraftKeys), std::end(kDraftKeys), key) == std::end(kDraftKeys))
        return TR(msg_no_such_setting);
    AppState t = TeacherState(app);
    if (Status st = set_link_field(t, key, text); !st.ok()) return std::string(key) + ": " + st.error;
    d.panels = t.panels, d.teach = t.teach, d.theme = t.theme_follows_system ? 0 : int(t.theme) + 1, d.lang = 0;
    for (int i = 0; i < kLanguageCount; i++)
        if (t.lang == kLanguages[i].code) d.lang = i + 1;
    return "";
}

std::string TeachDraftJson(const App& app) {
    const AppState t = TeacherState(app);
    const TeachDraft& d = app.teach.draft;
    std::string j = "{\"draft\":{";
    for (const char* key : kDraftKeys) {
        std::string value;
        link_value(t, key, value);
        j += json_string(key) + ":" + json_string(value) + ",";
    }
    j += "\"width\":\"" + std::to_string(d.width) + "\",\"frameheight\":\"" + std::to_string(d.height) + "\"},\"names\":[";
    auto names = [&](const char* const* list, int count) {
        j += "[";
        for (int i = 0; i < count && list[i]; i++) j += json_string(list[i]) + ",";
        j.back() = ']';
        j += ",";
    };
    names(kPanelNames, kPanelCount), names(kLockNames, kLockCount), names(kHideNames, kHideCount), names(kQuizNames, 99);
    j += "[[\"auto\"," + json_string(TR(teach_theme_system)) + "],[\"light\"," + json_string(TR(page_theme_light)) +
         "],[\"dark\"," + json_string(TR(page_theme_dark)) + "],[\"contrast\"," + json_string(TR(page_theme_contrast)) +
         "],[\"contrastlight\"," + json_string(TR(page_theme_contrast_light)) + "]],[[\"auto\"," + json_string(TR(teach_lang_browser)) + "]";
    for (int i = 0; i < kLanguageCount; i++)
        j += ",[" + json_string(kLanguages[i].code) + "," + json_string(kLanguages[i].name) + "]";
    j += "]],\"words\":[";
    for (const char* w : {TR(teach_share_teach), TR(teach_panel_intro), TR(teach_panels_shown), TR(teach_locked),
                          TR(teach_hidden), TR(teach_questions), TR(teach_seed), TR(teach_theme), TR(teach_language),
                          TR(teach_auto_height), TR(teach_width), TR(teach_height), TR(teach_cap), TR(teach_locked_help),
                          TR(teach_hidden_help), TR(teach_copy_link), TR(teach_copy_embed)})
        j += json_string(w) + ",";
    j.back() = ']';
    return j + ",\"output\":" + json_string(app.teach.output) + ",\"notCopied\":" +
           json_string(app.link_not_copied ? NotCopiedMessage() : "") + ",\"tourLocks\":" + json_string(TourLocksWarning(app)) + "}";
}

// A combo's width: `css` wide, or wider where the chosen text needs it (a longer language).
static float ComboWidth(float css, const char* text) {
    const ImGuiStyle& st = ImGui::GetStyle();
    return std::max(Px(css), ImGui::CalcTextSize(text).x + 2 * st.FramePadding.x + ImGui::GetFrameHeight());
}

// The learners' language: their browser's (no lang= key), or one the link sets.
static void ShowTeachLanguage(TeachDraft& d) {
    const char* current = d.lang > 0 && d.lang <= kLanguageCount ? kLanguages[d.lang - 1].name : TR(teach_lang_browser);
    ImGui::SetNextItemWidth(ComboWidth(150, current));
    if (ImGui::BeginCombo(format("%s###teach-lang", TR(teach_language)).c_str(), current)) {
        if (ImGui::Selectable(TR(teach_lang_browser), d.lang == 0)) d.lang = 0;
        for (int i = 0; i < kLanguageCount; i++)
            if (ImGui::Selectable(kLanguages[i].name, d.lang == i + 1)) d.lang = i + 1;
        ImGui::EndCombo();
    }
    RecordItemRect("teach-lang");
    ItemTooltip("%s", TR(teach_language_tooltip));
}

void ShowTeachPanel(App& app) {
    if (!app.teach.panel_open) return;
    TeachDraft& d = app.teach.draft;
    // On the page's own background, bordered: a box filled with FrameBg, as the tour's is, hid every
    // checkbox, field and drop-down in it (unticked boxes and empty fields did not show).
    ImGui::BeginChild("##teach", ImVec2(0, 0), ImGuiChildFlags_AutoResizeY | ImGuiChildFlags_Border);
    TextWrapped("%s", TR(teach_panel_intro));
    ImGui::TextDisabled("%s", TR(teach_panels_shown));
    CheckboxBits(kPanelNames, kPanelCount, d.panels, "teach-panel:");
    ImGui::TextDisabled("%s", TR(teach_locked));
    ImGui::SameLine();
    HelpMarker(TR(teach_locked_help));
    CheckboxBits(kLockNames, kLockCount, d.teach.locks, "teach-lock:");
    if (const std::string warning = TourLocksWarning(app); !warning.empty()) {
        ErrorText(warning);
        RecordItemRect("teach-tour-locks");
    }
    ImGui::TextDisabled("%s", TR(teach_hidden));
    ImGui::SameLine();
    HelpMarker(TR(teach_hidden_help));
    CheckboxBits(kHideNames, kHideCount, d.teach.hidden, "teach-hide:");
    int quiz = int(d.teach.quiz);
    ImGui::SetNextItemWidth(Px(110));
    if (ImGui::Combo(format("%s###questions", TR(teach_questions)).c_str(), &quiz, kQuizNames, int(QuizSet::All) + 1)) d.teach.quiz = QuizSet(quiz);
    RecordItemRect("teach-quiz");
    SameLineIfFits(150);
    std::string refused;
    int seed = int(d.teach.quiz_seed);
    ImGui::SetNextItemWidth(Px(70));
    if (InputWhole(format("%s###quiz-seed", TR(teach_seed)).c_str(), &seed, 0, INT32_MAX, refused)) d.teach.quiz_seed = uint32_t(seed);
    RegisterTextField(TextFieldKind::Decimal);
    HelpMarker(TR(teach_quiz_help));
    const char* const theme_labels[] = {TR(teach_theme_system), TR(page_theme_light), TR(page_theme_dark),
                                        TR(page_theme_contrast), TR(page_theme_contrast_light)};
    ImGui::SetNextItemWidth(ComboWidth(120, theme_labels[std::clamp(d.theme, 0, 4)]));
    ImGui::Combo(format("%s###teach-theme", TR(teach_theme)).c_str(), &d.theme, theme_labels, 5);
    SameLineIfFits(200);
    ShowTeachLanguage(d);
    SameLineIfFits(200);
    ImGui::Checkbox(format("%s###teach-auto", TR(teach_auto_height)).c_str(), &d.teach.auto_height);
    RecordItemRect("teach-auto");
    HelpMarker(TR(teach_auto_height_help));
    ImGui::SetNextItemWidth(Px(70));
    InputWhole(format("%s###teach-width", TR(teach_width)).c_str(), &d.width, kMinFrameWidth, kMaxFrameWidth, refused);
    RegisterTextField(TextFieldKind::Decimal);
    SameLineIfFits(110);
    ImGui::SetNextItemWidth(Px(70));
    InputWhole(format("%s###teach-height", TR(teach_height)).c_str(), &d.height, kMinFrameHeight, kMaxFrameHeight, refused);
    RegisterTextField(TextFieldKind::Decimal);
    if (d.teach.auto_height) {
        SameLineIfFits(140);
        ImGui::SetNextItemWidth(Px(70));
        InputWhole(format("%s###teach-cap", TR(teach_cap)).c_str(), &d.teach.max_height, kMinFrameHeight, kMaxFrameHeight, refused);
        RegisterTextField(TextFieldKind::Decimal);
    }
    ErrorText(refused);
    // A link too long to open is not copied (the share box above says why), as there.
    for (bool embed : {false, true}) {
        if (embed) SameLineIfFits(ButtonWidth(TR(teach_copy_embed)));  // German's labels wrap on a phone
        if (ImGui::Button(embed ? TR(teach_copy_embed) : TR(teach_copy_link)) && MakeTeachOutput(app, embed))
            ImGui::SetClipboardText(app.teach.output.c_str());
        RecordItemRect(embed ? "teach-copy-embed" : "teach-copy-link");
    }
    SameLineIfFits(ButtonWidth(TR(teach_close)));  // (on a phone it ran past the panel's edge)
    if (SmallButton(format("%s###teach-close", TR(teach_close)).c_str())) app.teach.panel_open = false;
    RecordItemRect("teach-close");
    if (!app.teach.output.empty()) {
        ImGui::InputTextMultiline("##teach-output", app.teach.output.data(), app.teach.output.size() + 1,
                                  ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * 4), ImGuiInputTextFlags_ReadOnly);
        RecordItemRect("teach-output");
    }
    ImGui::EndChild();
}

}  // namespace el
