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
#include "panels.h"
#include "state/parse.h"
#include "text_input.h"
#include "widgets.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Formatting
//-----------------------------------------------------------------------------

static std::string Grouped(double x) {  // 1840.2 -> "1,840"
    std::string digits = std::to_string((long long)std::llround(x)), out;
    for (size_t i = 0; i < digits.size(); i++) {
        if (i && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

static std::string Duration(double ms) {
    char buf[32];
    if (ms >= 1000) std::snprintf(buf, sizeof buf, "%.2f s", ms / 1000);
    else if (ms >= 1) std::snprintf(buf, sizeof buf, "%.3g ms", ms);
    else if (ms >= 1e-3) std::snprintf(buf, sizeof buf, "%.3g \xC2\xB5s", ms * 1e3);
    else std::snprintf(buf, sizeof buf, "%.3g ns", ms * 1e6);
    return buf;
}

static std::string Megabytes(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MB", bytes / 1e6);
    return buf;
}

static std::string Large(double n) {  // 1.6384e9 -> "1.64 billion"
    char buf[40];
    if (n >= 1e9) std::snprintf(buf, sizeof buf, "%.3g billion", n / 1e9);
    else if (n >= 1e6) std::snprintf(buf, sizeof buf, "%.3g million", n / 1e6);
    else return Grouped(n);
    return buf;
}

// What one call of a route does, in numbers.
static std::string RouteWork(const CostBenchShape& s, int route) {
    const double V = s.V, d = s.d, B = s.B;
    switch (route) {
        case kCostOneHot: return Large(B * V) + " written";
        case kCostDenseForward:
        case kCostDenseBackward: return Large(B * V * d) + " multiply-adds";
        case kCostGather: return Grouped(B * d) + " copied";
        case kCostScatterAdd: return Grouped(B * d) + " added";
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
    const float label_w = ImGui::CalcTextSize("scatter-add backward").x + Px(8);
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
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("##cost", 3, flags)) return;
    ImGui::TableSetupColumn("route", 0, 1.6f);
    ImGui::TableSetupColumn("median", 0, 1.0f);
    ImGui::TableSetupColumn("min - max", 0, 1.7f);
    ImGui::TableHeadersRow();
    for (int r = 0; r < kCostRouteCount; r++) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(cost_route_name(r));
        ImGui::SetItemTooltip("%s per call", RouteWork(f.shape, r).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(Duration(f.time[r].median_ms).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%s - %s", Duration(f.time[r].min_ms).c_str(), Duration(f.time[r].max_ms).c_str());
    }
    ImGui::EndTable();
    RecordItemRect("cost:table");
    ImGui::TextWrapped("Per call: the one-hot block writes %s numbers; each dense route does %s; the gather "
                       "copies %s numbers and the scatter-add does %s additions.",
                       Large(double(f.shape.B) * f.shape.V).c_str(),
                       RouteWork(f.shape, kCostDenseForward).c_str(), Grouped(double(f.shape.B) * f.shape.d).c_str(),
                       Grouped(double(f.shape.B) * f.shape.d).c_str());
}

static void CostResults(const CostRun& r) {
    const CostFigures& f = r.figures;
    ImGui::Text("V = %s, d = %d, B = %d; median of %d runs:", Grouped(f.shape.V).c_str(), f.shape.d, f.shape.B,
                f.repeats_done);
    CostTable(f);
    CostBars(f);
    // The number starts its own short line: ImGui may wrap after the comma of "1,840".
    ImGui::TextWrapped("The one-hot route (build the block, then onehot @ W) took");
    ImGui::Text("%sx as long as the gather.", Grouped(f.forward_ratio()).c_str());
    RecordItemRect("cost:ratio");
    ImGui::TextWrapped("The dense backward (onehot^T @ G) took");
    ImGui::Text("%sx as long as the scatter-add.", Grouped(f.backward_ratio()).c_str());
    const bool agree = f.forward_equal && f.backward_equal;
    ImGui::PushStyleColor(ImGuiCol_Text, agree ? GoodColor() : ErrorColor());
    ImGui::TextWrapped("%s %s", agree ? "Same numbers by both routes:" : "The routes disagree:", f.check_text.c_str());
    ImGui::PopStyleColor();
    RecordItemRect("cost:check");
    ImGui::TextWrapped("Memory: the wasm heap went from %s to %s (+%s). The run's %s of buffers %s; WebAssembly "
                       "memory never shrinks, so the page keeps the grown heap for later use.",
                       Megabytes(r.heap_before_bytes).c_str(), Megabytes(r.heap_after_bytes).c_str(),
                       Megabytes(r.heap_after_bytes - r.heap_before_bytes).c_str(),
                       Megabytes(double(f.buffer_bytes)).c_str(),
                       r.buffers_released ? "are freed" : "are still held");
    RecordItemRect("cost:heap");
    ImGui::TextDisabled("Run took %s over %lld frames; longest frame %s.", Duration(r.wall_ms).c_str(),
                        (long long)r.frames, Duration(r.longest_frame_ms).c_str());
}

void ShowCostPanel(App& app) {
    CostShape& c = app.state.cost;
    CostRun& r = app.cost_run;
    ImGui::SeparatorText("Cost at scale");
    ImGui::TextWrapped("Both routes at a realistic size, timed in this browser: the one-hot route multiplies "
                       "every zero, the gather copies B rows.");

    ImGui::BeginDisabled(r.running());
    bool edited = false;
    struct Field { const char* label; const char* name; int* value; std::string help; };
    static const std::string to = " (1 to ";
    const Field fields[] = {
        {"V##cost", "cost:V", &c.V, "Ids = rows of W" + to + format_count(kMaxV) + ")."},
        {"d##cost", "cost:d", &c.d, "Embedding width = columns of W" + to + format_count(kMaxD) + ")."},
        {"B##cost", "cost:B", &c.B, "Ids looked up at once" + to + format_count(kMaxB) + "), drawn at random."},
        {"repeats", "cost:repeats", &c.repeats, "Each route is timed this many times" + to +
                                                    format_count(kMaxCostRepeats) +
                                                    "); the table shows the median and the range."},
    };
    for (int i = 0; i < 4; i++) {
        if (i % 2) ImGui::SameLine();
        ImGui::SetNextItemWidth(Px(90));
        edited |= ImGui::InputInt(fields[i].label, fields[i].value, 0);
        RecordItemRect(fields[i].name);
        RegisterTextField(TextFieldKind::Decimal);
        HelpMarker(fields[i].help.c_str());
    }
    ImGui::EndDisabled();
    if (edited) Commit(app, "cost shape");

    const CostBenchShape shape = ShapeOf(c);
    const Status fits = check_cost_shape(shape);
    if (fits.ok()) {
        const double V = c.V, d = c.d, B = c.B;
        ImGui::TextWrapped("W holds %s (%s). The one-hot block is %s x %s = %s numbers (%s) holding %s ones. "
                           "Each output number costs V = %s multiply-adds, V - 1 of them against zero.",
                           Large(V * d).c_str(), Megabytes(V * d * 4).c_str(), Grouped(B).c_str(), Grouped(V).c_str(),
                           Large(B * V).c_str(), Megabytes(B * V * 4).c_str(), Grouped(B).c_str(), Grouped(V).c_str());
    }
    ErrorText(fits.error);

    ImGui::BeginDisabled(r.running() || !fits.ok());
    if (ImGui::Button("Run")) (void)StartCostRun(app);
    RecordItemRect("cost:run");
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!r.running());
    if (ImGui::Button("Cancel")) CancelCostRun(app);
    RecordItemRect("cost:cancel");
    ImGui::EndDisabled();
    HelpMarker("The run does a few milliseconds of work per frame, so the page stays responsive. A route's time is "
               "the sum of its slices. The gather and scatter-add are too short for the browser's clock, so each "
               "sample times many calls in a row and divides (their rows then sit in cache, which favours them).");
    ImGui::SameLine();
    const double progress = r.running() ? r.bench->progress() : r.have_figures ? 1.0 : 0.0;
    const char* what = r.running() ? r.bench->activity() : r.cancelled ? "cancelled" : r.have_figures ? "done" : "";
    ImGui::ProgressBar(float(progress), ImVec2(-1, 0), what);
    RecordItemRect("cost:progress");
    ErrorText(r.error);

    if (r.have_figures) CostResults(r);
}

}  // namespace el
