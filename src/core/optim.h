// Optimizers over one parameter matrix (rows, cols) - for the table W that is (V,d) - with a
// report of which rows the step touched and which it changed, and why.
//
// Formulas as PyTorch documents them (the lesson: what real frameworks add), theta = a value, g = its
// gradient, t = step count:
//   SGD       g <- g + lambda*theta;  b <- mu*b + (1 - tau)*g (b = g on the first step);
//             g <- g + mu*b (nesterov) or b;  theta <- theta - lr*g
//   Adam      g <- g + lambda*theta (coupled L2);  m <- b1*m + (1-b1)*g;  v <- b2*v + (1-b2)*g^2;
//             m_hat = m/(1-b1^t);  v_hat = v/(1-b2^t);  theta <- theta - lr*m_hat/(sqrt(v_hat)+eps)
//   AdamW     theta <- theta - lr*lambda*theta on every value (decoupled), then Adam without L2
//   LazySGD   SGD with momentum, but only touched rows: their buffer and values move, the rest
//             stay put (a row's buffer starts as its first gradient)
//   LazyAdam  torch.optim.SparseAdam: Adam only at the batch's rows (moments and values), t
//             counting every step, with eps outside the bias correction:
//             theta <- theta - lr*sqrt(1-b2^t)/(1-b1^t) * m/(sqrt(v)+eps)  (TF LazyAdam alike)
// A row is touched when any of its gradient numbers is nonzero (sparse (index, row) pairs are
// summed first). Lazy steps also update every row present in a sparse gradient, even if its
// numbers sum to zero, as SparseAdam does. Lazy variants take no weight decay: decay of every
// row is what they avoid. PyTorch has no lazy SGD: its SGD with momentum on a sparse gradient
// keeps a buffer for every row ever touched and moves them all, like dense SGD.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "status.h"
#include "tensor.h"

namespace el {

enum class OptimizerKind { kSGD, kAdam, kAdamW, kLazySGD, kLazyAdam };
// Each optimizer's names, written once (optim.cpp), in enum order:
extern const char* const kOptimizerKeys[];     // in links and the JS snapshot: "sgd", ..., null-terminated
const char* optimizer_name(OptimizerKind kind);  // on the page: "SGD", "Adam", "AdamW", "lazy SGD", "lazy Adam"

struct OptimizerConfig {
    OptimizerKind kind = OptimizerKind::kSGD;
    float lr = 0.1f;
    float momentum = 0.0f;   // mu (SGD, LazySGD)
    float dampening = 0.0f;  // tau (SGD, LazySGD)
    bool nesterov = false;   // needs momentum > 0 and dampening = 0, as in PyTorch
    float weight_decay = 0.0f;  // lambda: coupled L2 for SGD/Adam, decoupled for AdamW
    float beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f;  // Adam family
};

// Why a row's values were updated in a step (bits; a row may have several).
enum RowReason : uint8_t {
    kRowGradient = 1,  // it had gradient this step (touched)
    kRowMomentum = 2,  // untouched, moved by state carried over (momentum buffer, Adam's m)
    kRowDecay = 4,     // weight decay acted on it (coupled L2 or AdamW's shrink)
};
// "gradient + weight decay", "momentum carry-over", "not updated", ...
std::string row_reason_text(uint8_t reasons);

struct StepReport {
    int step = 0;                      // t after this step
    std::vector<int> touched_rows;     // rows with nonzero gradient, ascending
    std::vector<int> changed_rows;     // rows where any value changed, ascending
    std::vector<uint8_t> row_reasons;  // (rows,) RowReason bits per row
    // changed but not touched: the rows the lesson's "untouched is not unchanged" is about
    std::vector<int> changed_untouched_rows() const;
};

Status check_optimizer_config(const OptimizerConfig& config);
// Whether the optimizer takes a sparse gradient (embedding(..., sparse=True)), as PyTorch's do: SGD
// without weight decay and SparseAdam (lazy Adam) do; Adam, AdamW and SGD with decay refuse it.
Status check_sparse_gradient_optimizer(const OptimizerConfig& config);

class Optimizer {
public:
    // Validates the config and sizes the state for a (rows, cols) parameter, all zeros.
    Status init(const OptimizerConfig& config, int rows, int cols);

    // One step on a raw buffer: param (rows,cols) is updated in place from grad (rows,cols).
    Status step(float* param, const float* grad, int rows, int cols, StepReport& report);
    // One step on a tensor from its dense gradient plus its sparse pairs. Does not zero grads.
    Status step(Tensor& param, StepReport& report);

    const OptimizerConfig& config() const { return config_; }
    int steps() const { return t_; }
    // Per-row state for display: momentum buffer b (SGD family), Adam's m and v. Empty spans
    // when the optimizer keeps no such state.
    std::span<const float> momentum_row(int r) const { return row_of(momentum_, r); }
    std::span<const float> exp_avg_row(int r) const { return row_of(exp_avg_, r); }
    std::span<const float> exp_avg_sq_row(int r) const { return row_of(exp_avg_sq_, r); }
    // How many steps changed row r's values, and how many had gradient for it.
    int row_update_count(int r) const { return row_updates_[size_t(r)]; }
    int row_touch_count(int r) const { return row_touches_[size_t(r)]; }

private:
    std::span<const float> row_of(const std::vector<float>& buf, int r) const {
        if (buf.empty()) return {};
        return {buf.data() + int64_t(r) * cols_, size_t(cols_)};
    }
    void sgd_step(float* theta, const float* grad, const std::vector<uint8_t>& touched, StepReport& report);
    void adam_step(float* theta, const float* grad, const std::vector<uint8_t>& touched, StepReport& report);
    void lazy_sgd_step(float* theta, const float* grad, const std::vector<int>& rows, StepReport& report);
    void lazy_adam_step(float* theta, const float* grad, const std::vector<int>& rows, StepReport& report);
    std::vector<int> lazy_rows(const std::vector<int>& touched) const;

    OptimizerConfig config_;
    int rows_ = 0, cols_ = 0, t_ = 0;
    std::vector<float> momentum_;            // (rows,cols) b
    std::vector<float> exp_avg_, exp_avg_sq_;  // (rows,cols) m, v
    std::vector<uint8_t> row_started_;       // (rows,) LazySGD: row's buffer holds a first gradient
    std::vector<int> row_updates_, row_touches_;  // (rows,)
    std::vector<uint8_t> changed_;                // (rows,) this step: any value of the row changed
    std::vector<int> present_rows_;               // this step: indices of the sparse gradient, if any
};

}  // namespace el
