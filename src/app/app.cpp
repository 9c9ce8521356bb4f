#include "app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/embedding_bag.h"
#include "core/matmul.h"
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

static void compute_bags(App& app) {
    const AppState& s = app.state;
    BagView& v = app.bag;
    v = {};
    if (s.bag == BagChoice::None || !app.result_error.empty()) return;
    EmbeddingBagOptions options;
    options.mode = s.bag == BagChoice::Sum ? BagMode::kSum : s.bag == BagChoice::Mean ? BagMode::kMean : BagMode::kMax;
    options.embedding = s.lookup;
    options.embedding.max_norm.reset();  // already applied to W by the lesson's forward pass
    options.embedding.sparse = false;
    Tensor out = embedding_bag(Tensor::from(s.V, s.d, s.W), s.ids, s.offsets, options);
    if (!out.ok()) return void(v.error = out.status().error);
    v.bags = out.rows();
    v.gather = out.values();
    if (s.bag == BagChoice::Max) return;
    // M[j][k]: how often id k is in bag j (padding row left out), over n_j for mean.
    const int padding = app.result.padding_row;
    v.matrix.assign(size_t(v.bags) * s.V, 0.0f);
    for (int j = 0; j < v.bags; j++) {
        const int begin = s.offsets[size_t(j)], end = j + 1 < v.bags ? s.offsets[size_t(j) + 1] : s.B();
        int n = 0;
        for (int b = begin; b < end; b++) n += s.ids[size_t(b)] != padding;
        for (int b = begin; b < end; b++)
            if (s.ids[size_t(b)] != padding)
                v.matrix[size_t(j) * s.V + s.ids[size_t(b)]] += s.bag == BagChoice::Mean ? 1.0f / float(n) : 1.0f;
    }
    v.matmul.resize(size_t(v.bags) * s.d);
    matmul_forward(v.matmul.data(), v.matrix.data(), s.W.data(), v.bags, s.V, s.d);
    for (size_t i = 0; i < v.gather.size(); i++)
        v.max_difference = std::max(v.max_difference, std::fabs(v.gather[i] - v.matmul[i]));
}

void recompute(App& app) {
    const AppState& s = app.state;
    LessonInput in{s.V, s.d, s.W, s.ids, s.upstream, s.lookup};
    Status st = compute_lesson(in, app.result);
    app.result_error = st.error;
    // max_norm rescales each looked-up row of W whose norm exceeds it, during the forward pass, as PyTorch does.
    if (st.ok() && !app.result.renormed_rows.empty()) app.state.W = app.result.table;
    summarise(app);
    compute_bags(app);
    app.link_dirty = true;
}

const LinkMessages& apply_link(App& app, std::string_view fragment) {
    app.link_messages = decode_link(fragment, app.state);
    const AppState& s = app.state;
    app.V_input = s.V, app.d_input = s.d;
    std::snprintf(app.ids_text, sizeof app.ids_text, "%s", format_ids(s.ids).c_str());
    app.ids_error.clear(), app.size_error.clear(), app.offsets_error.clear();
    std::snprintf(app.offsets_text, sizeof app.offsets_text, "%s", format_ids(s.offsets).c_str());
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
    if (r.touched_rows.empty()) {
        const AppState& s = app.state;
        bool all_padding = r.B > 0 && r.padding_row >= 0, upstream_zero = true;
        for (int b = 0; b < r.B; b++)
            if (s.ids[size_t(b)] != r.padding_row) all_padding = false;
        for (float g : s.upstream)
            if (g != 0.0f) upstream_zero = false;
        text += all_padding     ? "no row (every id is the padding row)"
                : upstream_zero ? "no row (the upstream gradient is zero)"
                                : "no row (the terms cancel, or only the padding row got them)";
    }
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
