// The options PyTorch documents for nn.Embedding / F.embedding (the lesson: what real
// frameworks add), their checks, the max_norm step and nn.Embedding's initial table. The
// autograd op that applies them by both routes is in embedding_autograd.h.
//
// Letters: V = rows of W, d = width, B = ids looked up; p = padding_idx; c_k = how often
// id k occurs in the batch; g_b = upstream gradient of batch position b.
#pragma once
#include <optional>
#include <vector>

#include "tensor.h"

namespace el {

struct EmbeddingOptions {
    // Row p receives no gradient (its output is still W[p]). Negative p means p + V.
    std::optional<int> padding_idx;
    // Before the lookup, each distinct looked-up row whose norm_type-norm exceeds max_norm is
    // rescaled in place by max_norm / (norm + 1e-7), which leaves it at max_norm up to float32
    // rounding (a hair below, on or just above: the 1e-7 is often under half a float32 step);
    // rows within max_norm are left alone. This changes W during the forward pass. A double, as
    // PyTorch takes it: max_norm=0.3 is the double nearest 0.3, not float32(0.3) (a row of norm
    // float32(0.3) is past it, and 0.3 / (norm + 1e-7) differs in its last bits).
    std::optional<double> max_norm;
    float norm_type = 2.0f;  // p of the p-norm; INFINITY for the largest |x|
    // Backward scales row k's terms by s_k = 1/c_k.
    bool scale_grad_by_freq = false;
    // Backward writes (index, row) pairs, one per non-padding occurrence, into W's
    // sparse_grad instead of adding into W's dense grad. Not with scale_grad_by_freq.
    bool sparse = false;
};

// Checks the options against a table of V rows. `padding_row` gets p (wrapped into
// 0..V-1) or -1 for none.
Status check_embedding_options(const EmbeddingOptions& options, int V, int& padding_row);

// Checks a table's shape against the limits: V in [1, kMaxV], d in [1, kMaxD].
Status check_table(const Tensor& W);

// The max_norm step on its own: renormalises in place each distinct id's row whose norm
// exceeds max_norm, in ascending id order. Returns the rows it rescaled.
// W is (V,d); ids is (B,) already checked
std::vector<int> embedding_renorm(float* W, const std::vector<int>& ids, int d, double max_norm, float norm_type);

// The norm_type-norm of one row (p = INFINITY: the largest |x|), computed in float32 in the
// order PyTorch 1.13's CPU kernel uses, returned widened to double as embedding_renorm_ reads it.
double row_norm(const float* row, int d, float norm_type);

// A table initialised as nn.Embedding does: every cell N(0,1) from the seed, the padding
// row (if any, already wrapped to 0..V-1) zeros.
Tensor init_embedding_table(int V, int d, uint64_t seed, int padding_row = -1);

}  // namespace el
