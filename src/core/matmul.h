// Dense matrix products over raw row-major buffers. Each fast kernel has a
// `_naive` reference beside it; tests check they agree.
//
// These kernels multiply every term, zeros included: the one-hot route of the
// lesson is only honest if its matmul does the full B*V*d multiply-adds.
#pragma once

namespace el {

// out = a @ b (overwrites out).
// out is (M,N); a is (M,K); b is (K,N)
void matmul_forward(float* out, const float* a, const float* b, int M, int K, int N);
void matmul_forward_naive(float* out, const float* a, const float* b, int M, int K, int N);

// Backward of out = a @ b, adding into the gradient buffers (either may be null):
// da += dout @ b^T; db += a^T @ dout.
// da is (M,K); db is (K,N); dout is (M,N); a is (M,K); b is (K,N)
void matmul_backward(float* da, float* db, const float* dout, const float* a, const float* b, int M, int K,
                     int N);
void matmul_backward_naive(float* da, float* db, const float* dout, const float* a, const float* b, int M,
                           int K, int N);

}  // namespace el
