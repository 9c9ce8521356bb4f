// The sscanf Dear ImGui calls (src/state/scan.cpp), against the C library's sscanf on the formats
// ImGui 1.90.1 writes, and where the two differ on purpose: a number past its type's range. Its
// qsort, against std::stable_sort.
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "state/scan.h"

// One text through both scanners with the same format and as many destinations; the values stored
// (16 bytes each, zeroed first) and the counts returned must agree.
template <typename... Slots>
static void same_as_libc(const char* text, const char* format) {
    unsigned char ours[4][16] = {}, theirs[4][16] = {};
    int ours_n = -2, theirs_n = -2;
    auto call = [&](auto scanner, unsigned char (*slots)[16]) { return scanner(text, format, slots[0], slots[1], slots[2], slots[3]); };
    ours_n = call([](const char* t, const char* f, auto... p) { return el_sscanf(t, f, p...); }, ours);
    theirs_n = call([](const char* t, const char* f, auto... p) { return std::sscanf(t, f, p...); }, theirs);
    INFO("'" << text << "' with '" << format << "'");
    CHECK(ours_n == theirs_n);
    CHECK(std::memcmp(ours, theirs, sizeof ours) == 0);
}

TEST_CASE("ImGui's sscanf reads what the C library reads, on ImGui's own formats", "[scan]") {
    const std::vector<const char*> numbers = {
        "0", "7", "-7", "+7", "  42", "\t-13 ", "12abc", "00012", "2147483647", "-2147483648", "4294967295",
        "1,5", "abc", "", " ", "-", "+", "- 3", "0x1A", "0X1a", "-0x10", "0x", "0xg", "010", "08", "1.5", "-2.25e3",
        ".5", "7.", "1e5", "6.02214076e23", "-1.17549435e-38", "3.4028235e38", "0.1"};
    // Whole-number formats with the same conversion into a 64-bit integer, and the range they store:
    // a text past it is held at its end here (the test below), where C leaves it undefined.
    struct Whole { const char* format; const char* wide; int bytes; bool is_signed; };
    for (const Whole w : {Whole{"%d", "%lld", 4, true}, {"%i", "%lli", 4, true}, {"%u", "%llu", 4, false},
                          {"%x", "%llx", 4, false}, {"%X", "%llX", 4, false}, {"%lld", "%lld", 8, true},
                          {"%llu", "%llu", 8, false}, {"%hd", "%lld", 2, true}, {"%hhu", "%llu", 1, false},
                          {"%d%n", "%lld", 4, true}, {"%3d", "%3lld", 4, true}, {"%2i", "%2lli", 4, true}})
        for (const char* text : numbers) {
            long long wide = 0;
            std::sscanf(text, w.wide, &wide);
            const int bits = w.bytes * 8;
            const bool fits = w.is_signed ? bits == 64 || (wide >= -(1LL << (bits - 1)) && wide < (1LL << (bits - 1)))
                                          : bits == 64 ? text[std::strspn(text, " \t")] != '-'
                                                       : (unsigned long long)wide < (1ULL << bits);
            // "0x" with no hex digit after it (or cut off by the width) is no number by C's rule, as
            // musl reads it; glibc reads its 0. Those are checked on their own below.
            const bool lone_0x = std::strpbrk(text, "xX") && std::strchr("ixX", w.format[std::strlen(w.format) - 1]);
            if (fits && !lone_0x) same_as_libc(text, w.format);
        }
    for (const auto& [text, format, n, value] : {std::tuple{"0x", "%x", 0, 0}, {"0xg", "%i", 0, 0}, {"0x1A", "%2i", 0, 0},
                                                  {"0x1A", "%i", 1, 26}, {"0X1a", "%x", 1, 26}, {"-0x10", "%i", 1, -16},
                                                  {"0x1A", "%3i", 1, 1}, {"010", "%i", 1, 8}}) {
        int v = 0;
        INFO(text << " with " << format);
        CHECK(el_sscanf(text, format, &v) == n);
        CHECK(v == value);
    }
    // Decimals: glibc's %f also reads hex floats ("0x1A" as 26); this reads decimals only.
    for (const char* text : numbers)
        for (const char* format : {"%f", "%lf", "%e", "%3f"})
            if (!std::strpbrk(text, "xX")) same_as_libc(text, format);
    // The formats of ImGui's settings lines and colour fields (never read by the page, which keeps no
    // .ini, but read right).
    same_as_libc("Pos=60,-30", "Pos=%i,%i");
    same_as_libc("Size=300,200", "Size=%i,%i");
    same_as_libc("Pos=60", "Pos=%i,%i");
    same_as_libc("Collapsed=1", "Collapsed=%d");
    same_as_libc("Posx=1", "Pos=%i");
    same_as_libc("0x0000ABCD,3", "0x%08X,%d");
    same_as_libc("0x1234567890,3", "0x%08X,%d");
    same_as_libc("Column 2  Width=80", "Column %d%n");
    same_as_libc("Sort=0^ Order=1", "Sort=%d%c%n");
    same_as_libc("RefScale=13.5", "RefScale=%f");
    same_as_libc("Weight=0.25", "Weight=%f%n");
    same_as_libc("FF8000C0", "%02X%02X%02X%02X");
    same_as_libc("FF80", "%02X%02X%02X");
    same_as_libc("100%", "%d%%");
    same_as_libc("100 %", "%d %%");
    same_as_libc("abc", "%c%c");
    same_as_libc("a", "%c%c");
    same_as_libc("  5   6", "%d %d");
    same_as_libc("5,", "%d,%d");
}

TEST_CASE("ImGui's sscanf holds a whole number past its type's range at the range's end", "[scan]") {
    int i = 0;
    CHECK(el_sscanf("99999999999", "%d", &i) == 1);
    CHECK(i == INT_MAX);  // musl wraps it round to 1215752191: a V field would have taken that
    CHECK(el_sscanf("-99999999999999999999999", "%d", &i) == 1);
    CHECK(i == INT_MIN);
    unsigned u = 5;
    CHECK(el_sscanf("-1", "%u", &u) == 1);
    CHECK(u == 0);
    CHECK(el_sscanf("123456789012", "%x", &u) == 1);
    CHECK(u == UINT_MAX);
    short h = 0;
    CHECK(el_sscanf("40000", "%hd", &h) == 1);
    CHECK(h == SHRT_MAX);
    long long ll = 0;
    CHECK(el_sscanf("-9223372036854775808", "%lld", &ll) == 1);
    CHECK(ll == LLONG_MIN);
    CHECK(el_sscanf("18446744073709551616", "%lld", &ll) == 1);
    CHECK(ll == LLONG_MAX);
    // A decimal's tail that is no number is left unread, where glibc's %f fails on it.
    float f = 0;
    CHECK(el_sscanf("100ergs", "%f", &f) == 1);
    CHECK(f == 100.0f);
    // A conversion it does not read stops the scan.
    char word[8];
    CHECK(el_sscanf("abc", "%s", word) == 0);
}

// As stb_rect_pack's glyph rectangles (24 bytes), sorted by its comparator: taller first, then wider.
struct Rect { int id, w, h, x, y, was_packed; };
static int taller_then_wider(const void* a, const void* b) {
    const Rect& p = *static_cast<const Rect*>(a);
    const Rect& q = *static_cast<const Rect*>(b);
    if (p.h != q.h) return p.h > q.h ? -1 : 1;
    return p.w > q.w ? -1 : p.w < q.w;
}

TEST_CASE("ImGui's qsort sorts as std::stable_sort does, equal items in their order", "[scan]") {
    std::mt19937 rng(7);
    for (int n : {0, 1, 2, 3, 5, 16, 99, 212, 300}) {
        std::vector<Rect> rects(static_cast<size_t>(n)), expected;
        for (int i = 0; i < n; i++)  // few sizes, so many ties; id is the original position
            rects[size_t(i)] = Rect{i, int(rng() % 6), int(rng() % 4), 0, 0, 0};
        expected = rects;
        std::stable_sort(expected.begin(), expected.end(),
                         [](const Rect& p, const Rect& q) { return taller_then_wider(&p, &q) < 0; });
        el_qsort(rects.data(), rects.size(), sizeof(Rect), taller_then_wider);
        INFO(n << " rectangles");
        CHECK(std::equal(rects.begin(), rects.end(), expected.begin(), expected.end(),
                         [](const Rect& p, const Rect& q) { return p.id == q.id; }));
    }
    // Bytes, and items sorted already or in reverse (ImGui's windows arrive nearly in order).
    std::string text = "the quick brown fox";
    el_qsort(text.data(), text.size(), 1, [](const void* a, const void* b) {
        return *static_cast<const char*>(a) - *static_cast<const char*>(b);
    });
    CHECK(text == "   bcefhiknooqrtuwx");
    for (bool reverse : {false, true}) {
        std::vector<int> v(50);
        for (int i = 0; i < 50; i++) v[size_t(i)] = reverse ? 50 - i : i;
        el_qsort(v.data(), v.size(), sizeof(int), [](const void* a, const void* b) {
            return *static_cast<const int*>(a) - *static_cast<const int*>(b);
        });
        CHECK(std::is_sorted(v.begin(), v.end()));
        CHECK(v.front() == (reverse ? 1 : 0));
    }
}
