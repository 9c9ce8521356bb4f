#include "embedding_autograd.h"

#include <vector>

#include "embedding.h"
#include "one_hot_matmul.h"

namespace el {

namespace {

// The shared front half of both routes: checks, then max_norm. Fills padding_row and
// row_scale (V,) = s_k: 1/c_k with scale_grad_by_freq, else 1; 0 on the padding row.
Status prepare_lookup(Tensor& W, const std::vector<int>& ids, const EmbeddingOptions& options, int& padding_row,
                      std::vector<float>& row_scale) {
    if (Status s = check_table(W); !s.ok()) return s;
    const int V = W.rows(), d = W.cols(), B = int(ids.size());
    if (Status s = check_embedding_options(options, V, padding_row); !s.ok()) return s;
    if (Status s = check_ids(ids.data(), B, V); !s.ok()) return s;
    if (options.max_norm) embedding_renorm(W.data(), ids, d, *options.max_norm, options.norm_type);
    row_scale.assign(size_t(V), 1.0f);
    if (options.scale_grad_by_freq) {
        std::vector<int> count(size_t(V), 0);
        for (int id : ids) count[size_t(id)]++;
        for (int k = 0; k < V; k++)
            if (count[size_t(k)] > 0) row_scale[size_t(k)] = 1.0f / float(count[size_t(k)]);
    }
    if (padding_row >= 0) row_scale[size_t(padding_row)] = 0.0f;
    return Status::Ok();
}

}  // namespace

Tensor embedding(Tensor W, const std::vector<int>& ids, const EmbeddingOptions& options) {
    int padding_row = -1;
    std::vector<float> row_scale;
    if (Status s = prepare_lookup(W, ids, options, padding_row, row_scale); !s.ok()) return Tensor::failed(s.error);
    const int B = int(ids.size()), d = W.cols();
    Tensor out = Tensor::make(B, d, {W}, "embedding");
    embedding_forward(out.data(), W.data(), ids.data(), B, d);  // out[b] = W[ids[b]]

    TensorNode *o = out.node(), *Wn = W.node();
    const bool sparse = options.sparse, scaled = options.scale_grad_by_freq;
    o->backward = [o, Wn, ids, row_scale, padding_row, sparse, scaled, B, d] {
        if (!sparse) {
            // dW[k] += s_k * g_b, the padding row skipped: the kernel the cost benchmark times.
            // dW is (V,d); g is (B,d); row_scale is (V,), only read with scale_grad_by_freq
            embedding_backward(Wn->grad.data(), o->grad.data(), ids.data(), B, d, scaled ? row_scale.data() : nullptr,
                               padding_row);
            return;
        }
        for (int b = 0; b < B; b++) {  // sparse: one (index, row) pair per non-padding occurrence
            const int k = ids[size_t(b)];
            if (k == padding_row) continue;
            const float* g_b = o->grad.data() + int64_t(b) * d;
            Wn->sparse_grad.indices.push_back(k);
            Wn->sparse_grad.rows.insert(Wn->sparse_grad.rows.end(), g_b, g_b + d);
        }
    };
    return out;
}

Tensor embedding_one_hot(Tensor W, const std::vector<int>& ids, const EmbeddingOptions& options) {
    if (options.sparse)
        return Tensor::failed("the one-hot route's gradient is a dense matmul: sparse applies to the gather route only");
    int padding_row = -1;
    std::vector<float> row_scale;
    if (Status s = check_table(W); !s.ok()) return Tensor::failed(s.error);
    if (Status s = check_one_hot_work(int(ids.size()), W.rows(), W.cols()); !s.ok() && !ids.empty())
        return Tensor::failed(s.error);
    if (Status s = prepare_lookup(W, ids, options, padding_row, row_scale); !s.ok()) return Tensor::failed(s.error);
    const int B = int(ids.size()), V = W.rows(), d = W.cols();
    Tensor out = Tensor::make(B, d, {W}, "embedding_one_hot");
    // out (B,d) = onehot(ids) (B,V) @ W (V,d), zeros included, a few one-hot rows at a time
    one_hot_matmul_forward(out.data(), W.data(), ids.data(), B, V, d);

    // S = the one-hot block with each 1 replaced by s_k (0 in the padding column), built from ids
    TensorNode *o = out.node(), *Wn = W.node();
    o->backward = [o, Wn, ids, row_scale, B, V, d] {
        // dW (V,d) += S^T (V,B) @ G (B,d); no gradient for the ids
        one_hot_matmul_backward(Wn->grad.data(), o->grad.data(), ids.data(), row_scale.data(), B, V, d);
    };
    return out;
}

}  // namespace el
