// "Copy as NumPy" / "Copy as PyTorch": a short script that rebuilds the current
// table, ids and upstream gradient and prints what the page shows, so a learner can
// check the page in their own environment.
#pragma once
#include <string>

#include "app_state.h"

namespace el {

// Each prints, one per line: gather = [...], matmul = [...], grad = [...] (the
// table's gradient, V rows), as exact float32 values.
std::string numpy_script(const AppState& s);
std::string pytorch_script(const AppState& s);

}  // namespace el
