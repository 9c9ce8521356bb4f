#include "optim.h"

#include <algorithm>
#include <cmath>

#include "i18n/i18n.h"
#include "lesson.h"

namespace el {

const char* const kOptimizerKeys[] = {"sgd", "adam", "adamw", "lazysgd", "lazyadam", nullptr};
static const char* const kOptimizerLabels[] = {"SGD", "Adam", "AdamW", "lazy SGD", "lazy Adam"};

const char* optimizer_name(OptimizerKind kind) {
    const int i = int(kind);
    return i >= 0 && i <= int(OptimizerKind::kLazyAdam) ? kOptimizerLabels[i] : "?";
}

std::string row_reason_text(uint8_t reasons) {
    std::string text;
    auto add = [&](const char* part) { text += text.empty() ? part : std::string(" + ") + part; };
    if (reasons & kRowGradient) add(TR(labs_reason_gradient));
    if (reasons & kRowMomentum) add(TR(labs_reason_momentum));
    if (reasons & kRowDecay) add(TR(labs_reason_decay));
    return text.empty() ? TR(labs_reason_none) : text;
}

std::vector<int> StepReport::changed_untouched_rows() const {
    std::vector<int> out;
    for (int r : changed_rows)
        if (!(row_reasons[size_t(r)] & kRowGradient)) out.push_back(r);
    return out;
}

Status check_optimizer_config(const OptimizerConfig& c) {
    const bool lazy = c.kind == OptimizerKind::kLazySGD || c.kind == OptimizerKind::kLazyAdam;
    if (!(c.lr > 0.0f && std::isfinite(c.lr))) return Status::Fail(TR(labs_opt_lr_positive));
    if (!(c.momentum >= 0.0f && c.momentum < 1.0f)) return Status::Fail(TR(labs_opt_momentum_range));
    if (!(c.dampening >= 0.0f && c.dampening <= 1.0f)) return Status::Fail(TR(labs_opt_dampening_range));
    if (c.nesterov && (c.momentum <= 0.0f || c.dampening != 0.0f))
        return Status::Fail(TR(labs_opt_nesterov));
    if (!(c.weight_decay >= 0.0f && std::isfinite(c.weight_decay)))
        return Status::Fail(TR(labs_opt_decay_range));
    if (lazy && c.weight_decay != 0.0f)
        return Status::Fail(format(TR(labs_opt_lazy_no_decay), optimizer_name(c.kind)));
    if (!(c.beta1 >= 0.0f && c.beta1 < 1.0f && c.beta2 >= 0.0f && c.beta2 < 1.0f))
        return Status::Fail(TR(labs_opt_betas_range));
    if (!(c.eps > 0.0f)) return Status::Fail(TR(labs_opt_eps_positive));
    return Status::Ok();
}

Status check_sparse_gradient_optimizer(const OptimizerConfig& c) {
    if (c.kind == OptimizerKind::kAdam || c.kind == OptimizerKind::kAdamW)
        return Status::Fail(format(TR(labs_opt_sparse_adam), optimizer_name(c.kind)));
    if (c.kind == OptimizerKind::kSGD && c.weight_decay != 0.0f) return Status::Fail(TR(labs_opt_sparse_sgd_decay));
    return Status::Ok();
}

Status Optimizer::init(const OptimizerConfig& config, int rows, int cols) {
    if (Status s = check_optimizer_config(config); !s.ok()) return s;
    if (rows < 1 || cols < 1) return Status::Fail("the optimizer needs a parameter of at least one number");
    config_ = config;
    rows_ = rows, cols_ = cols, t_ = 0;
    const size_t n = size_t(rows) * size_t(cols);
    const bool sgd = config.kind == OptimizerKind::kSGD || config.kind == OptimizerKind::kLazySGD;
    momentum_.assign(sgd && config.momentum > 0.0f ? n : 0, 0.0f);
    exp_avg_.assign(sgd ? 0 : n, 0.0f);
    exp_avg_sq_.assign(sgd ? 0 : n, 0.0f);
    row_started_.assign(size_t(rows), 0);
    row_updates_.assign(size_t(rows), 0);
    row_touches_.assign(size_t(rows), 0);
    return Status::Ok();
}

Status Optimizer::step(Tensor& param, StepReport& report) {
    if (!param.ok()) return param.status();
    if (param.sparse_grad().empty()) return step(param.data(), param.grad(), param.rows(), param.cols(), report);
    std::vector<float> grad = sparse_to_dense(param.sparse_grad(), param.rows());
    for (size_t i = 0; i < grad.size(); i++) grad[i] += param.grads()[i];
    // A row present in the sparse gradient counts for the lazy steps even when its numbers sum
    // to zero: SparseAdam updates every index of the (coalesced) sparse gradient.
    present_rows_ = param.sparse_grad().indices;
    Status s = step(param.data(), grad.data(), param.rows(), param.cols(), report);
    present_rows_.clear();
    return s;
}

Status Optimizer::step(float* param, const float* grad, int rows, int cols, StepReport& report) {
    if (rows != rows_ || cols != cols_)
        return Status::Fail("the optimizer was set up for " + shape_text(rows_, cols_) + ", not " +
                            shape_text(rows, cols));
    StepReport r;
    r.step = ++t_;
    r.row_reasons.assign(size_t(rows), 0);
    std::vector<uint8_t> touched(size_t(rows), 0);
    for (int row = 0; row < rows; row++) {
        const float* grad_r = grad + int64_t(row) * cols;
        for (int c = 0; c < cols; c++)
            if (grad_r[c] != 0.0f) touched[size_t(row)] = 1;
        if (touched[size_t(row)]) r.touched_rows.push_back(row), r.row_reasons[size_t(row)] |= kRowGradient;
    }
    // snapshot-free change tracking: each loop compares a value with its old self
    changed_.assign(size_t(rows), 0);
    switch (config_.kind) {
        case OptimizerKind::kSGD: sgd_step(param, grad, touched, r); break;
        case OptimizerKind::kAdam:
        case OptimizerKind::kAdamW: adam_step(param, grad, touched, r); break;
        case OptimizerKind::kLazySGD: lazy_sgd_step(param, grad, lazy_rows(r.touched_rows), r); break;
        case OptimizerKind::kLazyAdam: lazy_adam_step(param, grad, lazy_rows(r.touched_rows), r); break;
    }
    for (int row = 0; row < rows; row++) {
        if (changed_[size_t(row)]) r.changed_rows.push_back(row), row_updates_[size_t(row)]++;
        if (touched[size_t(row)]) row_touches_[size_t(row)]++;
    }
    report = std::move(r);
    return Status::Ok();
}

// The rows a lazy step updates: those with nonzero gradient, plus every index of a sparse
// gradient (ascending, each once).
std::vector<int> Optimizer::lazy_rows(const std::vector<int>& touched) const {
    std::vector<int> rows = touched;
    for (int k : present_rows_)
        if (k >= 0 && k < rows_) rows.push_back(k);
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

// torch.optim.SGD (dense): every value, touched or not, goes through the same loop.
void Optimizer::sgd_step(float* theta, const float* grad, const std::vector<uint8_t>& touched, StepReport& report) {
    const float lr = config_.lr, mu = config_.momentum, tau = config_.dampening, lambda = config_.weight_decay;
    for (int row = 0; row < rows_; row++) {
        uint8_t& why = report.row_reasons[size_t(row)];
        if (lambda != 0.0f) why |= kRowDecay;
        for (int c = 0; c < cols_; c++) {
            const size_t i = size_t(int64_t(row) * cols_ + c);
            const float old = theta[i];
            float g = grad[i];
            if (lambda != 0.0f) g = g + lambda * theta[i];  // g <- g + lambda*theta
            if (mu != 0.0f) {
                float& b = momentum_[i];
                if (!touched[size_t(row)] && b != 0.0f) why |= kRowMomentum;
                b = t_ == 1 ? g : mu * b + (1.0f - tau) * g;  // b <- mu*b + (1 - tau)*g
                g = config_.nesterov ? g + mu * b : b;         // g <- g + mu*b, or g <- b
            }
            theta[i] = theta[i] - lr * g;  // theta <- theta - lr*g
            if (!same_value(theta[i], old)) changed_[size_t(row)] = 1;
        }
    }
}

// torch.optim.Adam / AdamW (dense): m and v of untouched rows decay, and the row moves by
// m_hat / (sqrt(v_hat) + eps) anyway.
void Optimizer::adam_step(float* theta, const float* grad, const std::vector<uint8_t>& touched, StepReport& report) {
    const float lr = config_.lr, b1 = config_.beta1, b2 = config_.beta2, eps = config_.eps;
    const float lambda = config_.weight_decay;
    const bool decoupled = config_.kind == OptimizerKind::kAdamW;
    // AdamW's shrink factor as torch.optim.AdamW forms it (param.mul_(1 - lr * weight_decay), in double,
    // applied in float32): theta - lr*lambda*theta rounded differently, and made nan of an inf.
    const float shrink = float(1.0 - double(lr) * double(lambda));
    const float bias1 = float(1.0 - std::pow(double(b1), t_)), bias2 = float(1.0 - std::pow(double(b2), t_));
    for (int row = 0; row < rows_; row++) {
        uint8_t& why = report.row_reasons[size_t(row)];
        if (lambda != 0.0f) why |= kRowDecay;
        for (int c = 0; c < cols_; c++) {
            const size_t i = size_t(int64_t(row) * cols_ + c);
            const float old = theta[i];
            float g = grad[i];
            float &m = exp_avg_[i], &v = exp_avg_sq_[i];
            if (!touched[size_t(row)] && m != 0.0f) why |= kRowMomentum;
            if (lambda != 0.0f) {  // as PyTorch: without decay an inf in W stays inf (0 * inf is nan)
                if (decoupled) theta[i] = theta[i] * shrink;                  // theta <- theta * (1 - lr*lambda)
                else g = g + lambda * theta[i];                               // g <- g + lambda*theta
            }
            m = b1 * m + (1.0f - b1) * g;                                 // m <- b1*m + (1-b1)*g
            v = b2 * v + (1.0f - b2) * g * g;                             // v <- b2*v + (1-b2)*g^2
            const float m_hat = m / bias1;                                // m_hat = m / (1 - b1^t)
            const float v_hat = v / bias2;                                // v_hat = v / (1 - b2^t)
            theta[i] = theta[i] - lr * m_hat / (std::sqrt(v_hat) + eps);  // theta <- theta - lr*m_hat/(sqrt(v_hat)+eps)
            if (!same_value(theta[i], old)) changed_[size_t(row)] = 1;
        }
    }
}

// SGD with momentum at touched rows only: an untouched row keeps its buffer and its values.
void Optimizer::lazy_sgd_step(float* theta, const float* grad, const std::vector<int>& rows, StepReport&) {
    const float lr = config_.lr, mu = config_.momentum, tau = config_.dampening;
    for (int row : rows) {
        const bool first = !row_started_[size_t(row)];
        row_started_[size_t(row)] = 1;
        for (int c = 0; c < cols_; c++) {
            const size_t i = size_t(int64_t(row) * cols_ + c);
            const float old = theta[i];
            float g = grad[i];
            if (mu != 0.0f) {
                float& b = momentum_[i];
                b = first ? g : mu * b + (1.0f - tau) * g;  // b <- mu*b + (1 - tau)*g, b = g on the row's first touch
                g = config_.nesterov ? g + mu * b : b;      // g <- g + mu*b, or g <- b
            }
            theta[i] = theta[i] - lr * g;  // theta <- theta - lr*g
            if (!same_value(theta[i], old)) changed_[size_t(row)] = 1;
        }
    }
}

// torch.optim.SparseAdam (PyTorch 1.13, torch/optim/_functional.py sparse_adam): Adam at the
// rows in the batch only; t counts every step of the optimizer. Unlike dense Adam, eps is added
// to sqrt(v) before the bias correction, which is folded into the step size instead:
//   step = lr * sqrt(1 - b2^t) / (1 - b1^t);  theta <- theta - step * m / (sqrt(v) + eps)
// (TF's LazyAdam uses the same form). The moments are written as PyTorch updates them.
void Optimizer::lazy_adam_step(float* theta, const float* grad, const std::vector<int>& rows, StepReport& report) {
    const float b1 = config_.beta1, b2 = config_.beta2, eps = config_.eps;
    const float one_minus_b1 = float(1.0 - double(b1)), one_minus_b2 = float(1.0 - double(b2));
    const double bias1 = 1.0 - std::pow(double(b1), t_), bias2 = 1.0 - std::pow(double(b2), t_);
    const float step = float(double(config_.lr) * std::sqrt(bias2) / bias1);  // in double, as Python computes it
    for (int row : rows) {
        uint8_t& why = report.row_reasons[size_t(row)];
        if (!(why & kRowGradient)) why |= kRowMomentum;  // in the batch with a zero gradient: m still moves it
        for (int c = 0; c < cols_; c++) {
            const size_t i = size_t(int64_t(row) * cols_ + c);
            const float old = theta[i], g = grad[i];
            float &m = exp_avg_[i], &v = exp_avg_sq_[i];
            m = m + (g - m) * one_minus_b1;          // m <- b1*m + (1-b1)*g, written m + (g - m)*(1-b1)
            v = v + (g * g - v) * one_minus_b2;      // v <- b2*v + (1-b2)*g^2, written v + (g^2 - v)*(1-b2)
            const float denom = std::sqrt(v) + eps;  // sqrt(v) + eps, no bias correction inside
            theta[i] = theta[i] + -step * (m / denom);  // theta <- theta - step * m / (sqrt(v) + eps)
            if (!same_value(theta[i], old)) changed_[size_t(row)] = 1;
        }
    }
}

}  // namespace el
