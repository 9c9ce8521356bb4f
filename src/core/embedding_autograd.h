// The embedding op for the core's autograd (autograd.h), with nn.Embedding's options
// (embedding_options.h), computed by both routes of the lesson:
//   embedding           gather route: forward copies rows, backward scatter-adds, O(B*d)
//   embedding_one_hot   one-hot route: forward onehot (B,V) @ W (V,d), backward dW = S^T @ G,
//                       every zero multiplied, O(B*V*d)
// For finite tables both give the same output and the same gradient, bit for bit. The
// kernels underneath are embedding.h's (the ones the cost benchmark times) and matmul.h's.
//
// Letters: V = rows of W, d = width, B = ids looked up; p = padding_idx; c_k = how often
// id k occurs in the batch; g_b = upstream gradient of batch position b.
#pragma once
#include <vector>

#include "embedding_options.h"
#include "tensor.h"

namespace el {

// Gather route. out[b] = W[ids[b]].
// Backward: dW[k] += s_k * g_b for every b with ids[b] = k != p (s_k = 1/c_k or 1).
// W is (V,d) (taken by handle: max_norm writes into it); ids is (B,); out is (B,d)
Tensor embedding(Tensor W, const std::vector<int>& ids, const EmbeddingOptions& options = {});

// One-hot route. out = onehot(ids) @ W, every multiply-add of the product done, the block built
// a few rows at a time (one_hot_matmul.h) rather than held whole.
// Backward: dW = S^T @ G through matmul_backward, where S (B,V) is the one-hot block with
// S[b][k] = s_k, and 0 in the padding column. Refuses sparse (the matmul gradient is dense)
// and more than kMaxOneHotMultAdds multiply-adds (B*V*d) each way.
// W is (V,d); ids is (B,); out is (B,d)
Tensor embedding_one_hot(Tensor W, const std::vector<int>& ids, const EmbeddingOptions& options = {});

}  // namespace el
