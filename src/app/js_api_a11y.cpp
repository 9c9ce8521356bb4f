// The JS API's accessibility hooks: setters the HTML text view (web/text_view.js) edits the
// lesson through, each one commit as the canvas's own edit would be; what it shows beyond the
// snapshot (every setting's value and lock, the tour step, the self-check and question cards);
// and the current theme's colours for the contrast test (tests/browser/accessibility.test.mjs).
#include <emscripten.h>

#include <cmath>
#include <cstring>
#include <initializer_list>
#include <string_view>
#include <string>
#include <utility>

#include "core/limits.h"
#include "i18n/i18n.h"
#include "imgui.h"
#include "panels.h"
#include "state/json_writer.h"
#include "state/link.h"
#include "state/parse.h"
#include "state/teach.h"
#include "state/tour.h"
#include "themes.h"
#include "main.h"
#include "widgets.h"

namespace el {

static std::string ColorJson(ImVec4 c) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "[%d,%d,%d]", int(std::lround(c.x * 255)), int(std::lround(c.y * 255)),
                  int(std::lround(c.z * 255)));
    return buf;
}
static std::string ColorJson(ImU32 c) { return ColorJson(ImGui::ColorConvertU32ToFloat4(c)); }

static std::string g_colors_json;
static std::string g_answer;

static const char* Answer(const std::string& error, const std::string& notice = "") {
    g_answer = "{\"ok\":" + std::string(error.empty() ? "true" : "false") + ",\"error\":" + json_string(error) +
               (notice.empty() ? "" : ",\"notice\":" + json_string(notice)) + "}";
    WakeUp();
    return g_answer.c_str();
}

}  // namespace el

using namespace el;

// {windowBg, frameBg, buttonBg, text, textDisabled, error, good, focus (the keyboard's focus ring),
// cells: [[background, text], ...]}:
// every background opaque (blended onto the window), as the canvas shows it.
extern "C" EMSCRIPTEN_KEEPALIVE const char* el_theme_colors_json() {
    const ImVec4* c = ImGui::GetStyle().Colors;
    const ImVec4 window = c[ImGuiCol_WindowBg];
    std::string& j = g_colors_json;
    j = "{\"windowBg\":" + ColorJson(window) + ",\"frameBg\":" + ColorJson(OverBackground(c[ImGuiCol_FrameBg], window)) +
        ",\"buttonBg\":" + ColorJson(OverBackground(c[ImGuiCol_Button], window)) + ",\"text\":" + ColorJson(c[ImGuiCol_Text]) +
        ",\"textDisabled\":" + ColorJson(c[ImGuiCol_TextDisabled]) + ",\"error\":" + ColorJson(ErrorColor()) +
        ",\"good\":" + ColorJson(GoodColor()) + ",\"link\":" + ColorJson(LinkColor()) + ",\"focus\":" + ColorJson(c[ImGuiCol_NavHighlight]) +
        ",\"bar\":" + ColorJson(c[ImGuiCol_PlotHistogram]) + ",\"cells\":[";
    // The heatmap from -1 to +1 and a non-finite cell, each with the text colour the cell uses.
    for (int i = 0; i <= 21; i++) {
        const float t = i == 21 ? NAN : -1.0f + float(i) / 10.0f;
        const ImU32 bg = HeatColor(t, 1.0f);
        j += (i ? "," : "") + std::string("[") + ColorJson(bg) + "," + ColorJson(ReadableTextOn(bg)) + "]";
    }
    j += "]}";
    return j.c_str();
}

extern "C" {

// W[r][c] (upstream 0) or G[b][c] (upstream 1) = text as typed in the canvas's cell editor:
// {ok, error}; a refused value leaves the cell and shows the same message under the canvas's grid.
EMSCRIPTEN_KEEPALIVE const char* el_set_cell(int upstream, int r, int c, const char* text) {
    AppState& s = g_app.state;
    std::vector<float>& grid = upstream ? s.upstream : s.W;
    const int rows = upstream ? s.B() : s.V;
    const char* name = upstream ? "G" : "W";
    CellEditor& ed = upstream ? g_app.upstream_editor : g_app.table_editor;
    if (Status locked = check_unlocked(s, upstream ? kLockUpstream : kLockTable); !locked.ok()) return Answer(ed.Refuse(locked.error));
    if (r < 0 || r >= rows || c < 0 || c >= s.d)
        return Answer(format(TR(msg_no_such_cell), name, r, c, name, rows, s.d));
    float v = 0.0f;
    const size_t i = size_t(r) * size_t(s.d) + size_t(c);
    const Status st = parse_float_shown(text ? text : "", v);  // 0,5 as typed in German too
    if (!st.ok()) {
        // The message is about this cell (it names it): the canvas's editor, open on another one, lets it go.
        if (ed.row != r || ed.col != c) ed.row = ed.col = -1;
        return Answer(RefuseCellText(g_app, upstream, r, c, text ? text : ""));
    }
    grid[i] = v;
    ed.error.clear();
    if (ed.row == r && ed.col == c) ed.row = ed.col = -1;
    Commit(g_app, upstream ? "upstream cell" : "table cell");
    return Answer("");
}

// One setting by its share-link key ("pad", "maxnorm", "lr", "zipf", ...) from its text, parsed and
// checked by the link's own field table (the same message a link gets); init=NAME is the fill
// button (the table is regenerated). The keys with their own setters, and the teacher's, are refused.
// {ok, error}, and {notice} when the value was taken with a word (an empty entry in offsets left out).
// typed: read as typed into the page's field for it (type_link_field: "0,5", "50.000" in German).
EMSCRIPTEN_KEEPALIVE const char* el_set_field(const char* key_text, const char* text, int typed) {
    const std::string key = key_text ? key_text : "";
    static const char* const own[] = {"v", "V", "d", "ids", "cells", "g", "lock", "hide", "linklocks", "quiz", "tour", "step"};
    for (const char* k : own)
        if (key == k) return Answer(format(TR(msg_own_control), key.c_str()));
    AppState& s = g_app.state;
    if (Status locked = check_unlocked(s, lock_of_key(key)); !locked.ok()) return Answer(g_app.teach.lock_message = locked.error);
    if (const std::string held = RunHoldsKey(g_app, key); !held.empty()) return Answer(held);
    // The edit is made on a copy, all but W's cells (no key set here reads or writes them; init
    // regenerates them): a table of 2^24 numbers is not copied for a setting.
    std::vector<float> W = std::exchange(s.W, {});
    AppState next = s;
    next.W = std::move(W);
    std::vector<std::string> notices;  // offsets "0,,2": taken as 0, 2, with a word, as setIds gives one
    if (Status st = (typed ? type_link_field : set_link_field)(next, key, text ? text : "", &notices); !st.ok()) {
        s.W = std::move(next.W);
        return Answer(key + ": " + st.error);
    }
    if (key == "init") regenerate_table(next);
    s = std::move(next);
    Commit(g_app, key.c_str());
    if (key == "section") g_app.scroll_to_section = s.section != 0;  // opened and brought into view, as by a link
    // A lookup option turned on opens their section, as a link's does (apply_link).
    const EmbeddingOptions& o = s.lookup;
    if ((key == "pad" && o.padding_idx) || (key == "maxnorm" && o.max_norm) || (key == "freqscale" && o.scale_grad_by_freq) ||
        (key == "sparse" && o.sparse))
        g_app.open_lookup_options = true;
    std::string notice;
    for (const std::string& n : notices) notice += (notice.empty() ? "" : "; ") + n;
    return Answer("", notice);
}

// G's fill buttons by name (canonical, ones, random, mse): {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* el_fill_upstream(const char* name) {
    if (Status locked = check_unlocked(g_app.state, kLockUpstream); !locked.ok()) return Answer(g_app.upstream_editor.Refuse(locked.error));
    return Answer(FillUpstream(g_app, name ? name : ""));
}

// The text view's content height after it was drawn (CSS pixels): an embed's frame holds it while it is
// shown (ReportContentHeight); a new one is posted by the next frame.
EMSCRIPTEN_KEEPALIVE void el_text_view_height(int css_px) {
    if (css_px != g_app.teach.text_view_height) g_app.teach.text_view_height = css_px, WakeUp();
}

// What the text view shows beyond the snapshot: {fields: {key: [value, why it cannot change now (a teacher's lock, a run holding it) or ""]},
// tour: {depth, step, steps, title, text, resume: [depth 0..3, step], finished: the sentence, or ""}, claims: [[claim, answer, explanation]],
// followUps: [[question, answer]] (the hashing question last), cards: [{kind (none: it cannot be asked here), prompt, error, result (-1 none, 0 wrong, 1 right),
// answer (once revealed)}], experiments: ExperimentsJson (null without its panel), deeper: DeeperTextJson
// (null without the budget panel or before the tier loads), teach: TeachDraftJson (null in a course page),
// random: RandomBatchJson, stepN: the training lab's n for "Step x n", share: the share box's five button labels, shareNote: what a link leaves out of the training lab (ShareOptimizerNote), linkProblems: the link banner's heading, or "" when the link
// had no error}.
EMSCRIPTEN_KEEPALIVE const char* el_text_view_json() {
    const AppState& s = g_app.state;
    std::string& j = g_answer;
    // Written piece by piece through two helpers (one call each, not a chain of temporaries):
    // the page weight budget counts every byte of this code.
    auto put = [&](std::initializer_list<std::string_view> parts) {
        for (std::string_view p : parts) j += p;
    };
    auto str = [&](std::string_view text, const char* after) { put({json_string(text), after}); };
    j = "{\"fields\":{";
    for (const LinkFieldInfo& f : link_fields()) {
        std::string value;  // the grids (cells, g): only their locks, not their edited cells
        const bool grid = !std::strcmp(f.key, "cells") || !std::strcmp(f.key, "g");
        if (!grid && !typed_link_value(s, f.key, value)) continue;
        put({"\"", f.key, "\":["});
        str(value, ",");
        const std::string locked = check_unlocked(s, lock_of_key(f.key)).error;
        str(locked.empty() ? RunHoldsKey(g_app, f.key) : locked, "],");
    }
    j.back() = '}';
    const std::vector<TourStep>& steps = tour_steps(s.tour);
    const bool touring = !steps.empty() && s.tour_step < int(steps.size());
    put({",\"tour\":{\"depth\":\"", tour_depth_name(s.tour), "\",\"step\":", std::to_string(s.tour_step), ",\"steps\":",
         std::to_string(steps.size()), ",\"title\":"});
    str(touring ? steps[size_t(s.tour_step)].title : "", ",\"text\":");
    str(touring ? steps[size_t(s.tour_step)].text : "", ",\"resume\":[");
    put({std::to_string(int(g_app.tour.resume_depth)), ",", std::to_string(g_app.tour.resume_step), "],\"finished\":"});
    const TourDepth finished = g_app.tour.finished;
    str(finished == TourDepth::None ? "" : format(TR(tour_finished), tour_depth_label(finished)), "},\"claims\":[");
    const auto& claims = wrong_claims();
    for (size_t i = 0; i < claims.size(); i++) {
        put({i ? ",[" : "["});
        str(claims[i].claim, ",");
        put({std::to_string(g_app.tour.claim_answer[i]), ","});
        str(claims[i].explanation, "]");
    }
    put({"],\"followUps\":["});
    const auto& questions = follow_up_questions();
    for (const FollowUpQuestion& q : questions) {
        put({"["});
        str(q.question, ",");
        str(q.answer, "],");
    }
    RefreshHashingQuestion(g_app);  // the canvas's "Hashing collisions", last (or why it cannot be asked)
    const BudgetLab& lab = g_app.budget_lab;
    const bool asked = lab.question_error.empty();
    put({"["});
    str(asked ? lab.question.question : TR(tour_hashing_header), ",");
    str(asked ? lab.question.answer : lab.question_error, "]");
    put({"],\"cards\":["});
    if (s.teach.quiz != QuizSet::None) {
        RefreshQuestionCards(g_app);
        const TeachView& t = g_app.teach;
        static const char* const kinds[] = {"rows", "numbers", "rows", "claim"};
        for (size_t i = 0; i < t.questions.size(); i++) {
            const Question& q = t.questions[i];
            const CardProgress& p = t.cards[i];
            put({i ? ",{\"kind\":\"" : "{\"kind\":\"", q.error.empty() ? kinds[int(q.kind)] : "none", "\",\"prompt\":"});
            str(q.prompt, ",\"error\":");
            str(q.error.empty() ? p.message : format(TR(teach_card_cannot), q.error.c_str()), ",\"result\":");
            put({std::to_string(p.result), ",\"answer\":"});
            str(p.revealed ? question_answer(q) : "", "}");
        }
    }
    // The link banner's first line; its errors and notices are in the snapshot's linkErrors.
    put({"],\"experiments\":", s.panels & kPanelExperiments ? ExperimentsJson(g_app) : "null", ",\"deeper\":",
         s.panels & kPanelBudget ? DeeperTextJson(g_app) : "null", ",\"teach\":",
         s.embed ? "null" : TeachDraftJson(g_app), ",\"random\":", RandomBatchJson(), ",\"stepN\":", std::to_string(g_app.training.step_n), ",\"share\":["});
    for (int what = 0; what < kShareCount; what++) str(ShareLabel(what), what + 1 < kShareCount ? "," : "],\"shareNote\":");
    str(ShareOptimizerNote(g_app), ",\"linkProblems\":");
    str(LinkBannerHeading(g_app.link_messages), "}");
    return j.c_str();
}

// The tour's buttons: go to (depth, step) (depth 1..3: basics, solid, deeper), or leave (depth 0;
// step 1: finished, as the last step's Next).
EMSCRIPTEN_KEEPALIVE void el_tour(int depth, int step) {
    if (depth <= 0 || depth > int(TourDepth::Deeper)) {
        if (g_app.state.tour != TourDepth::None) LeaveTour(g_app, step == 1);
    } else {
        GoToTourStep(g_app, TourDepth(depth), step);
    }
    WakeUp();
}

// The self-check's True (1) / False (0) for claim i, or a question card's answer (card >= 0): {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* el_answer(int claim, int card, const char* text) {
    if (card >= 0) return Answer(AnswerCard(g_app, card, text ? text : ""));
    if (claim < 0 || claim >= int(wrong_claims().size())) return Answer(format(TR(msg_no_such_claim), claim));
    ReportClaimAnswer(g_app, claim, text && !std::strcmp(text, "true"));
    return Answer("");
}

// A question card's "Show answer" (shown once the card has been answered, as on the canvas).
EMSCRIPTEN_KEEPALIVE void el_show_answer(int card) {
    ShowCardAnswer(g_app, card);
    WakeUp();
}

// The experiments panels' buttons: 0 Run (the two fits and the bias), 1 "Put inf in W[0][c]",
// 2 "Restore W", 3 the deeper tier's Run (the fits on the rows, the rank check): {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* el_experiment(int action) {
    if (!action) StartExperiments();
    if (action == 3) StartDeeperExperiments(g_app);
    const Status st = action == 1 || action == 2 ? ExperimentInfinity(g_app, action == 1) : Status::Ok();
    WakeUp();
    return Answer(st.error);
}

// "Teach with this": one setting of the teacher's draft (SetTeachDraft's keys), or with key "copy"
// the teacher link (text "link") or embed code ("embed") made into el_text_view_json's teach.output:
// {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* el_teach(const char* key, const char* text) {
    const std::string k = key ? key : "", t = text ? text : "";
    std::string error;
    if (k == "copy") MakeTeachOutput(g_app, t == "embed");  // a link too long: teach.notCopied says so
    else error = SetTeachDraft(g_app, k, t);
    WakeUp();
    return Answer(error);
}

// The share box's copy buttons (ShareCopy: 0 link, 1 embed code, 2 auto-height embed, 3 NumPy,
// 4 PyTorch): the text into shareText(), {ok, error} (error: the link would be over the limit).
EMSCRIPTEN_KEEPALIVE const char* el_share_copy(int what) {
    const bool made = what >= 0 && what < kShareCount && MakeShareText(g_app, what);
    WakeUp();
    return Answer(made ? "" : NotCopiedMessage());
}

// The training lab's "Step x n", n as typed: {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* el_step_times(const char* n) {
    const std::string error = StepTimes(g_app, n ? n : "");
    WakeUp();
    return Answer(error);
}

// The ids panel's random batch: B, Zipf s and seed as typed, then Draw: {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* el_draw_batch(const char* B, const char* s, const char* seed) {
    const std::string error = DrawRandomBatch(g_app, B ? B : "", s ? s : "", seed ? seed : "");
    WakeUp();
    return Answer(error);
}

// The batch as typed in the canvas's ids field: {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* el_set_ids(const char* text) {
    if (Status locked = check_unlocked(g_app.state, kLockIds); !locked.ok()) return Answer(g_app.text.ids.error = locked.error);
    EditIds(g_app, text ? text : "");
    return Answer(g_app.text.ids.error, g_app.text.ids.notice);
}

// V and d as the canvas's Resize button applies them: {ok, error}.
// V and d as typed, each read as the canvas's fields read theirs (a whole number in its range: "4.5"
// is refused, not cut to 4), then the Resize button's edit (which checks V x d). Both refused: both
// said ("V: ...; d: ...", as the random batch's Draw says its fields'; the text view marks each one named).
EMSCRIPTEN_KEEPALIVE const char* el_set_size(const char* V_text, const char* d_text, int check_only) {
    std::string& error = g_app.text.size.error;
    if (Status locked = check_unlocked(g_app.state, kLockSize); !locked.ok()) return Answer(error = locked.error);
    int64_t V = 0, d = 0;
    const std::string V_why = check_whole(V_text, 1, kMaxV, V), d_why = check_whole(d_text, 1, kMaxD, d);
    std::string why = V_why.empty() ? "" : "V: " + V_why;
    if (!d_why.empty()) why += (why.empty() ? "d: " : "; d: ") + d_why;
    if (!why.empty() || check_only) return Answer(error = why);
    EditSize(g_app, int(V), int(d));
    return Answer(error);
}

// 0: the canvas, 1: the HTML text view (the view= key of a link).
EMSCRIPTEN_KEEPALIVE void el_set_view(int text) {
    const View view = text ? View::Text : View::Canvas;
    if (g_app.state.view == view) return;
    g_app.state.view = view;
    Commit(g_app, "view");
    WakeUp();
}

}  // extern "C"

// {lang, decimal, words: {name: text}}: the texts web/text_view.js shows (MSG_JS in
// src/i18n/messages.def), in the page's language.
extern "C" EMSCRIPTEN_KEEPALIVE const char* el_words_json() {
    static std::string j;
    const Language& l = active_language();
    j = "{\"lang\":" + json_string(l.code) + ",\"decimal\":" + json_string(std::string(1, l.decimal)) + ",\"words\":{";
    for_each_js_word([](const char* name, Msg id, void* out) {
        std::string& s = *static_cast<std::string*>(out);
        s += (s.back() == '{' ? "" : ",") + json_string(name) + ":" + json_string(tr(id));
    }, &j);
    j += "}}";
    return j.c_str();
}
