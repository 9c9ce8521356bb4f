#include "table_variants.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "autograd.h"
#include "embedding.h"
#include "embedding_options.h"
#include "limits.h"
#include "matmul.h"
#include "random.h"

namespace el {

// ---------------------------------------------------------------------------
// Hash and row maps

int hash_bucket(int id, int k, uint64_t seed) {
    uint64_t state = seed ^ (uint64_t(uint32_t(id)) * 0x9e3779b97f4a7c15ULL);
    const uint64_t mixed = splitmix64(state);  // splitmix64 adds phi once more, then mixes
    return int(((mixed >> 32) * uint64_t(uint32_t(k))) >> 32);
}

static Status check_V(int V) {
    if (V < 1 || V > kMaxV)
        return Status::Fail("V = " + std::to_string(V) + " is out of range: V runs from 1 to " + std::to_string(kMaxV));
    return Status::Ok();
}

Status hashed_map(int V, int k, uint64_t seed, bool identity, RowMap& out) {
    if (Status s = check_V(V); !s.ok()) return s;
    if (k < 1 || k > kMaxV)
        return Status::Fail("k = " + std::to_string(k) + " buckets is out of range: k runs from 1 to " +
                            std::to_string(kMaxV));
    RowMap m;
    m.V = V, m.rows = k;
    m.row_of.resize(size_t(V));
    for (int i = 0; i < V; i++) m.row_of[size_t(i)] = identity ? i % k : hash_bucket(i, k, seed);
    out = std::move(m);
    return Status::Ok();
}

Status split_map(int V, const std::vector<int>& own_ids, int k, uint64_t seed, RowMap& out) {
    if (Status s = check_V(V); !s.ok()) return s;
    const int N = int(own_ids.size());
    if (N > V)
        return Status::Fail("the split gives " + std::to_string(N) + " ids their own row, but there are only V = " +
                            std::to_string(V) + " ids");
    if (k < 0 || k > kMaxV)
        return Status::Fail("k = " + std::to_string(k) + " shared buckets is out of range: k runs from 0 to " +
                            std::to_string(kMaxV));
    if (k == 0 && N < V)
        return Status::Fail("the split needs at least one shared bucket for the " + std::to_string(V - N) +
                            " ids without their own row");
    RowMap m;
    m.V = V, m.rows = N + k, m.own_rows = N;
    m.row_of.assign(size_t(V), -1);
    for (int n = 0; n < N; n++) {
        const int id = own_ids[size_t(n)];
        if (id < 0 || id >= V)
            return Status::Fail("own-row id " + std::to_string(id) + " is out of range: ids run from 0 to V-1 = " +
                                std::to_string(V - 1));
        if (m.row_of[size_t(id)] >= 0)
            return Status::Fail("id " + std::to_string(id) + " is listed twice among the ids with their own row");
        m.row_of[size_t(id)] = n;
    }
    for (int i = 0; i < V; i++)
        if (m.row_of[size_t(i)] < 0) m.row_of[size_t(i)] = N + hash_bucket(i, k, seed);
    out = std::move(m);
    return Status::Ok();
}

std::vector<int> most_frequent_ids(const std::vector<double>& counts, int N) {
    std::vector<int> order(counts.size());
    std::iota(order.begin(), order.end(), 0);
    // Ties broken by the smaller id, so a plain sort gives the stable order (and less code than stable_sort).
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return counts[size_t(a)] > counts[size_t(b)] || (counts[size_t(a)] == counts[size_t(b)] && a < b);
    });
    order.resize(size_t(std::clamp(N, 0, int(order.size()))));
    return order;
}

static Status check_map(const RowMap& map) {
    if (Status s = check_V(map.V); !s.ok()) return s;
    if (map.rows < 1 || int(map.row_of.size()) != map.V)
        return Status::Fail("the row map is not set up: build it with hashed_map or split_map");
    return Status::Ok();
}

Tensor row_map_matrix(const RowMap& map) {
    if (Status s = check_map(map); !s.ok()) return Tensor::failed(s.error);
    if (int64_t(map.V) * map.rows > kMaxOneHotFloats)
        return Tensor::failed("H would be " + shape_text(map.V, map.rows) + ", more than the " +
                              std::to_string(kMaxOneHotFloats) + " numbers a one-hot block may hold");
    Tensor H = Tensor::zeros(map.V, map.rows);
    for (int i = 0; i < map.V; i++) H.at(i, map.row_of[size_t(i)]) = 1.0f;
    return H;
}

std::vector<SharedRow> collisions(const RowMap& map) {
    std::vector<std::vector<int>> ids_of_row(size_t(std::max(map.rows, 0)));
    for (int i = 0; i < int(map.row_of.size()); i++) ids_of_row[size_t(map.row_of[size_t(i)])].push_back(i);
    std::vector<SharedRow> shared;
    for (int row = 0; row < map.rows; row++)
        if (ids_of_row[size_t(row)].size() >= 2) shared.push_back({row, std::move(ids_of_row[size_t(row)])});
    return shared;
}

int colliding_ids(const RowMap& map) {
    int n = 0;
    for (const SharedRow& s : collisions(map)) n += int(s.ids.size());
    return n;
}

// ---------------------------------------------------------------------------
// Kernels. The fast ones reuse the vectorised gather/scatter and matmul kernels; the naive
// ones are plain loops, summing in the same order, so the two agree exactly.

void mapped_lookup_forward_naive(float* out, const float* W_m, const int* row_of, const int* ids, int B, int d) {
    for (int b = 0; b < B; b++)
        for (int c = 0; c < d; c++) out[int64_t(b) * d + c] = W_m[int64_t(row_of[ids[b]]) * d + c];
}

void mapped_lookup_backward_naive(float* dW_m, const float* dout, const int* row_of, const int* ids, int B, int d) {
    for (int b = 0; b < B; b++)
        for (int c = 0; c < d; c++) dW_m[int64_t(row_of[ids[b]]) * d + c] += dout[int64_t(b) * d + c];
}

static std::vector<int> rows_of_ids(const int* row_of, const int* ids, int B) {
    std::vector<int> rows(static_cast<size_t>(B));
    for (int b = 0; b < B; b++) rows[size_t(b)] = row_of[ids[b]];
    return rows;
}

void mapped_lookup_forward(float* out, const float* W_m, const int* row_of, const int* ids, int B, int d) {
    const std::vector<int> rows = rows_of_ids(row_of, ids, B);  // (B,) the row each id reads
    embedding_forward(out, W_m, rows.data(), B, d);
}

void mapped_lookup_backward(float* dW_m, const float* dout, const int* row_of, const int* ids, int B, int d) {
    const std::vector<int> rows = rows_of_ids(row_of, ids, B);
    embedding_backward(dW_m, dout, rows.data(), B, d);
}

void factorised_forward_naive(float* out, const float* A, const float* P, const int* ids, int B, int r, int d) {
    for (int b = 0; b < B; b++) {
        const float* A_ix = A + int64_t(ids[b]) * r;
        float* out_b = out + int64_t(b) * d;
        for (int c = 0; c < d; c++) {
            float sum = 0.0f;
            for (int j = 0; j < r; j++) sum += A_ix[j] * P[int64_t(j) * d + c];
            out_b[c] = sum;
        }
    }
}

void factorised_backward_naive(float* dA, float* dP, const float* dout, const float* A, const float* P,
                               const int* ids, int B, int r, int d) {
    for (int b = 0; b < B; b++) {  // dA[ids[b]][j] += sum_c dout[b][c] * P[j][c]
        const float* dout_b = dout + int64_t(b) * d;
        float* dA_ix = dA + int64_t(ids[b]) * r;
        for (int j = 0; j < r; j++) {
            float sum = 0.0f;
            for (int c = 0; c < d; c++) sum += dout_b[c] * P[int64_t(j) * d + c];
            dA_ix[j] += sum;
        }
    }
    for (int j = 0; j < r; j++)  // dP[j][c] += sum_b A[ids[b]][j] * dout[b][c]
        for (int c = 0; c < d; c++) {
            float sum = 0.0f;
            for (int b = 0; b < B; b++) sum += A[int64_t(ids[b]) * r + j] * dout[int64_t(b) * d + c];
            dP[int64_t(j) * d + c] += sum;
        }
}

void factorised_forward(float* out, const float* A, const float* P, const int* ids, int B, int r, int d) {
    std::vector<float> rows(size_t(B) * size_t(r));  // (B,r) A[ids]
    embedding_forward(rows.data(), A, ids, B, r);
    matmul_forward(out, rows.data(), P, B, r, d);  // (B,r) @ (r,d)
}

void factorised_backward(float* dA, float* dP, const float* dout, const float* A, const float* P, const int* ids,
                         int B, int r, int d) {
    std::vector<float> rows(size_t(B) * size_t(r)), drows(size_t(B) * size_t(r), 0.0f);  // (B,r) each
    embedding_forward(rows.data(), A, ids, B, r);
    matmul_backward(drows.data(), dP, dout, rows.data(), P, B, r, d);  // drows = dout @ P^T; dP += rows^T @ dout
    embedding_backward(dA, drows.data(), ids, B, r);                    // scatter drows into the looked-up rows
}

// ---------------------------------------------------------------------------
// Autograd ops

static Status check_mapped(const Tensor& W_m, const RowMap& map, const std::vector<int>& ids) {
    if (Status s = check_table(W_m); !s.ok()) return s;
    if (Status s = check_map(map); !s.ok()) return s;
    if (W_m.rows() != map.rows)
        return Status::Fail("the row map points into " + std::to_string(map.rows) + " rows, but the table is " +
                            shape_text(W_m.rows(), W_m.cols()));
    return check_ids(ids.data(), int(ids.size()), map.V);
}

Tensor mapped_embedding(const Tensor& W_m, const RowMap& map, const std::vector<int>& ids) {
    if (Status s = check_mapped(W_m, map, ids); !s.ok()) return Tensor::failed(s.error);
    const int B = int(ids.size()), d = W_m.cols();
    Tensor out = Tensor::make(B, d, {W_m}, "mapped_embedding");
    mapped_lookup_forward(out.data(), W_m.data(), map.row_of.data(), ids.data(), B, d);
    TensorNode *o = out.node(), *Wn = W_m.node();
    o->backward = [o, Wn, rows = rows_of_ids(map.row_of.data(), ids.data(), B), B, d] {
        embedding_backward(Wn->grad.data(), o->grad.data(), rows.data(), B, d);  // dW_m[row_b] += g_b
    };
    return out;
}

Tensor mapped_embedding_one_hot(const Tensor& W_m, const RowMap& map, const std::vector<int>& ids) {
    if (Status s = check_mapped(W_m, map, ids); !s.ok()) return Tensor::failed(s.error);
    return matmul(matmul(one_hot(ids, map.V), row_map_matrix(map)), W_m);  // (B,V) @ (V,R) @ (R,d)
}

static Status check_factorised(const Tensor& A, const Tensor& P, const std::vector<int>& ids) {
    if (Status s = check_table(A); !s.ok()) return Status::Fail("A: " + s.error);
    if (Status s = check_table(P); !s.ok()) return Status::Fail("P: " + s.error);
    if (A.cols() != P.rows())
        return Status::Fail("the factorised table needs A's columns to match P's rows (the rank r): A is " +
                            shape_text(A.rows(), A.cols()) + ", P is " + shape_text(P.rows(), P.cols()));
    return check_ids(ids.data(), int(ids.size()), A.rows());
}

Tensor factorised_embedding(const Tensor& A, const Tensor& P, const std::vector<int>& ids) {
    if (Status s = check_factorised(A, P, ids); !s.ok()) return Tensor::failed(s.error);
    const int B = int(ids.size()), r = A.cols(), d = P.cols();
    Tensor out = Tensor::make(B, d, {A, P}, "factorised_embedding");
    factorised_forward(out.data(), A.data(), P.data(), ids.data(), B, r, d);
    TensorNode *o = out.node(), *An = A.node(), *Pn = P.node();
    o->backward = [o, An, Pn, ids, B, r, d] {
        factorised_backward(An->grad.data(), Pn->grad.data(), o->grad.data(), An->data.data(), Pn->data.data(),
                            ids.data(), B, r, d);
    };
    return out;
}

Tensor factorised_embedding_one_hot(const Tensor& A, const Tensor& P, const std::vector<int>& ids) {
    if (Status s = check_factorised(A, P, ids); !s.ok()) return Tensor::failed(s.error);
    return matmul(matmul(one_hot(ids, A.rows()), A), P);  // (B,V) @ (V,r) @ (r,d)
}

}  // namespace el
