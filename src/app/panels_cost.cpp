// The "Cost at scale" panel (README, "Cost at scale, measured"): the one-hot route and the
// gather measured in this browser at a realistic size, a slice per frame (cost_run.cpp).
//
// [SECTION] Formatting
// [SECTION] Cost panel

#include <emscripten.h>
#include <emscripten/heap.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "cost_run.h"
#include "i18n/i18n.h"
#include "panels.h"
#include "state/parse.h"
#include "text_input.h"
#include "widgets.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Formatting
//-----------------------------------------------------------------------------

static std::string Grouped(double x) {  // 1840.2 -> "1,840" ("1.840" in German)
    return format_count((long long)std::llround(x));
}

// The figures in the language's decimal (1,5 ms in German): el::format, not snprintf.
static std::string Duration(double ms) {
    if (ms >= 1000) return format("%.2f s", ms / 1000);
    if (ms >= 1) return format("%.3g ms", ms);
    if (ms >= 1e-3) return format("%.3g \xC2\xB5s", ms * 1e3);
    return format("%.3g ns", ms * 1e6);
}

static std::string Megabytes(double bytes) { return format(TR(labs_megabytes), bytes / 1e6); }

static std::string Large(double n) {  // 1.6384e9 -> "1.64 billion"
    if (n >= 1e9) return format(TR(labs_cost_billion), n / 1e9);
    if (n >= 1e6) return format(TR(labs_cost_million), n / 1e6);
    return Grouped(n);
}

// What one call of a route does, in numbers.
static std::string RouteWork(const CostBenchShape& s, int route) {
    const double V = s.V, d = s.d, B = s.B;
    switch (route) {
        case kCostOneHot: return format(TR(labs_cost_work_written), Large(B * V).c_str());
        case kCostDenseForward:
        case kCostDenseBackward: return format(TR(labs_cost_work_madds), Large(B * V * d).c_str());
        case kCostGather: return format(TR(labs_cost_work_copied), Grouped(B * d).c_str());
        case kCostScatterAdd: return format(TR(labs_cost_work_added), Grouped(B * d).c_str());
    }
    return "";
}

//-----------------------------------------------------------------------------
// [SECTION] Cost panel
//-----------------------------------------------------------------------------

// The five medians as bars on a log scale, one decade per grid line.
static void CostBars(const CostFigures& f) {
    double lo = 1e300, hi = 0;
    for (int r = 0; r < kCostRouteCount; r++) lo = std::min(lo, f.time[r].median_ms), hi = std::max(hi, f.time[r].median_ms);
    if (!(lo > 0) || !(hi > 0)) return;
    const double d0 = std::floor(std::log10(lo)), d1 = std::max(d0 + 1, std::ceil(std::log10(hi)));
    float label_w = 0;  // the longest route name, in the page's language
    for (int r = 0; r < kCostRouteCount; r++) label_w = std::max(label_w, ImGui::CalcTextSize(cost_route_name(r)).x);
    label_w += Px(8);
    const float row_h = ImGui::GetTextLineHeightWithSpacing();
    const float width = std::max(Px(120), ImGui::GetContentRegionAvail().x - label_w);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float bar_w = width - ImGui::CalcTextSize("999 ms").x - Px(6);
    auto x_of = [&](double ms) { return p.x + label_w + float((std::log10(ms) - d0) / (d1 - d0)) * bar_w; };
    const ImU32 grid = DimColor(), bar = ImGui::GetColorU32(ImGuiCol_PlotHistogram);
    const float top = p.y, bottom = p.y + row_h * float(kCostRouteCount);
    float label_end = -1e30f;  // a tick's label is skipped where it would overlap the previous one
    for (double dec = d0; dec <= d1; dec++) {
        const float x = x_of(std::pow(10.0, dec));
        dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), grid);
        const std::string tick = Duration(std::pow(10.0, dec));
        const float w = ImGui::CalcTextSize(tick.c_str()).x;
        if (x - w * 0.5f < label_end + Px(6)) continue;
        dl->AddText(ImVec2(x - w * 0.5f, bottom + Px(2)), grid, tick.c_str());
        label_end = x + w * 0.5f;
    }
    for (int r = 0; r < kCostRouteCount; r++) {
        const float y = top + row_h * r;
        const double ms = f.time[r].median_ms;
        dl->AddText(ImVec2(p.x, y), ImGui::GetColorU32(ImGuiCol_Text), cost_route_name(r));
        const float x0 = p.x + label_w, x1 = std::max(x0 + Px(2), x_of(ms));
        dl->AddRectFilled(ImVec2(x0, y + Px(3)), ImVec2(x1, y + row_h - Px(3)), bar);
        dl->AddText(ImVec2(x1 + Px(4), y), ImGui::GetColorU32(ImGuiCol_Text), Duration(ms).c_str());
    }
    ImGui::Dummy(ImVec2(label_w + width, row_h * float(kCostRouteCount) + ImGui::GetTextLineHeight() + Px(4)));
    RecordItemRect("cost:bars");
}

static void CostTable(const CostFigures& f) {
    if (!BeginSidewaysTable("##cost", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg, kCostRouteCount + 1)) return;
    HeaderRow({TR(labs_cost_col_route), TR(labs_cost_col_median), TR(labs_cost_col_range)});
    for (int r = 0; r < kCostRouteCount; r++) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(cost_route_name(r));
        ItemTooltip(TR(labs_cost_per_call), RouteWork(f.shape, r).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(Duration(f.time[r].median_ms).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%s - %s", Duration(f.time[r].min_ms).c_str(), Duration(f.time[r].max_ms).c_str());
    }
    ImGui::EndTable();
    RecordItemRect("cost:table");
    TextWrapped(TR(labs_cost_work_summary),
                Large(double(f.shape.B) * f.shape.V).c_str(),
                RouteWork(f.shape, kCostDenseForward).c_str(), Grouped(double(f.shape.B) * f.shape.d).c_str(),
                Grouped(double(f.shape.B) * f.shape.d).c_str());
}

static void CostResults(const CostRun& r) {
    const CostFigures& f = r.figures;
    TextWrapped(TR(labs_cost_results_shape), Grouped(f.shape.V).c_str(), f.shape.d, f.shape.B, f.repeats_done);
    CostTable(f);
    CostBars(f);
    // The number starts its own short line: ImGui may wrap after the comma of "1,840".
    TextWrapped("%s", TR(labs_cost_forward_took));
    ImGui::Text(TR(labs_cost_forward_ratio), Grouped(f.forward_ratio()).c_str());
    RecordItemRect("cost:ratio");
    TextWrapped("%s", TR(labs_cost_backward_took));
    ImGui::Text(TR(labs_cost_backward_ratio), Grouped(f.backward_ratio()).c_str());
    const bool agree = f.forward_equal && f.backward_equal;
    ImGui::PushStyleColor(ImGuiCol_Text, agree ? GoodColor() : ErrorColor());
    TextWrapped("%s %s", agree ? TR(labs_cost_agree) : TR(labs_cost_disagree), f.check_text().c_str());
    ImGui::PopStyleColor();
    RecordItemRect("cost:check");
    TextWrapped(r.buffers_released ? TR(labs_cost_memory_freed) : TR(labs_cost_memory_held),
                Megabytes(r.heap_before_bytes).c_str(), Megabytes(r.heap_after_bytes).c_str(),
                Megabytes(r.heap_after_bytes - r.heap_before_bytes).c_str(),
                Megabytes(double(f.buffer_bytes)).c_str());
    RecordItemRect("cost:heap");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(TR(labs_cost_run_took), Duration(r.wall_ms).c_str(), (long long)r.frames,
                        Duration(r.longest_frame_ms).c_str());
    ImGui::PopTextWrapPos();
}

void ShowCostPanel(App& app) {
    CostShape& c = app.state.cost;
    CostRun& r = app.cost_run;
    ImGui::SeparatorText(TR(labs_cost_title));
    TextWrapped("%s", TR(labs_cost_intro));

    ImGui::BeginDisabled(r.running());
    bool edited = false;
    // Each size through the share link's own field (its range, its words); check_cost_shape says what
    // the four together cannot do.
    std::string refused;
    struct Field { const char* label; const char* name; const char* key; std::string help; };
    const std::string repeats = format("%s##cost_repeats", TR(labs_cost_repeats));
    const Field fields[] = {
        {"V##cost", "cost:V", "costV", format(TR(labs_cost_v_help), format_count(kMaxV).c_str())},
        {"d##cost", "cost:d", "costd", format(TR(labs_cost_d_help), format_count(kMaxD).c_str())},
        {"B##cost", "cost:B", "costB", format(TR(labs_cost_b_help), format_count(kMaxB).c_str())},
        {repeats.c_str(), "cost:repeats", "reps", format(TR(labs_cost_repeats_help), format_count(kMaxCostRepeats).c_str())},
    };
    for (int i = 0; i < 4; i++) {
        // Side by side when the second, its label and its help mark fit ("Wiederholungen" on a phone did not).
        if (i % 2) SameLineIfFits(120 + ImGui::CalcTextSize(fields[i].label, nullptr, true).x / Px(1));
        edited |= SettingField(app.state, fields[i].key, fields[i].label, fields[i].name, 90, fields[i].help.c_str(), refused);
    }
    ImGui::EndDisabled();
    ErrorText(refused);
    if (edited) Commit(app, "cost shape");

    const CostBenchShape shape = ShapeOf(c);
    const Status fits = check_cost_shape(shape);
    if (fits.ok()) {
        const double V = c.V, d = c.d, B = c.B;
        TextWrapped(TR(labs_cost_shape_text),
                    Large(V * d).c_str(), Megabytes(V * d * 4).c_str(), Grouped(B).c_str(), Grouped(V).c_str(),
                    Large(B * V).c_str(), Megabytes(B * V * 4).c_str(), Grouped(B).c_str(), Grouped(V).c_str());
    }
    ErrorText(fits.error);

    ImGui::BeginDisabled(r.running() || !fits.ok());
    if (ImGui::Button(format("%s##cost", TR(labs_run)).c_str())) (void)StartCostRun(app);
    RecordItemRect("cost:run");
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!r.running());
    if (ImGui::Button(format("%s##cost", TR(labs_cancel)).c_str())) CancelCostRun(app);
    RecordItemRect("cost:cancel");
    ImGui::EndDisabled();
    HelpMarker(TR(labs_cost_run_help));
    ImGui::SameLine();
    const double progress = r.running() ? r.bench->progress() : r.have_figures ? 1.0 : 0.0;
    const char* what = r.running() ? r.bench->activity() : r.cancelled ? TR(labs_cost_cancelled) : r.have_figures ? TR(labs_cost_done) : "";
    ImGui::ProgressBar(float(progress), ImVec2(-1, 0), what);
    RecordItemRect("cost:progress");
    ErrorText(r.error);

    if (r.have_figures) CostResults(r);
}

}  // namespace el
