// Small helpers shared by the autograd, embedding and optimizer tests.
#pragma once
#include <catch2/catch.hpp>

#include <vector>

#include "core/autograd.h"
#include "core/random.h"
#include "core/tensor.h"

namespace test_util {

// A (rows,cols) tensor of N(0, scale^2) numbers from the seed.
inline el::Tensor random_tensor(int rows, int cols, uint64_t seed, double scale = 1.0) {
    el::Rng rng(seed);
    std::vector<float> v(static_cast<size_t>(rows) * static_cast<size_t>(cols));
    for (float& x : v) x = float(scale * rng.normal());
    return el::Tensor::from(rows, cols, v);
}

// B ids in 0..V-1 from the seed.
inline std::vector<int> random_ids(int B, int V, uint64_t seed) {
    el::Rng rng(seed);
    std::vector<int> ids(static_cast<size_t>(B));
    for (int& id : ids) id = rng.below(V);
    return ids;
}

// A scalar loss that weighs every output by its own random number, so each output's
// gradient is distinct (sum would give every output the same gradient of 1).
// out is (M,N); R is (M,N)
inline el::Tensor weighted_sum(const el::Tensor& out, const el::Tensor& R) { return el::sum(el::mul(out, R)); }

}  // namespace test_util
