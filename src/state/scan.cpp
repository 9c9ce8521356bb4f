#include "scan.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "decimal.h"

namespace el {

static bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static int digit_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

// A whole number at `p`, at most `width` characters (base 0: C's rule, 0x for 16 and 0 for 8).
// Its magnitude is held at 2^64 - 1; `digits` says whether there was one.
static const char* read_whole(const char* p, size_t width, int base, bool& negative, uint64_t& magnitude,
                              bool& digits) {
    const char* end = p;
    for (size_t n = 0; n < width && *end; n++) end++;  // p .. end: what the conversion may read
    negative = false, magnitude = 0, digits = false;
    if (p < end && (*p == '-' || *p == '+')) negative = *p++ == '-';
    const bool hex_prefix = end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    if ((base == 0 || base == 16) && hex_prefix) {
        // "0x" is read as the start of a hex number; with no hex digit after it there is none (C's rule,
        // and musl's; glibc reads the 0).
        if (end - p < 3 || digit_value(p[2]) >= 16) return p;
        p += 2, base = 16;
    } else if (base == 0) {
        base = p < end && *p == '0' ? 8 : 10;
    }
    for (; p < end && digit_value(*p) < base; p++, digits = true) {
        const uint64_t d = uint64_t(digit_value(*p));
        magnitude = magnitude > (UINT64_MAX - d) / uint64_t(base) ? UINT64_MAX : magnitude * uint64_t(base) + d;
    }
    return p;
}

// Stores a whole number read as signed or not into a `size`-byte integer, held at its range's ends.
static void store_whole(void* to, int size, bool is_signed, bool negative, uint64_t magnitude) {
    const int bits = size * 8;
    const uint64_t max = bits == 64 ? UINT64_MAX : (uint64_t(1) << bits) - 1;
    uint64_t v;  // two's complement of the held value
    if (is_signed) {
        const uint64_t top = max >> 1;  // the type's largest; its smallest is -top - 1
        v = negative ? (magnitude > top ? top + 1 : magnitude) : (magnitude > top ? top : magnitude);
        if (negative) v = (~v + 1) & max;
    } else {
        v = magnitude > max ? max : magnitude;  // unsigned: "-1" is held at 0, not wrapped round
        if (negative) v = 0;
    }
    switch (size) {
        case 1: *static_cast<uint8_t*>(to) = uint8_t(v); break;
        case 2: *static_cast<uint16_t*>(to) = uint16_t(v); break;
        case 4: *static_cast<uint32_t*>(to) = uint32_t(v); break;
        default: *static_cast<uint64_t*>(to) = v; break;
    }
}

int scan_v(const char* text, const char* format, va_list args) {
    const char* p = text;
    int stored = 0;
    for (const char* f = format; *f; f++) {
        if (is_space(*f)) {
            while (is_space(*p)) p++;
            continue;
        }
        if (*f != '%' || f[1] == '%') {  // a character that must be there
            if (*f == '%') f++;
            if (*p != *f) return *p || stored ? stored : -1;
            p++;
            continue;
        }
        f++;
        size_t width = 0;
        for (; *f >= '0' && *f <= '9'; f++) width = width * 10 + size_t(*f - '0');
        int shorts = 0, longs = 0, size = 0;  // h hh, l ll; j z t name the size
        for (;; f++) {
            if (*f == 'h') shorts++;
            else if (*f == 'l') longs++;
            else if (*f == 'j') size = int(sizeof(intmax_t));
            else if (*f == 'z' || *f == 't') size = int(sizeof(size_t));
            else break;
        }
        if (!size) size = longs > 1 ? 8 : longs ? int(sizeof(long)) : shorts > 1 ? 1 : shorts ? 2 : 4;
        const char conversion = *f;
        if (conversion == 'n') {
            *va_arg(args, int*) = int(p - text);
            continue;
        }
        if (conversion == 'c') {
            char* to = va_arg(args, char*);
            for (size_t n = 0; n < (width ? width : 1); n++) {
                if (!*p) return stored ? stored : -1;
                *to++ = *p++;
            }
            stored++;
            continue;
        }
        while (is_space(*p)) p++;
        if (!*p) return stored ? stored : -1;
        const size_t limit = width ? width : SIZE_MAX;
        if (conversion == 'f' || conversion == 'e' || conversion == 'g' || conversion == 'a' ||
            conversion == 'F' || conversion == 'E' || conversion == 'G') {
            std::string_view rest(p);
            if (rest.size() > limit) rest = rest.substr(0, limit);
            const size_t n = decimal_prefix(rest);
            if (n == 0) return stored;
            if (!longs) *va_arg(args, float*) = decimal_to_float(rest.substr(0, n));
            else *va_arg(args, double*) = decimal_to_double(rest.substr(0, n));
            p += n, stored++;
            continue;
        }
        const int base = conversion == 'd' || conversion == 'u' ? 10 : conversion == 'i' ? 0
                         : conversion == 'x' || conversion == 'X' ? 16 : -1;
        if (base < 0) return stored;  // a conversion this scanner does not read
        bool negative, digits;
        uint64_t magnitude;
        const char* after = read_whole(p, limit, base, negative, magnitude, digits);
        if (!digits) return stored;
        store_whole(va_arg(args, void*), size, conversion == 'd' || conversion == 'i', negative, magnitude);
        p = after, stored++;
    }
    return stored;
}

}  // namespace el

extern "C" int el_sscanf(const char* text, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int stored = el::scan_v(text, format, args);
    va_end(args);
    return stored;
}

extern "C" void el_qsort(void* base, size_t count, size_t size, int (*compare)(const void*, const void*)) {
    char* a = static_cast<char*>(base);
    char* item = static_cast<char*>(__builtin_alloca(size));
    for (size_t i = 1; i < count; i++) {
        size_t j = i;  // where item i goes: after every item before it that is not greater
        while (j > 0 && compare(a + (j - 1) * size, a + i * size) > 0) j--;
        if (j == i) continue;
        std::memcpy(item, a + i * size, size);
        std::memmove(a + (j + 1) * size, a + j * size, (i - j) * size);
        std::memcpy(a + j * size, item, size);
    }
}
