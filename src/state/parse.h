// Text that a user types or a link carries, turned into numbers - and back.
// Every parser names the offending token in its error, so the UI can show it
// next to the field while the last good value stays in use.
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace el {

// A float32 written in decimal or scientific notation, or inf, -inf, nan
// (any case). Leading/trailing spaces are ignored; anything else is an error.
Status parse_float(std::string_view text, float& out);

// The shortest text that parses back to exactly the same float32:
// 0.4f -> "0.4", -0.0f -> "-0", infinity -> "inf", NaN -> "nan".
std::string format_float(float v);
// format_float as the page's language shows a number (0,4 in German): for the screen only,
// never for links, exports or JSON. parse_float_shown reads it back (and a point too).
std::string display_float(float v);
Status parse_float_shown(std::string_view text, float& out);
// a equals b, whose letters are lower case, in any case of a's ASCII letters ("Inf", "None").
bool equals_nocase(std::string_view a, std::string_view b);
// How many numbers `text` is when it is several (a row copied from a spreadsheet, a printed vector
// "[0.1, 0.2]"; German "0,1; 0,2"): parts between spaces, tabs, ';', brackets and, where the decimal is
// a point, a comma before a space. 0 when it is one number, or when a part is not a number.
int count_numbers(std::string_view text);
// Typed into a decimal field in German, "1.000" or "3.142" could be a thousand or a decimal: refused with a
// message that names both readings (point_or_grouping in src/i18n); Ok for any other text.
Status refuse_point_or_grouping(std::string_view text);

std::string number_in_digits(float v, const char* fmt);  // printf's fmt, the exponent written short
// A number in a cell of the page's grids: `short_form` (ShortNumber's 4 significant digits), else 3,
// then 2, as long as `fits` (the text's width in the cell) says no; "" when nothing fits. 5 to 7
// digits before the point are written whole first ("-99999", not "-1e+05", which reads as -100000).
// An exponent is written short ("1.2e22", not "1.235e+2" cut off by the cell's edge: 123.5?).
template <class Fits>
std::string fit_number(float v, std::string short_form, Fits fits) {
    std::string s = std::fabs(v) >= 1e4f && std::fabs(v) < 1e7f ? number_in_digits(v, "%.0f") : std::move(short_form);
    for (const char* fmt : {"%.3g", "%.2g"}) {
        if (fits(s) || !std::isfinite(v)) return s;  // inf and nan as they are
        s = number_in_digits(v, fmt);
    }
    return fits(s) ? s : std::string();
}

// A whole number as a person may write one: digits, or decimal or scientific notation that names a
// whole number ("100", "+100", "1e2", "100.0"), spaces around it left out. NotANumber for text that is no number, NotWhole for
// one with a fraction ("2.5", "1e-1"). Past +-1e18 the value comes back as +-1e18 (past every limit),
// so that a range check, not "not a whole number", answers "1e30".
enum class Whole { Ok, NotANumber, NotWhole };
Whole parse_whole(std::string_view text, int64_t& out);

// A whole number typed for a setting that runs from lo to hi: "" with the number in `out`, or why
// not, in the link's words ("'0' is out of range (1 to 4096)", "'2.5' is not a whole number"). Typed
// as the page's language writes numbers: "50.000" is 50000 and "100,0" is 100 in German.
std::string check_whole(std::string_view text, int64_t lo, int64_t hi, int64_t& out);
// The same for a decimal as the page's language writes it (parse_float_shown), its limits written so.
std::string check_decimal_shown(std::string_view text, float lo, float hi, float& out);

// The entries of a list separated by commas and/or spaces ("1, 1, 2", "0 2"); `empty_entry` says
// whether a comma had no entry on one side ("1,,2", "1, 2,", ",1"), which the list leaves out.
std::vector<std::string_view> split_list(std::string_view text, bool& empty_entry);

// A batch of ids separated by commas and/or spaces ("1, 1, 2"). Each must be
// an integer in [0, V); the batch holds 1..kMaxB ids. An empty entry ("1,,2", "1, 2,", ",1") is left
// out, and `notice` (when given) says so; else it is left empty.
Status parse_ids(std::string_view text, int V, std::vector<int>& out, std::string* notice = nullptr);

// Where each bag starts in a batch of B ids ("0, 2"; EmbeddingBag's offsets): whole numbers that
// check_offsets accepts (the first 0, none decreasing, none past B). Empty entries as in parse_ids.
Status parse_offsets(std::string_view text, int B, std::vector<int>& out, std::string* notice = nullptr);

// "1, 1, 2"
std::string format_ids(const std::vector<int>& ids);
// For a message: a short batch whole, a long one's first ten ids, "...", and its last.
std::string format_ids_brief(const std::vector<int>& ids);

// Text a learner typed or a link carried, quoted for a message: "'3<U+1F600>'". At most `max_chars`
// characters ("..." after), never cut inside one; a character the page's font cannot draw (an emoji,
// a CJK letter) named by its code point, a control byte or a byte that is not UTF-8 shown as '?'.
std::string quote_text(std::string_view text, size_t max_chars);
// A message that leads with the text as a parser read it ("'0.5' is ...", "'-0.04.0.06' ...") made to
// quote it as the learner typed it ("'0,5'"): read and typed quoted alike, at most `max_chars`.
void quote_as_typed(std::string& message, std::string_view read, std::string_view typed, size_t max_chars);

}  // namespace el
