// The frequency experiment: ids drawn from a Zipf distribution train an embedding + linear
// head; rows of rare ids get few updates and learn slowly. The run advances a few ms per
// frame (AdvanceFrequencyRun), so the page keeps drawing.
//
// [SECTION] Settings and run controls
// [SECTION] Plots
// [SECTION] The plots in numbers (the text view)
// [SECTION] Frequency panel

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "i18n/i18n.h"
#include "main.h"
#include "panels.h"
#include "state/parse.h"
#include "widgets.h"

namespace el {


//-----------------------------------------------------------------------------
// [SECTION] Settings and run controls
//-----------------------------------------------------------------------------

// Returns why a run would be refused (shown here, under the settings), or "".
static std::string ShowFrequencySettings(App& app) {
    FrequencySettings& f = app.state.frequency;
    const bool running = app.training.frequency.running;
    bool edited = false;
    std::string refused;
    ImGui::BeginDisabled(running);
    AppState& st = app.state;
    edited |= SettingField(st, "zipf", "Zipf s", "freq:zipf", 80, TR(labs_freq_zipf_help), refused);
    ImGui::SameLine();
    edited |= SettingField(st, "fV", "V##freq", "freq:V", 80,
                           format(TR(labs_freq_v_help), format_count(kMaxFrequencyV).c_str()).c_str(), refused);
    edited |= SettingField(st, "fseed", format("%s##freq", TR(labs_seed)).c_str(), "freq:seed", 80, nullptr, refused);
    ImGui::SameLine();
    edited |= SettingField(st, "fsteps", format("%s##freq_steps", TR(labs_steps)).c_str(), "freq:steps", 80, nullptr, refused);
    edited |= ImGui::Checkbox("scale_grad_by_freq", &f.scale_grad_by_freq);
    RecordItemRect("freq:freqscale");
    HelpMarker(TR(labs_freq_scale_help));
    SameLineIfFits(ImGui::CalcTextSize(TR(labs_recipe_lazy_adam)).x / Px(1) + 60);  // box, label, (?)
    edited |= ImGui::Checkbox(TR(labs_recipe_lazy_adam), &f.lazy);
    RecordItemRect("freq:lazy");
    HelpMarker(TR(labs_freq_lazy_help));
    SameLineIfFits(ImGui::CalcTextSize(TR(labs_weight_decay)).x / Px(1) + 60);
    edited |= ImGui::Checkbox(format("%s##freq_wd", TR(labs_weight_decay)).c_str(), &f.weight_decay);
    RecordItemRect("freq:wd");
    HelpMarker(TR(labs_freq_decay_help));
    ImGui::EndDisabled();
    if (edited) Commit(app, "frequency settings");
    ErrorText(refused);  // what a field refused; then why a run would be refused, before Run is pressed
    refused = frequency_settings_check(f).error;
    ErrorText(refused);
    return refused;
}

static void ShowRunControls(App& app, const std::string& refused) {
    FrequencyRun& run = app.training.frequency;
    if (!run.running) {
        if (ImGui::Button(format("%s###freq_run", run.finished ? TR(labs_run_again) : TR(labs_run)).c_str()))
            StartFrequencyRun(app);
        RecordItemRect("freq:run");
    } else {
        if (ImGui::Button(format("%s##freq", TR(labs_cancel)).c_str())) CancelFrequencyRun(app);
        RecordItemRect("freq:cancel");
    }
    ImGui::SameLine();
    const float fraction = run.target > 0 ? float(run.state.steps_done) / float(run.target) : 0.0f;
    const std::string overlay = format(TR(labs_progress_steps), format_count(run.state.steps_done).c_str(), format_count(run.target).c_str());
    ImGui::ProgressBar(fraction, ImVec2(-FLT_MIN, 0), run.target > 0 ? overlay.c_str() : TR(labs_not_run_yet));
    RecordItemRect("freq:progress");
    if (run.error != refused) ErrorText(run.error);  // else shown above, under the settings
}

//-----------------------------------------------------------------------------
// [SECTION] Plots
//-----------------------------------------------------------------------------

// A framed plot area, recorded as `name` for the browser tests; x and y map [0,1] to the frame.
struct PlotFrame {
    ImVec2 p0;
    float w, h, pad;
    ImVec2 at(float x, float y) const { return ImVec2(p0.x + pad + x * (w - 2 * pad), p0.y + h - pad - y * (h - 2 * pad)); }
};

static PlotFrame BeginPlotFrame(const char* name, const char* title) {
    ImGui::TextUnformatted(title);
    PlotFrame f{ImGui::GetCursorScreenPos(), std::min(ImGui::GetContentRegionAvail().x, Px(440)), Px(120), Px(10)};
    ImGui::InvisibleButton(name, ImVec2(f.w, f.h));
    RecordItemRect(name);
    ImGui::GetWindowDrawList()->AddRectFilled(f.p0, ImVec2(f.p0.x + f.w, f.p0.y + f.h),
                                              ImGui::GetColorU32(ImGuiCol_FrameBg));
    return f;
}

static const ImU32 kTouchColor = IM_COL32(40, 110, 220, 255), kChangeColor = IM_COL32(220, 120, 30, 255);

static void Dot(const PlotFrame& f, float x, float y, ImU32 color) {
    const ImVec2 p = f.at(x, y);
    const float r = Px(1.5f);
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x - r, p.y - r), ImVec2(p.x + r, p.y + r), color);
}

// Log axes: x = log10(rank) over [0, log10 V], y = log10(1 + count) over [0, log10(1 + max)].
static void PlotUpdates(const FrequencyRun& run) {
    const FrequencyState& s = run.state;
    const int V = s.config.V;
    const PlotFrame f = BeginPlotFrame("plot:updates", TR(labs_freq_plot_updates));
    int top = 1;
    for (int k = 0; k < V; k++) top = std::max({top, s.row_touches[size_t(k)], s.row_updates[size_t(k)]});
    const float lx = std::log10(float(V)), ly = std::log10(1.0f + float(top));
    for (int k = 0; k < V; k++) {
        const float x = std::log10(float(k + 1)) / lx;
        Dot(f, x, std::log10(1.0f + float(s.row_updates[size_t(k)])) / ly, kChangeColor);
        Dot(f, x, std::log10(1.0f + float(s.row_touches[size_t(k)])) / ly, kTouchColor);
    }
    LegendText(kTouchColor, "%s", TR(labs_freq_legend_blue));
    RecordItemRect("legend:touched");
    SameLineIfFits(LegendWidth(TR(labs_freq_legend_orange)));  // on its own line on a phone
    LegendText(kChangeColor, "%s", TR(labs_freq_legend_orange));
    RecordItemRect("legend:changed");
    ImGui::TextDisabled(TR(labs_freq_updates_axes), format_count(V).c_str(), format_count(top).c_str());
}

// x = log10(rank), y = the id's cross-entropy on its own class, 0 .. max; chance = ln C.
static void PlotError(const FrequencyRun& run) {
    const FrequencyState& s = run.state;
    const int V = s.config.V;
    const PlotFrame f = BeginPlotFrame("plot:error", TR(labs_freq_plot_error));
    const float chance = std::log(float(s.config.C));
    float top = chance * 1.5f;
    for (float e : s.row_error)
        if (std::isfinite(e)) top = std::max(top, e);
    const float lx = std::log10(float(V));
    ImGui::GetWindowDrawList()->AddLine(f.at(0, chance / top), f.at(1, chance / top), DimColor());
    for (int k = 0; k < V; k++)
        Dot(f, std::log10(float(k + 1)) / lx, std::min(s.row_error[size_t(k)], top) / top,
            s.row_correct[size_t(k)] ? GoodColor() : ErrorColor());
    ImGui::TextDisabled(TR(labs_freq_error_axes), format_count(V).c_str(), double(top), s.config.C, double(chance));
}

static void Polyline(const PlotFrame& f, const std::vector<float>& v, float top, ImU32 color) {
    const int n = int(v.size());
    if (n < 2) return;
    const int points = std::min(n, int(f.w));  // at most one point per pixel column
    std::vector<ImVec2> line(static_cast<size_t>(points));
    for (int i = 0; i < points; i++) {
        const int j = int(int64_t(i) * (n - 1) / std::max(1, points - 1));
        line[size_t(i)] = f.at(float(j) / float(n - 1), v[size_t(j)] / top);
    }
    ImGui::GetWindowDrawList()->AddPolyline(line.data(), points, color, 0, Px(1.5f));
}

static void PlotNorms(const FrequencyRun& run) {
    const PlotFrame f = BeginPlotFrame("plot:norms", TR(labs_freq_plot_norms));
    float top = 1e-6f;
    for (float x : run.head_norm) top = std::max(top, x);
    for (float x : run.tail_norm) top = std::max(top, x);
    top *= 1.1f;
    Polyline(f, run.head_norm, top, kTouchColor);
    Polyline(f, run.tail_norm, top, kChangeColor);
    const FrequencyState& s = run.state;
    LegendText(kTouchColor, TR(labs_freq_head_seen), run.head_id, format_count(s.row_seen[size_t(run.head_id)]).c_str());
    const std::string tail = format(TR(labs_freq_tail_seen), run.tail_id, format_count(run.tail_id + 1).c_str(), format_count(s.row_seen[size_t(run.tail_id)]).c_str());
    SameLineIfFits(LegendWidth(tail.c_str()));
    LegendText(kChangeColor, "%s", tail.c_str());
    ImGui::TextDisabled(TR(labs_freq_norms_axes), s.steps_done, double(top));
}

// The summary's split, which the text view's table shares: ids 0..FrequentEnd(V)-1 are the most
// frequent tenth, ids V/2..V-1 the rarest half.
static int FrequentEnd(int V) { return std::max(1, V / 10); }

// The percentage of ids lo..hi-1 whose logits pick their own class (lo < hi).
static double RightPercent(const FrequencyState& s, int lo, int hi) {
    int right = 0;
    for (int k = lo; k < hi; k++) right += s.row_correct[size_t(k)];
    return 100.0 * right / (hi - lo);
}

// Accuracy on the most frequent tenth of the ids against the rarest half.
static void ShowSummary(const FrequencyRun& run) {
    const FrequencyState& s = run.state;
    const int V = s.config.V;
    ImGui::Text(TR(labs_freq_summary), RightPercent(s, 0, FrequentEnd(V)), RightPercent(s, V / 2, V));
    RecordItemRect("freq:summary");
}

//-----------------------------------------------------------------------------
// [SECTION] The plots in numbers (the text view)
//-----------------------------------------------------------------------------

// The middle value of the ids lo..hi-1 in `v` (the upper one of two). As doubles, sorted: one
// std::sort for every type (counts and norms), which the page has anyway, and no nth_element's.
template <typename T>
static double Median(const std::vector<T>& v, int lo, int hi) {
    std::vector<double> part(v.begin() + lo, v.begin() + hi);
    std::sort(part.begin(), part.end());
    return part[part.size() / 2];
}

std::string FrequencyTableJson(const App& app) {
    const FrequencyRun& run = app.training.frequency;
    const FrequencyState& s = run.state;
    const int V = run.target > 0 ? s.config.V : 0, d = V ? s.W.cols() : 0;
    CellsJson table(TR(labs_freq_table_note));
    const auto cell = [&table](std::string_view text) { table.cell(text); };
    for (const char* header : {TR(labs_col_ids), TR(labs_freq_col_seen), TR(labs_freq_col_gradient), TR(labs_freq_col_changed),
                               TR(labs_freq_col_norm), TR(labs_freq_col_error), TR(labs_freq_col_right)})
        cell(header);
    std::vector<float> norms(size_t(V), 0.0f);  // ||W[id]||, the third plot's y at the last step
    for (int k = 0; k < V; k++) {
        const float* row = s.W.data() + size_t(k) * size_t(d);
        double sum = 0;
        for (int c = 0; c < d; c++) sum += double(row[c]) * row[c];
        norms[size_t(k)] = float(std::sqrt(sum));
    }
    // The head id, the summary's bands (the most frequent tenth, the rest of the first half, the rarest
    // half) and the tail id: ids lo..hi-1, medians of the counts and norms, the mean error.
    const auto band = [&](int lo, int hi, const char* label) {
        if (lo >= hi) return;
        cell(format(label, lo, hi - 1));
        cell(std::to_string(int(Median(s.row_seen, lo, hi))));
        cell(std::to_string(int(Median(s.row_touches, lo, hi))));
        cell(std::to_string(int(Median(s.row_updates, lo, hi))));
        cell(format("%.2f", Median(norms, lo, hi)));
        double error = 0;
        for (int k = lo; k < hi; k++) error += s.row_error[size_t(k)];
        cell(format("%.2f", error / (hi - lo)));
        cell(format(TR(labs_freq_percent), RightPercent(s, lo, hi)));
    };
    if (V > 0) {
        const int head = FrequentEnd(V);
        band(0, 1, TR(labs_freq_row_head));
        band(0, head, TR(labs_freq_row_frequent));
        band(head, V / 2, TR(labs_freq_row_middle));
        band(V / 2, V, TR(labs_freq_row_rare));
        band(V - 1, V, TR(labs_freq_row_tail));
    }
    return table.end(7, 0);
}

//-----------------------------------------------------------------------------
// [SECTION] Frequency panel
//-----------------------------------------------------------------------------

void ShowFrequencyPanel(App& app) {
    static double slice = 0;  // this run's part of the last frame
    if (app.training.frequency.running) slice = AdvanceFrequencyRun(app, g_frame_stats.run_slice_ms(slice));
    ImGui::SeparatorText(TR(labs_freq_title));
    const FrequencySettings& f = app.state.frequency;
    const char* optimizer = f.lazy ? TR(labs_freq_lazy_adam) : f.weight_decay ? "AdamW" : "Adam";
    TextWrapped(TR(labs_freq_intro), optimizer);
    const std::string refused = ShowFrequencySettings(app);
    ShowRunControls(app, refused);
    const FrequencyRun& run = app.training.frequency;
    if (run.target == 0) return;
    ImGui::PushTextWrapPos(0.0f);  // titles, legends and axes wrap in a phone's narrow column
    PlotUpdates(run);
    PlotError(run);
    PlotNorms(run);
    if (run.finished) ShowSummary(run);
    ImGui::PopTextWrapPos();
}

}  // namespace el
