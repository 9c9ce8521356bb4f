#include "lesson.h"

#include <string>

#include "embedding.h"
#include "limits.h"
#include "matmul.h"

namespace el {

static Status check_sizes(const LessonInput& in) {
    if (in.V < 1 || in.V > kMaxV)
        return Status::Fail("V = " + std::to_string(in.V) + " is out of range: V runs from 1 to " +
                            std::to_string(kMaxV));
    if (in.d < 1 || in.d > kMaxD)
        return Status::Fail("d = " + std::to_string(in.d) + " is out of range: d runs from 1 to " +
                            std::to_string(kMaxD));
    if (in.W.size() != size_t(in.V) * size_t(in.d))
        return Status::Fail("the table holds " + std::to_string(in.W.size()) + " numbers, not V*d = " +
                            std::to_string(int64_t(in.V) * in.d));
    return Status::Ok();
}

Status compute_lesson(const LessonInput& in, LessonResult& out) {
    if (Status s = check_sizes(in); !s.ok()) return s;
    const int V = in.V, d = in.d, B = int(in.ids.size());
    if (Status s = check_ids(in.ids.data(), B, V); !s.ok()) return s;
    if (in.upstream.size() != size_t(B) * size_t(d))
        return Status::Fail("the upstream gradient holds " + std::to_string(in.upstream.size()) +
                            " numbers, not B*d = " + std::to_string(int64_t(B) * d));
    if (Status s = check_one_hot_size(B, V); !s.ok()) return s;

    LessonResult r;
    r.V = V, r.d = d, r.B = B;
    const int* ids = in.ids.data();

    // forward, gather route: (B,d) <- W (V,d)
    r.gather.resize(size_t(B) * d);
    embedding_forward(r.gather.data(), in.W.data(), ids, B, d);

    // forward, one-hot route: (B,V) @ (V,d) -> (B,d), every zero multiplied
    r.onehot.resize(size_t(B) * V);
    one_hot(r.onehot.data(), ids, B, V);
    r.matmul.resize(size_t(B) * d);
    matmul_forward(r.matmul.data(), r.onehot.data(), in.W.data(), B, V, d);

    // backward, gather route: scatter-add G (B,d) into dW (V,d)
    r.grad_scatter.assign(size_t(V) * d, 0.0f);
    embedding_backward(r.grad_scatter.data(), in.upstream.data(), ids, B, d);

    // backward, one-hot route: dW = onehot^T @ G, (V,B) x (B,d)
    r.grad_matmul.assign(size_t(V) * d, 0.0f);
    matmul_backward(nullptr, r.grad_matmul.data(), in.upstream.data(), r.onehot.data(), in.W.data(), B, V, d);

    r.equal = true;
    for (size_t i = 0; i < r.gather.size(); i++)
        if (!same_value(r.gather[i], r.matmul[i])) r.differing_outputs.push_back(int(i)), r.equal = false;
    r.grads_equal = true;
    for (size_t i = 0; i < r.grad_scatter.size(); i++)
        if (!same_value(r.grad_scatter[i], r.grad_matmul[i])) r.grads_equal = false;
    for (int v = 0; v < V; v++) {
        const float* row = r.grad_scatter.data() + int64_t(v) * d;
        for (int c = 0; c < d; c++)
            if (row[c] != 0.0f) {
                r.touched_rows.push_back(v);
                break;
            }
    }

    r.matmul_mult_adds = int64_t(B) * V * d;
    r.matmul_zero_mult_adds = int64_t(B) * (V - 1) * d;
    r.gather_copies = int64_t(B) * d;
    r.onehot_bytes = int64_t(B) * V * int64_t(sizeof(float));
    out = std::move(r);
    return Status::Ok();
}

}  // namespace el
