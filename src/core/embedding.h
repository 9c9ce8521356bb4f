// The embedding layer as plain kernels over raw row-major buffers (llm.c style):
// outputs first, then inputs, then sizes. Gradient buffers start with `d`.
//
// Letters (the lesson's): V = ids/rows of W, d = width, B = ids looked up at once.
#pragma once
#include "status.h"

namespace el {

// Every id must name a row: 0 <= id < V, and the batch must hold 1..kMaxB ids.
// ids is (B,)
Status check_ids(const int* ids, int B, int V);

// Gather route, forward: out[b] = W[ids[b]].  O(B*d), a copy.
// out is (B,d); W is (V,d); ids is (B,)
void embedding_forward(float* out, const float* W, const int* ids, int B, int d);

// Gather route, backward: dW[k] += s_k * dout[b] for every b with k = ids[b] != padding_row
// (scatter-add, so an id used three times gets three terms). s_k = row_scale[k], or 1 when
// row_scale is null (then no multiply at all). Adds into dW; zeroing dW is the caller's call.
// The autograd op (embedding_autograd.cpp) and the cost benchmark (cost.cpp) both call this.
// dW is (V,d); dout is (B,d); ids is (B,); row_scale is (V,) or null; padding_row -1 for none
void embedding_backward(float* dW, const float* dout, const int* ids, int B, int d, const float* row_scale = nullptr,
                        int padding_row = -1);

// The same two as plain scalar loops: the references the vectorised kernels must equal exactly.
void embedding_forward_naive(float* out, const float* W, const int* ids, int B, int d);
void embedding_backward_naive(float* dW, const float* dout, const int* ids, int B, int d,
                              const float* row_scale = nullptr, int padding_row = -1);

// The one-hot block: onehot[b][v] = (v == ids[b]). Writes all B*V numbers.
// onehot is (B,V); ids is (B,)
void one_hot(float* onehot, const int* ids, int B, int V);

// Refuses a one-hot block over kMaxOneHotFloats, naming the memory it would need.
Status check_one_hot_size(int B, int V);

// Refuses V outside [1, kMaxV] or d outside [1, kMaxD], naming the number and its range.
Status check_table_shape(int V, int d);

}  // namespace el
