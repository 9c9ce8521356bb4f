// Experiments that settle the lesson's follow-up questions with the core's own
// autograd: raw integer id vs embedding, a bias absorbed, a non-finite table.
//
// [SECTION] Raw integer vs embedding
// [SECTION] Bias absorbed
// [SECTION] Non-finite table
// [SECTION] Experiments panel

#include <emscripten.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <utility>
#include <cstdio>
#include <initializer_list>
#include <string>

#include "core/experiments.h"
#include "i18n/i18n.h"
#include "main.h"
#include "panels.h"
#include "platform_web.h"
#include "state/json_writer.h"
#include "state/parse.h"
#include "state/teach.h"
#include "widgets.h"

namespace el {

// The experiments panel's results, computed on demand.
struct ExperimentsView {
    std::vector<float> targets;     // (V,) nominal per-id targets
    RawVsEmbeddingRun training;     // the two fits, trained a slice per frame
    bool training_started = false;
    RawVsEmbeddingResult raw;       // both fits
    std::string raw_error;
    bool ran = false;               // the fits are done (or failed)
    BiasAbsorbedResult bias;        // computed when its section is first open
    std::string bias_error;
    bool bias_ran = false;
};
static ExperimentsView g_experiments;  // the panel's own: nothing else reads it

//-----------------------------------------------------------------------------
// [SECTION] Raw integer vs embedding
//-----------------------------------------------------------------------------

// Ids 0..7 with targets that have nothing to do with the id's number (like the
// categories of a nominal feature).
static const std::vector<float> kNominalTargets = {0.9f, -0.6f, 0.4f, 1.0f, -0.9f, 0.1f, -0.3f, 0.7f};

// The trainings advance at most this long per drawn frame: the page stays smooth while they run
// (500 Adam steps of two small models through the autograd, some 40 ms in all).
static constexpr double kTrainingMsPerFrame = 4.0;
static constexpr int kStepsPerCheck = 10;  // steps between looks at the clock

// One frame's slice of the trainings; the fits once they are done.
static void RunExperiments(ExperimentsView& ex) {
    if (!ex.training_started) {
        ex.targets = kNominalTargets;
        RawVsEmbeddingConfig config;
        config.targets = ex.targets;
        ex.training_started = true;
        if (Status st = ex.training.start(config); !st.ok()) {
            ex.raw_error = st.error, ex.ran = true;
            return;
        }
    }
    const double t0 = emscripten_get_now();
    while (!ex.training.done() && emscripten_get_now() - t0 < kTrainingMsPerFrame)
        if (Status st = ex.training.step(kStepsPerCheck); !st.ok()) {
            ex.raw_error = st.error, ex.ran = true;
            return;
        }
    if (!ex.training.done()) return;
    ex.raw_error = ex.training.finish(ex.raw).error;
    ex.ran = true;
}

bool ExperimentsTraining() { return g_experiments.training_started && !g_experiments.ran; }

// Targets as dots, the raw model's line w*id + b, the embedding's fit per id.
static void PlotFits(const ExperimentsView& ex) {
    const int V = int(ex.targets.size());
    const float width = std::min(ImGui::GetContentRegionAvail().x, Px(420)), height = Px(150);
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(width, height));  // a picture, no Tab stop: the legend below says its numbers
    RecordItemRect("plot:rawid");
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p0, ImVec2(p0.x + width, p0.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg));
    auto x_of = [&](float id) { return p0.x + Px(20) + (width - Px(40)) * id / float(V - 1); };
    auto y_of = [&](float v) { return p0.y + height * 0.5f - v * (height * 0.4f); };
    dl->AddLine(ImVec2(p0.x, y_of(0)), ImVec2(p0.x + width, y_of(0)), DimColor());
    const ImU32 raw_color = IM_COL32(220, 120, 30, 255), emb_color = IM_COL32(40, 110, 220, 255);
    dl->AddLine(ImVec2(x_of(0), y_of(ex.raw.raw_b)), ImVec2(x_of(float(V - 1)), y_of(ex.raw.raw_w * (V - 1) + ex.raw.raw_b)),
                raw_color, Px(2));
    for (int i = 0; i < V; i++) {
        dl->AddCircle(ImVec2(x_of(float(i)), y_of(ex.targets[size_t(i)])), Px(6), ImGui::GetColorU32(ImGuiCol_Text), 0,
                      Px(1.5f));
        dl->AddCircleFilled(ImVec2(x_of(float(i)), y_of(ex.raw.embedding_fit[size_t(i)])), Px(3.5f), emb_color);
        char label[8];
        std::snprintf(label, sizeof label, "%d", i);
        dl->AddText(ImVec2(x_of(float(i)) - Px(4), p0.y + height - ImGui::GetFontSize() - Px(2)), DimColor(), label);
    }
    LegendText(raw_color, TR(labs_exp_raw_legend), double(ex.raw.raw_loss));
    const std::string emb_legend = format(TR(labs_exp_emb_legend), double(ex.raw.embedding_loss));
    SameLineIfFits(LegendWidth(emb_legend.c_str()));  // on its own line on a phone
    LegendText(emb_color, "%s", emb_legend.c_str());
    ImGui::TextDisabled("%s", TR(labs_exp_rings));
}

// The two trainings start the first time the plot is on screen, but not before the first frame
// drawn (main.cpp: main() builds and draws it, the first animation frame shows it) has gone to
// the screen: a slow frame there would hold it back (or when the text view's Run asks). Then a
// slice per frame (ShowExperimentsPanel, the section open or not). Until the results arrive the
// plot and its two legend lines keep their room, so nothing moves when they do.
static void ShowRawVsEmbedding(ExperimentsView& ex) {
    TextWrapped("%s", TR(labs_exp_raw_intro));
    if (!ex.ran) {
        const ImVec2 p0 = ImGui::GetCursorScreenPos();
        const float width = std::min(ImGui::GetContentRegionAvail().x, Px(420)), height = Px(150);
        const bool visible = ImGui::IsRectVisible(p0, ImVec2(p0.x + width, p0.y + height));
        if (g_frame_stats.first_frame_drawn() && visible && !ex.training_started) RunExperiments(ex);
        if (!ex.ran) {
            ImGui::Dummy(ImVec2(width, height));
            RecordItemRect("plot:rawid");
            ImGui::Dummy(ImVec2(1, ImGui::GetTextLineHeight()));
            ImGui::Dummy(ImVec2(1, ImGui::GetTextLineHeight()));
            return;
        }
    }
    if (!ex.raw_error.empty()) return ErrorText(ex.raw_error);
    PlotFits(ex);
}

//-----------------------------------------------------------------------------
// [SECTION] Bias absorbed
//-----------------------------------------------------------------------------

// A comparison and its verdict, on one line where it fits (on a phone the verdict ran off the screen's
// edge: "max difference 1.92 (c's real e"), else on the next.
static void Verdict(const char* comparison, ImU32 colour, const char* verdict_format, float difference) {
    ImGui::Text("%s", comparison);
    const std::string verdict = format(verdict_format, double(difference));
    SameLineIfFits(ImGui::CalcTextSize(verdict.c_str()).x / Px(1));
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour), "%s", verdict.c_str());
}

static void ShowBiasAbsorbed(const ExperimentsView& ex) {
    TextWrapped("%s", TR(labs_exp_bias_intro));
    if (!ex.bias_error.empty()) return ErrorText(ex.bias_error);
    ImGui::Text(TR(labs_exp_bias_shape), ex.bias.V, ex.bias.k);
    Verdict(TR(labs_exp_bias_shifted), GoodColor(), TR(labs_exp_bias_rounding), ex.bias.max_abs_difference);
    RecordItemRect("bias-difference");
    Verdict(TR(labs_exp_bias_unshifted), ErrorColor(), TR(labs_exp_bias_effect), ex.bias.unshifted_max_abs_difference);
    ImGui::TextDisabled("b' =");
    ImGui::SameLine();
    VectorText(ex.bias.shifted_bias.data(), int(ex.bias.shifted_bias.size()));
}

//-----------------------------------------------------------------------------
// [SECTION] Non-finite table
//-----------------------------------------------------------------------------

static int InfinityColumn(const AppState& s) { return std::min(2, s.d - 1); }

// "Put inf in W[0][c]" (put) or "Restore W", from the canvas or the text view; W is the table's,
// so a teacher's lock on it holds here too.
Status ExperimentInfinity(App& app, bool put) {
    AppState& s = app.state;
    if (Status locked = check_unlocked(s, kLockTable); !locked.ok()) return locked;
    float& cell = s.W[size_t(InfinityColumn(s))];
    if (put) {
        if (std::isfinite(cell)) app.inf_replaced = cell;
        cell = INFINITY;
    } else if (std::isfinite(cell)) {
        return Status::Ok();  // nothing to restore (a fill or an edit since took the inf away)
    } else if (std::isfinite(app.inf_replaced)) {
        cell = std::exchange(app.inf_replaced, NAN);
    } else {  // no value kept (the inf came with a link): the fill's for that cell
        cell = generated_cell(s.init, s.seed, s.d, 0, InfinityColumn(s));
    }
    Commit(app, put ? "inf in W" : "table restored");
    return Status::Ok();
}

// Whether the routes now agree, in the panel's words ("" with no batch).
static std::string RoutesNow(const LessonResult& r) {
    if (r.B == 0 || !r.one_hot_skipped.empty()) return "";
    return r.equal ? format(TR(labs_exp_now_agree), r.B * r.d)
                   : format(TR(labs_exp_now_differ), int(r.differing_outputs.size()), r.B * r.d);
}

static void ShowNonFinite(App& app) {
    TextWrapped("%s", TR(labs_exp_inf_intro));
    BeginLocked(app, kLockTable);
    if (ImGui::Button(format(TR(labs_exp_put_inf), InfinityColumn(app.state)).c_str())) ExperimentInfinity(app, true);
    RecordItemRect("put-inf");
    ImGui::SameLine();
    if (ImGui::Button(TR(labs_exp_restore))) ExperimentInfinity(app, false);
    RecordItemRect("restore-table");
    EndLocked(app, kLockTable);
    const LessonResult& r = app.derived.result;
    if (r.B > 0)
        TextWrappedColored(r.equal ? GoodColor() : ErrorColor(), "%s", RoutesNow(r).c_str());  // wrapped: a phone, German
}

//-----------------------------------------------------------------------------
// [SECTION] Experiments panel
//-----------------------------------------------------------------------------

static void RunBiasAbsorbed(ExperimentsView& ex) {  // one pass, no training
    if (!ex.bias_ran) ex.bias_error = bias_absorbed(5, 3, 2, 7, ex.bias).error, ex.bias_ran = true;
}

// One section's header: a link's section= (kSectionNames; `index` its place there) opens it, and scrolls
// the page until the header stays 12 px below its top (as ShowTourFocus does: the layout settles over a
// few frames), ten frames at most. Closed again, it leaves the link: the link says what is shown.
// Opened by the learner (a click, a key, a tap), it is the one the link names; the named one closed, another
// the learner keeps open is (closing the second of two left the first open and the link naming none).
static bool SectionHeader(App& app, int index, const char* title, const char* id, ImGuiTreeNodeFlags flags = 0) {
    static int frames = 0;
    static unsigned kept_open = 0;  // bit i: section i (not one open by default) open, as last drawn
    const bool named = app.state.section == index;
    SectionOpenOverride();
    if (named && app.scroll_to_section) ImGui::SetNextItemOpen(true);
    const bool shown = ImGui::CollapsingHeader(format("%s###%s", title, id).c_str(), flags);
    const bool open = HeaderToggleOnTap(shown);  // (which may undo ImGui's toggle, or make one of its own)
    RecordItemRect(id);
    const unsigned bit = flags & ImGuiTreeNodeFlags_DefaultOpen ? 0u : 1u << index;
    kept_open = open ? kept_open | bit : kept_open & ~bit;
    if (!named) {
        if (open && ImGui::IsItemToggledOpen() != (open != shown)) app.state.section = index, Commit(app, "section opened");
        return open;
    }
    RecordItemRect("section");
    if (!open) {
        app.state.section = kept_open ? std::countr_zero(kept_open) : 0, app.scroll_to_section = false;
        Commit(app, "section closed");
    } else if (app.scroll_to_section) {
        const float scroll = ImGui::GetScrollY();
        const float wanted = ImGui::GetItemRectMin().y - ImGui::GetWindowPos().y - Px(12) + scroll;
        if ((frames > 0 && std::fabs(wanted - scroll) < 1.0f) || ++frames > 10)
            app.scroll_to_section = false, frames = 0;
        else
            ImGui::SetScrollY(wanted), WakeUp();
    }
    return open;
}

void ShowExperimentsPanel(App& app) {
    ImGui::SeparatorText(TR(labs_exp_title));
    ExperimentsView& ex = g_experiments;
    if (ExperimentsTraining()) RunExperiments(ex);  // a slice a frame, once started
    if (SectionHeader(app, 1, TR(labs_exp_raw_title), "exp_raw", ImGuiTreeNodeFlags_DefaultOpen)) ShowRawVsEmbedding(ex);
    if (SectionHeader(app, 2, TR(labs_exp_bias_title), "exp_bias")) {
        RunBiasAbsorbed(ex);
        ShowBiasAbsorbed(ex);
    }
    if (SectionHeader(app, 3, TR(labs_exp_inf_title), "exp_inf")) ShowNonFinite(app);
}

//-----------------------------------------------------------------------------
// [SECTION] Text view
//-----------------------------------------------------------------------------

// The text view's Run (web/text_view.js): the two fits and the bias, as showing their sections does.
void StartExperiments() {
    ExperimentsView& ex = g_experiments;
    if (!ex.training_started) RunExperiments(ex);
    RunBiasAbsorbed(ex);
}

// The panel for the text view, in the page's language: each experiment's title and the sentences
// the canvas writes beside it; "state" 0 not run, 1 training, 2 done; the fits' plot as rows (id
// by id: the target, the embedding's fit, the line's value); the non-finite buttons' labels.
std::string ExperimentsJson(const App& app) {
    const ExperimentsView& ex = g_experiments;
    std::string j = "{\"title\":" + json_string(TR(labs_exp_title)) + ",\"parts\":[";
    auto part = [&](const char* title, std::initializer_list<std::string> lines, const char* after) {
        j += "{\"title\":" + json_string(title) + ",\"lines\":[";
        for (const std::string& line : lines)
            if (!line.empty()) j += json_string(line) + ",";
        j.back() = ']';
        j += after;
    };
    const RawVsEmbeddingResult& raw = ex.raw;
    const bool fitted = ex.ran && ex.raw_error.empty();
    part(TR(labs_exp_raw_title),
         {TR(labs_exp_raw_intro), ex.raw_error, fitted ? format(TR(labs_exp_raw_legend), double(raw.raw_loss)) : "",
          fitted ? format(TR(labs_exp_emb_legend), double(raw.embedding_loss)) : "", fitted ? TR(labs_exp_rings) : ""},
         ex.ran ? ",\"state\":2,\"rows\":[" : ex.training_started ? ",\"state\":1,\"rows\":[" : ",\"state\":0,\"rows\":[");
    for (size_t i = 0; fitted && i < ex.targets.size(); i++)
        j += "[" + json_number(ex.targets[i]) + "," + json_number(raw.embedding_fit[i]) + "," +
             json_number(double(raw.raw_w * float(i) + raw.raw_b)) + "],";
    if (j.back() == ',') j.pop_back();
    j += "]},";
    const BiasAbsorbedResult& b = ex.bias;
    const bool absorbed = ex.bias_ran && ex.bias_error.empty();
    part(TR(labs_exp_bias_title),
         {TR(labs_exp_bias_intro), ex.bias_error, absorbed ? format(TR(labs_exp_bias_shape), b.V, b.k) : "",
          absorbed ? TR(labs_exp_bias_shifted) + (" " + format(TR(labs_exp_bias_rounding), double(b.max_abs_difference))) : "",
          absorbed ? TR(labs_exp_bias_unshifted) + format(TR(labs_exp_bias_effect), double(b.unshifted_max_abs_difference)) : "",
          absorbed ? "b' = " + VectorString(b.shifted_bias.data(), int(b.shifted_bias.size())) : ""},
         ex.bias_ran ? ",\"state\":2}," : ",\"state\":0},");
    part(TR(labs_exp_inf_title), {TR(labs_exp_inf_intro), RoutesNow(app.derived.result)},
         (",\"buttons\":[" + json_string(format(TR(labs_exp_put_inf), InfinityColumn(app.state))) + "," +
          json_string(TR(labs_exp_restore)) + "]}]}").c_str());
    return j;
}

}  // namespace el
