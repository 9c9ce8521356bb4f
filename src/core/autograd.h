// The ops of the autograd engine, each a forward with its backward closure beside it
// (see tensor.h for the engine). Shapes in the comments use the letters of
// the lesson (V, d, B) where the op belongs to the lesson, else (M,K,N).
// Any op given a failed tensor or mismatched shapes returns a failed tensor whose
// message says what was wrong.
//
// The embedding ops (gather route and one-hot route) are in embedding_options.h,
// the bag in embedding_bag.h.
#pragma once
#include <vector>

#include "tensor.h"

namespace el {

// The one-hot block of the ids: out[b][v] = (v == ids[b]). A constant: ids get no gradient.
// ids is (B,) with 0 <= id < V; out is (B,V). Refused above kMaxOneHotFloats.
Tensor one_hot(const std::vector<int>& ids, int V);

// out = a @ b, through the kernels of matmul.h (every term multiplied, zeros included).
// Backward: da += dout @ b^T, db += a^T @ dout.
// a is (M,K); b is (K,N); out is (M,N)
Tensor matmul(const Tensor& a, const Tensor& b);

// Elementwise a + b and a * b. b has a's shape, or is one row (1,N) added/multiplied
// into every row of a (M,N) (a bias), or a (1,1) scalar. The backward of a broadcast
// sums over the rows it was copied to.
Tensor add(const Tensor& a, const Tensor& b);
Tensor mul(const Tensor& a, const Tensor& b);

// Sum and mean of every element: (M,N) -> (1,1).
Tensor sum(const Tensor& a);
Tensor mean(const Tensor& a);

// Elementwise: relu(x) = max(x, 0) (gradient 0 at x <= 0), tanh(x) (gradient 1 - tanh^2).
Tensor relu(const Tensor& a);
Tensor tanh(const Tensor& a);

// y = x @ weight + bias. weight is stored (in,out), the lesson's layout for W (V,d), so a
// one-hot x through linear without bias *is* the embedding lookup.
// x is (B,in); weight is (in,out); bias is (1,out) or a failed/empty Tensor for none; y is (B,out)
Tensor linear(const Tensor& x, const Tensor& weight, const Tensor& bias);
Tensor linear(const Tensor& x, const Tensor& weight);

// mean over all elements of (pred - target)^2 -> (1,1). pred and target have the same shape.
Tensor mse_loss(const Tensor& pred, const Tensor& target);

// Softmax + negative log-likelihood, averaged over the batch -> (1,1). Stable: the row max
// is subtracted before exp. Backward: dlogits = (softmax - onehot(target)) / B * dL.
// logits is (B,C); targets is (B,) with 0 <= target < C
Tensor cross_entropy(const Tensor& logits, const std::vector<int>& targets);

// Row-wise softmax, no gradient (for display). logits is (B,C) -> (B,C)
std::vector<float> softmax_rows(const Tensor& logits);

}  // namespace el
