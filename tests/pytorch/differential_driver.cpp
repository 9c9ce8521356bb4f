// The core's half of the PyTorch differential test (tests/pytorch/check_against_pytorch.py runs
// this, then PyTorch on the same inputs, and compares).
//
// Writes one JSON object per line to stdout: the inputs of a case and what the core computed.
// A float array is written as one string of 8 hex digits per float, its IEEE-754 bits (big-endian):
// exact, so the comparison sees the core's numbers bit for bit; a single float as a C99 hex
// string ("0x1.99999ap-4", "inf"). Cases:
//   embedding  F.embedding by both routes (gather, one-hot matmul): output, W after max_norm,
//              table gradient (dense, or the sparse pairs summed), for a random state or a preset
//   bag        F.embedding_bag sum/mean/max with offsets, per_sample_weights, padding_idx
//   optim      10 steps of an optimizer, the batch changing after step 5: W after every step
//
// Letters as on the page: V rows, width d, B ids, G = dL/dout.
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "core/autograd.h"
#include "core/embedding_bag.h"
#include "core/embedding_autograd.h"
#include "core/embedding_options.h"
#include "core/optim.h"
#include "core/random.h"
#include "state/decimal.h"
#include "state/link.h"
#include "state/parse.h"
#include "state/presets.h"

using namespace el;

namespace {

std::string hex(double v) {  // a float's value too, exactly
    if (std::isnan(v)) return "\"nan\"";
    if (std::isinf(v)) return v > 0 ? "\"inf\"" : "\"-inf\"";
    char buf[64];
    std::snprintf(buf, sizeof buf, "\"%a\"", v);
    return buf;
}

std::string floats(const std::vector<float>& xs) {
    std::string out = "\"";
    out.reserve(xs.size() * 8 + 2);
    char buf[16];
    for (float x : xs) {
        uint32_t bits;
        std::memcpy(&bits, &x, sizeof bits);
        std::snprintf(buf, sizeof buf, "%08" PRIx32, bits);
        out += buf;
    }
    return out + "\"";
}

// Rows `rows` of a (V,d) buffer, for tables too large to write whole.
std::vector<float> rows_of(const std::vector<float>& m, const std::vector<int>& rows, int d) {
    std::vector<float> out;
    for (int r : rows) out.insert(out.end(), m.begin() + int64_t(r) * d, m.begin() + int64_t(r + 1) * d);
    return out;
}

std::string ints(const std::vector<int>& xs) {
    std::string out = "[";
    for (size_t i = 0; i < xs.size(); i++) out += (i ? "," : "") + std::to_string(xs[i]);
    return out + "]";
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

std::string options_json(const EmbeddingOptions& o) {
    std::string out = "{";
    out += "\"padding_idx\":" + (o.padding_idx ? std::to_string(*o.padding_idx) : std::string("null"));
    // max_norm as the page's link and exports write it ("0.3"): PyTorch is given that decimal's double.
    out += ",\"max_norm\":" + (o.max_norm ? quoted(format_float(float(*o.max_norm))) : std::string("null"));
    out += ",\"norm_type\":" + hex(o.norm_type);
    out += std::string(",\"scale_grad_by_freq\":") + (o.scale_grad_by_freq ? "true" : "false");
    out += std::string(",\"sparse\":") + (o.sparse ? "true" : "false");
    return out + "}";
}

// L = sum(out * G), so dL/dout = G exactly.
Tensor upstream_loss(const Tensor& out, const Tensor& G) { return sum(mul(out, G)); }

std::vector<float> dense_grad(const Tensor& W) {
    std::vector<float> g = W.grads();
    if (!W.sparse_grad().empty()) {
        const std::vector<float> s = sparse_to_dense(W.sparse_grad(), W.rows());
        for (size_t i = 0; i < g.size(); i++) g[i] += s[i];
    }
    return g;
}

// One embedding case through both routes of the core.
void embedding_case(const std::string& name, int V, int d, const std::vector<float>& W0, const std::vector<int>& ids,
                    const std::vector<float>& G0, const EmbeddingOptions& o) {
    const int B = int(ids.size());
    std::string line = "{\"kind\":\"embedding\",\"name\":" + quoted(name) + ",\"V\":" + std::to_string(V) +
                       ",\"d\":" + std::to_string(d) + ",\"W\":" + floats(W0) + ",\"ids\":" + ints(ids) +
                       ",\"G\":" + floats(G0) + ",\"options\":" + options_json(o);
    const Tensor G = Tensor::from(B, d, G0);
    Tensor W = Tensor::from(V, d, W0);
    Tensor out = embedding(W, ids, o);
    if (!out.ok()) {
        std::fprintf(stderr, "%s: the core refused the case: %s\n", name.c_str(), out.status().error.c_str());
        std::exit(2);
    }
    Tensor L = upstream_loss(out, G);
    if (Status s = L.backward(); !s.ok()) std::fprintf(stderr, "%s: %s\n", name.c_str(), s.error.c_str()), std::exit(2);
    line += ",\"gather\":" + floats(out.values());
    if (int64_t(V) * d <= 65536) {
        line += ",\"W_after\":" + floats(W.values()) + ",\"grad\":" + floats(dense_grad(W));
    } else {  // the looked-up rows only; the script checks that every other row is untouched in PyTorch
        std::vector<int> rows = ids;
        for (int& k : rows) k = (k + V) % V;
        std::sort(rows.begin(), rows.end());
        rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
        line += ",\"rows\":" + ints(rows) + ",\"W_after_rows\":" + floats(rows_of(W.values(), rows, d)) +
                ",\"grad_rows\":" + floats(rows_of(dense_grad(W), rows, d));
    }
    if (!o.sparse && int64_t(B) * V <= 4'000'000) {
        EmbeddingOptions dense = o;
        Tensor W2 = Tensor::from(V, d, W0);
        Tensor out2 = embedding_one_hot(W2, ids, dense);
        Tensor L2 = upstream_loss(out2, G);
        if (out2.ok() && L2.backward().ok()) {
            line += ",\"matmul\":" + floats(out2.values());
            if (int64_t(V) * d <= 65536) line += ",\"grad_matmul\":" + floats(W2.grads());
        }
    }
    std::printf("%s}\n", line.c_str());
}

void bag_case(const std::string& name, int V, int d, const std::vector<float>& W0, const std::vector<int>& ids,
              const std::vector<int>& offsets, BagMode mode, const std::optional<int>& padding_idx,
              const std::vector<float>& weights, uint64_t seed) {
    EmbeddingBagOptions o;
    o.mode = mode;
    o.embedding.padding_idx = padding_idx;
    Tensor W = Tensor::from(V, d, W0);
    const int B = int(ids.size());
    Tensor psw = weights.empty() ? Tensor() : Tensor::from(1, B, weights);
    Tensor out = embedding_bag(W, ids, offsets, o, psw);
    if (!out.ok()) {
        std::fprintf(stderr, "%s: the core refused the bag: %s\n", name.c_str(), out.status().error.c_str());
        std::exit(2);
    }
    Rng rng(seed);
    std::vector<float> G0(size_t(out.rows()) * d);
    for (float& g : G0) g = float(rng.normal());
    Tensor L = upstream_loss(out, Tensor::from(out.rows(), d, G0));
    if (Status s = L.backward(); !s.ok()) std::fprintf(stderr, "%s: %s\n", name.c_str(), s.error.c_str()), std::exit(2);
    std::printf("{\"kind\":\"bag\",\"name\":%s,\"V\":%d,\"d\":%d,\"W\":%s,\"ids\":%s,\"offsets\":%s,\"mode\":\"%s\","
                "\"padding_idx\":%s,\"per_sample_weights\":%s,\"G\":%s,\"out\":%s,\"grad\":%s,\"grad_weights\":%s}\n",
                quoted(name).c_str(), V, d, floats(W0).c_str(), ints(ids).c_str(), ints(offsets).c_str(),
                bag_mode_name(mode), padding_idx ? std::to_string(*padding_idx).c_str() : "null",
                weights.empty() ? "null" : floats(weights).c_str(), floats(G0).c_str(), floats(out.values()).c_str(),
                floats(W.grads()).c_str(), weights.empty() ? "null" : floats(psw.grads()).c_str());
}

// 10 steps, batch `first` for steps 1-5 and `second` for 6-10, a fresh G each step.
void optim_case(const std::string& name, int V, int d, const std::vector<float>& W0, const std::vector<int>& first,
                const std::vector<int>& second, const EmbeddingOptions& lookup, const OptimizerConfig& c,
                uint64_t seed) {
    Tensor W = Tensor::from(V, d, W0);
    Optimizer opt;
    if (Status s = opt.init(c, V, d); !s.ok()) std::fprintf(stderr, "%s: %s\n", name.c_str(), s.error.c_str()), std::exit(2);
    Rng rng(seed);
    std::string Gs = "[", Ws = "[";
    for (int t = 1; t <= 10; t++) {
        const std::vector<int>& ids = t <= 5 ? first : second;
        std::vector<float> G0(ids.size() * size_t(d));
        for (float& g : G0) g = float(rng.normal());
        W.zero_grad();
        Tensor L = upstream_loss(embedding(W, ids, lookup), Tensor::from(int(ids.size()), d, G0));
        if (Status s = L.backward(); !s.ok()) std::fprintf(stderr, "%s: %s\n", name.c_str(), s.error.c_str()), std::exit(2);
        StepReport report;
        if (Status s = opt.step(W, report); !s.ok()) std::fprintf(stderr, "%s: %s\n", name.c_str(), s.error.c_str()), std::exit(2);
        Gs += (t > 1 ? "," : "") + floats(G0);
        Ws += (t > 1 ? "," : "") + floats(W.values());
    }
    std::printf("{\"kind\":\"optim\",\"name\":%s,\"V\":%d,\"d\":%d,\"W\":%s,\"first\":%s,\"second\":%s,\"options\":%s,"
                "\"optimizer\":\"%s\",\"lr\":%s,\"momentum\":%s,\"dampening\":%s,\"nesterov\":%s,\"weight_decay\":%s,"
                "\"beta1\":%s,\"beta2\":%s,\"eps\":%s,\"G\":%s],\"W_steps\":%s]}\n",
                quoted(name).c_str(), V, d, floats(W0).c_str(), ints(first).c_str(), ints(second).c_str(),
                options_json(lookup).c_str(), optimizer_name(c.kind), hex(c.lr).c_str(), hex(c.momentum).c_str(),
                hex(c.dampening).c_str(), c.nesterov ? "true" : "false", hex(c.weight_decay).c_str(),
                hex(c.beta1).c_str(), hex(c.beta2).c_str(), hex(c.eps).c_str(), Gs.c_str(), Ws.c_str());
}

std::vector<int> random_ids(Rng& rng, int B, int V) {
    std::vector<int> ids(static_cast<size_t>(B), 0);
    const int pool = rng.below(2) ? V : std::max(1, V / 3 + 1);  // half the time many repeats
    for (int& id : ids) id = rng.below(pool);
    return ids;
}

std::vector<float> random_values(Rng& rng, size_t n, float spread) {
    std::vector<float> xs(n);
    for (float& x : xs) x = float(rng.normal()) * spread;
    return xs;
}

void random_state(uint64_t seed) {
    Rng rng(seed);
    const int V = 1 + rng.below(40), d = 1 + rng.below(rng.below(4) ? 12 : 70), B = 1 + rng.below(24);
    const std::vector<float> W0 = random_values(rng, size_t(V) * d, 0.5f + 2.0f * float(rng.uniform()));
    const std::vector<int> ids = random_ids(rng, B, V);
    const std::vector<float> G0 = random_values(rng, size_t(B) * d, 1.0f);
    EmbeddingOptions o;
    if (rng.below(3) == 0) o.padding_idx = rng.below(2) ? ids[size_t(rng.below(B))] : ids[size_t(rng.below(B))] - V;
    if (rng.below(2)) {
        o.max_norm = decimal_to_double(format_float(0.25f + 3.0f * float(rng.uniform())));  // as the page holds it (link.cpp)
        const float norms[] = {2.0f, 2.0f, 1.0f, 3.0f, 0.5f, INFINITY};
        o.norm_type = norms[rng.below(6)];
    }
    if (rng.below(3) == 0) o.sparse = true;
    else if (rng.below(3) == 0) o.scale_grad_by_freq = true;
    const std::string name = "random " + std::to_string(seed);
    embedding_case(name, V, d, W0, ids, G0, o);

    // a bag over the same ids: offsets cut the batch at sorted random points (empty bags allowed)
    std::vector<int> offsets = {0};
    const int cuts = rng.below(4);
    for (int i = 0; i < cuts; i++) offsets.push_back(rng.below(B + 1));
    std::sort(offsets.begin(), offsets.end());
    const BagMode modes[] = {BagMode::kSum, BagMode::kMean, BagMode::kMax};
    const BagMode mode = modes[rng.below(3)];
    std::vector<float> weights;
    if (mode == BagMode::kSum && rng.below(2)) weights = random_values(rng, size_t(B), 1.0f);
    std::optional<int> pad;
    if (rng.below(3) == 0) pad = ids[size_t(rng.below(B))];
    bag_case(name, V, d, W0, ids, offsets, mode, pad, weights, seed * 7 + 1);

    // an optimizer run, every fourth state (the batch changes after step 5)
    if (seed % 4 == 0) {
        OptimizerConfig c;
        EmbeddingOptions lookup;
        if (rng.below(3) == 0) lookup.padding_idx = rng.below(V);
        const int kind = rng.below(6);
        c.lr = 0.01f + 0.1f * float(rng.uniform());
        if (kind == 0 || kind == 1) {  // SGD: momentum, dampening, nesterov, weight decay
            c.kind = OptimizerKind::kSGD;
            c.momentum = rng.below(4) ? 0.9f * float(rng.uniform()) : 0.0f;
            c.nesterov = c.momentum > 0 && rng.below(2);
            c.dampening = !c.nesterov && rng.below(2) ? 0.5f * float(rng.uniform()) : 0.0f;
            c.weight_decay = rng.below(2) ? 0.1f * float(rng.uniform()) : 0.0f;
            lookup.sparse = kind == 1 && c.weight_decay == 0.0f;  // sparse SGD (momentum too: then not lazy)
        } else if (kind == 2 || kind == 3) {
            c.kind = kind == 2 ? OptimizerKind::kAdam : OptimizerKind::kAdamW;
            c.weight_decay = rng.below(2) ? 0.1f * float(rng.uniform()) : 0.0f;
        } else if (kind == 4) {
            c.kind = OptimizerKind::kLazyAdam;  // against SparseAdam
            lookup.sparse = true;
        } else {
            c.kind = OptimizerKind::kLazySGD;  // against sparse SGD without momentum
            lookup.sparse = true;
        }
        const int B2 = 1 + rng.below(12);
        optim_case(name, V, d, W0, random_ids(rng, 1 + rng.below(12), V), random_ids(rng, B2, V), lookup, c,
                   seed * 13 + 5);
    }
}

// Links as a learner writes them: max_norm=0.3 is PyTorch's double 0.3, not float32(0.3) (a row of
// norm float32(0.3) is past it; the page compared against the float and left that row alone).
void link_cases() {
    for (const char* link : {"v=1&V=2&d=1&cells=0:0:0.3&ids=0&maxnorm=0.3", "v=1&V=3&d=3&init=example&ids=1,2&maxnorm=0.3",
                             "v=1&V=40&d=12&init=normal&seed=3&ids=1,2,3,5,8,13,21,34&maxnorm=0.9&normtype=3"}) {
        AppState s;
        if (LinkMessages m = decode_link(link, s); !m.ok()) std::fprintf(stderr, "%s: %s\n", link, m.errors[0].c_str()), std::exit(2);
        embedding_case(std::string("link ") + link, s.V, s.d, s.W, s.ids, s.upstream, s.lookup);
    }
}

// Non-finite numbers in W under each optimizer, with and without weight decay: an inf in a row the
// batch skips for five steps, then looks up, and a -inf in a row it looks up throughout. Without decay
// PyTorch keeps them (Adam made the untouched inf nan: 0 * inf in its decay term).
void non_finite_cases() {
    const float inf = INFINITY;
    const std::vector<float> W0 = {inf, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, -inf, 0.9f};
    for (const OptimizerKind kind : {OptimizerKind::kSGD, OptimizerKind::kAdam, OptimizerKind::kAdamW})
        for (const float decay : {0.0f, 0.1f}) {
            OptimizerConfig c;
            c.kind = kind, c.lr = 0.1f, c.weight_decay = decay;
            if (kind == OptimizerKind::kSGD) c.momentum = 0.9f;
            optim_case("inf in W, weight decay " + std::to_string(decay), 3, 3, W0, {1, 1, 2}, {0, 2}, EmbeddingOptions{}, c, 77);
        }
}

void preset_cases() {
    for (const Preset& p : presets()) {
        AppState s;
        LinkMessages m = decode_link(p.link, s);
        if (!m.ok()) std::fprintf(stderr, "preset %s: %s\n", p.name, m.errors[0].c_str()), std::exit(2);
        const std::string name = std::string("preset ") + p.name;
        if (int64_t(s.V) * s.d > 2'000'000) continue;
        embedding_case(name, s.V, s.d, s.W, s.ids, s.upstream, s.lookup);
        if (s.bag != BagChoice::None) {
            const BagMode mode = s.bag == BagChoice::Sum ? BagMode::kSum
                                 : s.bag == BagChoice::Mean ? BagMode::kMean : BagMode::kMax;
            bag_case(name, s.V, s.d, s.W, s.ids, s.offsets, mode, s.lookup.padding_idx, {}, 99);
        }
        const bool trains = std::string(p.link).find("opt=") != std::string::npos;
        if (trains) {
            std::vector<int> second = {0};
            if (s.V > 3) second = {3, s.V - 1, 3};
            EmbeddingOptions lookup = s.lookup;
            if (s.optimizer.kind == OptimizerKind::kLazyAdam) lookup.sparse = true;
            optim_case(name, s.V, s.d, s.W, s.ids, second, lookup, s.optimizer, 4242);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    const int states = argc > 1 ? std::atoi(argv[1]) : 200;
    for (int seed = 1; seed <= states; seed++) random_state(uint64_t(seed));
    preset_cases();
    link_cases();
    non_finite_cases();
    return 0;
}
