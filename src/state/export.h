// "Copy as NumPy" / "Copy as PyTorch": a short script that rebuilds the current
// table, ids and upstream gradient and prints what the page shows, so a learner can
// check the page in their own environment.
#pragma once
#include <string>

#include "app_state.h"
#include "derived.h"

namespace el {

// Each prints, one per line: gather = [...], matmul = [...], grad = [...] (the
// table's gradient, V rows), as exact float32 values. The PyTorch script then takes the training
// lab's Step with its optimizer (fresh) and loss: rows changed: [...], stepped = [...] (W after it). `d` is derive(s)'s: when max_norm
// rescaled rows, the script's W is the table before that (table_before_lookup(s), from s.written_back).
std::string numpy_script(const AppState& s, const Derived& d);
std::string pytorch_script(const AppState& s, const Derived& d);

}  // namespace el
