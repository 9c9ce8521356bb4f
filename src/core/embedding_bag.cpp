#include "embedding_bag.h"

#include <string>

#include "autograd.h"
#include "embedding.h"
#include "i18n/i18n.h"
#include "limits.h"

namespace el {

const char* bag_mode_name(BagMode mode) {
    switch (mode) {
        case BagMode::kSum: return "sum";
        case BagMode::kMean: return "mean";
        case BagMode::kMax: return "max";
    }
    return "?";
}

Status check_offsets(const std::vector<int>& offsets, int B, bool include_last_offset) {
    if (offsets.empty()) return Status::Fail(TR(msg_offsets_empty));
    if (include_last_offset && offsets.size() < 2)
        return Status::Fail(TR(msg_offsets_last_needs_two));
    if (offsets.size() > size_t(kMaxB) + 1)
        return Status::Fail(format(TR(msg_offsets_too_many), offsets.size(), kMaxB));
    if (offsets[0] != 0) return Status::Fail(format(TR(msg_offsets_first_not_zero), offsets[0]));
    for (size_t j = 1; j < offsets.size(); j++)
        if (offsets[j] < offsets[j - 1])
            return Status::Fail(format(TR(msg_offsets_decrease), j, offsets[j], j - 1, offsets[j - 1]));
    for (size_t j = 0; j < offsets.size(); j++)
        if (offsets[j] > B)
            return Status::Fail(format(TR(msg_offsets_past_end), j, offsets[j], B));
    if (include_last_offset && offsets.back() != B)
        return Status::Fail(format(TR(msg_offsets_last_not_b), B, offsets.back()));
    return Status::Ok();
}

namespace {

Status check_bag_options(const EmbeddingBagOptions& options, const Tensor& psw, int B) {
    const bool has_weights = psw.ok();
    if (has_weights && options.mode != BagMode::kSum)
        return Status::Fail(format(TR(msg_bag_weights_mode), bag_mode_name(options.mode)));
    if (has_weights && psw.size() != B)
        return Status::Fail(format(TR(msg_bag_weights_count), B, (long long)psw.size()));
    if (options.mode == BagMode::kMax && options.embedding.scale_grad_by_freq)
        return Status::Fail(TR(msg_bag_max_freq));
    if (options.mode == BagMode::kMax && options.embedding.sparse)
        return Status::Fail(TR(msg_bag_max_sparse));
    return Status::Ok();
}

struct Bags {
    std::vector<int> start, end;  // (bags,) positions [start, end) of each bag
    std::vector<int> count;       // (bags,) non-padding ids in each bag
};

Bags make_bags(const std::vector<int>& ids, const std::vector<int>& offsets, bool include_last, int padding_row) {
    Bags bags;
    const size_t n = include_last ? offsets.size() - 1 : offsets.size();
    for (size_t j = 0; j < n; j++) {
        const int start = offsets[j], end = j + 1 < offsets.size() ? offsets[j + 1] : int(ids.size());
        int count = 0;
        for (int b = start; b < end; b++) count += ids[size_t(b)] != padding_row;
        bags.start.push_back(start), bags.end.push_back(end), bags.count.push_back(count);
    }
    return bags;
}

}  // namespace

Tensor embedding_bag(Tensor W, const std::vector<int>& ids, const std::vector<int>& offsets,
                     const EmbeddingBagOptions& options, const Tensor& per_sample_weights) {
    if (Status s = check_table(W); !s.ok()) return Tensor::failed(s.error);
    const int V = W.rows(), d = W.cols(), B = int(ids.size());
    int padding_row = -1;
    if (Status s = check_embedding_options(options.embedding, V, padding_row); !s.ok()) return Tensor::failed(s.error);
    if (Status s = check_ids(ids.data(), B, V); !s.ok()) return Tensor::failed(s.error);
    if (Status s = check_offsets(offsets, B, options.include_last_offset); !s.ok()) return Tensor::failed(s.error);
    if (Status s = check_bag_options(options, per_sample_weights, B); !s.ok()) return Tensor::failed(s.error);
    if (options.embedding.max_norm)
        embedding_renorm(W.data(), ids, d, *options.embedding.max_norm, options.embedding.norm_type);

    const Bags bags = make_bags(ids, offsets, options.include_last_offset, padding_row);
    const int n_bags = int(bags.start.size());
    const bool weighted = per_sample_weights.ok();
    std::vector<Tensor> parents{W};
    if (weighted) parents.push_back(per_sample_weights);
    Tensor out = Tensor::make(n_bags, d, parents, std::string("embedding_bag_") + bag_mode_name(options.mode));
    if (!out.ok()) return out;
    std::vector<int> argmax(size_t(n_bags) * size_t(d), -1);  // (bags,d) id holding each max, -1 if empty

    for (int j = 0; j < n_bags; j++) {
        float* out_j = out.data() + int64_t(j) * d;
        for (int b = bags.start[size_t(j)]; b < bags.end[size_t(j)]; b++) {
            const int k = ids[size_t(b)];
            if (k == padding_row) continue;  // left out of the reduction
            const float* W_k = W.data() + int64_t(k) * d;
            const float w_b = weighted ? per_sample_weights.data()[b] : 1.0f;
            for (int c = 0; c < d; c++) {
                int& arg = argmax[size_t(int64_t(j) * d + c)];
                if (options.mode == BagMode::kMax) {
                    if (arg < 0 || W_k[c] > out_j[c]) out_j[c] = W_k[c], arg = k;  // first max wins
                } else {
                    out_j[c] += weighted ? w_b * W_k[c] : W_k[c];
                }
            }
        }
        if (options.mode == BagMode::kMean && bags.count[size_t(j)] > 0)
            for (int c = 0; c < d; c++) out_j[c] /= float(bags.count[size_t(j)]);
    }

    std::vector<float> row_scale(size_t(V), 1.0f);  // s_k = 1/c_k over the whole batch
    if (options.embedding.scale_grad_by_freq) {
        std::vector<int> c(size_t(V), 0);
        for (int id : ids) c[size_t(id)]++;
        for (int k = 0; k < V; k++)
            if (c[size_t(k)] > 0) row_scale[size_t(k)] = 1.0f / float(c[size_t(k)]);
    }
    TensorNode *o = out.node(), *Wn = W.node(), *pn = weighted ? per_sample_weights.node() : nullptr;
    o->backward = [o, Wn, pn, ids, bags, argmax = std::move(argmax), row_scale, padding_row, d,
                   mode = options.mode, sparse = options.embedding.sparse] {
        std::vector<float> term(static_cast<size_t>(d));
        for (size_t j = 0; j < bags.start.size(); j++) {
            const float* g_j = o->grad.data() + int64_t(j) * d;
            if (mode == BagMode::kMax) {  // each column's gradient goes to the row that won it
                for (int c = 0; c < d; c++) {
                    const int k = argmax[j * size_t(d) + size_t(c)];
                    if (k >= 0) Wn->grad[size_t(int64_t(k) * d + c)] += g_j[c];
                }
                continue;
            }
            for (int b = bags.start[j]; b < bags.end[j]; b++) {
                const int k = ids[size_t(b)];
                if (k == padding_row) continue;
                // d out_j / d W_k = w_b (sum) or 1/n_j (mean), times s_k
                const float factor = mode == BagMode::kMean ? 1.0f / float(bags.count[j]) : (pn ? pn->data[size_t(b)] : 1.0f);
                for (int c = 0; c < d; c++) term[size_t(c)] = row_scale[size_t(k)] * (factor * g_j[c]);
                if (pn) {  // d out_j / d w_b = W_k, so dw_b = W_k . g_j
                    float dot = 0.0f;
                    for (int c = 0; c < d; c++) dot += Wn->data[size_t(int64_t(k) * d + c)] * g_j[c];
                    pn->grad[size_t(b)] += dot;
                }
                if (sparse) {
                    Wn->sparse_grad.indices.push_back(k);
                    Wn->sparse_grad.rows.insert(Wn->sparse_grad.rows.end(), term.begin(), term.end());
                } else {
                    for (int c = 0; c < d; c++) Wn->grad[size_t(int64_t(k) * d + c)] += term[size_t(c)];
                }
            }
        }
    };
    return out;
}

Status embedding_bag_grad(std::vector<float>& out, std::vector<float>& dW, std::vector<float> W, int V, int d,
                          const std::vector<int>& ids, const std::vector<int>& offsets,
                          const EmbeddingBagOptions& options, const std::vector<float>& G_bags) {
    Tensor W_t = Tensor::from(V, d, std::move(W));
    const Tensor bags = embedding_bag(W_t, ids, offsets, options);
    if (!bags.ok()) return bags.status();
    if (G_bags.size() != size_t(bags.size()))
        return Status::Fail(format(TR(lesson_error_upstream_size), G_bags.size(), (long long)bags.size()));
    // L = sum(out * G_bags), so dL/dout = G_bags exactly
    if (Status s = sum(mul(bags, Tensor::from(bags.rows(), d, G_bags))).backward(); !s.ok()) return s;
    out = bags.values();
    dW = options.embedding.sparse ? sparse_to_dense(W_t.sparse_grad(), V) : std::move(W_t.grads());
    return Status::Ok();
}

}  // namespace el
