#include "one_hot_matmul.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "embedding.h"
#include "i18n/i18n.h"
#include "limits.h"
#include "matmul.h"

namespace el {

int one_hot_rows_per_slice(int B, int V) {
    int rows = int(std::max<int64_t>(1, kOneHotRowsFloats / std::max(1, V)));
    if (rows >= 4) rows -= rows % 4;
    return std::max(1, std::min(rows, B));
}

int one_hot_columns_per_slice(int B, int V) {
    const int cols = int(std::max<int64_t>(1, kOneHotRowsFloats / std::max(1, B)));
    return std::max(1, std::min(cols, V));
}

// Columns [k0, k0+nk) of S: S[b][k] = s_k where k = ids[b], else 0.
// band is (B,nk); ids is (B,); row_scale is (V,) or null
static void scaled_one_hot_columns(float* band, const int* ids, const float* row_scale, int B, int k0, int nk) {
    std::fill(band, band + int64_t(B) * nk, 0.0f);
    for (int b = 0; b < B; b++)
        if (ids[b] >= k0 && ids[b] < k0 + nk) band[int64_t(b) * nk + (ids[b] - k0)] = row_scale ? row_scale[ids[b]] : 1.0f;
}

int64_t one_hot_matmul_forward(float* out, const float* W, const int* ids, int B, int V, int d) {
    const int rows = one_hot_rows_per_slice(B, V);
    std::vector<float> block(size_t(rows) * size_t(V));  // (rows,V), reused slice after slice
    int64_t mult_adds = 0;
    for (int b0 = 0; b0 < B; b0 += rows) {
        const int nb = std::min(rows, B - b0);
        one_hot(block.data(), ids + b0, nb, V);
        // out[b0:b0+nb] = block (nb,V) @ W (V,d): each row's sums as in the whole product
        matmul_forward(out + int64_t(b0) * d, block.data(), W, nb, V, d);
        mult_adds += int64_t(nb) * V * d;
    }
    return mult_adds;
}

int64_t one_hot_matmul_forward_naive(float* out, const float* W, const int* ids, int B, int V, int d) {
    std::vector<float> onehot(size_t(B) * size_t(V));  // (B,V), all of it
    one_hot(onehot.data(), ids, B, V);
    matmul_forward_naive(out, onehot.data(), W, B, V, d);
    return int64_t(B) * V * d;
}

int64_t one_hot_matmul_backward(float* dW, const float* dout, const int* ids, const float* row_scale, int B, int V,
                                int d) {
    // Sliced over rows of dW (columns of S), not over positions: each dW[k][c] stays one running
    // sum over b = 0..B-1 in order, as in the whole product, so a repeated id's terms add up in
    // batch order and the result equals the scatter-add bit for bit.
    const int cols = one_hot_columns_per_slice(B, V);
    std::vector<float> band(size_t(B) * size_t(cols));  // (B,cols), reused slice after slice
    int64_t mult_adds = 0;
    for (int k0 = 0; k0 < V; k0 += cols) {
        const int nk = std::min(cols, V - k0);
        scaled_one_hot_columns(band.data(), ids, row_scale, B, k0, nk);
        // dW[k0:k0+nk] (nk,d) += band^T (nk,B) @ dout (B,d)
        matmul_backward_db_rows(dW + int64_t(k0) * d, dout, band.data(), B, nk, d, 0, nk);
        mult_adds += int64_t(B) * nk * d;
    }
    return mult_adds;
}

int64_t one_hot_matmul_backward_naive(float* dW, const float* dout, const int* ids, const float* row_scale, int B,
                                      int V, int d) {
    std::vector<float> S(size_t(B) * size_t(V));  // (B,V), all of it
    scaled_one_hot_columns(S.data(), ids, row_scale, B, 0, V);
    matmul_backward_naive(nullptr, dW, dout, S.data(), nullptr, B, V, d);
    return int64_t(B) * V * d;
}

Status check_one_hot_work(int B, int V, int d) {
    const int64_t work = int64_t(B) * V * d;
    if (work <= kMaxOneHotMultAdds) return Status::Ok();
    return Status::Fail(
        format(TR(msg_one_hot_too_much_work), format_count(B).c_str(), format_count(V).c_str(), format_count(d).c_str(), double(work) / 1e9, double(kMaxOneHotMultAdds) / 1e9));
}

}  // namespace el
