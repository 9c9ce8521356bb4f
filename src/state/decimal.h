// Decimal text to the nearest float32 or float64 (ties to even): what strtof and strtod return for
// the same text, worked out exactly with whole numbers. The page's C library reads decimals in
// software 128-bit long double (musl's floatscan and its helpers: 13 KB of WebAssembly, and slow);
// these two are 1.9 KB.
#pragma once
#include <string_view>

namespace el {

// text: [sign] digits [. digits] [(e|E) [sign] digits], at least one digit before the exponent
// ("0.4", "-1.5e-3", ".5", "7."). Anything else, spaces included, gives NaN. Out of range gives
// +-inf; below half the smallest denormal, +-0.
float decimal_to_float(std::string_view text);
double decimal_to_double(std::string_view text);

// The longest start of `text` that is such a decimal (0 if none): what a scanf conversion reads.
size_t decimal_prefix(std::string_view text);

}  // namespace el
