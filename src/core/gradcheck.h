// Finite-difference gradient check: does backward() agree with nudging each number
// of a tensor and watching the loss? Central differences, evaluated in double:
//   numeric = (L(x + h) - L(x - h)) / ((x + h) - (x - h))
// where x +- h are the float values actually stored (so the denominator is exact) and
// L is read from the float32 forward pass.
//
// The padding row of an embedding is skipped: the op deliberately gives it no gradient,
// while nudging it does change the loss (as PyTorch's docs say).
#pragma once
#include <functional>
#include <vector>

#include "tensor.h"

namespace el {

struct GradCheckOptions {
    double step = 1e-2;      // h; float32 losses need a large one (rounding error ~ 1e-7 |L| / h)
    double abs_tol = 1e-3;   // a number passes if |analytic - numeric| <= abs_tol + rel_tol * max(|a|, |n|)
    double rel_tol = 1e-2;
    int skip_row = -1;       // a row to leave out (the padding row), -1 for none
    int max_checked = 4096;  // numbers checked at most (the first ones, row-major), to bound the cost
};

struct GradCheckResult {
    int rows = 0, cols = 0;
    std::vector<double> analytic;  // (rows,cols) from backward (dense + sparse pairs summed)
    std::vector<double> numeric;   // (rows,cols) central differences; NaN where not checked
    std::vector<int> failing;      // flat indices outside the tolerance
    double max_abs_error = 0.0;
    int checked = 0;
    bool passed() const { return failing.empty() && checked > 0; }
};

// `loss` rebuilds the graph from `param` (and anything else it likes) and returns a (1,1)
// loss; it must not change `param` itself (so no max_norm inside). `param` is left as it was.
Status gradient_check(const std::function<Tensor()>& loss, Tensor param, const GradCheckOptions& options,
                      GradCheckResult& out);

}  // namespace el
