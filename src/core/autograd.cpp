#include "autograd.h"

#include <cmath>

#include "embedding.h"
#include "i18n/i18n.h"
#include "limits.h"
#include "matmul.h"

namespace el {

namespace {

Tensor first_failed(std::initializer_list<const Tensor*> ts) {
    for (const Tensor* t : ts)
        if (!t->ok()) return *t;
    return Tensor::zeros(1, 1);  // ok marker; the caller only looks at ok()
}

// How b is spread over a (M,N): same shape, one row per row of a, or one scalar.
enum class Broadcast { kSame, kRow, kScalar, kBad };

Broadcast broadcast_of(const Tensor& a, const Tensor& b) {
    if (b.rows() == a.rows() && b.cols() == a.cols()) return Broadcast::kSame;
    if (b.rows() == 1 && b.cols() == a.cols()) return Broadcast::kRow;
    if (b.rows() == 1 && b.cols() == 1) return Broadcast::kScalar;
    return Broadcast::kBad;
}

// Index into b for element (r, c) of a under the broadcast.
inline int64_t b_index(Broadcast how, int r, int c, int N) {
    if (how == Broadcast::kSame) return int64_t(r) * N + c;
    if (how == Broadcast::kRow) return c;
    return 0;
}

}  // namespace

Tensor one_hot(const std::vector<int>& ids, int V) {
    if (Status s = check_table_shape(V, 1); !s.ok()) return Tensor::failed(s.error);  // V alone (d = 1 is in range)
    if (Status s = check_ids(ids.data(), int(ids.size()), V); !s.ok()) return Tensor::failed(s.error);
    if (Status s = check_one_hot_size(int(ids.size()), V); !s.ok()) return Tensor::failed(s.error);
    Tensor out = Tensor::make(int(ids.size()), V, {}, "one_hot");
    el::one_hot(out.data(), ids.data(), int(ids.size()), V);
    return out;
}

Tensor matmul(const Tensor& a, const Tensor& b) {
    if (Tensor f = first_failed({&a, &b}); !f.ok()) return f;
    if (a.cols() != b.rows())
        return Tensor::failed("matmul needs a's columns to match b's rows: " + shape_text(a.rows(), a.cols()) +
                              " @ " + shape_text(b.rows(), b.cols()));
    const int M = a.rows(), K = a.cols(), N = b.cols();
    Tensor out = Tensor::make(M, N, {a, b}, "matmul");
    matmul_forward(out.data(), a.data(), b.data(), M, K, N);
    TensorNode *o = out.node(), *an = a.node(), *bn = b.node();
    o->backward = [o, an, bn, M, K, N] {
        matmul_backward(an->grad.data(), bn->grad.data(), o->grad.data(), an->data.data(), bn->data.data(), M, K,
                        N);
    };
    return out;
}

// add and mul share their broadcast rule; the op decides the local derivative.
static Tensor elementwise(const Tensor& a, const Tensor& b, bool is_mul) {
    if (Tensor f = first_failed({&a, &b}); !f.ok()) return f;
    const Broadcast how = broadcast_of(a, b);
    if (how == Broadcast::kBad)
        return Tensor::failed(std::string(is_mul ? "mul" : "add") + " needs b shaped like a, one row or one number: " +
                              shape_text(a.rows(), a.cols()) + " and " + shape_text(b.rows(), b.cols()));
    const int M = a.rows(), N = a.cols();
    Tensor out = Tensor::make(M, N, {a, b}, is_mul ? "mul" : "add");
    for (int r = 0; r < M; r++)
        for (int c = 0; c < N; c++) {
            const float x = a.data()[int64_t(r) * N + c], y = b.data()[b_index(how, r, c, N)];
            out.data()[int64_t(r) * N + c] = is_mul ? x * y : x + y;
        }
    TensorNode *o = out.node(), *an = a.node(), *bn = b.node();
    o->backward = [o, an, bn, how, M, N, is_mul] {
        for (int r = 0; r < M; r++)
            for (int c = 0; c < N; c++) {
                const int64_t i = int64_t(r) * N + c, j = b_index(how, r, c, N);
                const float g = o->grad[size_t(i)];
                an->grad[size_t(i)] += is_mul ? g * bn->data[size_t(j)] : g;  // d(out)/da = b or 1
                bn->grad[size_t(j)] += is_mul ? g * an->data[size_t(i)] : g;  // d(out)/db = a or 1
            }
    };
    return out;
}

Tensor add(const Tensor& a, const Tensor& b) { return elementwise(a, b, false); }
Tensor mul(const Tensor& a, const Tensor& b) { return elementwise(a, b, true); }

Tensor sum(const Tensor& a) {
    if (!a.ok()) return a;
    Tensor out = Tensor::make(1, 1, {a}, "sum");
    float total = 0.0f;
    for (float x : a.values()) total += x;
    out.data()[0] = total;
    TensorNode *o = out.node(), *an = a.node();
    o->backward = [o, an] {
        for (float& g : an->grad) g += o->grad[0];  // d(sum)/dx = 1
    };
    return out;
}

Tensor mean(const Tensor& a) {
    if (!a.ok()) return a;
    Tensor out = Tensor::make(1, 1, {a}, "mean");
    double total = 0.0;
    for (float x : a.values()) total += x;
    const float n = float(a.size());
    out.data()[0] = float(total / double(n));
    TensorNode *o = out.node(), *an = a.node();
    o->backward = [o, an, n] {
        for (float& g : an->grad) g += o->grad[0] / n;  // d(mean)/dx = 1/n
    };
    return out;
}

Tensor relu(const Tensor& a) {
    if (!a.ok()) return a;
    Tensor out = Tensor::make(a.rows(), a.cols(), {a}, "relu");
    for (int64_t i = 0; i < a.size(); i++) out.data()[i] = a.data()[i] > 0.0f ? a.data()[i] : 0.0f;
    TensorNode *o = out.node(), *an = a.node();
    o->backward = [o, an] {
        for (size_t i = 0; i < o->grad.size(); i++)
            if (an->data[i] > 0.0f) an->grad[i] += o->grad[i];
    };
    return out;
}

Tensor tanh(const Tensor& a) {
    if (!a.ok()) return a;
    Tensor out = Tensor::make(a.rows(), a.cols(), {a}, "tanh");
    for (int64_t i = 0; i < a.size(); i++) out.data()[i] = std::tanh(a.data()[i]);
    TensorNode *o = out.node(), *an = a.node();
    o->backward = [o, an] {
        for (size_t i = 0; i < o->grad.size(); i++) an->grad[i] += (1.0f - o->data[i] * o->data[i]) * o->grad[i];
    };
    return out;
}

Tensor linear(const Tensor& x, const Tensor& weight) { return matmul(x, weight); }

Tensor linear(const Tensor& x, const Tensor& weight, const Tensor& bias) {
    if (!bias.ok()) return linear(x, weight);
    if (weight.ok() && (bias.rows() != 1 || bias.cols() != weight.cols()))
        return Tensor::failed("linear needs a bias of shape " + shape_text(1, weight.cols()) + ", not " +
                              shape_text(bias.rows(), bias.cols()));
    return add(matmul(x, weight), bias);
}

Tensor mse_loss(const Tensor& pred, const Tensor& target) {
    if (Tensor f = first_failed({&pred, &target}); !f.ok()) return f;
    if (pred.rows() != target.rows() || pred.cols() != target.cols())
        return Tensor::failed("mse_loss needs pred and target of one shape: " + shape_text(pred.rows(), pred.cols()) +
                              " and " + shape_text(target.rows(), target.cols()));
    Tensor out = Tensor::make(1, 1, {pred, target}, "mse_loss");
    double total = 0.0;
    for (int64_t i = 0; i < pred.size(); i++) {
        const double diff = double(pred.data()[i]) - double(target.data()[i]);
        total += diff * diff;
    }
    const float n = float(pred.size());
    out.data()[0] = float(total / double(n));
    TensorNode *o = out.node(), *pn = pred.node(), *tn = target.node();
    o->backward = [o, pn, tn, n] {
        for (size_t i = 0; i < pn->grad.size(); i++) {
            const float g = 2.0f * (pn->data[i] - tn->data[i]) / n * o->grad[0];  // dL/dpred = 2(p - t)/n
            pn->grad[i] += g;
            tn->grad[i] -= g;  // dL/dtarget = -dL/dpred
        }
    };
    return out;
}

std::vector<float> softmax_rows(const Tensor& logits) {
    std::vector<float> probs(logits.values().size());
    const int C = logits.cols();
    for (int b = 0; b < logits.rows(); b++) {
        const float* logits_b = logits.data() + int64_t(b) * C;
        float* probs_b = probs.data() + int64_t(b) * C;
        float row_max = logits_b[0];
        for (int c = 1; c < C; c++) row_max = std::max(row_max, logits_b[c]);
        double total = 0.0;
        for (int c = 0; c < C; c++) total += probs_b[c] = std::exp(logits_b[c] - row_max);
        for (int c = 0; c < C; c++) probs_b[c] = float(probs_b[c] / total);
    }
    return probs;
}

Tensor cross_entropy(const Tensor& logits, const std::vector<int>& targets) {
    if (!logits.ok()) return logits;
    const int B = logits.rows(), C = logits.cols();
    if (int(targets.size()) != B)
        return Tensor::failed("cross_entropy needs one target per row: " + std::to_string(B) + " rows, " +
                              std::to_string(targets.size()) + " targets");
    if (Status s = check_ids(targets.data(), B, C); !s.ok()) return Tensor::failed("target: " + s.error);
    Tensor out = Tensor::make(1, 1, {logits}, "cross_entropy");
    // loss_b = -log softmax(logits_b)[t_b] = log(sum_c exp(l_c - max)) - (l_t - max)
    double total = 0.0;
    for (int b = 0; b < B; b++) {
        const float* logits_b = logits.data() + int64_t(b) * C;
        float row_max = logits_b[0];
        for (int c = 1; c < C; c++) row_max = std::max(row_max, logits_b[c]);
        double sum_exp = 0.0;
        for (int c = 0; c < C; c++) sum_exp += std::exp(double(logits_b[c]) - row_max);
        total += std::log(sum_exp) - (double(logits_b[targets[size_t(b)]]) - row_max);
    }
    out.data()[0] = float(total / B);
    TensorNode *o = out.node(), *ln = logits.node();
    o->backward = [o, ln, targets, B, C] {
        // softmax over the stored logits, recomputed rather than kept
        const std::vector<float> probs = softmax_rows(Tensor::from(B, C, ln->data));
        const float scale = o->grad[0] / float(B);
        for (int b = 0; b < B; b++)
            for (int c = 0; c < C; c++) {
                const float target = c == targets[size_t(b)] ? 1.0f : 0.0f;
                ln->grad[size_t(int64_t(b) * C + c)] += (probs[size_t(int64_t(b) * C + c)] - target) * scale;
            }
    };
    return out;
}

}  // namespace el
