// What the picture of the one-hot product needs that can be checked without a screen:
// which positions a highlighted id has and what its row of dW sums, how a long axis is
// compressed into a few drawn cells, and the walk down one column of W (its terms and counts).
//
// Letters as in the lesson: V rows of W (ids), d columns, B positions in the batch.
#pragma once
#include <string>
#include <vector>

#include "core/status.h"

namespace el {

// The id everything lights up for, and the batch positions that look it up.
struct Highlight {
    int id = -1;                 // -1: nothing highlighted
    std::vector<int> positions;  // b with ids[b] == id, ascending
};

// The highlight for `id` over the batch `ids` of a V-row table; refuses an id outside 0..V-1.
Status highlight_for(const std::vector<int>& ids, int V, int id, Highlight& out);

// The aria-live line: "id 2: positions 0, 2, 3; row 2 of dW = g_0 + g_2 + g_3" (or "not in the
// batch; row 2 of dW stays 0"). padding_row gets no gradient, which the line says.
std::string describe_highlight(const Highlight& h, int padding_row, bool scale_grad_by_freq);

// A long axis (n indices) drawn in at most `max_cells` cells: cell k covers
// [first(k), first(k+1)). With n <= max_cells every index has its own cell.
struct AxisBins {
    int n = 0, cells = 0;
    AxisBins(int n, int max_cells);
    int first(int cell) const;       // first index in the cell (first(cells) == n)
    int cell_of(int index) const;    // the cell that holds index
    bool compressed() const { return cells < n; }
};

// The colour scale of G and dW in the backward picture: a symmetric log scale, so one heavy id
// does not wash the other rows out. |v| from abs_max / 10^kLogScaleDecades up to abs_max is spread
// evenly (each factor 10 the same step of colour) over [kLogScaleFloor, 1] of full colour; smaller
// nonzero values get the floor (a small row still shows); only an exact 0 gives 0. Signed like v.
// Non-finite v comes back as is (drawn in the non-finite colour).
constexpr float kLogScaleDecades = 3.0f, kLogScaleFloor = 0.3f;
float log_scale_fraction(float v, float abs_max);

// The walk: out[b][c] = sum over r of e_i[r] * W[r][c] (i = ids[b]), taken one term at a time down column c,
// against the gather's single step to W[ids[b]][c].
struct Walk {
    int b = -1, c = -1;    // the output being computed; b < 0: no walk
    int id = -1;           // ids[b]: the one term that is not against zero
    int V = 0;
    int terms_done = 0;    // terms e_i[r] * W[r][c] added so far (r < terms_done)
    int zero_terms = 0;    // of those, multiplied by zero (r != id)
    float sum = 0.0f;      // the running sum, in the order the terms were taken
    double carry = 0.0;    // fraction of a term the clock has already paid for
    bool running = false;  // advancing with time (not paused)
    bool done() const { return b >= 0 && terms_done >= V; }
};

// Starts a walk for out[b][c]; refuses b or c out of range.
Status walk_start(Walk& w, const std::vector<int>& ids, int V, int d, int b, int c);
// Adds n more terms (or fewer, at the end) from column c of W (V,d).
void walk_step(Walk& w, const float* W, int d, int n);
// The clock moved by `seconds` at `terms_per_second`: adds the terms it paid for.
void walk_advance(Walk& w, const float* W, int d, double seconds, double terms_per_second);
void walk_skip_to_end(Walk& w, const float* W, int d);
// Default pace: about 1.5 terms a second for a small table, but never more than 8 s for the
// whole column (V = 1,000 takes 8 s); `speed` multiplies it.
double walk_terms_per_second(int V, double speed);

}  // namespace el
