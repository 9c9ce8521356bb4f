#include "parse.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/limits.h"
#include "i18n/i18n.h"

namespace el {

static std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

static bool equals_nocase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); i++) {
        char c = a[i];
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
        if (c != b[i]) return false;
    }
    return true;
}

// Quotes a token for an error message, cut short and with control bytes shown as '?'.
static std::string quoted(std::string_view token) {
    std::string q = "'";
    for (size_t i = 0; i < token.size() && i < 24; i++) {
        const unsigned char c = static_cast<unsigned char>(token[i]);
        q += (c < 0x20 || c == 0x7f) ? '?' : char(c);
    }
    if (token.size() > 24) q += "...";
    return q + "'";
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
    if (s.size() > 64) return Status::Fail(format(TR(msg_value_too_long), quoted(s).c_str()));
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
    if (!is_decimal(s)) return Status::Fail(format(TR(msg_not_a_number), quoted(s).c_str()));
    const std::string copy(s);
    errno = 0;
    const float v = std::strtof(copy.c_str(), nullptr);
    if (std::isinf(v)) return Status::Fail(format(TR(msg_too_large_float), quoted(s).c_str()));
    out = v;  // underflow to a denormal or zero is the float32 value the text names
    return Status::Ok();
}

std::string format_float(float v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[32];
    for (int precision = 1; precision <= 9; precision++) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, double(v));
        if (std::strtof(buf, nullptr) == v) break;
    }
    return buf;
}

std::string display_float(float v) { return localized_number(format_float(v)); }
Status parse_float_shown(std::string_view text, float& out) {
    const std::string as_point = number_from_locale(text);
    if (as_point == text) return parse_float(text, out);
    Status st = parse_float(as_point, out);
    return st.ok() ? st : parse_float(text, out);  // the message quotes what was typed
}

Status parse_ids(std::string_view text, int V, std::vector<int>& out) {
    std::vector<int> ids;
    size_t i = 0;
    const size_t n = text.size();
    int position = 0;
    while (i < n) {
        while (i < n && (text[i] == ',' || text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
            i++;
        if (i == n) break;
        size_t j = i;
        while (j < n && text[j] != ',' && text[j] != ' ' && text[j] != '\t' && text[j] != '\n' && text[j] != '\r')
            j++;
        const std::string_view token = text.substr(i, j - i);
        i = j;
        if (int(ids.size()) >= kMaxB)
            return Status::Fail(format(TR(msg_ids_too_many), kMaxB));
        bool digits_only = !token.empty();
        size_t start = (token[0] == '-' || token[0] == '+') ? 1 : 0;
        if (start == token.size()) digits_only = false;
        for (size_t k = start; k < token.size(); k++)
            if (token[k] < '0' || token[k] > '9') digits_only = false;
        if (!digits_only)
            return Status::Fail(format(TR(msg_id_not_whole), quoted(token).c_str(), position));
        if (token[0] == '-' && token.find_first_not_of("-0") != std::string_view::npos)
            return Status::Fail(format(TR(msg_id_negative), quoted(token).c_str(), position, V - 1));
        long long value = 0;
        for (size_t k = start; k < token.size() && value <= kMaxV; k++) value = value * 10 + (token[k] - '0');
        if (value >= V)
            return Status::Fail(format(TR(msg_id_text_out_of_range), quoted(token).c_str(), position, V - 1));
        ids.push_back(int(value));
        position++;
    }
    if (ids.empty()) return Status::Fail(TR(msg_ids_empty));
    out = std::move(ids);
    return Status::Ok();
}

std::string format_ids(const std::vector<int>& ids) {
    std::string s;
    for (size_t i = 0; i < ids.size(); i++) {
        if (i) s += ", ";
        s += std::to_string(ids[i]);
    }
    return s;
}

std::string format_count(long long n) {
    std::string digits = std::to_string(n < 0 ? -n : n), out;
    for (size_t i = 0; i < digits.size(); i++) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += active_language().thousands;
        out += digits[i];
    }
    return (n < 0 ? "-" : "") + out;
}

}  // namespace el
