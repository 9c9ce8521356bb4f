// The lesson's one-hot route as kernels that never hold the whole one-hot block:
//   one_hot_matmul_forward    out = onehot(ids) @ W        (B,V) @ (V,d), every multiply-add done
//   one_hot_matmul_backward   dW += S^T @ dout             (V,B) @ (B,d), every multiply-add done
// The block onehot(ids) (B,V) is implied by the ids, so these build a slice of it at a time (at
// most kOneHotRowsFloats numbers) and multiply it in full with matmul.h's kernels: the same
// B*V*d multiply-adds, zeros included, in bounded memory. The forward takes a few rows of the
// block at a time (rows of out are independent); the backward a band of its columns (rows of dW),
// so each dW[k][c] is still one sum over b in batch order. Each returns the multiply-adds it did.
// The `_naive` references build the whole block and use the textbook loops.
//
// Letters (the lesson's): V = ids/rows of W, d = width, B = ids looked up at once.
// S is the one-hot block with each 1 replaced by s_k = row_scale[k] (1 when row_scale is null).
#pragma once
#include <cstdint>

#include "status.h"

namespace el {

// One-hot rows built at once: 2^20 floats = 4 MB (8 rows at V = 100,000).
constexpr int64_t kOneHotRowsFloats = int64_t(1) << 20;

// How many one-hot rows of length V one slice builds: a multiple of 4 (the matmul tile) when
// it can be, at least 1, at most B.
int one_hot_rows_per_slice(int B, int V);
// How many columns of the (B,V) block (rows of dW) one slice of the backward builds: 1..V.
int one_hot_columns_per_slice(int B, int V);

// out is (B,d); W is (V,d); ids is (B,) with 0 <= id < V
int64_t one_hot_matmul_forward(float* out, const float* W, const int* ids, int B, int V, int d);
int64_t one_hot_matmul_forward_naive(float* out, const float* W, const int* ids, int B, int V, int d);

// Adds into dW; zeroing it is the caller's call.
// dW is (V,d); dout is (B,d); ids is (B,); row_scale is (V,) or null
int64_t one_hot_matmul_backward(float* dW, const float* dout, const int* ids, const float* row_scale, int B, int V,
                                int d);
int64_t one_hot_matmul_backward_naive(float* dW, const float* dout, const int* ids, const float* row_scale, int B,
                                      int V, int d);

// The one-hot route's work, B*V*d multiply-adds each way, refused above kMaxOneHotMultAdds
// (a browser tab would stall for seconds); the message names the sizes and the work.
Status check_one_hot_work(int B, int V, int d);

}  // namespace el
