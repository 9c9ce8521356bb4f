// The sscanf and qsort that Dear ImGui calls. sscanf (a number typed into an ImGui::InputInt, its
// .ini settings' lines) on the page's own decimal reader: C's would bring musl's scanner and floatscan,
// with its software 128-bit long double, for a few "%d"s; with decimal.h in place of strtof and
// strtod, the page was 6.8 KB gzip lighter. The page links only the settings' calls, whose functions
// src/app/snip_functions.py empties: none of this is in it now, but with musl's sscanf linked in its
// place 655 B of musl's stayed.
#pragma once
#include <cstdarg>
#include <cstddef>

namespace el {

// As sscanf: conversions d i u x X (with width, and h hh l ll j z t), f e g a (float*, double* with l,
// read by decimal_to_float/double: decimals only, no hex, inf or nan), c, n and %%; white space in
// `format` skips any in `text`. Returns the number of values stored, or -1 when the text ends
// before the first conversion. A whole number past its type's range is held at the nearest end of
// it (C leaves that undefined; musl wraps it round). Formats with other conversions ([...], s, p,
// or *) are not supported: they stop the scan as a mismatch.
int scan_v(const char* text, const char* format, va_list args);

}  // namespace el

// ImGui's sources are compiled with -Dsscanf=el_sscanf and -Dqsort=el_qsort (CMakeLists.txt).
extern "C" int el_sscanf(const char* text, const char* format, ...);

// As qsort, and stable: an insertion sort. ImGui sorts short lists (a window's child windows, the
// font atlas's 100 to 220 glyph rectangles); musl's smoothsort was 1.4 KB of code, 0.65 KB gzip.
// Equal items keep their order, where musl's left them in an order of its own: the font atlas packs
// equal glyphs in another order, and text edges differ by 1 of 255 in a few pixels (README).
extern "C" void el_qsort(void* base, size_t count, size_t size, int (*compare)(const void*, const void*));
