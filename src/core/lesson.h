// The lesson's two routes through one embedding layer, computed side by side
// from the same table, ids and upstream gradient. Everything the first page
// shows comes from here.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "embedding_options.h"
#include "status.h"

namespace el {

struct LessonInput {
    int V = 0, d = 0;
    std::vector<float> W;         // (V,d) the table
    std::vector<int> ids;         // (B,)  may repeat
    std::vector<float> upstream;  // (B,d) g_b = dL/dout[b]
    EmbeddingOptions options;     // PyTorch's padding_idx, max_norm, scale_grad_by_freq, sparse
    const std::vector<float>* table = nullptr;  // when set, the table is read here (W left empty): no copy
};

struct LessonResult {
    int V = 0, d = 0, B = 0;
    std::vector<float> gather;           // (B,d) W[ids]
    std::vector<float> table;            // (V,d) W after the forward pass (max_norm rescales rows in place)
    std::vector<int> renormed_rows;      // rows max_norm rescaled, ascending
    int padding_row = -1;                // p wrapped into 0..V-1, or -1
    std::vector<int> sparse_indices;     // sparse=true: the (index, row) pairs' indices, in order
    std::vector<float> matmul;           // (B,d) onehot @ W; empty when one_hot_skipped
    std::vector<float> grad_scatter;     // (V,d) dW by scatter-add
    std::vector<float> grad_matmul;      // (V,d) dW = onehot^T @ G; empty when one_hot_skipped
    // "Not computed: " and why, when the one-hot route did not run (B*V*d over its work limit), or
    // "". The gather route always runs: it copies B*d numbers, however large V is.
    std::string one_hot_skipped;
    std::vector<int> touched_rows;       // rows whose gradient is nonzero, ascending
    std::vector<int> differing_outputs;  // flat (b*d + c) where gather and matmul differ
    bool equal = false;                  // gather == matmul, every output (false when skipped)
    bool grads_equal = false;            // grad_scatter == grad_matmul, every cell (false when skipped)
    int64_t matmul_mult_adds = 0;        // B*V*d
    int64_t matmul_zero_mult_adds = 0;   // B*(V-1)*d of them against a zero
    int64_t gather_copies = 0;           // B*d numbers copied
    int64_t onehot_bytes = 0;            // B*V*4: the block the route implies (built a few rows at a time)
    // Finite differences of L = sum(out * G) in double, when the table is small enough.
    // Finite differences measure the true dL/dW. The check compares them with the backward of the
    // same lookup without scale_grad_by_freq (the gradient shown equals it unless that option is on).
    bool fd_checked = false;
    bool fd_passed = false;              // every checked number within the check's tolerance
    double fd_max_abs_error = 0.0;       // |unscaled scatter-add gradient - numeric| at worst
    // scale_grad_by_freq: the shown gradient divides row k's terms by c_k on purpose, so it is
    // not dL/dW for an id used more than once; this is |shown - numeric| at worst (0 otherwise).
    bool fd_shown_is_scaled = false;
    double fd_shown_max_abs_difference = 0.0;
    int fd_skipped_row = -1;             // the padding row, left out of the check (its gradient is 0 by design)
    std::string fd_note;                 // why it was not checked, when it was not
};

// Two floats agree when equal or both NaN (the two routes give the same NaN
// when the gathered cell itself is NaN).
inline bool same_value(float a, float b) { return a == b || (a != a && b != b); }

// Validates the input (sizes, ids, upstream shape) and fills `out`; on a refused input
// `out` is left as it was so the caller keeps its last good result. Once the input is taken,
// out's (V,d) buffers are let go before the new ones are made (the heap never holds both); when
// the heap has no room for the new ones, `out` is emptied and the refusal names V x d.
Status compute_lesson(const LessonInput& in, LessonResult& out);

// The ids of a batch in order, each once (B,) -> (distinct,): the only rows a lookup reads or its
// gradient reaches.
std::vector<int> distinct_ids(std::vector<int> ids);

// Whether the heap can give `tables` (V,d) tables at once (core/limits.h: heap_has_room), or a refusal
// naming the megabytes and V x d: a lookup or a training step asks first, never aborts the page.
Status room_for_tables(int V, int d, int tables);

}  // namespace el
