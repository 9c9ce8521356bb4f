#include "embedding.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "limits.h"

namespace el {

Status check_ids(const int* ids, int B, int V) {
    if (B <= 0) return Status::Fail("the batch is empty: give at least one id");
    if (B > kMaxB)
        return Status::Fail("the batch has " + std::to_string(B) + " ids; at most " +
                            std::to_string(kMaxB) + " are allowed");
    for (int b = 0; b < B; b++) {
        if (ids[b] < 0 || ids[b] >= V)
            return Status::Fail("id " + std::to_string(ids[b]) + " at position " + std::to_string(b) +
                                " is out of range: ids run from 0 to V-1 = " + std::to_string(V - 1));
    }
    return Status::Ok();
}

void embedding_forward(float* out, const float* W, const int* ids, int B, int d) {
    for (int b = 0; b < B; b++) {
        float* out_b = out + int64_t(b) * d;
        const float* W_ix = W + int64_t(ids[b]) * d;
        // A plain loop, not memcpy: Emscripten 3.1.6 hands each memcpy of 512+ bytes to
        // JavaScript, which made the wasm gather 5x slower than one bulk copy (./build.sh bench).
        for (int c = 0; c < d; c++) out_b[c] = W_ix[c];
    }
}

void embedding_backward(float* dW, const float* dout, const int* ids, int B, int d) {
    for (int b = 0; b < B; b++) {
        const float* dout_b = dout + int64_t(b) * d;
        float* dW_ix = dW + int64_t(ids[b]) * d;
        for (int c = 0; c < d; c++) dW_ix[c] += dout_b[c];
    }
}

void one_hot(float* onehot, const int* ids, int B, int V) {
    std::memset(onehot, 0, sizeof(float) * size_t(B) * size_t(V));
    for (int b = 0; b < B; b++) onehot[int64_t(b) * V + ids[b]] = 1.0f;
}

Status check_one_hot_size(int B, int V) {
    const int64_t floats = int64_t(B) * V;
    if (floats <= kMaxOneHotFloats) return Status::Ok();
    const double mb = double(floats) * sizeof(float) / 1e6;
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "the one-hot block B x V = %d x %d would need %.1f MB; the limit is %.0f MB", B, V, mb,
                  double(kMaxOneHotFloats) * sizeof(float) / 1e6);
    return Status::Fail(buf);
}

}  // namespace el
