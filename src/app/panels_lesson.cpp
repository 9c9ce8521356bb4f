// The lesson's panels: the table, the ids, the forward routes and the backward pass.
// One Show...Panel(App&) each, as in imgui_demo.cpp.
//
// [SECTION] Table panel
// [SECTION] Ids panel
// [SECTION] Forward panel
// [SECTION] Backward panel

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "panels.h"
#include "state/parse.h"
#include "widgets.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Table panel
//-----------------------------------------------------------------------------

void ShowTablePanel(App& app) {
    AppState& s = app.state;
    ImGui::SeparatorText("Table W  (V rows x d columns)");
    ImGui::TextWrapped("One learned row per id. Click a cell to type a new value; click a row's label to "
                       "look that id up.");
    ImGui::SetNextItemWidth(Px(110));
    ImGui::InputInt("V", &app.V_input, 0);
    RecordItemRect("V");
    HelpMarker("Number of ids = rows of W (1 to 100000).");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(Px(110));
    ImGui::InputInt("d", &app.d_input, 0);
    RecordItemRect("d");
    HelpMarker("Embedding width = columns of W (1 to 512).");
    ImGui::SameLine();
    const bool size_differs = app.V_input != s.V || app.d_input != s.d;
    ImGui::BeginDisabled(!size_differs);
    if (ImGui::Button("Resize")) {
        Status st = resize_table(s, app.V_input, app.d_input);
        app.size_error = st.error;
        if (st.ok()) {
            std::snprintf(app.ids_text, sizeof app.ids_text, "%s", format_ids(s.ids).c_str());
            app.ids_error.clear();
            recompute(app);
        }
    }
    RecordItemRect("resize");
    ImGui::EndDisabled();
    ErrorText(app.size_error);

    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Fill:");
    static const TableInit inits[] = {TableInit::Example, TableInit::Normal, TableInit::Uniform, TableInit::Zeros};
    for (TableInit init : inits) {
        ImGui::SameLine();
        if (ImGui::Button(table_init_name(init))) {
            s.init = init;
            if (init == TableInit::Example && (s.V != 3 || s.d != 3)) (void)resize_table(s, 3, 3);
            regenerate_table(s);
            app.V_input = s.V, app.d_input = s.d;
            recompute(app);
        }
        RecordItemRect((std::string("fill:") + table_init_name(init)).c_str());
    }
    ImGui::SameLine();
    int seed = int(s.seed);
    ImGui::SetNextItemWidth(Px(90));
    if (ImGui::InputInt("seed", &seed)) s.seed = uint32_t(std::max(0, seed));
    HelpMarker("Normal and uniform fills are drawn from this seed: the same seed gives the same table.");

    int add_id = -1;
    GridSpec g{"W", "id", s.V, s.d, s.W.data(), s.W.data(), AbsMax(s.W)};
    g.row_buttons = true;
    if (CellGrid(g, &app.table_editor, &add_id)) recompute(app);
    if (add_id >= 0) {
        std::string text = app.ids_text;
        text += text.find_first_not_of(" ,") == std::string::npos ? std::to_string(add_id)
                                                                  : ", " + std::to_string(add_id);
        std::snprintf(app.ids_text, sizeof app.ids_text, "%s", text.c_str());
        std::vector<int> ids;
        Status st = parse_ids(app.ids_text, s.V, ids);
        app.ids_error = st.error;
        if (st.ok()) s.ids = ids, fit_upstream(s, s.d), recompute(app);
    }
    int nonfinite = 0;
    for (float v : s.W) nonfinite += !std::isfinite(v);
    if (nonfinite)
        ErrorText(std::to_string(nonfinite) + " cell(s) of W are not finite (inf or nan): the one-hot route "
                  "multiplies them by zero, and 0 x inf = nan.");
}

//-----------------------------------------------------------------------------
// [SECTION] Ids panel
//-----------------------------------------------------------------------------

void ShowIdsPanel(App& app) {
    AppState& s = app.state;
    ImGui::SeparatorText("Ids  (the batch, B ids)");
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, Px(320)));
    if (ImGui::InputText("##ids", app.ids_text, sizeof app.ids_text)) {
        std::vector<int> ids;
        Status st = parse_ids(app.ids_text, s.V, ids);
        app.ids_error = st.ok() ? "" : st.error + " (still using " + format_ids(s.ids) + ")";
        if (st.ok()) {
            s.ids = ids;
            fit_upstream(s, s.d);
            recompute(app);
        }
    }
    RecordItemRect("ids");
    HelpMarker("Ids separated by commas or spaces; an id may repeat. Each must be in 0..V-1.");
    ErrorText(app.ids_error);
    // Chips: each distinct id with its count.
    std::map<int, int> counts;
    for (int id : s.ids) counts[id]++;
    int shown = 0;
    for (auto [id, n] : counts) {
        if (shown++ >= 24) {
            ImGui::TextDisabled("... %d more distinct ids", int(counts.size()) - 24);
            break;
        }
        if (shown > 1) ImGui::SameLine();
        if (n > 1) ImGui::Text("[id %d x%d]", id, n);
        else ImGui::Text("[id %d]", id);
    }
    ImGui::TextDisabled("B = %d ids, %d distinct", s.B(), int(counts.size()));
}

//-----------------------------------------------------------------------------
// [SECTION] Forward panel
//-----------------------------------------------------------------------------

static void ShowOneHotRow(const LessonResult& r, int b, const std::vector<int>& ids) {
    const int shown_cols = std::min(r.V, 16);
    std::string line = "e_" + std::to_string(ids[size_t(b)]) + " = [";
    ImGui::TextUnformatted(line.c_str());
    for (int v = 0; v < shown_cols; v++) {
        ImGui::SameLine(0, Px(4));
        const bool one = v == ids[size_t(b)];
        if (one) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(GoodColor()), "1");
        else ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(DimColor()), "0");
    }
    ImGui::SameLine(0, Px(4));
    if (r.V > shown_cols) ImGui::TextDisabled("... %d more]", r.V - shown_cols);
    else ImGui::TextUnformatted("]");
}

// The sum one output of the matmul route computes, written out term by term.
static void SumTooltip(const App& app, int b, int c) {
    const AppState& s = app.state;
    const LessonResult& r = app.result;
    std::string sum;
    const int shown = std::min(r.V, 8);
    for (int v = 0; v < shown; v++) {
        if (v) sum += " + ";
        sum += (v == s.ids[size_t(b)] ? "1*" : "0*") + format_float(s.W[size_t(v) * s.d + c]);
    }
    if (r.V > shown) sum += " + ... (" + std::to_string(r.V - shown) + " more terms)";
    ImGui::Text("out[%d][%d] = sum over r of e[r] * W[r][%d]", b, c, c);
    ImGui::TextUnformatted(sum.c_str());
    ImGui::Text("= %s", format_float(r.matmul[size_t(b) * r.d + c]).c_str());
}

void ShowForwardPanel(App& app) {
    const AppState& s = app.state;
    const LessonResult& r = app.result;
    ImGui::SeparatorText("Forward: two routes, one function");
    if (!app.result_error.empty()) ErrorText("Not computed: " + app.result_error);
    if (r.B == 0) return;

    ImGui::TextUnformatted("Gather: out[b] = W[ids[b]]");
    const int shown_b = std::min(r.B, 12);
    for (int b = 0; b < shown_b; b++) {
        ImGui::Text("  W[%d] =", s.ids[size_t(b)]);
        ImGui::SameLine();
        VectorText(&r.gather[size_t(b) * r.d], r.d);
    }
    if (r.B > shown_b) ImGui::TextDisabled("  ... %d more", r.B - shown_b);

    ImGui::Spacing();
    ImGui::TextUnformatted("One-hot matmul: out = onehot(ids) @ W");
    for (int b = 0; b < shown_b; b++) {
        ImGui::PushID(b);
        ImGui::TextUnformatted("  ");
        ImGui::SameLine(0, 0);
        ShowOneHotRow(r, b, s.ids);
        ImGui::TextUnformatted("    @ W =");
        for (int c = 0; c < r.d && c < 16; c++) {
            ImGui::SameLine();
            const float v = r.matmul[size_t(b) * r.d + c];
            const bool differs = !same_value(v, r.gather[size_t(b) * r.d + c]);
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(differs ? ErrorColor() : ImGui::GetColorU32(ImGuiCol_Text)),
                               "%s", format_float(v).c_str());
            if (ImGui::BeginItemTooltip()) {
                SumTooltip(app, b, c);
                ImGui::EndTooltip();
            }
        }
        if (r.d > 16) ImGui::SameLine(), ImGui::TextDisabled("...");
        ImGui::PopID();
    }

    ImGui::Spacing();
    if (r.equal) {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(GoodColor()), "identical: all %d outputs agree exactly",
                           r.B * r.d);
    } else {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ErrorColor()), "differ in %d outputs (non-finite table)",
                           int(r.differing_outputs.size()));
    }
    RecordItemRect("badge");
    ImGui::TextDisabled("one-hot route: %lld multiply-adds, %lld of them against zero",
                        (long long)r.matmul_mult_adds, (long long)r.matmul_zero_mult_adds);
    ImGui::TextDisabled("gather route: %lld numbers copied, no multiplications", (long long)r.gather_copies);
    ImGui::TextDisabled("one-hot block: %d x %d = %lld bytes as float32", r.B, r.V, (long long)r.onehot_bytes);
}

//-----------------------------------------------------------------------------
// [SECTION] Backward panel
//-----------------------------------------------------------------------------

void ShowBackwardPanel(App& app) {
    AppState& s = app.state;
    const LessonResult& r = app.result;
    ImGui::SeparatorText("Backward: dL/dW");
    ImGui::TextWrapped("Upstream gradient G (B x d): g_b = dL/dout[b]. Click a cell to edit.");
    GridSpec g{"G", "b", s.B(), s.d, s.upstream.data(), s.upstream.data(), AbsMax(s.upstream)};
    if (CellGrid(g, &app.upstream_editor, nullptr)) recompute(app);
    if (r.B == 0 || r.grad_scatter.empty()) return;

    ImGui::Spacing();
    ImGui::TextWrapped("dW = onehot^T @ G: row k is the sum of g_b over the positions b whose id is k; every "
                       "other row is exactly zero.");
    GridSpec gw{"dW", "id", r.V, r.d, nullptr, r.grad_scatter.data(), AbsMax(r.grad_scatter)};
    gw.marked_rows = &r.touched_rows;
    CellGrid(gw, nullptr, nullptr);

    // Breakdown for ids used more than once.
    std::map<int, std::vector<int>> uses;
    for (int b = 0; b < r.B; b++) uses[s.ids[size_t(b)]].push_back(b);
    int lines = 0;
    for (const auto& [id, bs] : uses) {
        if (bs.size() < 2 || lines++ >= 6) continue;
        std::string text = "row " + std::to_string(id) + " = ";
        for (size_t i = 0; i < bs.size() && i < 8; i++) text += (i ? " + g_" : "g_") + std::to_string(bs[i]);
        if (bs.size() > 8) text += " + ...";
        text += "  (" + std::to_string(bs.size()) + " uses, " + std::to_string(bs.size()) + " terms)";
        ImGui::TextUnformatted(text.c_str());
    }
    if (r.grads_equal)
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(GoodColor()),
                           "scatter-add route == one-hot route (onehot^T @ G): exactly equal");
    else
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ErrorColor()),
                           "scatter-add and one-hot routes differ (non-finite upstream gradient)");
    ImGui::TextDisabled("%d of %d rows touched; the other %d rows have gradient exactly 0",
                        int(r.touched_rows.size()), r.V, r.V - int(r.touched_rows.size()));
}

}  // namespace el
