#include "app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "state/parse.h"

namespace el {

// The figures the panels draw from, computed once per change.
static void summarise(App& app) {
    const AppState& s = app.state;
    auto abs_max = [](const std::vector<float>& v) {
        float m = 0.0f;
        for (float x : v)
            if (std::isfinite(x)) m = std::max(m, std::fabs(x));
        return m;
    };
    app.table_abs_max = abs_max(s.W);
    app.upstream_abs_max = abs_max(s.upstream);
    app.grad_abs_max = abs_max(app.result.grad_scatter);
    app.table_nonfinite = 0;
    for (float x : s.W) app.table_nonfinite += !std::isfinite(x);
    // Overview: each block of rows and columns keeps its value of largest magnitude.
    const int R = std::min(s.V, kOverviewRows), C = std::min(s.d, kOverviewCols);
    app.table_overview.assign(size_t(R) * C, 0.0f);
    for (int r = 0; r < s.V; r++)
        for (int c = 0; c < s.d; c++) {
            const float v = s.W[size_t(r) * s.d + c];
            float& cell = app.table_overview[size_t(int64_t(r) * R / s.V) * C + size_t(int64_t(c) * C / s.d)];
            if (!std::isfinite(v) || std::fabs(v) > std::fabs(cell)) cell = v;
        }
}

void recompute(App& app) {
    const AppState& s = app.state;
    LessonInput in{s.V, s.d, s.W, s.ids, s.upstream, s.lookup};
    Status st = compute_lesson(in, app.result);
    app.result_error = st.error;
    // max_norm rescales looked-up rows of W during the forward pass, as PyTorch does.
    if (st.ok() && !app.result.renormed_rows.empty()) app.state.W = app.result.table;
    summarise(app);
    app.link_dirty = true;
}

const LinkMessages& apply_link(App& app, std::string_view fragment) {
    app.link_messages = decode_link(fragment, app.state);
    const AppState& s = app.state;
    app.V_input = s.V, app.d_input = s.d;
    std::snprintf(app.ids_text, sizeof app.ids_text, "%s", format_ids(s.ids).c_str());
    app.ids_error.clear(), app.size_error.clear();
    app.table_editor = {}, app.upstream_editor = {};
    recompute(app);
    app.link_dirty = false;  // the address keeps the link as given until the learner edits
    return app.link_messages;
}

std::string describe_result(const App& app) {
    const LessonResult& r = app.result;
    if (!app.result_error.empty()) return "Not computed: " + app.result_error;
    if (r.B == 0) return "";
    std::string text;
    auto row = [&](int b) {
        std::string v = "[";
        for (int c = 0; c < r.d && c < 8; c++) v += (c ? ", " : "") + format_float(r.gather[size_t(b) * r.d + c]);
        return v + (r.d > 8 ? ", ...]" : "]");
    };
    text = r.equal ? "gather and one-hot matmul agree: " : "gather and one-hot matmul differ in " +
                                                               std::to_string(r.differing_outputs.size()) +
                                                               " outputs (non-finite table); gather gives ";
    for (int b = 0; b < r.B && b < 4; b++) text += (b ? ", " : "") + row(b);
    if (r.B > 4) text += " and " + std::to_string(r.B - 4) + " more";
    text += "; gradient reaches ";
    if (r.touched_rows.empty()) text += "no row (the upstream gradient is zero)";
    else {
        text += r.touched_rows.size() == 1 ? "row " : "rows ";
        for (size_t i = 0; i < r.touched_rows.size() && i < 8; i++)
            text += (i ? ", " : "") + std::to_string(r.touched_rows[i]);
        if (r.touched_rows.size() > 8) text += " and " + std::to_string(r.touched_rows.size() - 8) + " more";
        text += " only";
    }
    return text;
}

}  // namespace el
