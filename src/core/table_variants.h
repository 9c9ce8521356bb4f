// Ways to spend an embedding's parameters other than one row per id (issue 16), each still
// a one-hot product, with both routes side by side as in embedding_autograd.h:
//   hashed      k shared rows; id -> row by a seeded hash.   lookup = onehot(ids) @ H @ W_k
//   split       the N most frequent ids own a row, the rest share k hashed rows.
//               lookup = onehot(ids) @ H @ W_s, H of the split map
//   factorised  W = A @ P with A (V,r), P (r,d).              lookup = onehot(ids) @ A @ P
// H (V,R) is a row map written as a matrix: H[i][row_of(i)] = 1 and 0 elsewhere, one 1 per
// row, so onehot(ids) @ H is again a one-hot block (of the rows) and the product is exact.
//
// Letters: V = ids, d = width, B = ids looked up, k = hashed buckets, N = ids with their own
// row in the split, R = rows a row map points into (k, or N + k), r = rank of the factorised
// table.
#pragma once
#include <cstdint>
#include <vector>

#include "tensor.h"

namespace el {

// ---------------------------------------------------------------------------
// The seeded hash: x = seed XOR (id * phi) with phi = 0x9e3779b97f4a7c15 (mod 2^64); one
// splitmix64 step on x (random.h: x + phi, then its xor-shift-multiply finaliser) gives 64 bits
// z; bucket(id) = (hi32(z) * k) >> 32, the top 32 bits mapped to 0..k-1 by multiply-shift (as
// Rng::below does). Integer arithmetic only: the same id, k and seed give the same bucket
// natively and in the browser.
int hash_bucket(int id, int k, uint64_t seed);

// Which row of a shared table each id reads: row_of[i] in 0..rows-1. The identity map
// (V rows, row_of[i] = i) is the plain table.
struct RowMap {
    int V = 0, rows = 0;
    std::vector<int> row_of;  // (V,)
    int own_rows = 0;         // the split: rows 0..own_rows-1 belong to one id each; 0 otherwise
};

// k buckets by the seeded hash (identity = false), or row_of[i] = i mod k (identity = true,
// which with k = V is the plain table). V in [1, kMaxV], k in [1, kMaxV].
Status hashed_map(int V, int k, uint64_t seed, bool identity, RowMap& out);

// The split: own_ids (the N most frequent ids, distinct, 0 <= id < V) read rows 0..N-1 in the
// order given; every other id reads row N + hash_bucket(id, k, seed). k >= 1 unless every id
// has its own row (then k may be 0).
Status split_map(int V, const std::vector<int>& own_ids, int k, uint64_t seed, RowMap& out);

// The N ids with the largest counts (or probabilities), largest first, ties to the smaller id.
std::vector<int> most_frequent_ids(const std::vector<double>& counts, int N);

// H as a matrix for display: (V,R) with H[i][row_of[i]] = 1. Refused above kMaxOneHotFloats.
Tensor row_map_matrix(const RowMap& map);

// The ids that share a row, for every row read by two or more ids, rows ascending and ids
// ascending within each.
struct SharedRow {
    int row = 0;
    std::vector<int> ids;
};
std::vector<SharedRow> collisions(const RowMap& map);
// How many ids read a row that some other id reads too.
int colliding_ids(const RowMap& map);

// ---------------------------------------------------------------------------
// Kernels over raw buffers.

// Mapped lookup, forward: out[b] = W_m[row_of[ids[b]]].  O(B*d), a copy through the map.
// out is (B,d); W_m is (R,d); row_of is (V,); ids is (B,)
void mapped_lookup_forward(float* out, const float* W_m, const int* row_of, const int* ids, int B, int d);
// Mapped lookup, backward: dW_m[row_of[ids[b]]] += dout[b] (ids sharing a row add into it).
// dW_m is (R,d); dout is (B,d); row_of is (V,); ids is (B,)
void mapped_lookup_backward(float* dW_m, const float* dout, const int* row_of, const int* ids, int B, int d);
void mapped_lookup_forward_naive(float* out, const float* W_m, const int* row_of, const int* ids, int B, int d);
void mapped_lookup_backward_naive(float* dW_m, const float* dout, const int* row_of, const int* ids, int B, int d);

// Factorised lookup, forward: out[b] = A[ids[b]] @ P.  O(B*r*d).
// out is (B,d); A is (V,r); P is (r,d); ids is (B,)
void factorised_forward(float* out, const float* A, const float* P, const int* ids, int B, int r, int d);
// Factorised lookup, backward, adding: dA[ids[b]] += dout[b] @ P^T (only the looked-up rows of
// A); dP += A[ids]^T @ dout (every number of P: each output mixes all of P's rows).
// dA is (V,r); dP is (r,d); dout is (B,d); A is (V,r); P is (r,d); ids is (B,)
void factorised_backward(float* dA, float* dP, const float* dout, const float* A, const float* P, const int* ids,
                         int B, int r, int d);
void factorised_forward_naive(float* out, const float* A, const float* P, const int* ids, int B, int r, int d);
void factorised_backward_naive(float* dA, float* dP, const float* dout, const float* A, const float* P,
                               const int* ids, int B, int r, int d);

// ---------------------------------------------------------------------------
// Autograd ops. Each checks its inputs and returns a failed tensor naming what was wrong.

// Gather route through a row map (hashed or split): out[b] = W_m[row_of[ids[b]]].
// Backward: dW_m[row_of[ids[b]]] += g_b.
// W_m is (R,d) with R = map.rows; ids is (B,) with 0 <= id < V; out is (B,d)
Tensor mapped_embedding(const Tensor& W_m, const RowMap& map, const std::vector<int>& ids);
// One-hot route: (onehot(ids) @ H) @ W_m through matmul, H = row_map_matrix(map), every zero
// multiplied. Backward through matmul: dW_m += (onehot @ H)^T @ G.
Tensor mapped_embedding_one_hot(const Tensor& W_m, const RowMap& map, const std::vector<int>& ids);

// Factorised, fused: out[b] = A[ids[b]] @ P. Backward as factorised_backward.
// A is (V,r); P is (r,d); ids is (B,); out is (B,d)
Tensor factorised_embedding(const Tensor& A, const Tensor& P, const std::vector<int>& ids);
// One-hot route: (onehot(ids) @ A) @ P through matmul.
Tensor factorised_embedding_one_hot(const Tensor& A, const Tensor& P, const std::vector<int>& ids);

// ---------------------------------------------------------------------------
// Parameter counts of the table alone (the head is the same for every variant).
inline int64_t full_table_parameters(int V, int d) { return int64_t(V) * d; }
inline int64_t mapped_table_parameters(const RowMap& map, int d) { return int64_t(map.rows) * d; }
inline int64_t hashed_table_parameters(int k, int d) { return int64_t(k) * d; }
inline int64_t split_table_parameters(int N, int k, int d) { return int64_t(N + k) * d; }
inline int64_t factorised_table_parameters(int V, int r, int d) { return int64_t(V) * r + int64_t(r) * d; }

}  // namespace el
