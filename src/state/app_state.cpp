#include "app_state.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/embedding.h"
#include "core/limits.h"
#include "i18n/i18n.h"

namespace el {

const char* const kInitNames[] = {"example", "normal", "uniform", "zeros", nullptr};
const char* const kThemeNames[] = {"light", "dark", "contrast", "contrastlight", nullptr};
const char* const kViewNames[] = {"canvas", "text", nullptr};
const char* const kBagNames[] = {"none", "sum", "mean", "max", nullptr};
const char* const kTourNames[] = {"none", "basics", "solid", "deeper", nullptr};
const char* const kSectionNames[] = {"none", "rawid", "bias", "nonfinite", nullptr};
const char* const kLossNames[] = {"upstream", "mse", nullptr};

const char* table_init_name(TableInit init) {
    const int i = int(init);
    return i >= 0 && i <= int(TableInit::Zeros) ? kInitNames[i] : kInitNames[0];
}

// splitmix64: a fixed, portable hash, so a seed gives the same table in every browser.
static uint64_t splitmix64(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// Uniform in (0, 1), never exactly 0 (Box-Muller takes its log).
static double unit_uniform(uint64_t key) { return (double(splitmix64(key) >> 11) + 0.5) * 0x1.0p-53; }

const char* const kPanelNames[kPanelCount] = {"table",    "ids",       "forward", "backward", "experiments",
                                              "training", "frequency", "cost",    "tour",     "presets",
                                              "budget"};

Status check_table_size(int V, int d) {
    if (Status s = check_table_shape(V, d); !s.ok()) return s;
    const int64_t cells = int64_t(V) * d;
    if (cells > kMaxTableCells) {
        return Status::Fail(format(TR(msg_table_too_many_cells), format_count(V).c_str(), format_count(d).c_str(),
                                   format_count(cells).c_str(), double(cells) * 4 / 1e6,
                                   format_count(kMaxTableCells).c_str(), double(kMaxTableCells) * 4 / 1e6));
    }
    return Status::Ok();
}

float generated_cell(TableInit init, uint32_t seed, int d, int r, int c) {
    const uint64_t key = (uint64_t(seed) << 32) | (uint64_t(r) << 9) | uint64_t(c);  // r < 2^17, c < 2^9
    switch (init) {
        case TableInit::Example: return float(int64_t(r) * d + c + 1) / 10.0f;
        case TableInit::Zeros: return 0.0f;
        case TableInit::Uniform: return float(2.0 * unit_uniform(2 * key) - 1.0);
        case TableInit::Normal: {
            const double u1 = unit_uniform(2 * key), u2 = unit_uniform(2 * key + 1);
            return float(std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2));
        }
    }
    return 0.0f;
}

const float* row_before_lookup(const AppState& s, int r) {
    const LookupWriteBack& w = s.written_back;
    if (w.V == s.V && w.d == s.d)
        if (auto it = std::lower_bound(w.rows.begin(), w.rows.end(), r); it != w.rows.end() && *it == r)
            return &w.before[size_t(it - w.rows.begin()) * size_t(s.d)];
    return &s.W[size_t(r) * size_t(s.d)];
}

std::vector<float> table_before_lookup(const AppState& s) {
    std::vector<float> W = s.W;
    for (int r : s.written_back.rows) std::copy_n(row_before_lookup(s, r), s.d, &W[size_t(r) * size_t(s.d)]);
    return W;
}

float default_upstream(int c) {
    static const float pattern[3] = {0.01f, -0.02f, 0.03f};
    return pattern[c % 3];
}

void regenerate_table(AppState& s) {
    s.W.resize(size_t(s.V) * size_t(s.d));
    for (int r = 0; r < s.V; r++)
        for (int c = 0; c < s.d; c++) s.W[size_t(r) * s.d + c] = generated_cell(s.init, s.seed, s.d, r, c);
}

Status resize_table(AppState& s, int V, int d) {
    if (Status st = check_table_size(V, d); !st.ok()) return st;
    std::vector<float> W(size_t(V) * size_t(d));
    for (int r = 0; r < V; r++)
        for (int c = 0; c < d; c++)
            W[size_t(r) * d + c] = (r < s.V && c < s.d) ? s.W[size_t(r) * s.d + c]
                                                        : generated_cell(s.init, s.seed, d, r, c);
    const int old_d = s.d;
    s.V = V, s.d = d, s.W = std::move(W);
    // ids past the new V would be out of range: keep those that still fit.
    std::vector<int> kept;
    for (int id : s.ids)
        if (id < V) kept.push_back(id);
    if (kept.empty()) kept.push_back(0);
    s.ids = std::move(kept);
    // A padding_idx whose row went with them goes too (-V..V-1 wraps into the rows): a state the
    // page kept would be one its link refuses, and nn.Embedding refuses it at construction.
    if (const std::optional<int>& p = s.lookup.padding_idx; p && (*p >= V || *p < -V)) s.lookup.padding_idx.reset();
    fit_upstream(s, old_d);
    return Status::Ok();
}

void fit_upstream(AppState& s, int old_d) {
    const int B = s.B(), d = s.d;
    const int old_B = old_d > 0 ? int(s.upstream.size()) / old_d : 0;
    std::vector<float> g(size_t(B) * size_t(d));
    for (int b = 0; b < B; b++)
        for (int c = 0; c < d; c++)
            g[size_t(b) * d + c] = (b < old_B && c < old_d) ? s.upstream[size_t(b) * old_d + c] : default_upstream(c);
    s.upstream = std::move(g);
    // Bags must still start inside the batch: drop offsets past B.
    std::vector<int> offsets;
    for (int o : s.offsets)
        if (o <= B && (offsets.empty() || o >= offsets.back())) offsets.push_back(o);
    if (offsets.empty() || offsets[0] != 0) offsets.insert(offsets.begin(), 0);
    s.offsets = std::move(offsets);
}

std::vector<IdCount> count_ids(std::vector<int> ids) {
    std::sort(ids.begin(), ids.end());
    std::vector<IdCount> counts;
    for (int id : ids) {
        if (counts.empty() || counts.back().id != id) counts.push_back({id, 0});
        counts.back().count++;
    }
    return counts;
}

}  // namespace el
