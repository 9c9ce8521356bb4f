#include "embedding.h"

#include <cstdint>
#include <cstring>

namespace el {

// Reference kernels: the plain loops the fast ones must match exactly.
void embedding_forward_naive(float* out, const float* W, const int* ids, int B, int d) {
    for (int b = 0; b < B; b++)
        for (int c = 0; c < d; c++) out[int64_t(b) * d + c] = W[int64_t(ids[b]) * d + c];
}

void embedding_backward_naive(float* dW, const float* dout, const int* ids, int B, int d, const float* row_scale,
                              int padding_row) {
    for (int b = 0; b < B; b++) {
        if (ids[b] == padding_row) continue;
        for (int c = 0; c < d; c++) {
            const float g = dout[int64_t(b) * d + c];
            dW[int64_t(ids[b]) * d + c] += row_scale ? row_scale[ids[b]] * g : g;
        }
    }
}

// Rows are moved 16 floats at a time in four f32x4 vectors (GCC/Clang vector
// extensions, as in matmul.cpp): f32x4 WebAssembly SIMD under -msimd128, SSE natively.
typedef float f4 __attribute__((vector_size(16)));
static inline f4 load4(const float* p) {
    f4 v;
    std::memcpy(&v, p, sizeof v);  // 16 bytes: inlined as one vector load, never a call
    return v;
}
static inline void store4(float* p, f4 v) { std::memcpy(p, &v, sizeof v); }

void embedding_forward(float* out, const float* W, const int* ids, int B, int d) {
    for (int b = 0; b < B; b++) {
        float* out_b = out + int64_t(b) * d;
        const float* W_ix = W + int64_t(ids[b]) * d;
        // Vector loads, not memcpy of the row: Emscripten 3.1.6 hands each memcpy of 512+
        // bytes to JavaScript, which made the wasm gather 5x slower than one bulk copy.
        int c = 0;
        for (; c + 16 <= d; c += 16) {
            const f4 x0 = load4(W_ix + c), x1 = load4(W_ix + c + 4), x2 = load4(W_ix + c + 8),
                     x3 = load4(W_ix + c + 12);
            store4(out_b + c, x0), store4(out_b + c + 4, x1), store4(out_b + c + 8, x2), store4(out_b + c + 12, x3);
        }
        for (; c + 4 <= d; c += 4) store4(out_b + c, load4(W_ix + c));
        for (; c < d; c++) out_b[c] = W_ix[c];
    }
}

// Positions b in ascending order, each adding its whole row: every dW element
// receives its terms in the same order as the scalar loop (and as the one-hot
// matmul's running sum), so both routes agree bit for bit.
// With row_scale, each term is the product s_k * g the one-hot route forms (S^T @ G).
void embedding_backward(float* dW, const float* dout, const int* ids, int B, int d, const float* row_scale,
                        int padding_row) {
    for (int b = 0; b < B; b++) {
        if (ids[b] == padding_row) continue;  // the padding row never receives gradient
        const float* dout_b = dout + int64_t(b) * d;
        float* dW_ix = dW + int64_t(ids[b]) * d;
        if (row_scale) {
            const float s_k = row_scale[ids[b]];
            const f4 s = {s_k, s_k, s_k, s_k};
            int c = 0;
            for (; c + 4 <= d; c += 4) store4(dW_ix + c, load4(dW_ix + c) + s * load4(dout_b + c));
            for (; c < d; c++) dW_ix[c] += s_k * dout_b[c];
            continue;
        }
        int c = 0;
        for (; c + 16 <= d; c += 16) {
            const f4 s0 = load4(dW_ix + c) + load4(dout_b + c), s1 = load4(dW_ix + c + 4) + load4(dout_b + c + 4),
                     s2 = load4(dW_ix + c + 8) + load4(dout_b + c + 8),
                     s3 = load4(dW_ix + c + 12) + load4(dout_b + c + 12);
            store4(dW_ix + c, s0), store4(dW_ix + c + 4, s1), store4(dW_ix + c + 8, s2), store4(dW_ix + c + 12, s3);
        }
        for (; c + 4 <= d; c += 4) store4(dW_ix + c, load4(dW_ix + c) + load4(dout_b + c));
        for (; c < d; c++) dW_ix[c] += dout_b[c];
    }
}

void one_hot(float* onehot, const int* ids, int B, int V) {
    std::memset(onehot, 0, sizeof(float) * size_t(B) * size_t(V));
    for (int b = 0; b < B; b++) onehot[int64_t(b) * V + ids[b]] = 1.0f;
}

}  // namespace el
