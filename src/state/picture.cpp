#include "picture.h"

#include <algorithm>
#include <cmath>

#include "i18n/i18n.h"

namespace el {

Status highlight_for(const std::vector<int>& ids, int V, int id, Highlight& out) {
    if (id < 0 || id >= V)
        return Status::Fail("highlight: id " + std::to_string(id) + " is not a row of W (0.." + std::to_string(V - 1) + ")");
    out.id = id;
    out.positions.clear();
    for (size_t b = 0; b < ids.size(); b++)
        if (ids[b] == id) out.positions.push_back(int(b));
    return Status::Ok();
}

std::string describe_highlight(const Highlight& h, int padding_row, bool scale_grad_by_freq) {
    if (h.id < 0) return "";
    if (h.positions.empty()) return format(TR(picture_highlight_absent), h.id, h.id);
    std::string positions, sum;  // "0, 2, 3" and its notation "g_0 + g_2 + g_3"
    for (size_t i = 0; i < h.positions.size(); i++) {
        if (i == 8) {
            positions += ", ...", sum += " + ...";
            break;
        }
        positions += (i ? ", " : "") + std::to_string(h.positions[i]);
        sum += (i ? " + g_" : "g_") + std::to_string(h.positions[i]);
    }
    const bool one = h.positions.size() == 1;
    if (h.id == padding_row)
        return format(one ? TR(picture_highlight_padding_one) : TR(picture_highlight_padding_many), h.id,
                      positions.c_str(), h.id);
    if (scale_grad_by_freq && h.positions.size() > 1)
        sum = "(" + sum + ") / " + std::to_string(h.positions.size());
    return format(one ? TR(picture_highlight_one) : TR(picture_highlight_many), h.id, positions.c_str(), h.id, sum.c_str());
}

AxisBins::AxisBins(int n_, int max_cells) : n(std::max(0, n_)), cells(std::min(std::max(0, n_), std::max(1, max_cells))) {}

int AxisBins::first(int cell) const {
    if (cells <= 0) return 0;
    return int((long long)std::clamp(cell, 0, cells) * n / cells);
}

int AxisBins::cell_of(int index) const {
    if (cells <= 0) return 0;
    // The largest k with first(k) <= index.
    int k = int(((long long)std::clamp(index, 0, n - 1) * cells + cells - 1) / n);
    k = std::clamp(k, 0, cells - 1);
    while (k > 0 && first(k) > index) k--;
    while (k + 1 < cells && first(k + 1) <= index) k++;
    return k;
}

float log_scale_fraction(float v, float abs_max) {
    if (!std::isfinite(v) || v == 0.0f) return v;
    const float sign = v < 0 ? -1.0f : 1.0f;
    if (!(abs_max > 0.0f) || !std::isfinite(abs_max)) return sign;
    // |v| from max / 10^decades to max spread evenly on a log axis over [floor, 1]; below it, the floor
    const double decades = std::log10(std::fabs(double(v)) / double(abs_max));  // <= 0 up to max
    const double above = std::clamp(1.0 + decades / double(kLogScaleDecades), 0.0, 1.0);
    return sign * float(double(kLogScaleFloor) + (1.0 - double(kLogScaleFloor)) * above);
}

Status walk_start(Walk& w, const std::vector<int>& ids, int V, int d, int b, int c) {
    const int B = int(ids.size());
    if (b < 0 || b >= B) return Status::Fail("walk: b = " + std::to_string(b) + " is not a position of the batch (0.." + std::to_string(B - 1) + ")");
    if (c < 0 || c >= d) return Status::Fail("walk: c = " + std::to_string(c) + " is not a column of W (0.." + std::to_string(d - 1) + ")");
    w = Walk{};
    w.b = b, w.c = c, w.id = ids[size_t(b)], w.V = V;
    return Status::Ok();
}

void walk_step(Walk& w, const float* W, int d, int n) {
    if (w.b < 0) return;
    const int end = std::min(w.V, w.terms_done + std::max(0, n));
    for (int r = w.terms_done; r < end; r++) {
        const float e = r == w.id ? 1.0f : 0.0f;  // e_id[r]
        w.sum += e * W[size_t(r) * size_t(d) + size_t(w.c)];
        if (r != w.id) w.zero_terms++;
    }
    w.terms_done = end;
    if (w.done()) w.running = false;
}

void walk_advance(Walk& w, const float* W, int d, double seconds, double terms_per_second) {
    if (!w.running || w.done()) return;
    w.carry += std::max(0.0, seconds) * terms_per_second;
    const int n = int(std::min(w.carry, double(w.V)));
    w.carry -= n;
    walk_step(w, W, d, n);
}

void walk_skip_to_end(Walk& w, const float* W, int d) { walk_step(w, W, d, w.V - w.terms_done); }

double walk_terms_per_second(int V, double speed) {
    const double base = std::max(1.5, double(V) / 8.0);
    return base * std::clamp(speed, 0.05, 100.0);
}

}  // namespace el
