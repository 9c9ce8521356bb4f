// The page's panels, organised like imgui_demo.cpp: one Show...Panel(App&) per
// panel, each opening with its header, sections greppable by their banners.
//
// [SECTION] Helpers (colours, numbers, widget rectangles)
// [SECTION] Cell grid (the editable heatmap used for W and for G)
// [SECTION] Table panel
// [SECTION] Ids panel
// [SECTION] Forward panel
// [SECTION] Backward panel
// [SECTION] Layout

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "browser.h"
#include "imgui.h"
#include "state/parse.h"
#include "ui.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Helpers (colours, numbers, widget rectangles)
//-----------------------------------------------------------------------------

static std::map<std::string, ImVec4> g_item_rects;  // name -> (x, y, w, h) in CSS pixels

void RecordItemRect(const char* name) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const float s = 1.0f / g_app.dpr;
    g_item_rects[name] = ImVec4(a.x * s, a.y * s, (b.x - a.x) * s, (b.y - a.y) * s);
}

bool FindItemRect(const char* name, float out[4]) {
    auto it = g_item_rects.find(name);
    if (it == g_item_rects.end()) return false;
    out[0] = it->second.x, out[1] = it->second.y, out[2] = it->second.z, out[3] = it->second.w;
    return true;
}

static float Px(float css) { return css * g_app.dpr; }  // CSS pixels -> device pixels

static bool IsDark() { return ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x < 0.5f; }

static ImU32 ErrorColor() { return IsDark() ? IM_COL32(255, 120, 110, 255) : IM_COL32(190, 20, 20, 255); }
static ImU32 GoodColor() { return IsDark() ? IM_COL32(110, 220, 130, 255) : IM_COL32(10, 120, 40, 255); }
static ImU32 DimColor() { return ImGui::GetColorU32(ImGuiCol_TextDisabled); }

// Diverging scale: blue for negative, red for positive, the background at zero.
static ImU32 HeatColor(float v, float scale) {
    if (!std::isfinite(v)) return IM_COL32(200, 60, 200, 255);
    const float t = scale > 0 ? std::clamp(v / scale, -1.0f, 1.0f) : 0.0f;
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_FrameBg];
    const ImVec4 hot = t >= 0 ? ImVec4(0.85f, 0.25f, 0.20f, 1) : ImVec4(0.20f, 0.40f, 0.85f, 1);
    const float a = std::fabs(t) * 0.85f;
    return ImGui::GetColorU32(ImVec4(bg.x + (hot.x - bg.x) * a, bg.y + (hot.y - bg.y) * a,
                                     bg.z + (hot.z - bg.z) * a, 1.0f));
}

// The largest finite |value|, the heatmap's full-colour point.
static float AbsMax(const std::vector<float>& v) {
    float m = 0.0f;
    for (float x : v)
        if (std::isfinite(x)) m = std::max(m, std::fabs(x));
    return m;
}

// A short rendering for a cell; the exact value is in the tooltip and the snapshot.
static std::string ShortNumber(float v) {
    if (!std::isfinite(v) || v == 0.0f) return format_float(v);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", double(v));
    return buf;
}

static void ErrorText(const std::string& message) {
    if (message.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ErrorColor());
    ImGui::TextWrapped("%s", message.c_str());
    ImGui::PopStyleColor();
}

static void HelpMarker(const char* text) {
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    if (ImGui::BeginItemTooltip()) {
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
        ImGui::TextUnformatted(text);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

static void VectorText(const float* v, int n, ImU32 color = 0) {
    std::string s = "[";
    for (int i = 0; i < n && i < 16; i++) s += (i ? ", " : "") + format_float(v[i]);
    s += n > 16 ? ", ...]" : "]";
    if (color) ImGui::PushStyleColor(ImGuiCol_Text, color);
    ImGui::TextUnformatted(s.c_str());
    if (color) ImGui::PopStyleColor();
}

//-----------------------------------------------------------------------------
// [SECTION] Cell grid (the editable heatmap used for W and for G)
//-----------------------------------------------------------------------------

struct GridSpec {
    const char* name;        // "W" or "G": names the rectangles "cell:W:r:c"
    const char* row_label;   // "id" or "b"
    int rows, cols;
    float* values;           // (rows, cols); null for a read-only grid
    const float* shown;      // what to draw (values, or a computed grid)
    float scale;             // heatmap full-colour point
    const std::vector<int>* marked_rows = nullptr;  // drawn with a marker (touched rows)
    bool row_buttons = false;  // clicking a row label adds that id to the batch
};

// Draws one cell; returns true when it was clicked.
static bool DrawCell(const GridSpec& g, int r, int c, float w, bool dim) {
    const float v = g.shown[size_t(r) * g.cols + c];
    ImGui::PushID(c);
    const bool clicked = ImGui::InvisibleButton("##cell", ImVec2(w, ImGui::GetFrameHeight()));
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(a, b, HeatColor(v, g.scale), Px(2));
    if (ImGui::IsItemHovered() || ImGui::IsItemFocused())
        dl->AddRect(a, b, ImGui::GetColorU32(ImGuiCol_NavHighlight), Px(2), 0, Px(1.5f));
    const std::string text = ShortNumber(v);
    const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
    const ImU32 color = !std::isfinite(v) ? IM_COL32(255, 255, 255, 255)
                        : dim ? DimColor() : ImGui::GetColorU32(ImGuiCol_Text);
    dl->PushClipRect(a, b, true);
    dl->AddText(ImVec2(a.x + std::max(Px(3), (w - ts.x) * 0.5f), a.y + (b.y - a.y - ts.y) * 0.5f), color,
                text.c_str());
    dl->PopClipRect();
    if (ImGui::BeginItemTooltip()) {
        ImGui::Text("%s[%d][%d] = %s%s", g.name, r, c, format_float(v).c_str(),
                    std::isfinite(v) ? "" : "  (not finite)");
        if (g.values) ImGui::TextDisabled("click to edit");
        ImGui::EndTooltip();
    }
    ImGui::PopID();
    return clicked;
}

// The one cell being edited: text stays as typed until it parses.
// Returns true when a new value was written.
static bool DrawCellEditor(const GridSpec& g, CellEditor& ed, float w) {
    const int r = ed.row, c = ed.col;
    ImGui::PushID(c);
    ImGui::SetNextItemWidth(w);
    if (ed.focus_pending) ImGui::SetKeyboardFocusHere(), ed.focus_pending = false;
    if (!ed.error.empty()) ImGui::PushStyleColor(ImGuiCol_Text, ErrorColor());
    ImGui::InputText("##edit", ed.text, sizeof ed.text, ImGuiInputTextFlags_AutoSelectAll);
    if (!ed.error.empty()) ImGui::PopStyleColor();
    bool wrote = false;
    if (ImGui::IsItemDeactivated()) {
        float v = 0.0f;
        const bool escaped = !ImGui::IsItemDeactivatedAfterEdit() && ed.error.empty() &&
                             ImGui::IsKeyPressed(ImGuiKey_Escape, false);
        Status s = escaped ? Status::Ok() : parse_float(ed.text, v);
        if (escaped) {
            ed.row = ed.col = -1;
        } else if (s.ok()) {
            g.values[size_t(r) * g.cols + c] = v;
            ed.row = ed.col = -1, ed.error.clear();
            wrote = true;
        } else {
            char where[48];
            std::snprintf(where, sizeof where, "%s[%d][%d]: ", g.name, r, c);
            ed.error = where + s.error + " (the cell keeps " + format_float(g.values[size_t(r) * g.cols + c]) + ")";
        }
    }
    ImGui::PopID();
    return wrote;
}

// Returns true when a value changed; `add_id` receives a clicked row label.
static bool CellGrid(const GridSpec& g, CellEditor* ed, int* add_id) {
    const float cell_w = Px(62), label_w = Px(44);
    const float row_h = ImGui::GetFrameHeightWithSpacing();
    const int visible_rows = std::min(g.rows, 12);
    const float width = std::min(ImGui::GetContentRegionAvail().x,
                                 label_w + g.cols * (cell_w + ImGui::GetStyle().ItemSpacing.x) + Px(24));
    bool changed = false;
    ImGui::PushID(g.name);
    ImGui::BeginChild("##grid", ImVec2(width, visible_rows * row_h + Px(8) + (g.cols > 6 ? Px(14) : 0)),
                      ImGuiChildFlags_None, ImGuiWindowFlags_HorizontalScrollbar);
    ImGuiListClipper clipper;
    clipper.Begin(g.rows, row_h);
    while (clipper.Step()) {
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; r++) {
            ImGui::PushID(r);
            const bool marked = g.marked_rows &&
                                std::binary_search(g.marked_rows->begin(), g.marked_rows->end(), r);
            char label[32];
            std::snprintf(label, sizeof label, "%s %d", g.row_label, r);
            if (g.row_buttons) {
                if (ImGui::Button(label, ImVec2(label_w, 0)) && add_id) *add_id = r;
                ImGui::SetItemTooltip("add id %d to the batch", r);
            } else {
                ImGui::AlignTextToFramePadding();
                if (marked) ImGui::PushStyleColor(ImGuiCol_Text, GoodColor());
                ImGui::TextUnformatted(label);
                if (marked) ImGui::PopStyleColor();
            }
            for (int c = 0; c < g.cols; c++) {
                ImGui::SameLine(label_w + Px(8) + c * (cell_w + ImGui::GetStyle().ItemSpacing.x));
                if (ed && ed->row == r && ed->col == c) {
                    changed |= DrawCellEditor(g, *ed, cell_w);
                } else if (DrawCell(g, r, c, cell_w, g.marked_rows && !marked) && g.values && ed) {
                    ed->row = r, ed->col = c, ed->error.clear(), ed->focus_pending = true;
                    std::snprintf(ed->text, sizeof ed->text, "%s", format_float(g.values[size_t(r) * g.cols + c]).c_str());
                }
                char rect_name[48];
                std::snprintf(rect_name, sizeof rect_name, "cell:%s:%d:%d", g.name, r, c);
                RecordItemRect(rect_name);
            }
            if (marked) {
                ImGui::SameLine();
                ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(GoodColor()), "touched");
            }
            ImGui::PopID();
        }
    }
    ImGui::EndChild();
    ImGui::PopID();
    if (ed) ErrorText(ed->error);
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Table panel
//-----------------------------------------------------------------------------

static void ShowTablePanel(App& app) {
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

static void ShowIdsPanel(App& app) {
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

static void ShowForwardPanel(App& app) {
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

static void ShowBackwardPanel(App& app) {
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

//-----------------------------------------------------------------------------
// [SECTION] Layout
//-----------------------------------------------------------------------------

void StartApp(App& app) {
    app.V_input = app.state.V, app.d_input = app.state.d;
    std::snprintf(app.ids_text, sizeof app.ids_text, "%s", format_ids(app.state.ids).c_str());
    recompute(app);
}

bool AppBusy(const App&) { return false; }

void ShowApp(App& app) {
    g_item_rects.clear();
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("Embedding Lab", nullptr, flags);
    ImGui::TextUnformatted("Embedding Lab");
    ImGui::SameLine();
    ImGui::TextDisabled("an embedding layer is a row lookup - and a one-hot matmul");

    const float css_width = vp->WorkSize.x / app.dpr;
    const int columns = css_width >= 1100 ? 3 : css_width >= 720 ? 2 : 1;
    if (ImGui::BeginTable("##layout", columns, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_PadOuterX)) {
        ImGui::TableNextColumn();
        ShowTablePanel(app);
        ImGui::Spacing();
        ShowIdsPanel(app);
        ImGui::TableNextColumn();
        ShowForwardPanel(app);
        ImGui::TableNextColumn();
        ShowBackwardPanel(app);
        ImGui::EndTable();
    }
    ImGui::End();
}

static std::string g_live_text;
void AfterFrame(App& app) {
    std::string text = describe_result(app);
    if (text != g_live_text) {
        g_live_text = text;
        browser_set_live_text(text.c_str());
    }
}

}  // namespace el
