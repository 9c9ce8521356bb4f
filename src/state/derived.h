// Everything the page computes from the state (AppState): the lesson's result, the
// figures the panels draw from, and the EmbeddingBag view. A pure function of the state,
// recomputed once per change (commit.h), never per frame: W may hold millions of numbers.
#pragma once
#include <string>
#include <vector>

#include "app_state.h"
#include "core/lesson.h"

namespace el {

// EmbeddingBag, both ways: the core's embedding_bag, and (sum, mean) the bag matrix
// M (bags,V) times W, where M[j][k] counts id k in bag j (divided by n_j for mean).
struct BagView {
    int bags = 0;
    std::vector<float> gather;   // (bags,d) embedding_bag
    std::vector<float> matrix;   // (bags,V) M, empty for max (not linear) and over the one-hot work limit
    std::vector<float> matmul;   // (bags,d) M @ W
    float max_difference = 0;    // |gather - matmul| at worst: float rounding of the sums
    // The bag's own backward (the lookup's dW is per position): G_bags is G's first `bags` rows
    // (zeros past B), one upstream row per bag; grad = M^T @ G_bags (max: to the rows holding it).
    std::vector<float> upstream;        // (bags,d) G_bags
    std::vector<float> grad;            // (V,d) dW_bag
    std::vector<int> grad_touched_rows;  // rows of grad with a nonzero number
    float grad_abs_max = 0;              // finite values only
    std::string error;
};

constexpr int kOverviewRows = 160, kOverviewCols = 32;  // the downsampled heatmap of a large W

struct Derived {
    LessonResult result;       // last good result
    std::string result_error;  // why the last compute was refused (empty when fine)
    float table_abs_max = 0, grad_abs_max = 0, upstream_abs_max = 0;  // finite values only
    int table_nonfinite = 0;
    std::vector<float> table_overview;  // (kOverviewRows, kOverviewCols) downsampled W, signed max |v|
    BagView bag;
};

// Recomputes `out` from `s` through the core. On refusal keeps the last good result and
// sets result_error; the summaries and the bag view always follow `s`.
void derive(const AppState& s, Derived& out);

// The lookup's max_norm step, written back: PyTorch's forward rescales the looked-up rows of
// W in place, so after derive() the rows the lesson rescaled are copied into s.W, and
// s.written_back keeps them as they were and as they are now (the exported scripts and the link
// start from them as they were, so that their own max_norm does the rescaling the page did).
// Returns whether W changed.
bool write_back_max_norm(AppState& s, Derived& d);

// W as the lesson's lookup left it: result.table, or W itself once refresh_derived wrote the lookup's
// rescaled rows into it and let result.table go (a second (V,d) copy, 64 MB at 2^24 cells). Empty
// when neither has the result's shape.
const std::vector<float>& lookup_table(const LessonResult& r, const AppState& s);

// The large buffers of `d` (each (V,d)) let go, before a new state's are made (a link opened):
// the heap is then not asked for both at once. The next derive() fills them again.
void release_tables(Derived& d);

}  // namespace el
