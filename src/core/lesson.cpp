#include "lesson.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "autograd.h"
#include "embedding.h"
#include "embedding_autograd.h"
#include "gradcheck.h"
#include "i18n/i18n.h"
#include "limits.h"
#include "one_hot_matmul.h"

namespace el {

Status room_for_tables(int V, int d, int tables) {
    const size_t bytes = size_t(V) * size_t(d) * sizeof(float);
    if (heap_has_room(bytes, tables)) return Status::Ok();
    return Status::Fail(format(TR(lesson_error_no_memory), format_count((long long)(double(bytes) * tables / 1e6 + 0.5)).c_str(), tables,
                               format_count((long long)V * d).c_str()));
}

static const std::vector<float>& table_of(const LessonInput& in) { return in.table ? *in.table : in.W; }

static Status check_sizes(const LessonInput& in) {
    if (in.V < 1 || in.V > kMaxV)
        return Status::Fail(format(TR(lesson_error_v_range), in.V, int(kMaxV)));
    if (in.d < 1 || in.d > kMaxD)
        return Status::Fail(format(TR(lesson_error_d_range), in.d, int(kMaxD)));
    if (table_of(in).size() != size_t(in.V) * size_t(in.d))
        return Status::Fail(format(TR(lesson_error_table_size), table_of(in).size(), (long long)in.V * in.d));
    return Status::Ok();
}

std::vector<int> distinct_ids(std::vector<int> ids) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

// L = sum over b, c of out[b][c] * G[b][c], so dL/dout = G exactly (1 * g = g).
static Tensor upstream_loss(const Tensor& out, const Tensor& G) { return sum(mul(out, G)); }

// The table numbers finite differences check at most: enough for every small table.
constexpr int64_t kFiniteDifferenceLimit = 4096;

static void finite_difference_check(const LessonInput& in, const Tensor& G, LessonResult& r) {
    const int64_t n = int64_t(in.V) * in.d;
    if (in.options.max_norm) return void(r.fd_note = TR(lesson_fd_note_max_norm));
    if (n > kFiniteDifferenceLimit)
        return void(r.fd_note = format(TR(lesson_fd_note_limit), format_count(kFiniteDifferenceLimit).c_str()));
    for (float v : table_of(in))
        if (!std::isfinite(v)) return void(r.fd_note = TR(lesson_fd_note_nonfinite_table));
    for (float v : in.upstream)
        if (!std::isfinite(v)) return void(r.fd_note = TR(lesson_fd_note_nonfinite_upstream));
    Tensor W = Tensor::from(in.V, in.d, table_of(in));
    EmbeddingOptions options = in.options;
    options.sparse = false;
    options.scale_grad_by_freq = false;  // the true dL/dW, which finite differences measure
    GradCheckOptions fd;
    fd.skip_row = r.padding_row;
    fd.max_checked = int(kFiniteDifferenceLimit);
    GradCheckResult check;
    Status st = gradient_check([&] { return upstream_loss(embedding(W, in.ids, options), G); }, W, fd, check);
    if (!st.ok()) return void(r.fd_note = st.error);
    // check.analytic is the unscaled backward; r.grad_scatter is the gradient the page shows.
    double shown = 0.0;
    for (size_t i = 0; i < check.numeric.size(); i++) {
        if (std::isnan(check.numeric[i])) continue;
        shown = std::max(shown, std::fabs(double(r.grad_scatter[i]) - check.numeric[i]));
    }
    r.fd_checked = true;
    r.fd_passed = check.passed();
    r.fd_max_abs_error = check.max_abs_error;
    r.fd_skipped_row = r.padding_row;
    if (in.options.scale_grad_by_freq) {
        r.fd_shown_is_scaled = true;
        r.fd_shown_max_abs_difference = shown;
    }
}

Status compute_lesson(const LessonInput& in, LessonResult& out) {
    if (Status s = check_sizes(in); !s.ok()) return s;
    const int V = in.V, d = in.d, B = int(in.ids.size());
    if (Status s = check_ids(in.ids.data(), B, V); !s.ok()) return s;
    if (in.upstream.size() != size_t(B) * size_t(d))
        return Status::Fail(format(TR(lesson_error_upstream_size), in.upstream.size(), (long long)B * d));
    LessonResult r;
    if (Status s = check_one_hot_work(B, V, d); !s.ok()) r.one_hot_skipped = format(TR(lesson_not_computed), s.error.c_str());
    if (Status s = check_embedding_options(in.options, V, r.padding_row); !s.ok()) return s;
    r.V = V, r.d = d, r.B = B;
    const Tensor G = Tensor::from(B, d, in.upstream);

    // The input is taken: the last result's (V,d) buffers go before the new ones are made.
    out.table.clear(), out.table.shrink_to_fit(), out.grad_scatter.clear(), out.grad_scatter.shrink_to_fit();
    out.grad_matmul.clear(), out.grad_matmul.shrink_to_fit();
    // The gather route's table and gradient (the one-hot route's two more come after them are gone).
    if (Status st = room_for_tables(V, d, 2); !st.ok()) return out = {}, st;
    // Gather route: forward copies rows (B,d), backward scatter-adds G into dW (V,d).
    const std::vector<float>& before = table_of(in);  // left as it was: the rows max_norm rescales are in W_gather
    Tensor W_gather = Tensor::from(V, d, before);
    Tensor out_gather = embedding(W_gather, in.ids, in.options);
    Tensor loss_gather = upstream_loss(out_gather, G);
    if (Status s = loss_gather.backward(); !s.ok()) return s;
    // (W's data and gradient moved, not copied: 6.4 MB each at V = 100,000 x 16, on every commit.)
    r.gather = out_gather.values();
    r.table = std::move(W_gather.values());
    r.grad_scatter = in.options.sparse ? sparse_to_dense(W_gather.sparse_grad(), V) : std::move(W_gather.grads());
    r.sparse_indices = W_gather.sparse_grad().indices;
    if (in.options.max_norm)  // only looked-up rows can be rescaled: B*d numbers compared, not V*d
        for (const int v : distinct_ids(in.ids))
            if (v >= 0 && v < V && !std::equal(&r.table[size_t(v) * d], &r.table[size_t(v) * d] + d, &before[size_t(v) * d]))
                r.renormed_rows.push_back(v);

    // One-hot route: onehot (B,V) @ W (V,d), every zero multiplied; dW = S^T @ G. Its
    // gradient is always dense: a matmul's gradient has no sparse form. The block is built a
    // few rows at a time (one_hot_matmul.h), never held whole: the picture draws it from ids.
    // Over its work limit it does not run, and the gather route's results stand alone.
    if (r.one_hot_skipped.empty()) {
        EmbeddingOptions dense = in.options;
        dense.sparse = false;
        Tensor W_matmul = Tensor::from(V, d, table_of(in));
        Tensor out_matmul = embedding_one_hot(W_matmul, in.ids, dense);
        Tensor loss_matmul = upstream_loss(out_matmul, G);
        if (Status s = loss_matmul.backward(); !s.ok()) return s;
        r.matmul = out_matmul.values();
        r.grad_matmul = std::move(W_matmul.grads());

        r.equal = true;
        for (size_t i = 0; i < r.gather.size(); i++)
            if (!same_value(r.gather[i], r.matmul[i])) r.differing_outputs.push_back(int(i)), r.equal = false;
        r.grads_equal = true;
        for (size_t i = 0; i < r.grad_scatter.size(); i++)
            if (!same_value(r.grad_scatter[i], r.grad_matmul[i])) r.grads_equal = false;
    }
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
    finite_difference_check(in, G, r);
    out = std::move(r);
    return Status::Ok();
}

}  // namespace el
