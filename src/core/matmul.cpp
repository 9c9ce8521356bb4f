#include "matmul.h"

#include <cstdint>
#include <cstring>

namespace el {

// ---------------------------------------------------------------------------
// Reference kernels: the textbook triple loops.

void matmul_forward_naive(float* out, const float* a, const float* b, int M, int K, int N) {
    for (int i = 0; i < M; i++) {
        for (int j = 0; j < N; j++) {
            float sum = 0.0f;
            for (int k = 0; k < K; k++) sum += a[int64_t(i) * K + k] * b[int64_t(k) * N + j];
            out[int64_t(i) * N + j] = sum;
        }
    }
}

void matmul_backward_naive(float* da, float* db, const float* dout, const float* a, const float* b, int M,
                           int K, int N) {
    if (da) {  // da[i][k] += sum_j dout[i][j] * b[k][j]
        for (int i = 0; i < M; i++)
            for (int k = 0; k < K; k++) {
                float sum = 0.0f;
                for (int j = 0; j < N; j++) sum += dout[int64_t(i) * N + j] * b[int64_t(k) * N + j];
                da[int64_t(i) * K + k] += sum;
            }
    }
    if (db) {  // db[k][j] += sum_i a[i][k] * dout[i][j]
        for (int k = 0; k < K; k++)
            for (int j = 0; j < N; j++) {
                float sum = 0.0f;
                for (int i = 0; i < M; i++) sum += a[int64_t(i) * K + k] * dout[int64_t(i) * N + j];
                db[int64_t(k) * N + j] += sum;
            }
    }
}

// ---------------------------------------------------------------------------
// Fast kernels: loop order i-k-j so the inner loop streams rows of b and out
// (vectorisable); every term, zero or not, is multiplied.

void matmul_forward(float* out, const float* a, const float* b, int M, int K, int N) {
    std::memset(out, 0, sizeof(float) * size_t(M) * size_t(N));
    for (int i = 0; i < M; i++) {
        float* out_i = out + int64_t(i) * N;
        const float* a_i = a + int64_t(i) * K;
        for (int k = 0; k < K; k++) {
            const float a_ik = a_i[k];
            const float* b_k = b + int64_t(k) * N;
            for (int j = 0; j < N; j++) out_i[j] += a_ik * b_k[j];
        }
    }
}

void matmul_backward(float* da, float* db, const float* dout, const float* a, const float* b, int M, int K,
                     int N) {
    if (da) {
        for (int i = 0; i < M; i++) {
            const float* dout_i = dout + int64_t(i) * N;
            float* da_i = da + int64_t(i) * K;
            for (int k = 0; k < K; k++) {
                const float* b_k = b + int64_t(k) * N;
                float sum = 0.0f;
                for (int j = 0; j < N; j++) sum += dout_i[j] * b_k[j];
                da_i[k] += sum;
            }
        }
    }
    if (db) {
        for (int i = 0; i < M; i++) {
            const float* a_i = a + int64_t(i) * K;
            const float* dout_i = dout + int64_t(i) * N;
            for (int k = 0; k < K; k++) {
                const float a_ik = a_i[k];
                float* db_k = db + int64_t(k) * N;
                for (int j = 0; j < N; j++) db_k[j] += a_ik * dout_i[j];
            }
        }
    }
}

}  // namespace el
