#include "derived.h"

#include <algorithm>
#include <cmath>

#include "core/embedding_bag.h"
#include "core/matmul.h"

namespace el {

// The figures the panels draw from, computed once per change.
static void summarise(const AppState& s, const std::vector<float>& W, Derived& d) {
    auto abs_max = [](const std::vector<float>& v) {
        float m = 0.0f;
        for (float x : v)
            if (std::isfinite(x)) m = std::max(m, std::fabs(x));
        return m;
    };
    d.upstream_abs_max = abs_max(s.upstream);
    d.grad_abs_max = abs_max(d.result.grad_scatter);
    // W in one pass (three took 36 ms at V = 100,000 x 16, on every commit): its largest finite
    // magnitude, its non-finite cells, and the overview, where each block of rows and columns keeps its
    // value of largest magnitude.
    const int R = std::min(s.V, kOverviewRows), C = std::min(s.d, kOverviewCols);
    d.table_overview.assign(size_t(R) * C, 0.0f);
    d.table_abs_max = 0.0f, d.table_nonfinite = 0;
    for (int r = 0; r < s.V; r++) {
        const float* row = &W[size_t(r) * s.d];
        float* blocks = &d.table_overview[size_t(int64_t(r) * R / s.V) * C];
        for (int c = 0; c < s.d; c++) {
            const float v = row[c];
            float& cell = blocks[c * C / s.d];  // c * C < 2^31: d and C are small
            if (!std::isfinite(v)) {
                d.table_nonfinite++, cell = v;
                continue;
            }
            d.table_abs_max = std::max(d.table_abs_max, std::fabs(v));
            if (std::fabs(v) > std::fabs(cell)) cell = v;
        }
    }
}

static void compute_bags(const AppState& s, const std::vector<float>& W, Derived& d) {
    BagView& v = d.bag;
    v = {};
    if (s.bag == BagChoice::None || !d.result_error.empty()) return;
    EmbeddingBagOptions options;
    options.mode = s.bag == BagChoice::Sum ? BagMode::kSum : s.bag == BagChoice::Mean ? BagMode::kMean : BagMode::kMax;
    options.embedding = s.lookup;
    options.embedding.max_norm.reset();  // already applied to W by the lesson's forward pass
    // The bags' upstream gradient G_bags: G's first rows, one per bag (offsets has one entry a bag).
    const size_t bags = s.offsets.size();
    v.upstream.assign(bags * size_t(s.d), 0.0f);
    std::copy_n(s.upstream.begin(), std::min(v.upstream.size(), s.upstream.size()), v.upstream.begin());
    if (Status st = embedding_bag_grad(v.gather, v.grad, W, s.V, s.d, s.ids, s.offsets, options, v.upstream); !st.ok()) {
        v.upstream.clear();
        return void(v.error = st.error);
    }
    v.bags = int(bags);
    for (int k : distinct_ids(s.ids)) {  // only their rows can have gradient: not all V rows scanned
        bool touched = false;
        for (int c = 0; c < s.d; c++) {
            const float g = v.grad[size_t(k) * s.d + c];
            touched |= g != 0.0f;
            if (std::isfinite(g)) v.grad_abs_max = std::max(v.grad_abs_max, std::fabs(g));
        }
        if (touched) v.grad_touched_rows.push_back(k);
    }
    // No matrix route for max (not linear), nor over the one-hot route's work limit: bags*V*d <= B*V*d,
    // and its matrix M is bags x V floats (409.6 MB at 1,024 bags of V = 100,000).
    if (s.bag == BagChoice::Max || !d.result.one_hot_skipped.empty()) return;
    // M[j][k]: how often id k is in bag j (padding row left out), over n_j for mean.
    const int padding = d.result.padding_row;
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
    matmul_forward(v.matmul.data(), v.matrix.data(), W.data(), v.bags, s.V, s.d);
    for (size_t i = 0; i < v.gather.size(); i++)
        v.max_difference = std::max(v.max_difference, std::fabs(v.gather[i] - v.matmul[i]));
}

// The table the lookup leaves behind: W with max_norm's rescaled rows, as PyTorch's forward does.
static const std::vector<float>& table_after_lookup(const AppState& s, const Derived& d) {
    const bool rescaled = d.result_error.empty() && !d.result.renormed_rows.empty();
    return rescaled ? d.result.table : s.W;
}

void derive(const AppState& s, Derived& d) {
    LessonInput in{s.V, s.d, {}, s.ids, s.upstream, s.lookup};
    in.table = &s.W;  // read where it is: no (V,d) copy
    d.result_error = compute_lesson(in, d.result).error;
    d.bag.grad.clear(), d.bag.grad.shrink_to_fit();  // not held beside the new one
    const std::vector<float>& W = table_after_lookup(s, d);
    summarise(s, W, d);
    compute_bags(s, W, d);
}

bool write_back_max_norm(AppState& s, Derived& d) {
    LookupWriteBack& w = s.written_back;
    w = {};
    const std::vector<float>& W = table_after_lookup(s, d);
    if (&W == &s.W) return false;
    // Only the rescaled rows: every other row of the lookup's table is W's own (B*d numbers, not V*d).
    const size_t n = size_t(s.d);
    w.V = s.V, w.d = s.d, w.rows = d.result.renormed_rows;
    for (int k : w.rows) {
        float* row = &s.W[size_t(k) * n];
        w.before.insert(w.before.end(), row, row + n);
        std::copy_n(&W[size_t(k) * n], n, row);
        w.after.insert(w.after.end(), row, row + n);
    }
    return true;
}

const std::vector<float>& lookup_table(const LessonResult& r, const AppState& s) {
    static const std::vector<float> none;
    if (!r.table.empty()) return r.table;
    return s.W.size() == size_t(r.V) * size_t(r.d) ? s.W : none;
}

void release_tables(Derived& d) {
    d.result = {}, d.bag = {};
    d.table_overview.clear();
}

}  // namespace el
