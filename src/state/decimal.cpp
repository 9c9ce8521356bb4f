#include "decimal.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace el {

namespace {

// A whole number >= 0, 32 bits a word, least significant first, no leading zero words.
using Whole = std::vector<uint32_t>;

void multiply_add(Whole& a, uint32_t m, uint32_t add) {  // a = a * m + add
    uint64_t carry = add;
    for (uint32_t& w : a) {
        const uint64_t p = uint64_t(w) * m + carry;
        w = uint32_t(p), carry = p >> 32;
    }
    if (carry) a.push_back(uint32_t(carry));
}

void multiply_pow10(Whole& a, int n) {  // a *= 10^n, n >= 0
    for (; n >= 9; n -= 9) multiply_add(a, 1000000000u, 0);
    uint32_t m = 1;
    while (n-- > 0) m *= 10;
    multiply_add(a, m, 0);
}

int bit_length(const Whole& a) {
    if (a.empty()) return 0;
    int top = 0;
    for (uint32_t w = a.back(); w; w >>= 1) top++;
    return 32 * int(a.size() - 1) + top;
}

void shift_left(Whole& a, int bits) {  // a *= 2^bits
    if (a.empty() || bits <= 0) return;
    const int words = bits / 32, rest = bits % 32;
    a.push_back(0);
    if (rest)
        for (size_t i = a.size() - 1; i > 0; i--) a[i] = (a[i] << rest) | (a[i - 1] >> (32 - rest));
    if (rest) a[0] <<= rest;
    a.insert(a.begin(), size_t(words), 0u);
    if (a.back() == 0) a.pop_back();
}

void shift_right_one(Whole& a) {  // a /= 2, a even
    for (size_t i = 0; i < a.size(); i++) a[i] = (a[i] >> 1) | (i + 1 < a.size() ? a[i + 1] << 31 : 0);
    if (!a.empty() && a.back() == 0) a.pop_back();
}

int compare(const Whole& a, const Whole& b) {
    if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
    for (size_t i = a.size(); i-- > 0;)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

void subtract(Whole& a, const Whole& b) {  // a -= b, a >= b
    int64_t borrow = 0;
    for (size_t i = 0; i < a.size(); i++) {
        const int64_t d = int64_t(a[i]) - (i < b.size() ? b[i] : 0) - borrow;
        a[i] = uint32_t(d), borrow = d < 0;
    }
    while (!a.empty() && a.back() == 0) a.pop_back();
}

// Digits kept: every midpoint between two doubles has at most 767 significant digits, so the digits
// past 800 only say whether the number lies above what was kept (`beyond`), never which side of a
// midpoint it is on.
constexpr int kKeptDigits = 800;

// The nearest T to the decimal in `text` (see decimal.h).
template <typename T>
T decimal_to(std::string_view text) {
    constexpr int kBits = std::numeric_limits<T>::digits;                            // 24, 53
    constexpr int kLowest = std::numeric_limits<T>::min_exponent - kBits;            // 2^-149, 2^-1074
    constexpr int kTop = std::numeric_limits<T>::max_exponent;                       // 2^128, 2^1024 overflow
    constexpr int kTopDecimal = std::numeric_limits<T>::max_exponent10 + 1;          // 10^39, 10^309
    constexpr int kLowDecimal = std::numeric_limits<T>::min_exponent10 - kBits;      // 1e-61, 1e-360: far below 2^kLowest
    if (decimal_prefix(text) != text.size() || text.empty()) return std::numeric_limits<T>::quiet_NaN();

    // text = digits * 10^exponent10, digits a whole number of `kept` significant digits.
    size_t i = 0;
    const bool negative = text[0] == '-';
    if (text[0] == '-' || text[0] == '+') i++;
    Whole digits;
    int kept = 0, exponent10 = 0;
    bool point = false, beyond = false;
    for (; i < text.size() && text[i] != 'e' && text[i] != 'E'; i++) {
        if (text[i] == '.') {
            point = true;
            continue;
        }
        const int d = text[i] - '0';
        if (kept == 0 && d == 0) {
            exponent10 -= point;
            continue;
        }
        if (kept < kKeptDigits) multiply_add(digits, 10, uint32_t(d)), kept++, exponent10 -= point;
        else beyond |= d != 0, exponent10 += !point;
    }
    if (i < text.size()) {  // the exponent, held at +-100000 (past every limit)
        const bool minus = text[++i] == '-';
        if (text[i] == '-' || text[i] == '+') i++;
        int e = 0;
        for (; i < text.size(); i++) e = std::min(100000, e * 10 + (text[i] - '0'));
        exponent10 += minus ? -e : e;
    }
    const T zero = negative ? -T(0) : T(0), infinity = negative ? -std::numeric_limits<T>::infinity()
                                                                 : std::numeric_limits<T>::infinity();
    if (kept == 0 || kept + exponent10 - 1 < kLowDecimal) return zero;
    if (kept + exponent10 - 1 >= kTopDecimal) return infinity;

    // The value is numerator / denominator, exactly.
    Whole numerator = digits, denominator = {1};
    if (exponent10 >= 0) multiply_pow10(numerator, exponent10);
    else multiply_pow10(denominator, -exponent10);
    // Its leading bit is 2^lead.
    const int s = bit_length(numerator) - bit_length(denominator);
    Whole scaled = denominator;
    shift_left(scaled, s);
    Whole n_scaled = numerator;
    shift_left(n_scaled, -s);
    const int lead = compare(n_scaled, scaled) >= 0 ? s : s - 1;
    if (lead >= kTop) return infinity;
    // The result's last bit is 2^last; q = floor(value / 2^(last - 1)) holds its bits and the one
    // after them (the half), found one at a time by long division; a remainder is what lies below.
    const int last = std::max(lead - kBits + 1, kLowest), shift = 1 - last;
    if (shift >= 0) shift_left(numerator, shift);
    else shift_left(denominator, -shift);
    shift_left(denominator, kBits + 1);
    uint64_t q = 0;
    for (int bit = kBits + 1; bit >= 0; bit--) {
        if (compare(numerator, denominator) >= 0) subtract(numerator, denominator), q |= uint64_t(1) << bit;
        if (bit) shift_right_one(denominator);
    }
    beyond |= !numerator.empty();
    uint64_t m = q >> 1;
    if ((q & 1) && (beyond || (m & 1))) m++;  // above the midpoint, or on it and m odd: round up
    const T magnitude = std::ldexp(T(m), last);  // exact (m has at most kBits bits), or inf past the top
    return negative ? -magnitude : magnitude;
}

}  // namespace

size_t decimal_prefix(std::string_view s) {
    size_t i = 0, n = s.size(), digits = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++, digits++;
    if (i < n && s[i] == '.')
        for (i++; i < n && s[i] >= '0' && s[i] <= '9';) i++, digits++;
    if (digits == 0) return 0;
    size_t end = i;  // an exponent counts only with a digit
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        while (i < n && s[i] >= '0' && s[i] <= '9') end = ++i;
    }
    return end;
}

float decimal_to_float(std::string_view text) { return decimal_to<float>(text); }
double decimal_to_double(std::string_view text) { return decimal_to<double>(text); }

}  // namespace el
