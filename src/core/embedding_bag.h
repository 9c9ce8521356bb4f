// embedding_bag: look up a batch of ids and reduce them bag by bag, as PyTorch's
// nn.EmbeddingBag documents it (the lesson: what real frameworks add). Bag j holds the ids at positions
// offsets[j] .. offsets[j+1]-1 (the last bag runs to B).
//   sum   out[j] = sum_b w_b * W[ids[b]]    (w_b = per_sample_weights[b], or 1)
//   mean  out[j] = sum_b W[ids[b]] / n_j    (n_j = non-padding ids in the bag)
//   max   out[j][c] = max_b W[ids[b]][c]    (gradient to the first row holding the max)
// The padding row is left out of every reduction; a bag with nothing left gives zeros.
// Options of the plain embedding apply (padding_idx, max_norm, scale_grad_by_freq, sparse).
#pragma once
#include <vector>

#include "embedding_options.h"

namespace el {

enum class BagMode { kSum, kMean, kMax };
const char* bag_mode_name(BagMode mode);

struct EmbeddingBagOptions {
    BagMode mode = BagMode::kMean;  // PyTorch's default
    // offsets has one more entry than there are bags, its last equal to B (the CSR layout).
    bool include_last_offset = false;
    EmbeddingOptions embedding;
};

// Checks offsets against B: offsets[0] == 0, never decreasing, none past B.
Status check_offsets(const std::vector<int>& offsets, int B, bool include_last_offset);

// W is (V,d); ids is (B,); offsets is (bags,) or (bags+1,); per_sample_weights is a
// (1,B) or (B,1) tensor (sum mode only; it gets a gradient too) or an empty Tensor.
// out is (bags,d)
Tensor embedding_bag(Tensor W, const std::vector<int>& ids, const std::vector<int>& offsets,
                     const EmbeddingBagOptions& options = {}, const Tensor& per_sample_weights = Tensor());

// Forward and the bag's backward at once, for an upstream gradient of one row per bag, through
// embedding_bag's own autograd: dW = M^T @ G_bags for sum and mean (weights 1 and 1/n_j, padding left
// out, times s_k with scale_grad_by_freq), and for max each column's g to the row that holds the max.
// W is (V,d); G_bags is (bags,d); out is (bags,d); dW is (V,d), dense (a sparse gradient summed into it).
Status embedding_bag_grad(std::vector<float>& out, std::vector<float>& dW, std::vector<float> W, int V, int d,
                          const std::vector<int>& ids, const std::vector<int>& offsets,
                          const EmbeddingBagOptions& options, const std::vector<float>& G_bags);

}  // namespace el
