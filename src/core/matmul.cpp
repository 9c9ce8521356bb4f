// Dense matrix products: textbook references, then blocked SIMD kernels.
//
// Letters of a product out = a @ b: M = rows of a, K = the shared (reduced)
// dimension, N = columns of b. In the lesson's one-hot route M = B, K = V, N = d.
//
// The fast kernels follow the usual GEMM recipe (GotoBLAS / BLIS):
//   - copy ("pack") the two operands into small contiguous panels: the left one
//     MR rows wide, the right one NR columns wide, each (P, MR) or (P, NR);
//   - a register-blocked micro-kernel multiplies one left panel by one right
//     panel, keeping the MR x NR tile of sums in SIMD registers;
//   - cache blocking picks the panel lengths so the panels in use stay in L1/L2.
// The same C++ (GCC/Clang 16-byte vector extensions) becomes f32x4 WebAssembly
// SIMD under -msimd128 and SSE natively. Every term is multiplied, zeros
// included, and there is no fused multiply-add (wasm SIMD has none), so the
// one-hot route stays honest and its results exact.
#include "matmul.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

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
// Fast kernels.

namespace {

typedef float f4 __attribute__((vector_size(16)));  // f32x4 in wasm, an SSE register natively

inline f4 load4(const float* p) {
    f4 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
inline void store4(float* p, f4 v) { std::memcpy(p, &v, sizeof v); }

// Tile and block sizes. MR x NR sums live in registers: 4 x 8 floats = 8
// vectors, plus 2 for the right panel's row and 1 for the broadcast left value.
// x86 has 16 SIMD registers (V8 keeps one as scratch); 6 x 8 (12 sums) also
// fits on paper but measured slower under V8 than 4 x 8, and 5 x 8 no faster.
constexpr int kMR = 4;        // rows of a tile (left panel width)
constexpr int kNV = 2;        // vectors per tile row
constexpr int kNR = 4 * kNV;  // columns of a tile (right panel width)
constexpr int kKC = 512;      // forward: K per block; the packed (KC, NC) block of b stays in L2
constexpr int kNC = 512;      // columns per block (bounds the packed buffers for wide N)
constexpr int kKB = 48 * kMR;  // backward db: rows of db per block (a^T's block packed at once)

enum class Write { Store, Add };

// tile (MR,NR) (=|+=) lp^T @ rp, i.e. tile[r][c] = sum_p lp[p][r] * rp[p][c].
// lp is (P,MR); rp is (P,NR); tile rows are ldc apart.
// Each sum runs over p = 0..P-1 in ascending order, in one running sum that
// starts at 0, and touches the tile once at the end.
template <Write kWrite>
inline void micro_kernel(float* tile, int64_t ldc, const float* lp, const float* rp, int P) {
    f4 acc[kMR][kNV] = {};
    for (int p = 0; p < P; p++) {
        f4 r[kNV];
        for (int v = 0; v < kNV; v++) r[v] = load4(rp + 4 * v);
        for (int m = 0; m < kMR; m++) {
            const float x = lp[m];
            const f4 l = {x, x, x, x};
            for (int v = 0; v < kNV; v++) acc[m][v] += l * r[v];
        }
        lp += kMR;
        rp += kNR;
    }
    for (int m = 0; m < kMR; m++) {
        float* tile_m = tile + int64_t(m) * ldc;
        for (int v = 0; v < kNV; v++) {
            if (kWrite == Write::Add) store4(tile_m + 4 * v, load4(tile_m + 4 * v) + acc[m][v]);
            else store4(tile_m + 4 * v, acc[m][v]);
        }
    }
}

// The same for a tile cut by the matrix edge: only rows < mr and columns < nr
// are written (the packed panels are zero-padded, so the rest is junk-free).
// Not inlined: inlined, each caller got its own copy of the micro-kernel for the few edge tiles
// (about 300 B gzip of the page); a call per edge tile costs nothing measurable, and shapes that
// are multiples of the tile (the cost benchmark's) never reach it.
template <Write kWrite>
__attribute__((noinline)) void edge_kernel(float* tile, int64_t ldc, const float* lp, const float* rp, int P, int mr, int nr) {
    float tmp[kMR * kNR];
    micro_kernel<Write::Store>(tmp, kNR, lp, rp, P);
    for (int m = 0; m < mr; m++) {
        float* tile_m = tile + int64_t(m) * ldc;
        for (int c = 0; c < nr; c++) {
            if (kWrite == Write::Add) tile_m[c] += tmp[m * kNR + c];
            else tile_m[c] = tmp[m * kNR + c];
        }
    }
}

template <Write kWrite>
inline void tile_kernel(float* tile, int64_t ldc, const float* lp, const float* rp, int P, int mr, int nr) {
    if (mr == kMR && nr == kNR) micro_kernel<kWrite>(tile, ldc, lp, rp, P);
    else edge_kernel<kWrite>(tile, ldc, lp, rp, P, mr, nr);
}

// Left panel from a row-major block: lp[p][r] = x[r*ld + p], zero rows past mr.
// lp is (P,MR); x is (mr, >=P) with rows ld apart
void pack_rows(float* lp, const float* x, int64_t ld, int mr, int P) {
    for (int r = 0; r < kMR; r++) {
        const float* x_r = x + int64_t(r) * ld;
        if (r < mr)
            for (int p = 0; p < P; p++) lp[p * kMR + r] = x_r[p];
        else
            for (int p = 0; p < P; p++) lp[p * kMR + r] = 0.0f;
    }
}

// Panel of width W from columns of a row-major block: pp[p][c] = x[p*ld + c],
// zero columns past w. Serves as a right panel (W = NR, from b or dout) and as a
// left panel of a^T (W = MR, from a).
// pp is (P,W); x is (P, >=w) with rows ld apart
template <int W>
void pack_cols(float* pp, const float* x, int64_t ld, int w, int P) {
    for (int p = 0; p < P; p++) {
        const float* x_p = x + int64_t(p) * ld;
        float* pp_p = pp + int64_t(p) * W;
        if (w == W) std::memcpy(pp_p, x_p, sizeof(float) * W);
        else {
            for (int c = 0; c < w; c++) pp_p[c] = x_p[c];
            for (int c = w; c < W; c++) pp_p[c] = 0.0f;
        }
    }
}

// Right panel of b^T: pp[p][c] = b[c][p] for c < w, zero past w.
// pp is (P,NR); x is (w, >=P) with rows ld apart
void pack_transposed(float* pp, const float* x, int64_t ld, int w, int P) {
    for (int c = 0; c < kNR; c++) {
        const float* x_c = x + int64_t(c) * ld;
        for (int p = 0; p < P; p++) pp[int64_t(p) * kNR + c] = c < w ? x_c[p] : 0.0f;
    }
}

int round_up(int x, int m) { return (x + m - 1) / m * m; }

}  // namespace

// out = a @ b. Blocks: N by NC, then K by KC (b's (KC,NC) block packed once into
// NR-wide panels), then MR rows of a (packed once, used for every panel).
// The K blocks' partial sums are added into out one after another: for general
// inputs that reassociates the sum (tests compare with a tolerance); for a
// one-hot a every block but one contributes exact zeros, so the result is exact.
void matmul_forward(float* out, const float* a, const float* b, int M, int K, int N) {
    if (M <= 0 || N <= 0) return;
    if (K <= 0) {
        std::memset(out, 0, sizeof(float) * size_t(M) * size_t(N));
        return;
    }
    matmul_forward_slice(out, a, b, M, K, N, 0, M, 0, K);
}

// One piece of the loops above: rows [i0,i1) of out, K blocks [k0,k1). Each
// element sees the same sums in the same order as in the whole product, so a
// sweep of slices gives matmul_forward's result bit for bit.
void matmul_forward_slice(float* out, const float* a, const float* b, int M, int K, int N, int i0, int i1,
                          int k0, int k1) {
    (void)M;
    if (i1 <= i0 || k1 <= k0 || N <= 0) return;
    std::vector<float> bp(size_t(kKC) * size_t(round_up(std::min(N, kNC), kNR)));  // packed b block
    float ap[kKC * kMR];                                                           // packed a panel
    for (int j0 = 0; j0 < N; j0 += kNC) {
        const int nc = std::min(kNC, N - j0);
        for (int kb = k0; kb < k1; kb += kKC) {
            const int kc = std::min(kKC, k1 - kb);
            for (int jp = 0; jp < nc; jp += kNR)
                pack_cols<kNR>(&bp[size_t(jp) * kc], b + int64_t(kb) * N + j0 + jp, N, std::min(kNR, nc - jp), kc);
            for (int ib = i0; ib < i1; ib += kMR) {
                const int mr = std::min(kMR, i1 - ib);
                pack_rows(ap, a + int64_t(ib) * K + kb, K, mr, kc);
                for (int jp = 0; jp < nc; jp += kNR) {
                    float* out_tile = out + int64_t(ib) * N + j0 + jp;
                    const int nr = std::min(kNR, nc - jp);
                    if (kb == 0) tile_kernel<Write::Store>(out_tile, N, ap, &bp[size_t(jp) * kc], kc, mr, nr);
                    else tile_kernel<Write::Add>(out_tile, N, ap, &bp[size_t(jp) * kc], kc, mr, nr);
                }
            }
        }
    }
}

// da += dout @ b^T: reduction over N in one pass (N is the embedding width,
// small); dout packed into MR-row panels once, b^T into NR-wide panels per block.
static void matmul_backward_da(float* da, const float* dout, const float* b, int M, int K, int N) {
    std::vector<float> dp(size_t(round_up(M, kMR)) * size_t(N));  // packed dout, (M/MR, N, MR)
    for (int i0 = 0; i0 < M; i0 += kMR) pack_rows(&dp[size_t(i0) * N], dout + int64_t(i0) * N, N, std::min(kMR, M - i0), N);
    std::vector<float> bp(size_t(N) * kNR);  // one packed panel of b^T, (N, NR)
    for (int k0 = 0; k0 < K; k0 += kNR) {
        const int nr = std::min(kNR, K - k0);
        pack_transposed(bp.data(), b + int64_t(k0) * N, N, nr, N);
        for (int i0 = 0; i0 < M; i0 += kMR)
            tile_kernel<Write::Add>(da + int64_t(i0) * K + k0, K, &dp[size_t(i0) * N], bp.data(), N,
                                    std::min(kMR, M - i0), nr);
    }
}

// db += a^T @ dout: each db[k][j] is one running sum over i = 0..M-1 in
// ascending order, added to db once (the reduction over M is never split), so
// with a one-hot a the result equals the scatter-add bit for bit.
// Blocks: N by NC (dout's columns packed into NR-wide panels of all M rows),
// then KB rows of db (a^T's block packed into MR-wide panels).
void matmul_backward_db_rows(float* db, const float* dout, const float* a, int M, int K, int N, int k0,
                             int k1) {
    if (M <= 0 || N <= 0 || k1 <= k0) return;
    const int ncmax = round_up(std::min(N, kNC), kNR);
    std::vector<float> dp(size_t(M) * size_t(ncmax));  // packed dout block, (NC/NR, M, NR)
    std::vector<float> ap(size_t(M) * size_t(kKB));     // packed a^T block, (KB/MR, M, MR)
    for (int j0 = 0; j0 < N; j0 += kNC) {
        const int nc = std::min(kNC, N - j0);
        for (int jp = 0; jp < nc; jp += kNR)
            pack_cols<kNR>(&dp[size_t(jp) * M], dout + j0 + jp, N, std::min(kNR, nc - jp), M);
        for (int kb0 = k0; kb0 < k1; kb0 += kKB) {
            const int kb = std::min(kKB, k1 - kb0);
            for (int kq = 0; kq < kb; kq += kMR)
                pack_cols<kMR>(&ap[size_t(kq) * M], a + kb0 + kq, K, std::min(kMR, kb - kq), M);
            for (int kq = 0; kq < kb; kq += kMR) {
                const int mr = std::min(kMR, kb - kq);
                for (int jp = 0; jp < nc; jp += kNR)
                    tile_kernel<Write::Add>(db + int64_t(kb0 + kq) * N + j0 + jp, N, &ap[size_t(kq) * M],
                                            &dp[size_t(jp) * M], M, mr, std::min(kNR, nc - jp));
            }
        }
    }
}

void matmul_backward(float* da, float* db, const float* dout, const float* a, const float* b, int M, int K,
                     int N) {
    if (M <= 0 || K <= 0 || N <= 0) return;
    if (da) matmul_backward_da(da, dout, b, M, K, N);
    if (db) matmul_backward_db_rows(db, dout, a, M, K, N, 0, K);
}

}  // namespace el
