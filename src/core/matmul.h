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

// Resumable pieces, for callers that must return to the browser between slices
// (cost.cpp): a sweep of slices computes exactly what the whole call computes.
constexpr int kMatmulKBlock = 512;  // matmul_forward's K block

// Rows [i0,i1) of out = a @ b over the K blocks [k0,k1): the block at k = 0
// writes, later blocks add. k0 must be a multiple of kMatmulKBlock, and the
// blocks of a row swept in ascending order, for the sums to match matmul_forward.
// out is (M,N); a is (M,K); b is (K,N)
void matmul_forward_slice(float* out, const float* a, const float* b, int M, int K, int N, int i0, int i1,
                          int k0, int k1);

// Rows [k0,k1) of db += a^T @ dout, each element one running sum over i in
// ascending order (as in matmul_backward, for any k0 and k1).
// db is (K,N); dout is (M,N); a is (M,K)
void matmul_backward_db_rows(float* db, const float* dout, const float* a, int M, int K, int N, int k0, int k1);

}  // namespace el
