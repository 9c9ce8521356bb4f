// Experiments that settle the lesson's follow-up questions with the core's own
// autograd: raw integer id vs embedding, a bias absorbed, a non-finite table.
//
// [SECTION] Raw integer vs embedding
// [SECTION] Bias absorbed
// [SECTION] Non-finite table
// [SECTION] Experiments panel

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/experiments.h"
#include "panels.h"
#include "state/parse.h"
#include "widgets.h"

namespace el {

// The experiments panel's results, computed on demand.
struct ExperimentsView {
    std::vector<float> targets;     // (V,) nominal per-id targets
    RawVsEmbeddingResult raw;       // both fits
    std::string raw_error;
    BiasAbsorbedResult bias;
    std::string bias_error;
    bool ran = false;
};
static ExperimentsView g_experiments;  // the panel's own: nothing else reads it

//-----------------------------------------------------------------------------
// [SECTION] Raw integer vs embedding
//-----------------------------------------------------------------------------

// Ids 0..7 with targets that have nothing to do with the id's number (like the
// categories of a nominal feature).
static const std::vector<float> kNominalTargets = {0.9f, -0.6f, 0.4f, 1.0f, -0.9f, 0.1f, -0.3f, 0.7f};

static void RunExperiments(ExperimentsView& ex) {
    ex.targets = kNominalTargets;
    RawVsEmbeddingConfig config;
    config.targets = ex.targets;
    ex.raw_error = raw_vs_embedding(config, ex.raw).error;
    ex.bias_error = bias_absorbed(5, 3, 2, 7, ex.bias).error;
    ex.ran = true;
}

// Targets as dots, the raw model's line w*id + b, the embedding's fit per id.
static void PlotFits(const ExperimentsView& ex) {
    const int V = int(ex.targets.size());
    const float width = std::min(ImGui::GetContentRegionAvail().x, Px(420)), height = Px(150);
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##fits", ImVec2(width, height));
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
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(raw_color), "line: w*id + b, MSE %.3f", double(ex.raw.raw_loss));
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(emb_color), "dots: embedding + linear head, MSE %.4f",
                       double(ex.raw.embedding_loss));
    ImGui::TextDisabled("rings: the target of each id (0 to 7)");
}

// The two trainings run the first time the plot is on screen, and never in the page's first
// frame (which should show up as soon as it can; the page keeps drawing for a second after
// start-up, so the next frame runs them). Until then the plot and its two legend lines keep
// their room, so nothing moves when the results arrive.
static void ShowRawVsEmbedding(ExperimentsView& ex) {
    ImGui::TextWrapped("Eight ids, each with a target unrelated to its number. Both models are trained with "
                       "Adam on the same targets. Fed the raw id, a dense layer can only draw a straight line "
                       "through the ids in order; the embedding gives each id its own value.");
    if (!ex.ran) {
        const ImVec2 p0 = ImGui::GetCursorScreenPos();
        const float width = std::min(ImGui::GetContentRegionAvail().x, Px(420)), height = Px(150);
        if (ImGui::GetFrameCount() <= 1 || !ImGui::IsRectVisible(p0, ImVec2(p0.x + width, p0.y + height))) {
            ImGui::Dummy(ImVec2(width, height));
            RecordItemRect("plot:rawid");
            ImGui::Dummy(ImVec2(1, ImGui::GetTextLineHeight()));
            ImGui::Dummy(ImVec2(1, ImGui::GetTextLineHeight()));
            return;
        }
        RunExperiments(ex);
    }
    if (!ex.raw_error.empty()) return ErrorText(ex.raw_error);
    PlotFits(ex);
}

//-----------------------------------------------------------------------------
// [SECTION] Bias absorbed
//-----------------------------------------------------------------------------

static void ShowBiasAbsorbed(const ExperimentsView& ex) {
    ImGui::TextWrapped("Add one bias vector c to every row of W, then a linear layer x @ A + b. Since "
                       "(W[i] + c) @ A + b = W[i] @ A + (c @ A + b), the next layer's bias absorbs c: "
                       "b' = c @ A + b gives the same outputs for every id without it. This holds for one lookup "
                       "(or a mean over a bag) straight into the linear layer; a sum over a bag of n_j ids adds "
                       "n_j * c, and a normalisation or nonlinearity in between breaks it.");
    if (!ex.bias_error.empty()) return ErrorText(ex.bias_error);
    ImGui::Text("V = %d ids, outputs of width k = %d", ex.bias.V, ex.bias.k);
    ImGui::Text("with c, b  vs  without c, b':");
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(GoodColor()), "max difference %.2g (float rounding)",
                       double(ex.bias.max_abs_difference));
    RecordItemRect("bias-difference");
    ImGui::Text("with c, b  vs  without c, b: ");
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ErrorColor()), "max difference %.3g (c's real effect)",
                       double(ex.bias.unshifted_max_abs_difference));
    ImGui::TextDisabled("b' =");
    ImGui::SameLine();
    VectorText(ex.bias.shifted_bias.data(), int(ex.bias.shifted_bias.size()));
}

//-----------------------------------------------------------------------------
// [SECTION] Non-finite table
//-----------------------------------------------------------------------------

static void ShowNonFinite(App& app) {
    AppState& s = app.state;
    const int c = std::min(2, s.d - 1);
    ImGui::TextWrapped("Put inf in one cell of W[0]. The gather still returns every other row untouched, but the "
                       "matmul route multiplies that cell by 0 for every id other than 0, and 0 x inf = nan: that "
                       "column turns to nan for those ids. For id 0 the term is 1 x inf = inf, the gather's value.");
    char label[64];
    std::snprintf(label, sizeof label, "Put inf in W[0][%d]", c);
    if (ImGui::Button(label)) {
        s.W[size_t(c)] = INFINITY;
        Commit(app, "inf in W");
    }
    RecordItemRect("put-inf");
    ImGui::SameLine();
    if (ImGui::Button("Restore W")) {
        regenerate_table(s);
        Commit(app, "table restored");
    }
    RecordItemRect("restore-table");
    const LessonResult& r = app.derived.result;
    if (r.B == 0) return;
    if (r.equal)
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(GoodColor()), "now: the routes agree in all %d outputs",
                           r.B * r.d);
    else
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ErrorColor()),
                           "now: the routes differ in %d of %d outputs (see the forward panel)",
                           int(r.differing_outputs.size()), r.B * r.d);
}

//-----------------------------------------------------------------------------
// [SECTION] Experiments panel
//-----------------------------------------------------------------------------

void ShowExperimentsPanel(App& app) {
    ImGui::SeparatorText("Experiments");
    ExperimentsView& ex = g_experiments;
    SectionOpenOverride();
    if (ImGui::CollapsingHeader("Raw integer id vs embedding", ImGuiTreeNodeFlags_DefaultOpen))
        ShowRawVsEmbedding(ex);
    SectionOpenOverride();
    if (ImGui::CollapsingHeader("A bias on the table is absorbed")) {
        if (!ex.ran) RunExperiments(ex);  // opened by hand, so in view
        ShowBiasAbsorbed(ex);
    }
    SectionOpenOverride();
    if (ImGui::CollapsingHeader("A non-finite table breaks the equivalence")) ShowNonFinite(app);
}

}  // namespace el
