#include "parse.h"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/embedding_bag.h"
#include "core/limits.h"
#include "decimal.h"
#include "i18n/i18n.h"

namespace el {

static std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

bool equals_nocase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); i++) {
        char c = a[i];
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
        if (c != b[i]) return false;
    }
    return true;
}

// The characters of the page's font (src/app/main.cpp, kAllGlyphRanges; the font is subset to them).
static bool font_has(uint32_t c) {
    return (c >= 0x20 && c < 0x7f) || (c >= 0xa0 && c <= 0xff) || (c >= 0x2013 && c <= 0x2026) || c == 0x2212;
}

void quote_as_typed(std::string& message, std::string_view read, std::string_view typed, size_t max_chars) {
    if (const std::string q = quote_text(read, max_chars); message.rfind(q, 0) == 0)
        message = quote_text(typed, max_chars) + message.substr(q.size());
}

std::string quote_text(std::string_view text, size_t max_chars) {
    std::string q = "'";
    size_t i = 0;
    for (size_t shown = 0; i < text.size() && shown < max_chars; shown++) {
        // One UTF-8 character: its length from the lead byte, then its continuation bytes.
        const unsigned char lead = static_cast<unsigned char>(text[i]);
        const size_t n = lead < 0x80 ? 1 : (lead >> 5) == 6 ? 2 : (lead >> 4) == 14 ? 3 : (lead >> 3) == 30 ? 4 : 0;
        uint32_t c = n > 1 ? lead & (0x7fu >> n) : lead;
        bool valid = n > 0 && i + n <= text.size();
        for (size_t k = 1; valid && k < n; k++) {
            valid = (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
            c = c << 6 | (static_cast<unsigned char>(text[i + k]) & 0x3f);
        }
        static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};  // shorter forms are not UTF-8
        valid = valid && c >= least[n] && c <= 0x10ffff && (c < 0xd800 || c > 0xdfff);
        if (!valid) q += '?', i++;                                  // a stray byte, one at a time
        else if (c == '\t') q += ' ', i++;                          // as a field shows a tab
        else if (c < 0x20 || c == 0x7f) q += '?', i++;               // a control byte
        else if (font_has(c)) q.append(text.substr(i, n)), i += n;
        else q += format("<U+%04X>", unsigned(c)), i += n;          // drawn as '?' it says nothing
    }
    return q + (i < text.size() ? "...'" : "'");
}

// Plain decimal: [sign] digits [. digits] [e [sign] digits], at least one digit before the exponent.
static bool is_decimal(std::string_view s) {
    size_t i = 0, n = s.size(), digits = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++, digits++;
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++, digits++;
    }
    if (digits == 0) return false;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        size_t exp_digits = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++, exp_digits++;
        if (exp_digits == 0) return false;
    }
    return i == n;
}

Status parse_float(std::string_view text, float& out) {
    const std::string_view s = trim(text);
    if (s.empty()) return Status::Fail(TR(msg_value_empty));
    if (s.size() > 64) return Status::Fail(format(TR(msg_value_too_long), quote_text(s, 24).c_str()));
    std::string_view body = s;
    const bool negative = !body.empty() && body[0] == '-';
    if (!body.empty() && (body[0] == '-' || body[0] == '+')) body.remove_prefix(1);
    if (equals_nocase(body, "inf") || equals_nocase(body, "infinity")) {
        out = negative ? -INFINITY : INFINITY;
        return Status::Ok();
    }
    if (equals_nocase(body, "nan")) {
        out = NAN;
        return Status::Ok();
    }
    if (!is_decimal(s)) return Status::Fail(format(TR(msg_not_a_number), quote_text(s, 24).c_str()));
    const float v = decimal_to_float(s);
    if (std::isinf(v)) return Status::Fail(format(TR(msg_too_large_float), quote_text(s, 24).c_str()));
    // Below float32's normal range a number keeps fewer digits, and below 1e-45 none: a number that
    // would become 0, or a denormal other than the one it names, is refused rather than changed in
    // silence. What the page writes for a denormal (format_float, "1e-45") names it, and is read.
    const size_t exponent_at = s.find_first_of("eE");
    const bool nonzero = s.substr(0, exponent_at).find_first_of("123456789") != std::string_view::npos;
    if (nonzero && v == 0.0f)
        return Status::Fail(format(TR(msg_too_small_float_zero), quote_text(s, 24).c_str()));
    if (std::fpclassify(v) == FP_SUBNORMAL) {
        const double named = decimal_to_double(s);
        const bool as_written = decimal_to_double(format_float(v)) == named;
        if (!as_written && std::fabs(double(v) - named) > std::fabs(named) * 0x1p-24)
            return Status::Fail(
                format(TR(msg_too_small_float_changed), quote_text(s, 24).c_str(), format_float(v).c_str()));
    }
    out = v;
    return Status::Ok();
}

std::string format_float(float v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[32];
    for (int precision = 1; precision <= 9; precision++) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, double(v));
        if (decimal_to_float(buf) == v) break;
    }
    // %g writes a whole number with as many digits as the precision in exponent form: 10 as
    // "1e+01", 100 as "1e+02". The same number in plain digits is often shorter (and what people
    // write); a link of thousands of such cells grew by a third on its way back out.
    if (const char* e = std::strchr(buf, 'e'); e && e[1] == '+') {
        const double whole = decimal_to_double(buf);  // exactly the decimal %g wrote (below 1e15)
        char plain[32];
        if (std::fabs(whole) < 1e15 && std::snprintf(plain, sizeof plain, "%.0f", whole) <= int(std::strlen(buf)))
            return plain;
    }
    return buf;
}

std::string display_float(float v) { return localized_number(format_float(v)); }
Status refuse_point_or_grouping(std::string_view text) {
    const std::string_view t = trim(text);
    if (!point_or_grouping(t)) return Status::Ok();
    return Status::Fail(format(TR(msg_point_or_grouping), quote_text(text, 24).c_str(), without_grouping(t).c_str(),
                               localized_number(std::string(t)).c_str()));
}

Status parse_float_shown(std::string_view text, float& out) {
    if (Status st = refuse_point_or_grouping(text); !st.ok()) return st;
    const std::string as_point = number_from_locale(text);
    if (as_point == text) return parse_float(text, out);
    Status st = parse_float(as_point, out);
    return st.ok() ? st : parse_float(text, out);  // the message quotes what was typed
}

int count_numbers(std::string_view text) {
    // A comma before a space, as printed vectors write it ("0,5" and "1,000" stay one part each).
    const bool comma = active_language().decimal != ',';
    const auto separator = [&](size_t k) {
        const char c = text[k];
        return c == ' ' || c == '\t' || c == ';' || c == '[' || c == ']' || (comma && c == ',' && k + 1 < text.size() && text[k + 1] == ' ');
    };
    int n = 0;
    for (size_t i = 0; i < text.size();) {
        if (separator(i)) { i++; continue; }
        size_t j = i;
        while (j < text.size() && !separator(j)) j++;
        float v = 0.0f;
        if (!parse_float_shown(text.substr(i, j - i), v).ok()) return 0;
        n++, i = j;
    }
    return n > 1 ? n : 0;
}

Whole parse_whole(std::string_view text, int64_t& out) {
    text = trim(text);  // " 5 " is 5, as a decimal field reads " 0.5 "
    if (!is_decimal(text)) return Whole::NotANumber;
    size_t i = 0;
    const bool negative = text[0] == '-';
    if (text[0] == '-' || text[0] == '+') i++;
    std::string digits;  // every digit of the mantissa, the point left out
    long long point = 0;  // where the point is in `digits`, the exponent applied
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; i++) digits += text[i], point++;
    if (i < text.size() && text[i] == '.')
        for (i++; i < text.size() && text[i] >= '0' && text[i] <= '9'; i++) digits += text[i];
    if (i < text.size()) {  // e, sign, digits (is_decimal checked them)
        i++;
        const bool minus = text[i] == '-';
        if (text[i] == '-' || text[i] == '+') i++;
        long long e = 0;
        for (; i < text.size(); i++) e = std::min(e * 10 + (text[i] - '0'), 1000000LL);
        point += minus ? -e : e;
    }
    const size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos) return out = 0, Whole::Ok;
    digits.erase(0, first), point -= (long long)first;
    // Every digit after the point must be 0.
    if (point <= 0 || digits.find_first_not_of('0', size_t(std::min<long long>(point, (long long)digits.size()))) !=
                          std::string::npos)
        return Whole::NotWhole;
    constexpr int64_t kPastEveryLimit = 1000000000000000000;  // 1e18
    int64_t v = kPastEveryLimit;
    if (point <= 18) {
        v = 0;
        for (long long k = 0; k < point; k++) v = v * 10 + (size_t(k) < digits.size() ? digits[size_t(k)] - '0' : 0);
        v = std::min(v, kPastEveryLimit);
    }
    out = negative ? -v : v;
    return Whole::Ok;
}

std::string check_whole(std::string_view text, int64_t lo, int64_t hi, int64_t& out) {
    int64_t v = 0;
    if (trim(text).empty()) return TR(msg_value_empty);  // as a decimal field says ("'' is not a whole number" had)
    if (parse_whole(whole_from_locale(text), v) != Whole::Ok) return format(TR(msg_not_whole_number), quote_text(text, 32).c_str());
    if (v < lo || v > hi)
        return format(TR(msg_out_of_limits), quote_text(text, 32).c_str(), format_count(lo).c_str(), format_count(hi).c_str());
    return out = v, std::string();
}

std::string check_decimal_shown(std::string_view text, float lo, float hi, float& out) {
    float v = 0.0f;
    if (Status st = parse_float_shown(text, v); !st.ok()) return st.error;
    if (!(v >= lo && v <= hi))
        return format(TR(msg_out_of_limits), quote_text(text, 32).c_str(), display_float(lo).c_str(), display_float(hi).c_str());
    return out = v, std::string();
}

std::vector<std::string_view> split_list(std::string_view text, bool& empty_entry) {
    std::vector<std::string_view> entries;
    // ';' as ',': German lists use it, as the page's own vectors do ([0,4; 0,5]).
    const auto separator = [](char c) { return c == ',' || c == ';' || c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    size_t i = 0;
    const size_t n = text.size();
    empty_entry = false;
    while (i < n) {
        int commas = 0;
        for (; i < n && separator(text[i]); i++) commas += text[i] == ',' || text[i] == ';';
        // Between two entries one comma separates; at the start or the end any comma has an empty side.
        if (commas > (entries.empty() || i == n ? 0 : 1)) empty_entry = true;
        if (i == n) break;
        size_t j = i;
        while (j < n && !separator(text[j])) j++;
        entries.push_back(text.substr(i, j - i));
        i = j;
    }
    return entries;
}

Status parse_ids(std::string_view text, int V, std::vector<int>& out, std::string* notice) {
    bool empty_entry = false;
    const std::vector<std::string_view> entries = split_list(text, empty_entry);
    if (entries.size() > size_t(kMaxB)) return Status::Fail(format(TR(msg_ids_too_many), kMaxB));
    std::vector<int> ids;
    for (int position = 0; position < int(entries.size()); position++) {
        const std::string_view token = entries[size_t(position)];
        int64_t value = 0;
        if (parse_whole(token, value) != Whole::Ok)
            return Status::Fail(format(TR(msg_id_not_whole), quote_text(token, 24).c_str(), position));
        if (value < 0)
            return Status::Fail(format(TR(msg_id_negative), quote_text(token, 24).c_str(), position, V - 1));
        if (value >= V)
            return Status::Fail(format(TR(msg_id_text_out_of_range), quote_text(token, 24).c_str(), position, V - 1));
        ids.push_back(int(value));
    }
    if (ids.empty()) return Status::Fail(TR(msg_ids_empty));
    out = std::move(ids);
    if (notice) *notice = empty_entry ? TR(msg_empty_entry) : "";
    return Status::Ok();
}

Status parse_offsets(std::string_view text, int B, std::vector<int>& out, std::string* notice) {
    bool empty_entry = false;
    const std::vector<std::string_view> entries = split_list(text, empty_entry);
    std::vector<int> offsets;  // how many: check_offsets says (at most kMaxB + 1)
    for (std::string_view token : entries) {
        int64_t v = 0;
        if (parse_whole(token, v) != Whole::Ok) return Status::Fail(format(TR(msg_not_whole_number), quote_text(token, 32).c_str()));
        offsets.push_back(int(std::clamp<int64_t>(v, INT32_MIN, INT32_MAX)));  // check_offsets names the value
    }
    if (Status st = check_offsets(offsets, B, false); !st.ok()) return st;
    out = std::move(offsets);
    if (notice) *notice = empty_entry ? TR(msg_empty_entry) : "";
    return Status::Ok();
}

std::string number_in_digits(float v, const char* fmt) {
    std::string s = format(fmt, double(v));  // the language's decimal
    if (const size_t e = s.find('e'); e != std::string::npos) {  // e+22 -> e22, e-05 -> e-5
        size_t digits = e + 1 + (s[e + 1] == '+' || s[e + 1] == '-');
        while (digits + 1 < s.size() && s[digits] == '0') digits++;
        s = s.substr(0, e + 1) + (s[e + 1] == '-' ? "-" : "") + s.substr(digits);
    }
    return s;
}

// "1, 1, 2"; more than `most` ids: the first ten, "...", and the last.
static std::string join_ids(const std::vector<int>& ids, size_t most) {
    std::string s;
    for (size_t i = 0; i < ids.size(); i++) {
        if (i) s += ", ";
        if (ids.size() > most && i == 10) s += "...", i = ids.size() - 2;
        else s += std::to_string(ids[i]);
    }
    return s;
}
std::string format_ids(const std::vector<int>& ids) { return join_ids(ids, SIZE_MAX); }
std::string format_ids_brief(const std::vector<int>& ids) { return join_ids(ids, 12); }

}  // namespace el
