#include "gradcheck.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace el {

Status gradient_check(const std::function<Tensor()>& loss, Tensor param, const GradCheckOptions& options,
                      GradCheckResult& out) {
    if (!param.ok()) return param.status();
    if (!(options.step > 0.0)) return Status::Fail("the finite-difference step h must be positive");
    GradCheckResult r;
    r.rows = param.rows(), r.cols = param.cols();

    // analytic: one backward from a clean gradient
    param.zero_grad();
    Tensor L = loss();
    if (Status s = L.backward(); !s.ok()) return s;
    const std::vector<float> sparse = sparse_to_dense(param.sparse_grad(), param.rows());
    r.analytic.resize(param.values().size());
    for (size_t i = 0; i < r.analytic.size(); i++)
        r.analytic[i] = double(param.grads()[i]) + (param.sparse_grad().empty() ? 0.0 : double(sparse[i]));
    param.zero_grad();

    // numeric: nudge each number both ways, in place, and restore it
    r.numeric.assign(r.analytic.size(), std::numeric_limits<double>::quiet_NaN());
    for (int64_t i = 0; i < param.size() && r.checked < options.max_checked; i++) {
        if (int(i / param.cols()) == options.skip_row) continue;
        float& x = param.data()[i];
        const float x0 = x;
        const float x_plus = float(double(x0) + options.step), x_minus = float(double(x0) - options.step);
        x = x_plus;
        const Tensor loss_plus = loss();
        x = x_minus;
        const Tensor loss_minus = loss();
        x = x0;
        if (!loss_plus.ok() || !loss_minus.ok()) return loss_plus.ok() ? loss_minus.status() : loss_plus.status();
        const double L_plus = double(loss_plus.item()), L_minus = double(loss_minus.item());
        const double n = (L_plus - L_minus) / (double(x_plus) - double(x_minus));
        r.numeric[size_t(i)] = n;
        const double a = r.analytic[size_t(i)], err = std::fabs(a - n);
        r.max_abs_error = std::max(r.max_abs_error, err);
        if (!(err <= options.abs_tol + options.rel_tol * std::max(std::fabs(a), std::fabs(n))))
            r.failing.push_back(int(i));
        r.checked++;
    }
    param.zero_grad();
    out = std::move(r);
    return Status::Ok();
}

}  // namespace el
