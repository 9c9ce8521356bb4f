// The lesson's two routes through one embedding layer, computed side by side
// from the same table, ids and upstream gradient. Everything the first page
// shows comes from here.
#pragma once
#include <cstdint>
#include <vector>

#include "status.h"

namespace el {

struct LessonInput {
    int V = 0, d = 0;
    std::vector<float> W;         // (V,d) the table
    std::vector<int> ids;         // (B,)  may repeat
    std::vector<float> upstream;  // (B,d) g_b = dL/dout[b]
};

struct LessonResult {
    int V = 0, d = 0, B = 0;
    std::vector<float> gather;           // (B,d) W[ids]
    std::vector<float> onehot;           // (B,V) e_{ids[b]}, empty when refused as too large
    std::vector<float> matmul;           // (B,d) onehot @ W
    std::vector<float> grad_scatter;     // (V,d) dW by scatter-add
    std::vector<float> grad_matmul;      // (V,d) dW = onehot^T @ G
    std::vector<int> touched_rows;       // rows whose gradient is nonzero, ascending
    std::vector<int> differing_outputs;  // flat (b*d + c) where gather and matmul differ
    bool equal = false;                  // gather == matmul, every output
    bool grads_equal = false;            // grad_scatter == grad_matmul, every cell
    int64_t matmul_mult_adds = 0;        // B*V*d
    int64_t matmul_zero_mult_adds = 0;   // B*(V-1)*d of them against a zero
    int64_t gather_copies = 0;           // B*d numbers copied
    int64_t onehot_bytes = 0;            // B*V*4
};

// Two floats agree when equal or both NaN (the two routes give the same NaN
// when the gathered cell itself is NaN).
inline bool same_value(float a, float b) { return a == b || (a != a && b != b); }

// Validates the input (sizes, ids, upstream shape) and fills `out`; on error
// `out` is left as it was so the caller keeps its last good result.
Status compute_lesson(const LessonInput& in, LessonResult& out);

}  // namespace el
