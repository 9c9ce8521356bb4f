// libFuzzer target: every text parser a learner's typing reaches.
//
// The first byte picks the parser, the rest is the text:
//   0  parse_float: accepted text formats back to the same float32 (bit for bit; nan stays nan)
//   1  format_float on 4 raw bytes: the text parses back to the same float32
//   2  parse_ids with V from the next 3 bytes: accepted ids are in [0, V), 1..1024 of them,
//      and format_ids parses back to the same list
//   3  percent_decode(percent_encode(text)) == text; percent_decode never reads past the end
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "state/link.h"
#include "state/parse.h"

static void fail(const char* what, std::string_view detail) {
    std::fprintf(stderr, "fuzz_parsers: %s\n  '%.200s'\n", what, std::string(detail).c_str());
    std::abort();
}

static bool same_float(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return std::memcmp(&a, &b, sizeof a) == 0;
}

static void check_float_text(std::string_view text) {
    float v = 0.0f;
    const el::Status st = el::parse_float(text, v);
    if (!st.ok()) {
        if (st.error.empty()) fail("parse_float refused without a message", text);
        return;
    }
    const std::string back = el::format_float(v);
    float again = 0.0f;
    if (!el::parse_float(back, again).ok() || !same_float(v, again)) fail("format_float does not round-trip", back);
}

static void check_float_bits(const uint8_t* data, size_t size) {
    if (size < 4) return;
    float v;
    std::memcpy(&v, data, 4);
    const std::string text = el::format_float(v);
    float again = 0.0f;
    if (!el::parse_float(text, again).ok() || !same_float(v, again)) fail("format_float does not round-trip", text);
}

static void check_ids(const uint8_t* data, size_t size) {
    if (size < 3) return;
    const int V = 1 + int((uint32_t(data[0]) | uint32_t(data[1]) << 8 | uint32_t(data[2]) << 16) % 100000);
    const std::string_view text(reinterpret_cast<const char*>(data + 3), size - 3);
    std::vector<int> ids = {-7};
    const el::Status st = el::parse_ids(text, V, ids);
    if (!st.ok()) {
        if (st.error.empty()) fail("parse_ids refused without a message", text);
        if (ids != std::vector<int>{-7}) fail("parse_ids changed its output on error", text);
        return;
    }
    if (ids.empty() || ids.size() > 1024) fail("parse_ids accepted a batch outside 1..1024", text);
    for (int id : ids)
        if (id < 0 || id >= V) fail("parse_ids accepted an id out of range", text);
    std::vector<int> again;
    if (!el::parse_ids(el::format_ids(ids), V, again).ok() || again != ids) fail("format_ids does not round-trip", text);
}

static void check_percent(std::string_view text) {
    std::string decoded;
    if (!el::percent_decode(el::percent_encode(text), decoded) || decoded != text)
        fail("percent_decode(percent_encode(x)) != x", text);
    (void)el::percent_decode(text, decoded);  // arbitrary escapes: must only not crash
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const uint8_t* rest = data + 1;
    const size_t n = size - 1;
    const std::string_view text(reinterpret_cast<const char*>(rest), n);
    switch (data[0] % 4) {
        case 0: check_float_text(text); break;
        case 1: check_float_bits(rest, n); break;
        case 2: check_ids(rest, n); break;
        case 3: check_percent(text); break;
    }
    return 0;
}
