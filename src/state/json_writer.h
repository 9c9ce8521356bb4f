// The one JSON writer behind window.embeddingLab (src/app/js_api*.cpp): pure, header-only,
// so the Catch2 suite checks it natively.
//
// The encoding (README, "JavaScript API"):
// - strings per RFC 8259: '"' and '\' escaped with a backslash, every control character
//   (below 0x20) as \u00XX; nothing is dropped or replaced. Other bytes pass through as UTF-8.
// - numbers: a finite value as the shortest text that reads back to the same double (a float32
//   widened to double keeps its exact value: 0.02f reads 0.019999999552965164); JSON has no
//   inf or nan, so a non-finite value is written as the string "inf", "-inf" or "nan".
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "decimal.h"

namespace el {

// s as a JSON string literal, quotes included.
inline std::string json_string(std::string_view s) {
    std::string out = "\"";
    out.reserve(s.size() + 2);
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') out += '\\', out += char(c);
        else if (c < 0x20) {
            static const char hex[] = "0123456789abcdef";
            out += "\\u00", out += hex[c >> 4], out += hex[c & 15];
        } else out += char(c);
    }
    return out + '"';
}

// x as a JSON value: the shortest round-trip decimal, or "inf" / "-inf" / "nan" (strings).
inline std::string json_number(double x) {
    if (std::isnan(x)) return "\"nan\"";
    if (std::isinf(x)) return x > 0 ? "\"inf\"" : "\"-inf\"";
    if (x == 0) return std::signbit(x) ? "-0" : "0";
    char buf[32];
    for (int precision = 1; precision <= 17; precision++) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, x);
        if (decimal_to_double(buf) == x) break;
    }
    return buf;
}

inline std::string json_bool(bool b) { return b ? "true" : "false"; }

// Builds one JSON value by appending; commas between members and elements are its job.
//   JsonWriter j; j.begin_object(); j.key("V"); j.number(3); j.end_object(); j.text()
class JsonWriter {
public:
    JsonWriter& begin_object() { return open('{'); }
    JsonWriter& end_object() { return close('}'); }
    JsonWriter& begin_array() { return open('['); }
    JsonWriter& end_array() { return close(']'); }
    // A member's name; the next value written is its value.
    JsonWriter& key(std::string_view name) {
        separate();
        out_ += json_string(name), out_ += ':';
        after_key_ = true;
        return *this;
    }
    JsonWriter& string(std::string_view s) { return raw(json_string(s)); }
    JsonWriter& number(double x) { return raw(json_number(x)); }
    JsonWriter& integer(int64_t n) { return raw(std::to_string(n)); }
    JsonWriter& boolean(bool b) { return raw(json_bool(b)); }
    JsonWriter& null() { return raw("null"); }
    JsonWriter& numbers(std::span<const float> v) {
        begin_array();
        for (float x : v) number(x);
        return end_array();
    }
    JsonWriter& integers(std::span<const int> v) {
        begin_array();
        for (int x : v) integer(x);
        return end_array();
    }
    JsonWriter& strings(std::span<const std::string> v) {
        begin_array();
        for (const std::string& s : v) string(s);
        return end_array();
    }
    // A value already written as JSON (e.g. by another writer).
    JsonWriter& raw(std::string_view json) {
        separate();
        out_ += json;
        return *this;
    }
    // Shorthands for a member: key(name) then the value.
    JsonWriter& member(std::string_view name, std::string_view s) { return key(name).string(s); }
    JsonWriter& member(std::string_view name, const char* s) { return key(name).string(s); }
    JsonWriter& member(std::string_view name, const std::string& s) { return key(name).string(s); }
    JsonWriter& member(std::string_view name, double x) { return key(name).number(x); }
    JsonWriter& member(std::string_view name, float x) { return key(name).number(x); }
    JsonWriter& member(std::string_view name, int n) { return key(name).integer(n); }
    JsonWriter& member(std::string_view name, int64_t n) { return key(name).integer(n); }
    JsonWriter& member(std::string_view name, bool b) { return key(name).boolean(b); }

    const std::string& text() const { return out_; }
    std::string take() { return std::move(out_); }

private:
    JsonWriter& open(char c) {
        separate();
        out_ += c;
        first_.push_back(true);
        return *this;
    }
    JsonWriter& close(char c) {
        out_ += c;
        if (!first_.empty()) first_.pop_back();
        return *this;
    }
    void separate() {
        if (after_key_) return void(after_key_ = false);
        if (first_.empty()) return;
        if (!first_.back()) out_ += ',';
        first_.back() = false;
    }
    std::string out_;
    std::vector<bool> first_;  // per open container: nothing written in it yet
    bool after_key_ = false;
};

}  // namespace el
