// The deeper tier made runnable (issue 16): where an embedding's parameters should go.
//   ShowBudgetPanel         the parameter-budget experiment: full, hashed, factorised and split
//                           tables trained side by side, a few steps per frame
//   ShowTableVariantsPanel  the hashed table's collisions and its onehot(ids) @ H @ W_k product;
//                           why the factorised table's gradient reaches all of P
//   ShowRowsActivationPanel raw rows against tanh(rows) on the same targets
//   ShowCompressionPanel    "it compresses the input": one-hot dense layer vs embedding + layer
// Every sentence about a result is composed from the numbers measured here.
//
// [SECTION] Plot helpers
// [SECTION] Budget settings and run controls
// [SECTION] Budget plots and outcome
// [SECTION] Budget panel
// [SECTION] Table variants panel
// [SECTION] Activation on the rows
// [SECTION] It compresses the input
// [SECTION] Text view
// [SECTION] The tier

#include <algorithm>
#include <cstdarg>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/table_variants.h"
#include "i18n/i18n.h"
#include "main.h"
#include "panels.h"
#include "state/json_writer.h"
#include "state/parse.h"
#include "widgets.h"

namespace el {


//-----------------------------------------------------------------------------
// [SECTION] Plot helpers
//-----------------------------------------------------------------------------

// A framed plot area, recorded as `name` for the browser tests; at(x, y) maps [0,1]^2 into it.
struct BudgetPlot {
    ImVec2 p0;
    float w, h, pad;
    ImVec2 at(float x, float y) const {
        y = std::clamp(y, 0.0f, 1.0f);
        return ImVec2(p0.x + pad + x * (w - 2 * pad), p0.y + h - pad - y * (h - 2 * pad));
    }
};

static BudgetPlot BeginBudgetPlot(const char* name, const char* title, float css_height = 120) {
    TextWrapped("%s", title);  // wrapped: a phone's column is narrower than most titles
    BudgetPlot f{ImGui::GetCursorScreenPos(), std::min(ImGui::GetContentRegionAvail().x, Px(440)), Px(css_height),
                 Px(10)};
    ImGui::InvisibleButton(name, ImVec2(f.w, f.h));
    RecordItemRect(name);
    ImGui::GetWindowDrawList()->AddRectFilled(f.p0, ImVec2(f.p0.x + f.w, f.p0.y + f.h),
                                              ImGui::GetColorU32(ImGuiCol_FrameBg));
    return f;
}

// A plot's axis note, dimmed, wrapped at the column's edge (a phone's column is narrow).
static void PlotCaption(const char* fmt, ...) IM_FMTARGS(1);
static void PlotCaption(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabledV(fmt, args);
    ImGui::PopTextWrapPos();
    va_end(args);
}

// One colour per table variant, in TableKind order: full, hashed, factorised, split.
static ImU32 VariantColor(int kind) {
    static const ImU32 colors[kTableKinds] = {IM_COL32(40, 110, 220, 255), IM_COL32(220, 120, 30, 255),
                                              IM_COL32(40, 160, 80, 255), IM_COL32(180, 60, 170, 255)};
    return colors[kind];
}

static void VariantLegend() {
    for (int k = 0; k < kTableKinds; k++) {
        if (k) ImGui::SameLine();
        LegendText(VariantColor(k), "%s", table_kind_name(TableKind(k)));
    }
}

// y(x) over x in [0, n-1] as a line, at most one point per pixel column; y mapped by [lo, hi].
static void PlotLine(const BudgetPlot& f, const std::vector<float>& xs, const std::vector<float>& ys, float x_hi,
                     float lo, float hi, ImU32 color) {
    const int n = int(std::min(xs.size(), ys.size()));
    if (n < 2 || x_hi <= 0 || hi <= lo) return;
    const int points = std::min(n, std::max(2, int(f.w)));
    std::vector<ImVec2> line(static_cast<size_t>(points));
    for (int i = 0; i < points; i++) {
        const size_t j = size_t(int64_t(i) * (n - 1) / (points - 1));
        line[size_t(i)] = f.at(xs[j] / x_hi, (ys[j] - lo) / (hi - lo));
    }
    ImGui::GetWindowDrawList()->AddPolyline(line.data(), points, color, 0, Px(1.5f));
}

static void PlotDot(const BudgetPlot& f, float x, float y, ImU32 color, float css_radius = 2.0f) {
    const ImVec2 p = f.at(x, y);
    ImGui::GetWindowDrawList()->AddCircleFilled(p, Px(css_radius), color);
}

//-----------------------------------------------------------------------------
// [SECTION] Budget settings and run controls
//-----------------------------------------------------------------------------

// A setting's field, 70 CSS pixels wide (SettingField: what it refuses goes into `refused`).
static bool Setting(AppState& s, const char* key, const char* label, const char* rect, const char* help, std::string& refused) {
    return SettingField(s, key, label, rect, 70, help, refused);
}

static void ShowBudgetSettings(App& app) {
    AppState& s = app.state;
    bool edited = false;
    std::string refused;
    ImGui::BeginDisabled(app.budget_lab.run.running);
    const std::string v_help = format(TR(deeper_v_help), format_count(kMaxBudgetV).c_str());
    edited |= Setting(s, "bV", "V##budget", "budget:V", v_help.c_str(), refused);
    SameLineIfFits(140);
    edited |= Setting(s, "bd", "d##budget", "budget:d", format(TR(deeper_d_help), kMaxBudgetD).c_str(), refused);
    SameLineIfFits(140);
    edited |= Setting(s, "bsteps", format("%s##budget", TR(labs_steps)).c_str(), "budget:steps", nullptr, refused);
    edited |= Setting(s, "bk", format("%s##budget_k", TR(deeper_buckets)).c_str(), "budget:k", TR(deeper_buckets_help), refused);
    SameLineIfFits(160);
    edited |= Setting(s, "br", format("%s##budget_r", TR(deeper_rank)).c_str(), "budget:r", TR(deeper_rank_help), refused);
    edited |= Setting(s, "bN", format("%s##budget_N", TR(deeper_top_n)).c_str(), "budget:N", TR(deeper_top_n_help), refused);
    SameLineIfFits(180);
    edited |= Setting(s, "bsk", format("%s##budget_sk", TR(deeper_shared)).c_str(), "budget:sk", TR(deeper_shared_help),
                      refused);
    edited |= Setting(s, "bzipf", "Zipf s##budget", "budget:zipf", TR(deeper_zipf_help), refused);
    SameLineIfFits(140);
    edited |= Setting(s, "bseed", format("%s##budget", TR(labs_seed)).c_str(), "budget:seed", TR(deeper_seed_help), refused);
    ImGui::EndDisabled();
    ErrorText(refused);
    if (edited) Commit(app, "budget settings");
}

// Parameter counts from the settings (what a run would use), table and head.
static void ShowParameterCounts(const App& app) {
    const BudgetSettings& b = app.state.budget;
    const int64_t full = full_table_parameters(b.V, b.d);
    const int64_t table[kTableKinds] = {full, hashed_table_parameters(b.buckets, b.d),
                                        factorised_table_parameters(b.V, b.rank, b.d),
                                        split_table_parameters(b.own_rows, b.split_buckets, b.d)};
    const int64_t head = int64_t(b.d) * kBudgetClasses + kBudgetClasses;
    char shape[kTableKinds][64];
    std::snprintf(shape[0], sizeof shape[0], "%d x %d", b.V, b.d);
    std::snprintf(shape[1], sizeof shape[1], "%d x %d", b.buckets, b.d);
    std::snprintf(shape[2], sizeof shape[2], "%d x %d + %d x %d", b.V, b.rank, b.rank, b.d);
    std::snprintf(shape[3], sizeof shape[3], "(%d + %d) x %d", b.own_rows, b.split_buckets, b.d);
    ImGui::BeginGroup();
    if (BeginSidewaysTable("##budget_counts", 4, ImGuiTableFlags_Borders, kTableKinds + 1)) {
        // The names' column as wide as its longest name and swatch: fitted to its content, a wrapped
        // text's, it shrank to its header and broke the names mid-word ("ha|sh|ed").
        float names = 0;
        for (int k = 0; k < kTableKinds; k++) names = std::max(names, LegendWidth(table_kind_name(TableKind(k))));
        ImGui::TableSetupColumn(nullptr, ImGuiTableColumnFlags_WidthFixed, Px(names) + 1.0f);
        HeaderRow({TR(deeper_col_table), TR(deeper_col_shape), TR(deeper_col_parameters), TR(deeper_col_of_full)});
        for (int k = 0; k < kTableKinds; k++) {
            ImGui::TableNextColumn();
            LegendText(VariantColor(k), "%s", table_kind_name(TableKind(k)));
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(shape[k]);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(format_count(table[k]).c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%.1f%%", 100.0 * double(table[k]) / double(std::max<int64_t>(1, full)));
        }
        ImGui::EndTable();
    }
    ImGui::TextDisabled(TR(deeper_head_count), b.d, kBudgetClasses, kBudgetClasses,
                        format_count(head).c_str());
    ImGui::EndGroup();
    RecordItemRect("budget:counts");
}

static void ShowBudgetRunControls(App& app) {
    BudgetExperiment& run = app.budget_lab.run;
    if (!run.running) {
        if (ImGui::Button(format("%s###budget_run", run.target > 0 ? TR(labs_run_again) : TR(labs_run)).c_str()))
            StartBudgetRun(app);
        RecordItemRect("budget:run");
    } else {
        if (ImGui::Button(format("%s##budget", TR(labs_cancel)).c_str())) CancelBudgetRun(app);
        RecordItemRect("budget:cancel");
    }
    ImGui::SameLine();
    const float fraction = run.target > 0 ? float(run.state.steps_done) / float(run.target) : 0.0f;
    const std::string overlay = format(run.cancelled ? TR(deeper_progress_cancelled) : TR(labs_progress_steps),
                                       format_count(run.state.steps_done).c_str(), format_count(run.target).c_str());
    ImGui::ProgressBar(fraction, ImVec2(-FLT_MIN, 0), run.target > 0 ? overlay.c_str() : TR(labs_not_run_yet));
    RecordItemRect("budget:progress");
    ErrorText(run.error);
}

//-----------------------------------------------------------------------------
// [SECTION] Budget plots and outcome
//-----------------------------------------------------------------------------

// The batch loss of each step, averaged over a window of 25 steps (one batch is noisy).
static void PlotBudgetLoss(const BudgetExperiment& run) {
    const BudgetPlot f = BeginBudgetPlot("budget:loss", format(TR(deeper_plot_loss), kBudgetEvalEvery).c_str());
    const int window = kBudgetEvalEvery;
    float top = std::log(float(kBudgetClasses)) * 1.5f;
    const float x_hi = float(std::max(1, run.target));
    for (int k = 0; k < kTableKinds; k++) {
        const std::vector<float>& loss = run.state.runs[size_t(k)].loss_history;
        std::vector<float> xs, ys;
        double sum = 0;
        for (size_t i = 0; i < loss.size(); i++) {
            sum += loss[i];
            if (i >= size_t(window)) sum -= loss[i - size_t(window)];
            const size_t n = std::min(i + 1, size_t(window));
            xs.push_back(float(i + 1)), ys.push_back(float(sum / double(n)));
        }
        PlotLine(f, xs, ys, x_hi, 0, top, VariantColor(k));
    }
    PlotCaption(TR(deeper_loss_axes), run.target, double(top),
                kBudgetClasses, std::log(double(kBudgetClasses)));
}

static void PlotBudgetAccuracy(const BudgetExperiment& run) {
    const BudgetPlot f = BeginBudgetPlot("budget:accuracy", TR(deeper_plot_accuracy));
    const float x_hi = float(std::max(1, run.target));
    ImGui::GetWindowDrawList()->AddLine(f.at(0, 1.0f / kBudgetClasses), f.at(1, 1.0f / kBudgetClasses), DimColor());
    for (int k = 0; k < kTableKinds; k++) {
        const BudgetRun& r = run.state.runs[size_t(k)];
        std::vector<float> xs(r.eval_steps.begin(), r.eval_steps.end());
        PlotLine(f, xs, r.accuracy, x_hi, 0, 1, VariantColor(k));
        if (!xs.empty()) PlotDot(f, xs.back() / x_hi, r.accuracy.back(), VariantColor(k));
    }
    PlotCaption(TR(deeper_accuracy_axes), run.target, kBudgetClasses);
}

// Final accuracy on head, middle and tail ids (by frequency rank), one bar per variant.
static void PlotBudgetGroups(const BudgetExperiment& run) {
    const BudgetPlot f = BeginBudgetPlot("budget:groups", TR(deeper_plot_groups));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float slot = 1.0f / 3.0f, bar = slot / (kTableKinds + 1);
    for (int g = 0; g < 3; g++)
        for (int k = 0; k < kTableKinds; k++) {
            const float x0 = g * slot + (k + 0.5f) * bar, a = run.state.runs[size_t(k)].group_accuracy[size_t(g)];
            draw->AddRectFilled(f.at(x0, a), f.at(x0 + bar * 0.9f, 0), VariantColor(k));
        }
    draw->AddLine(f.at(0, 1.0f / kBudgetClasses), f.at(1, 1.0f / kBudgetClasses), DimColor());
    const BudgetState& s = run.state;
    PlotCaption(TR(deeper_groups_axes), s.head_end, s.head_end + 1,
                s.middle_end, s.middle_end + 1, s.config.V);
}

static void ShowBudgetOutcome(const BudgetExperiment& run) {
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(0.0f);
    for (const std::string& line : budget_outcome(run)) {  // Bullet + TextWrapped: BulletText does not wrap
        ImGui::Bullet();
        TextWrapped("%s", line.c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
    RecordItemRect("budget:outcome");
}

//-----------------------------------------------------------------------------
// [SECTION] Budget panel
//-----------------------------------------------------------------------------

void ShowBudgetPanel(App& app) {
    static double slice = 0;  // this run's part of the last frame
    if (app.budget_lab.run.running) slice = AdvanceBudgetRun(app, g_frame_stats.run_slice_ms(slice));
    ImGui::SeparatorText(TR(deeper_budget_title));
    TextWrapped(TR(deeper_budget_intro), kBudgetClasses, kBudgetBatch);
    ShowBudgetSettings(app);
    ShowParameterCounts(app);
    ShowBudgetRunControls(app);
    const BudgetExperiment& run = app.budget_lab.run;
    if (run.target == 0) return;
    VariantLegend();
    PlotBudgetLoss(run);
    PlotBudgetAccuracy(run);
    PlotBudgetGroups(run);
    ShowBudgetOutcome(run);
}

//-----------------------------------------------------------------------------
// [SECTION] Table variants panel
//-----------------------------------------------------------------------------

// Right after a section's heading: the tour's step about this section (tour.cpp) frames it, not the
// top of the panel (ui.cpp, ShowTourFocus).
static void TourSection(App& app, const char* name) {
    const char* section = tour_step_section(app.state.tour, app.state.tour_step);
    if (!section || std::strcmp(section, name) != 0) return;
    app.tour.section_top = ImGui::GetItemRectMin().y;
    RecordItemRect("tour-section");
}

static void MatrixText(const char* name, const Tensor& t, int max_rows = 12) {
    ImGui::Text("%s (%d x %d)", name, t.rows(), t.cols());
    for (int r = 0; r < std::min(t.rows(), max_rows); r++) {
        ImGui::TextUnformatted("  ");
        ImGui::SameLine(0, 0);
        VectorText(t.data() + int64_t(r) * t.cols(), t.cols());
    }
}

// The budget run's hashed table: how many ids share a row, then its three fullest rows (the canvas's
// and the text view's sentences); false, and the reason in lines[0], when it cannot be made.
static bool CollisionLines(const App& app, std::vector<std::string>& lines) {
    const BudgetSettings& b = app.state.budget;
    RowMap map;
    if (Status st = hashed_map(b.V, std::clamp(b.buckets, 1, b.V), kBudgetHashSeed, false, map); !st.ok())
        return lines = {st.error}, false;
    std::vector<SharedRow> shared = collisions(map);
    lines = {format(TR(deeper_collisions), b.V, b.buckets, colliding_ids(map), shared.size(), map.rows)};
    for (int shown = 0; shown < 3 && !shared.empty(); shown++) {  // fullest first
        size_t fullest = 0;
        for (size_t i = 1; i < shared.size(); i++)
            if (shared[i].ids.size() > shared[fullest].ids.size()) fullest = i;
        const SharedRow& row = shared[fullest];
        char ids[160];
        int used = 0;
        for (size_t j = 0; j < std::min<size_t>(row.ids.size(), 16); j++)
            used += std::snprintf(ids + used, sizeof ids - size_t(used), j ? ", %d" : "%d", row.ids[j]);
        lines.push_back(format(TR(deeper_collision_row), row.row, row.ids.size(), ids, row.ids.size() > 16 ? ", ..." : ""));
        shared.erase(shared.begin() + std::ptrdiff_t(fullest));
    }
    return true;
}

static void ShowRunCollisions(const App& app) {
    std::vector<std::string> lines;
    if (!CollisionLines(app, lines)) return ErrorText(lines[0]);
    TextWrapped("%s", lines[0].c_str());
    ImGui::BeginGroup();
    for (size_t i = 1; i < lines.size(); i++) ImGui::Bullet(), TextWrapped("%s", lines[i].c_str());
    ImGui::EndGroup();
    RecordItemRect("variants:collisions");
}

// A small case written out: V = 8 ids, k = 3 rows, ids [0, 3, 5, 6]: H, W_k and both routes.
struct SmallHashedCase {
    static constexpr int V = 8, k = 3, d = 2;
    std::string error;
    RowMap map;
    Tensor H, W_k, gather, product;  // (V,k) (k,d) (4,d) (4,d)
    bool same = false;
    std::string row(int i) const {  // "  id 2: [0 1 0] -> row 1"
        const float* h = H.data() + i * k;
        return format(TR(deeper_small_case_row), i, int(h[0]), int(h[1]), int(h[2]), map.row_of[size_t(i)]);
    }
};
static SmallHashedCase MakeSmallHashedCase() {
    SmallHashedCase c;
    const int V = c.V, k = c.k, d = c.d;
    const std::vector<int> ids = {0, 3, 5, 6};
    if (Status st = hashed_map(V, k, kBudgetHashSeed, false, c.map); !st.ok()) return c.error = st.error, c;
    c.W_k = Tensor::zeros(k, d);
    for (int r = 0; r < k; r++)
        for (int col = 0; col < d; col++) c.W_k.values()[size_t(r * d + col)] = 0.1f * float(r * d + col + 1);
    c.H = row_map_matrix(c.map);
    c.gather = mapped_embedding(c.W_k, c.map, ids), c.product = mapped_embedding_one_hot(c.W_k, c.map, ids);
    if (!c.gather.ok() || !c.product.ok()) return c.error = c.gather.ok() ? c.product.status().error : c.gather.status().error, c;
    c.same = std::equal(c.gather.values().begin(), c.gather.values().end(), c.product.values().begin());
    return c;
}
static const char* const kSmallCaseNames[] = {"W_k", "onehot(ids) @ H @ W_k", "gather W_k[row_of[ids]]"};

static void ShowSmallHashedCase() {
    const SmallHashedCase c = MakeSmallHashedCase();
    if (!c.error.empty()) return ErrorText(c.error);
    TextWrapped(TR(deeper_small_case), c.V, c.k, int(kBudgetHashSeed));
    ImGui::BeginGroup();
    for (int i = 0; i < c.V; i++) ImGui::TextUnformatted(c.row(i).c_str());
    ImGui::EndGroup();
    RecordItemRect("variants:H");
    MatrixText(kSmallCaseNames[0], c.W_k);
    MatrixText(kSmallCaseNames[1], c.product);
    MatrixText(kSmallCaseNames[2], c.gather);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(c.same ? GoodColor() : ErrorColor()), "%s",
                       c.same ? TR(deeper_identical) : TR(deeper_routes_differ));
    RecordItemRect("variants:product");
}

// Why the factorised table's gradient reaches the looked-up rows of A and every number of P,
// shown on a small case with dout = ones.
static std::string FactorisedCase() {
    const int V = 6, r = 2, d = 3;
    const std::vector<int> ids = {1, 1, 4};
    const int B = int(ids.size());
    std::vector<float> A(size_t(V * r)), P(size_t(r * d)), dout(size_t(B * d), 1.0f);
    for (size_t i = 0; i < A.size(); i++) A[i] = 0.1f * float(i + 1);
    for (size_t i = 0; i < P.size(); i++) P[i] = 0.5f - 0.2f * float(i);
    std::vector<float> dA(A.size(), 0.0f), dP(P.size(), 0.0f);
    factorised_backward(dA.data(), dP.data(), dout.data(), A.data(), P.data(), ids.data(), B, r, d);
    char rows[64] = "";
    int used = 0;
    int nonzero_P = 0;
    for (int i = 0; i < V; i++) {
        bool any = false;
        for (int j = 0; j < r; j++) any |= dA[size_t(i * r + j)] != 0.0f;
        if (any) used += std::snprintf(rows + used, sizeof rows - size_t(used), used ? ", %d" : "%d", i);
    }
    for (float g : dP) nonzero_P += g != 0.0f;
    return format(TR(deeper_factorised_case), V, r, d, rows, nonzero_P, r * d);
}

static void ShowFactorisedGradient() {
    TextWrapped("%s", TR(deeper_factorised_intro));
    ImGui::BeginGroup();
    TextWrapped("%s", FactorisedCase().c_str());
    ImGui::EndGroup();
    RecordItemRect("variants:factorised");
}

static void ShowTableVariantsPanel(App& app) {
    ImGui::SeparatorText(TR(deeper_variants_title));
    TourSection(app, "variants");
    TextWrapped("%s", TR(deeper_variants_intro));
    ShowRunCollisions(app);
    ShowSmallHashedCase();
    ImGui::Spacing();
    ShowFactorisedGradient();
}

//-----------------------------------------------------------------------------
// [SECTION] Activation on the rows
//-----------------------------------------------------------------------------

// What the fits measured, in words (the canvas's and the text view's).
static std::string ActivationText(const BudgetLab& lab) {
    const RowsActivationResult& r = lab.activation;
    const int n = int(rows_activation_config(lab.activation_for).targets.size());
    const float top = std::max(1.2f, lab.activation_for.spread * 1.1f);
    float widest = 0, flattest = 1;
    for (size_t i = 0; i < r.tanh_rows.size(); i++)
        widest = std::max(widest, std::fabs(r.tanh_rows[i])), flattest = std::min(flattest, r.tanh_slope[i]);
    return format(TR(deeper_activation_text), n - 1, double(top), double(top), r.targets_outside, n,
                  lab.activation_for.steps, double(widest), double(flattest));
}

static void ShowRowsActivationPanel(App& app) {
    ImGui::SeparatorText(TR(deeper_activation_title));
    TourSection(app, "activation");
    bool edited = false;
    std::string refused;
    edited |= Setting(app.state, "aspread", format("%s##activation", TR(deeper_spread)).c_str(), "activation:spread",
                      format(TR(deeper_spread_help), kActivationIds).c_str(), refused);
    SameLineIfFits(140);
    edited |= Setting(app.state, "asteps", format("%s##activation", TR(labs_steps)).c_str(), "activation:steps", nullptr, refused);
    ErrorText(refused);
    if (edited) Commit(app, "activation settings");
    // Trains on first sight of the plot, never in the first frame.
    const BudgetPlot f = BeginBudgetPlot("activation:plot", TR(deeper_activation_plot));
    if (!ImGui::IsItemVisible() && !app.budget_lab.activation_ready) return;
    UpdateRowsActivation(app);
    const BudgetLab& lab = app.budget_lab;
    if (!lab.activation_error.empty()) return ErrorText(lab.activation_error);
    const RowsActivationResult& r = lab.activation;
    const std::vector<float> targets = rows_activation_config(lab.activation_for).targets;
    const float top = std::max(1.2f, lab.activation_for.spread * 1.1f);
    auto y = [&](float v) { return (v + top) / (2 * top); };
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddLine(f.at(0, y(1)), f.at(1, y(1)), DimColor());
    draw->AddLine(f.at(0, y(-1)), f.at(1, y(-1)), DimColor());
    const int n = int(targets.size());
    for (int i = 0; i < n; i++) {
        const float x = (float(i) + 0.5f) / float(n);
        PlotDot(f, x, y(targets[size_t(i)]), ImGui::GetColorU32(ImGuiCol_TextDisabled), 3.5f);
        PlotDot(f, x, y(r.raw_fit[size_t(i)]), VariantColor(0), 2.0f);
        PlotDot(f, x, y(r.tanh_fit[size_t(i)]), VariantColor(1), 2.0f);
    }
    LegendText(VariantColor(0), TR(deeper_activation_raw), double(r.raw_loss));
    const std::string tanh_legend = format(TR(deeper_activation_tanh), double(r.tanh_loss));
    SameLineIfFits(LegendWidth(tanh_legend.c_str()));  // on its own line on a phone
    LegendText(VariantColor(1), "%s", tanh_legend.c_str());
    TextWrapped("%s", ActivationText(lab).c_str());
}

//-----------------------------------------------------------------------------
// [SECTION] It compresses the input
//-----------------------------------------------------------------------------

// The two parameter counts and how they compare (the canvas's and the text view's lines).
static std::vector<std::string> CompressionCountLines(const CompressionSettings& c) {
    const DenseVsEmbeddingCounts counts = dense_vs_embedding_counts(c.V, c.d, c.h);
    // The pair has fewer parameters exactly when d < V*h/(V+h) (below both V and h), not when d < h.
    const bool fewer = counts.embedding < counts.dense, same = counts.embedding == counts.dense;
    return {format(TR(deeper_compression_dense), format_count(counts.dense).c_str()),
            format(TR(deeper_compression_pair), format_count(counts.embedding).c_str()),
            format(fewer ? TR(deeper_compression_fewer) : same ? TR(deeper_compression_same) : TR(deeper_compression_more),
                   double(counts.embedding) / double(std::max<int64_t>(1, counts.dense)), fewer ? "<" : same ? "=" : ">",
                   double(c.V) * double(c.h) / (double(c.V) + double(c.h)))};
}

static std::string CompressionRank(const ComposedMapResult& m) {
    const std::string outputs = m.max_abs_difference == 0.0f ? TR(deeper_compression_outputs_equal)
                                : format(TR(deeper_compression_outputs_rounding), double(m.max_abs_difference));
    return format(TR(deeper_compression_rank), m.V, m.d, m.h, outputs.c_str(), m.rank, std::min({m.V, m.d, m.h}));
}

static void ShowCompressionPanel(App& app) {
    ImGui::SeparatorText(TR(deeper_compression_title));
    TourSection(app, "compression");
    const CompressionSettings& c = app.state.compression;
    bool edited = false;
    std::string refused;
    edited |= Setting(app.state, "xV", "V##compress", "compression:V",
                      format(TR(deeper_compression_v_help), format_count(kMaxV).c_str()).c_str(), refused);
    SameLineIfFits(120);
    edited |= Setting(app.state, "xd", "d##compress", "compression:d", TR(deeper_compression_d_help), refused);
    SameLineIfFits(120);
    edited |= Setting(app.state, "xh", "h##compress", "compression:h", TR(deeper_compression_h_help), refused);
    ErrorText(refused);
    if (edited) Commit(app, "compression settings");
    const DenseVsEmbeddingCounts counts = dense_vs_embedding_counts(c.V, c.d, c.h);
    const std::vector<std::string> lines = CompressionCountLines(c);
    ImGui::BeginGroup();
    ImGui::TextUnformatted(lines[0].c_str());
    ImGui::TextUnformatted(lines[1].c_str());
    TextWrapped("%s", lines[2].c_str());
    ImGui::EndGroup();
    RecordItemRect("compression:counts");
    // Parameters against d for the current V and h: the dense layer is flat, the pair grows with d.
    const int d_hi = kMaxCompressionWidth;
    const BudgetPlot f = BeginBudgetPlot("compression:plot", TR(deeper_compression_plot));
    const float top = float(std::max(counts.dense, dense_vs_embedding_counts(c.V, d_hi, c.h).embedding));
    std::vector<float> xs, ys;
    for (int d = 1; d <= d_hi; d++)
        xs.push_back(float(d)), ys.push_back(float(dense_vs_embedding_counts(c.V, d, c.h).embedding));
    PlotLine(f, xs, ys, float(d_hi), 0, top, VariantColor(2));
    ImGui::GetWindowDrawList()->AddLine(f.at(0, float(counts.dense) / top), f.at(1, float(counts.dense) / top),
                                        VariantColor(0), Px(1.5f));
    PlotDot(f, float(c.d) / float(d_hi), float(counts.embedding) / top, ErrorColor(), 3.0f);
    const double crossing = double(c.V) * c.h / double(c.V + c.h);
    PlotCaption(TR(deeper_compression_axes), d_hi,
                format_count(int64_t(top)).c_str(), crossing);
    // The same linear map, of rank at most d: measured on a small case.
    if (!ImGui::IsItemVisible() && !app.budget_lab.compression_ready) return;
    UpdateCompression(app);
    const BudgetLab& lab = app.budget_lab;
    if (!lab.compression_error.empty()) return ErrorText(lab.compression_error);
    ImGui::BeginGroup();
    TextWrapped("%s", CompressionRank(lab.composed).c_str());
    ImGui::EndGroup();
    RecordItemRect("compression:rank");
}

//-----------------------------------------------------------------------------
// [SECTION] Text view
//-----------------------------------------------------------------------------

void StartDeeperExperiments(App& app) { UpdateRowsActivation(app), UpdateCompression(app); }

// The three panels for the text view (web/text_view.js, as ExperimentsJson): titles, the canvas's
// sentences (the small case's matrices row by row), each panel's settings by link key; the fits and
// the rank once run (state 0 / 2), as the canvas runs them when their plots come into view.
std::string DeeperTextJson(App& app) {
    BudgetLab& lab = app.budget_lab;
    if (lab.activation_ready) UpdateRowsActivation(app);  // settings changed since: run again, as the canvas
    if (lab.compression_ready) UpdateCompression(app);
    std::vector<std::string> variants = {TR(deeper_variants_intro)}, collisions;
    CollisionLines(app, collisions);
    variants.insert(variants.end(), collisions.begin(), collisions.end());
    const SmallHashedCase c = MakeSmallHashedCase();
    if (c.error.empty()) {
        variants.push_back(format(TR(deeper_small_case), c.V, c.k, int(kBudgetHashSeed)));
        for (int i = 0; i < c.V; i++) variants.push_back(c.row(i));
        const Tensor* matrices[] = {&c.W_k, &c.product, &c.gather};
        for (int m = 0; m < 3; m++) {
            const Tensor& t = *matrices[m];
            variants.push_back(std::string(kSmallCaseNames[m]) + " (" + std::to_string(t.rows()) + " x " + std::to_string(t.cols()) + ")");
            for (int r = 0; r < t.rows(); r++) variants.push_back(VectorString(t.data() + int64_t(r) * t.cols(), t.cols()));
        }
        variants.push_back(c.same ? TR(deeper_identical) : TR(deeper_routes_differ));
    } else {
        variants.push_back(c.error);
    }
    variants.push_back(TR(deeper_factorised_intro)), variants.push_back(FactorisedCase());
    std::vector<std::string> activation, compression = CompressionCountLines(app.state.compression);
    if (lab.activation_ready && !lab.activation_error.empty()) activation = {lab.activation_error};
    else if (lab.activation_ready)
        activation = {format(TR(deeper_activation_raw), double(lab.activation.raw_loss)),
                      format(TR(deeper_activation_tanh), double(lab.activation.tanh_loss)), ActivationText(lab)};
    if (lab.compression_ready)
        compression.push_back(lab.compression_error.empty() ? CompressionRank(lab.composed) : lab.compression_error);
    std::string j = "{\"parts\":[";
    auto part = [&](const char* title, const std::vector<std::string>& lines, const char* after) {
        j += "{\"title\":" + json_string(title) + ",\"lines\":[";
        for (const std::string& line : lines) j += json_string(line) + ",";
        if (j.back() == ',') j.pop_back();
        j += "]";
        j += after;
    };
    const std::string ran = lab.activation_ready && lab.compression_ready ? "2" : "0";
    part(TR(deeper_variants_title), variants, "},");
    part(TR(deeper_activation_title), activation,
         (",\"state\":" + ran + ",\"settings\":[[\"aspread\"," + json_string(TR(deeper_spread)) + "],[\"asteps\"," +
          json_string(TR(labs_steps)) + "]]},").c_str());
    part(TR(deeper_compression_title), compression,
         (",\"state\":" + ran + ",\"settings\":[[\"xV\",\"V\"],[\"xd\",\"d\"],[\"xh\",\"h\"]]}]}").c_str());
    return j;
}

//-----------------------------------------------------------------------------
// [SECTION] The tier
//-----------------------------------------------------------------------------

const bool kDeeperTierLoaded = true;

void ShowDeeperExperimentsPanel(App& app) {
    ShowTableVariantsPanel(app), ImGui::Spacing();
    ShowRowsActivationPanel(app), ImGui::Spacing();
    ShowCompressionPanel(app);
}

void UpdateDeeperTier(App&) {}  // loaded (and apply_link keeps deeper=1 in this build's links)

}  // namespace el
