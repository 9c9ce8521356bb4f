// Kernel benchmark: the one-hot route against the gather route at the lesson's
// scale, built natively and as WebAssembly from the same source.
//
//   bench_kernels [--V 50000] [--d 128] [--B 256] [--repeats 7] [--out file.json]
//
// Letters (the lesson's): V = ids (rows of W), d = width, B = ids at once.
// Prints one JSON object (and writes it to --out if given): per kernel the
// median, min and max time of repeated runs and a rate (GFLOP/s or GB/s).
// Inputs come from a xorshift32 stream that tests/bench/bench.mjs repeats in
// JavaScript, so the TF.js peer multiplies the very same numbers.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/embedding.h"
#include "core/matmul.h"

#ifndef EL_BENCH_TARGET
#define EL_BENCH_TARGET "unknown"
#endif
#ifndef EL_BENCH_FLAGS
#define EL_BENCH_FLAGS "unknown"
#endif

namespace {

// xorshift32; values are k / 2^23 - 1 in [-1, 1), exact in float32 and in JS.
struct Rng {
    uint32_t s;
    uint32_t next() {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        return s;
    }
    float uniform() { return float(next() >> 8) / 8388608.0f - 1.0f; }
};

double now_ms() {
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

struct Timing {
    double median_ms, min_ms, max_ms;
    int samples, inner;
};

Timing summarise(std::vector<double> t, int inner) {
    std::sort(t.begin(), t.end());
    const size_t n = t.size();
    const double median = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
    return {median, t.front(), t.back(), int(n), inner};
}

// Keeps the optimiser from dropping a kernel whose output is never read.
volatile float g_sink;

std::string json_kernel(const char* name, const Timing& t, double work, const char* unit) {
    char buf[400];
    std::snprintf(buf, sizeof buf,
                  "    \"%s\": {\"median_ms\": %.6g, \"min_ms\": %.6g, \"max_ms\": %.6g, \"samples\": %d, "
                  "\"inner\": %d, \"rate\": %.6g, \"unit\": \"%s\"}",
                  name, t.median_ms, t.min_ms, t.max_ms, t.samples, t.inner, work / (t.median_ms * 1e6),
                  unit);
    return buf;
}

// The benchmark's state: inputs and outputs of every kernel at one shape.
struct Bench {
    int V = 0, d = 0, B = 0;
    std::vector<float> W;                   // (V,d) the table
    std::vector<int> ids;                   // (B,)
    std::vector<float> G;                   // (B,d) upstream gradient dL/dout
    std::vector<float> onehot;              // (B,V)
    std::vector<float> out_mm, out_g, out_cp, rows;  // (B,d); rows = the gathered rows, contiguous
    std::vector<float> dW_mm, dW_sc;        // (V,d)
};
Bench g;

}  // namespace

// Kernels by number, in the order of the table.
enum Kernel { kOneHot, kMatmulForward, kGather, kMemcpy, kMatmulBackward, kScatterAdd, kKernels };
static const char* const kKernelNames[kKernels] = {"one_hot",  "matmul_forward",  "gather_forward",
                                                   "memcpy",   "matmul_backward", "scatter_add_backward"};

extern "C" {

// Allocates and fills the inputs (in the order bench.mjs draws them: W, ids, G),
// then runs each route once from zeroed outputs and compares them.
// Returns bit 0: forward routes equal, bit 1: backward routes equal.
int bench_setup(int V, int d, int B) {
    g = Bench{};
    g.V = V, g.d = d, g.B = B;
    Rng rng{12345u};
    g.W.resize(size_t(V) * d);
    for (float& w : g.W) w = rng.uniform();
    g.ids.resize(B);
    for (int& id : g.ids) id = int(rng.next() % uint32_t(V));
    g.G.resize(size_t(B) * d);
    for (float& x : g.G) x = rng.uniform();
    g.onehot.assign(size_t(B) * V, 0.0f);
    g.out_mm.assign(size_t(B) * d, 0.0f);
    g.out_g = g.out_cp = g.out_mm;
    g.dW_mm.assign(size_t(V) * d, 0.0f);
    g.dW_sc = g.dW_mm;

    el::one_hot(g.onehot.data(), g.ids.data(), B, V);
    el::matmul_forward(g.out_mm.data(), g.onehot.data(), g.W.data(), B, V, d);
    el::embedding_forward(g.out_g.data(), g.W.data(), g.ids.data(), B, d);
    el::matmul_backward(nullptr, g.dW_mm.data(), g.G.data(), g.onehot.data(), g.W.data(), B, V, d);
    el::embedding_backward(g.dW_sc.data(), g.G.data(), g.ids.data(), B, d);
    g.rows = g.out_g;
    return (g.out_mm == g.out_g ? 1 : 0) | (g.dW_mm == g.dW_sc ? 2 : 0);
}

// The sum of the first output row of the matmul route (bench.mjs compares TF.js's).
double bench_first_row_sum() {
    double s = 0;
    for (int c = 0; c < g.d; c++) s += g.out_mm[c];
    return s;
}

// Runs kernel `k` `inner` times; returns milliseconds per call. Backward
// kernels add into their gradient (as in training); nothing is re-zeroed.
double bench_time(int k, int inner) {
    const int V = g.V, d = g.d, B = g.B;
    const double t0 = now_ms();
    for (int r = 0; r < inner; r++) {
        switch (k) {
            case kOneHot: el::one_hot(g.onehot.data(), g.ids.data(), B, V); break;
            case kMatmulForward: el::matmul_forward(g.out_mm.data(), g.onehot.data(), g.W.data(), B, V, d); break;
            case kGather: el::embedding_forward(g.out_g.data(), g.W.data(), g.ids.data(), B, d); break;
            case kMemcpy: std::memcpy(g.out_cp.data(), g.rows.data(), sizeof(float) * size_t(B) * d); break;
            case kMatmulBackward:
                el::matmul_backward(nullptr, g.dW_mm.data(), g.G.data(), g.onehot.data(), g.W.data(), B, V, d);
                break;
            case kScatterAdd: el::embedding_backward(g.dW_sc.data(), g.G.data(), g.ids.data(), B, d); break;
            default: return -1;
        }
    }
    const double ms = (now_ms() - t0) / inner;
    g_sink = g.out_cp[0];
    return ms;
}

// Calls per timed sample so that one sample lasts at least 2 ms (after a warm-up call).
int bench_inner(int k) {
    bench_time(k, 1);
    int inner = 1;
    while (inner < (1 << 20) && bench_time(k, inner) * inner < 2.0) inner *= 4;
    return inner;
}

}  // extern "C"

int main(int argc, char** argv) {
    int V = 50000, d = 128, B = 256, repeats = 7;
    const char* out_path = nullptr;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i];
        if (k == "--V") V = std::atoi(argv[i + 1]);
        else if (k == "--d") d = std::atoi(argv[i + 1]);
        else if (k == "--B") B = std::atoi(argv[i + 1]);
        else if (k == "--repeats") repeats = std::atoi(argv[i + 1]);
        else if (k == "--out") out_path = argv[i + 1];
        else {
            std::fprintf(stderr, "bench_kernels: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (V < 1 || d < 1 || B < 1 || repeats < 1) {
        std::fprintf(stderr, "bench_kernels: V, d, B and repeats must be positive\n");
        return 2;
    }

    const int equal = bench_setup(V, d, B);
    const double flops = 2.0 * B * double(V) * d;             // multiply-adds x 2
    const double row_bytes = double(B) * d * sizeof(float);   // bytes of the gathered rows
    const double work[kKernels] = {double(B) * V * sizeof(float), flops, row_bytes, row_bytes, flops, row_bytes};
    const char* units[kKernels] = {"GB/s", "GFLOP/s", "GB/s", "GB/s", "GFLOP/s", "GB/s"};

    std::string json = "{\n";
    json += "  \"target\": \"" EL_BENCH_TARGET "\",\n";
    json += "  \"flags\": \"" EL_BENCH_FLAGS "\",\n";
    char buf[300];
    std::snprintf(buf, sizeof buf,
                  "  \"V\": %d, \"d\": %d, \"B\": %d, \"repeats\": %d,\n"
                  "  \"forward_equal\": %s, \"backward_equal\": %s, \"first_row_sum\": %.9g,\n",
                  V, d, B, repeats, equal & 1 ? "true" : "false", equal & 2 ? "true" : "false",
                  bench_first_row_sum());
    json += buf;
    json += "  \"kernels\": {\n";
    // The matmuls: `repeats` samples each. The cheap kernels: at least 31
    // samples, taken round-robin so a burst of load hits them alike.
    int inner[kKernels];
    std::vector<double> t[kKernels];
    for (int k = 0; k < kKernels; k++) inner[k] = bench_inner(k);
    for (int k : {kOneHot, kMatmulForward, kMatmulBackward})
        for (int r = 0; r < repeats; r++) t[k].push_back(bench_time(k, inner[k]));
    for (int r = 0; r < std::max(repeats, 31); r++)
        for (int k : {kGather, kMemcpy, kScatterAdd}) t[k].push_back(bench_time(k, inner[k]));
    for (int k = 0; k < kKernels; k++) {
        json += json_kernel(kKernelNames[k], summarise(t[k], inner[k]), work[k], units[k]);
        json += k + 1 < kKernels ? ",\n" : "\n";
    }
    json += "  }\n}\n";
    std::fputs(json.c_str(), stdout);
    if (out_path) {
        FILE* f = std::fopen(out_path, "w");
        if (!f) {
            std::fprintf(stderr, "bench_kernels: cannot write %s\n", out_path);
            return 1;
        }
        std::fputs(json.c_str(), f);
        std::fclose(f);
    }
    return equal == 3 ? 0 : 1;
}
