#include "embedding_options.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "embedding.h"
#include "i18n/i18n.h"
#include "limits.h"
#include "random.h"

namespace el {

// The checks of embedding.h live here, in el_core, not beside the kernels in embedding.cpp:
// their messages come from the page's catalog (src/i18n), which the kernels' library does not link.
Status check_ids(const int* ids, int B, int V) {
    if (B <= 0) return Status::Fail(TR(msg_batch_empty));
    if (B > kMaxB) return Status::Fail(format(TR(msg_batch_too_long), B, kMaxB));
    for (int b = 0; b < B; b++) {
        if (ids[b] < 0 || ids[b] >= V) return Status::Fail(format(TR(msg_id_out_of_range), ids[b], b, V - 1));
    }
    return Status::Ok();
}

Status check_one_hot_size(int B, int V) {
    const int64_t floats = int64_t(B) * V;
    if (floats <= kMaxOneHotFloats) return Status::Ok();
    const double mb = double(floats) * sizeof(float) / 1e6;
    return Status::Fail(format(TR(msg_one_hot_too_big), B, V, mb, double(kMaxOneHotFloats) * sizeof(float) / 1e6));
}

Status check_table_shape(int V, int d) {
    if (V < 1 || V > kMaxV)
        return Status::Fail(format(TR(msg_v_out_of_range), format_count(V).c_str(), format_count(kMaxV).c_str()));
    if (d < 1 || d > kMaxD)
        return Status::Fail(format(TR(msg_d_out_of_range), format_count(d).c_str(), format_count(kMaxD).c_str()));
    return Status::Ok();
}

Status check_table(const Tensor& W) { return W.ok() ? check_table_shape(W.rows(), W.cols()) : W.status(); }

Status check_embedding_options(const EmbeddingOptions& options, int V, int& padding_row) {
    padding_row = -1;
    if (options.padding_idx) {
        const int p = *options.padding_idx;
        if (p < -V || p >= V)
            return Status::Fail(format(TR(msg_padding_out_of_range), p, -V, V - 1));
        padding_row = p < 0 ? p + V : p;
    }
    if (options.max_norm && !(*options.max_norm > 0.0f && std::isfinite(*options.max_norm)))
        return Status::Fail(format(TR(msg_max_norm_not_positive), double(*options.max_norm)));
    if (options.max_norm && !(options.norm_type > 0.0f))
        return Status::Fail(TR(msg_norm_type_not_positive));
    if (options.sparse && options.scale_grad_by_freq)
        return Status::Fail(TR(msg_sparse_with_freq));
    return Status::Ok();
}

// As torch.norm computes it for one float32 row on a CPU (PyTorch 1.13, x86-64 AVX2 kernels): in
// float32, then widened to double (embedding_renorm_ reads it with .item<double>()). Only then do
// the max_norm comparison and the scale agree with PyTorch's bit for bit.
//   p = 2: eight running sums, each lane acc += x*x as one fused multiply-add; lanes added left to
//          right; the d % 8 leftover numbers added one by one (four at a time as rounded squares,
//          the last one to three as fused multiply-adds); sqrt in float32.
//   p = inf: the largest |x|.   other p: acc += |x|^p left to right, then acc^(1/p), in float32.
double row_norm(const float* row, int d, float norm_type) {
    if (std::isinf(norm_type)) {
        float largest = 0.0f;
        for (int c = 0; c < d; c++) largest = std::max(largest, std::fabs(row[c]));
        return double(largest);
    }
    if (norm_type == 2.0f) {
        float lane[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        int c = 0;
        for (; c + 8 <= d; c += 8)
            for (int j = 0; j < 8; j++) lane[j] = std::fma(row[c + j], row[c + j], lane[j]);
        float total = lane[0];
        for (int j = 1; j < 8; j++) total = total + lane[j];
        for (; c + 4 <= d; c += 4)
            for (int j = 0; j < 4; j++) {
                const float square = row[c + j] * row[c + j];  // rounded on its own: no fused add
                total = total + square;
            }
        for (; c < d; c++) total = std::fma(row[c], row[c], total);
        return double(std::sqrt(total));
    }
    float total = 0.0f;
    for (int c = 0; c < d; c++) total = total + std::pow(std::fabs(row[c]), norm_type);
    return double(std::pow(total, 1.0f / norm_type));
}

std::vector<int> embedding_renorm(float* W, const std::vector<int>& ids, int d, double max_norm, float norm_type) {
    std::vector<int> distinct = ids;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    std::vector<int> rescaled;
    for (int k : distinct) {
        float* W_k = W + int64_t(k) * d;
        const double norm = row_norm(W_k, d, norm_type);
        if (norm > max_norm) {  // compared in double, as torch.embedding_renorm_
            const float scale = float(max_norm / (norm + 1e-7));  // scale computed in double, applied in float
            for (int c = 0; c < d; c++) W_k[c] *= scale;
            rescaled.push_back(k);
        }
    }
    return rescaled;
}

Tensor init_embedding_table(int V, int d, uint64_t seed, int padding_row) {
    if (V < 1 || V > kMaxV || d < 1 || d > kMaxD)
        return Tensor::failed(format(TR(msg_table_outside_limits), shape_text(V, d).c_str(), kMaxV, kMaxD));
    Tensor W = Tensor::zeros(V, d);
    Rng rng(seed);
    for (float& x : W.values()) x = float(rng.normal());
    if (padding_row >= 0 && padding_row < V) std::fill(W.row(padding_row).begin(), W.row(padding_row).end(), 0.0f);
    return W;
}

}  // namespace el
