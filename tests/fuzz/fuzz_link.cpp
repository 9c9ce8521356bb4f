// libFuzzer target: the share-link decoder against anything a URL fragment can hold.
//
// Property: decode never crashes, hangs or allocates past the limits, and whatever
// state it makes survives a round trip: decode(x) -> s1, encode(s1) -> e1,
// decode(e1) -> s2 with no message, s2 == s1 (floats bit for bit), encode(s2) == e1.
//
//   ./build.sh fuzz          (or build/asan/fuzz_link tests/fuzz/corpus/link)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "state/link.h"

using el::AppState;

static bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

// Every field the link carries; prints the first that differs.
static bool same_state(const AppState& a, const AppState& b) {
#define EL_SAME(expr)                                        \
    if (!(expr)) {                                           \
        std::fprintf(stderr, "round trip differs: %s\n", #expr); \
        return false;                                        \
    }
    EL_SAME(a.V == b.V && a.d == b.d && a.init == b.init && a.seed == b.seed);
    EL_SAME(same_bits(a.W, b.W));
    EL_SAME(a.ids == b.ids);
    EL_SAME(same_bits(a.upstream, b.upstream));
    EL_SAME(a.lookup.padding_idx == b.lookup.padding_idx);
    EL_SAME(a.lookup.max_norm == b.lookup.max_norm);
    EL_SAME(a.lookup.norm_type == b.lookup.norm_type);
    EL_SAME(a.lookup.scale_grad_by_freq == b.lookup.scale_grad_by_freq && a.lookup.sparse == b.lookup.sparse);
    EL_SAME(a.optimizer.kind == b.optimizer.kind && a.optimizer.lr == b.optimizer.lr);
    EL_SAME(a.optimizer.momentum == b.optimizer.momentum && a.optimizer.dampening == b.optimizer.dampening);
    EL_SAME(a.optimizer.nesterov == b.optimizer.nesterov && a.optimizer.weight_decay == b.optimizer.weight_decay);
    EL_SAME(a.optimizer.beta1 == b.optimizer.beta1 && a.optimizer.beta2 == b.optimizer.beta2);
    EL_SAME(a.optimizer.eps == b.optimizer.eps);
    EL_SAME(a.cost.V == b.cost.V && a.cost.d == b.cost.d && a.cost.B == b.cost.B);
    EL_SAME(a.cost.repeats == b.cost.repeats);
    EL_SAME(a.theme == b.theme && a.embed == b.embed && a.panels == b.panels);
    EL_SAME(a.tour == b.tour && a.tour_step == b.tour_step);
#undef EL_SAME
    return true;
}

static void fail(const char* what, const std::string& detail) {
    std::fprintf(stderr, "fuzz_link: %s\n  %.400s\n", what, detail.c_str());
    std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view fragment(reinterpret_cast<const char*>(data), size);
    AppState s1;
    const el::LinkMessages m1 = decode_link(fragment, s1);
    for (const std::string& e : m1.errors)
        if (e.empty()) fail("an empty error message", std::string(fragment));

    // Whatever state a link makes stays within the limits.
    if (s1.V < 1 || s1.V > 100000 || s1.d < 1 || s1.d > 512 || int64_t(s1.V) * s1.d > el::kMaxTableCells)
        fail("table size past the limits", std::to_string(s1.V) + " x " + std::to_string(s1.d));
    if (s1.W.size() != size_t(s1.V) * size_t(s1.d)) fail("W does not have V*d cells", std::string(fragment));
    if (s1.ids.empty() || s1.ids.size() > 1024) fail("batch size outside 1..1024", std::string(fragment));
    for (int id : s1.ids)
        if (id < 0 || id >= s1.V) fail("an id out of range survived decoding", std::string(fragment));
    if (s1.upstream.size() != size_t(s1.B()) * size_t(s1.d)) fail("G is not (B,d)", std::string(fragment));

    const std::string e1 = encode_link(s1);
    // A state whose link is longer than a link may be cannot round-trip by design
    // (decode refuses it whole, with a message); only many edited cells get there.
    if (e1.size() > el::kMaxLinkBytes) return 0;
    AppState s2;
    const el::LinkMessages m2 = decode_link(e1, s2);
    if (!m2.errors.empty() || !m2.notices.empty())
        fail("the encoder wrote a link its own decoder complains about",
             e1 + "\n  " + (m2.errors.empty() ? m2.notices[0] : m2.errors[0]));
    if (!same_state(s1, s2)) fail("decode(encode(s)) != s", e1);
    if (encode_link(s2) != e1) fail("encode is not stable", e1);
    return 0;
}
