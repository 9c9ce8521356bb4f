#include "i18n.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <vector>

namespace el {

extern const char kEnglishTexts[];  // english.cpp
extern const size_t kEnglishTextsSize;

const Language kLanguages[] = {{"en", "English", '.', ',', ", "}, {"de", "Deutsch", ',', '.', "; "}};
const int kLanguageCount = int(sizeof kLanguages / sizeof kLanguages[0]);

namespace {
const Language* g_language = &kLanguages[0];
std::vector<std::string> g_texts;  // the active catalog's texts; empty for English
std::vector<const char*> g_active;  // per id: a text of g_texts, or nullptr for the English one

constexpr uint64_t kFnvOffset = 14695981039346656037ull, kFnvPrime = 1099511628211ull;
constexpr uint64_t fnv_line(uint64_t h, const char* s) {
    for (; *s; s++) h = (h ^ uint8_t(*s)) * kFnvPrime;
    return (h ^ uint8_t('\n')) * kFnvPrime;
}
// The names are read here at compile time only: the page's code holds the number, not the names.
constexpr uint64_t kFingerprint = [] {
    uint64_t h = kFnvOffset;
#define MSG(id, english) h = fnv_line(h, #id);
#define MSG_JS(id, english) h = fnv_line(h, #id);
#define MSG_DEEPER(id, english) h = fnv_line(h, #id);
#include "messages.def"
#undef MSG
#undef MSG_JS
#undef MSG_DEEPER
    return h;
}();
}  // namespace

// Each English text's start in kEnglishTexts, found once.
static const char* const* english_table() {
    static const char* table[kMessageCount > 0 ? kMessageCount : 1];
    static bool found = false;
    if (!found) {
        const char* p = kEnglishTexts;
        for (int i = 0; i < kMessageCount && p < kEnglishTexts + kEnglishTextsSize; i++) table[i] = p, p += std::strlen(p) + 1;
        found = true;
    }
    return table;
}

// web/text_view.js's texts: which ids they are, and their names in the same order.
static const bool kIsJsWord[] = {
#define MSG(id, english) false,
#define MSG_JS(id, english) true,
#define MSG_DEEPER(id, english) false,
#include "messages.def"
#undef MSG
#undef MSG_JS
#undef MSG_DEEPER
    false,
};
static const char kJsWordNames[] =
#define MSG(id, english)
#define MSG_JS(id, english) #id "\0"
#define MSG_DEEPER(id, english)
#include "messages.def"
#undef MSG
#undef MSG_JS
#undef MSG_DEEPER
    "";

void for_each_js_word(void (*visit)(const char* name, Msg id, void* context), void* context) {
    const char* name = kJsWordNames;
    for (int i = 0; i < kMessageCount; i++)
        if (kIsJsWord[i]) visit(name, Msg(i), context), name += std::strlen(name) + 1;
}

const char* english_text(Msg id) { return unsigned(id) < unsigned(kMessageCount) ? english_table()[int(id)] : ""; }

const char* tr(Msg id) {
    const int i = int(id);
    if (i < 0 || i >= kMessageCount) return "";
    return !g_active.empty() && g_active[i] ? g_active[i] : english_table()[i];
}

uint64_t catalog_fingerprint() { return kFingerprint; }

const Language* find_language(std::string_view code) {
    for (const Language& l : kLanguages)
        if (code == l.code) return &l;
    return nullptr;
}
const Language& active_language() { return *g_language; }

void set_english() {
    g_language = &kLanguages[0];
    g_texts.clear(), g_active.clear();
}

CatalogResult set_language(std::string_view code, std::string_view catalog) {
    CatalogResult r;
    const Language* lang = find_language(code);
    if (!lang) return r.error = "no language \"" + std::string(code) + "\"", r;
    if (lang == &kLanguages[0]) return set_english(), r.ok = true, r;
    std::vector<std::string> records;
    for (size_t start = 0; start < catalog.size();) {
        const size_t end = catalog.find('\x1e', start);
        if (end == std::string_view::npos) return r.error = "the catalog's last text is not ended", r;
        records.emplace_back(catalog.substr(start, end - start));
        start = end + 1;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", (unsigned long long)kFingerprint);
    if (records.empty() || records[0] != hex || int(records.size()) != kMessageCount + 1)
        return r.error = "the " + std::string(lang->name) + " catalog was made for another version of the page", r;
    std::vector<std::string> texts(records.begin() + 1, records.end());
    std::vector<const char*> active(kMessageCount, nullptr);
    for (int i = 0; i < kMessageCount; i++) {
        const char* english = english_table()[i];
        if (!*english) continue;  // not in this build (the deeper tier's texts in the first page)
        if (placeholders(texts[i]) != placeholders(english)) { r.refused++; continue; }
        active[i] = texts[i].c_str();  // the strings stay where they are: g_texts is moved, not copied
    }
    g_language = lang;
    g_texts = std::move(texts), g_active = std::move(active);
    r.ok = true;
    return r;
}

// One conversion of a printf format: flags, width, precision, length and the conversion itself.
struct Conversion {
    const char* end;  // one past the conversion character
    int stars;        // '*' widths or precisions, each an int argument
    char length;      // 0, 'h' (h, hh), 'l', 'q' (ll), 'z' (z, j, t), 'L'
    char conv;
};
static Conversion parse_conversion(const char* p) {  // p: just after '%'
    Conversion c{p, 0, 0, 0};
    while (*p && std::strchr("-+ #0'", *p)) p++;
    if (*p == '*') c.stars++, p++;
    else while (std::isdigit((unsigned char)*p)) p++;
    if (*p == '.') {
        p++;
        if (*p == '*') c.stars++, p++;
        else while (std::isdigit((unsigned char)*p)) p++;
    }
    if (*p == 'h') c.length = 'h', p += p[1] == 'h' ? 2 : 1;
    else if (*p == 'l') c.length = p[1] == 'l' ? 'q' : 'l', p += p[1] == 'l' ? 2 : 1;
    else if (*p == 'z' || *p == 'j' || *p == 't') c.length = 'z', p++;
    else if (*p == 'L') c.length = 'L', p++;
    c.conv = *p;
    c.end = *p ? p + 1 : p;
    return c;
}

std::string placeholders(std::string_view text) {
    std::string out, s(text);
    for (const char* p = s.c_str(); (p = std::strchr(p, '%'));) {
        if (p[1] == '%') { p += 2; continue; }
        const Conversion c = parse_conversion(p + 1);
        if (!out.empty()) out += ' ';
        out.append(c.stars, '*');
        if (c.length == 'q') out += "ll";
        else if (c.length) out += c.length;
        out += c.conv ? c.conv : '?';
        p = c.end;
    }
    return out;
}

// The format with each floating-point conversion between two marks, printed once by vsnprintf
// (which reads the arguments), then the points between the marks swapped and the marks dropped.
int format_v(char* buf, size_t size, const char* fmt, va_list args, char decimal) {
    if (decimal == '.' || !std::strpbrk(fmt, "fFeEgGaA")) return std::vsnprintf(buf, size, fmt, args);
    std::string marked;
    for (const char* p = fmt; *p;) {
        if (*p != '%' || p[1] == '%') {
            const size_t n = *p == '%' ? 2 : 1;
            marked.append(p, n), p += n;
            continue;
        }
        const Conversion c = parse_conversion(p + 1);
        const bool floating = c.conv && std::strchr("fFeEgGaA", c.conv);
        if (floating) marked += '\x01';
        marked.append(p, size_t(c.end - p));
        if (floating) marked += '\x02';
        p = c.end;
    }
    va_list again;
    va_copy(again, args);
    char small[256];
    const int n = std::vsnprintf(small, sizeof small, marked.c_str(), args);
    std::string out;
    if (n >= 0 && size_t(n) < sizeof small) out.assign(small, size_t(n));
    else if (n >= 0) out.resize(size_t(n) + 1), std::vsnprintf(out.data(), out.size(), marked.c_str(), again), out.resize(size_t(n));
    va_end(again);
    if (n < 0) return n;
    size_t w = 0;
    bool in_number = false;
    for (char ch : out) {
        if (ch == '\x01' || ch == '\x02') { in_number = ch == '\x01'; continue; }
        out[w++] = in_number && ch == '.' ? decimal : ch;
    }
    out.resize(w);
    if (buf && size) {
        const size_t k = std::min(out.size(), size - 1);
        std::memcpy(buf, out.data(), k), buf[k] = 0;
    }
    return int(out.size());
}

std::string format(const char* fmt, ...) {
    va_list args, again;
    va_start(args, fmt);
    va_copy(again, args);
    char small[256];  // most texts fit: printed once, not measured first and then printed
    const int n = format_v(small, sizeof small, fmt, args, active_language().decimal);
    std::string out;
    if (n > 0 && size_t(n) < sizeof small) out.assign(small, size_t(n));
    else if (n > 0) out.resize(size_t(n) + 1), format_v(out.data(), out.size(), fmt, again, active_language().decimal),
                    out.resize(size_t(n));
    va_end(again);
    va_end(args);
    return out;
}

std::string localized_number(std::string text) {
    if (active_language().decimal != '.')
        for (char& ch : text)
            if (ch == '.') ch = active_language().decimal;
    return text;
}

std::string number_from_locale(std::string_view text) {
    std::string out(text);
    if (active_language().decimal != ',') return out;
    // Groups alone ("1.000.000": not a decimal, with two points) are joined; "1.000" asks (point_or_grouping).
    if (out.find(',') == std::string::npos) return std::count(out.begin(), out.end(), '.') > 1 ? without_grouping(out) : out;
    if (std::count(out.begin(), out.end(), ',') != 1) return out;
    // Grouped before the comma ("1.234,5"): the groups joined. Any other point: the text as it is.
    const size_t comma = out.find(',');
    if (out.find('.') != std::string::npos) {
        const std::string whole = without_grouping(out.substr(0, comma));
        if (whole == out.substr(0, comma)) return out;
        out = whole + out.substr(comma);
    }
    out[out.find(',')] = '.';
    return out;
}

bool point_or_grouping(std::string_view text) {
    return active_language().thousands == '.' && std::count(text.begin(), text.end(), '.') == 1 &&
           without_grouping(text) != text;
}

std::string without_grouping(std::string_view text) {
    std::string out;
    size_t run = 0, groups = 0;  // digits since the last separator, separators seen
    for (size_t i = 0; i < text.size(); i++) {
        const char c = text[i];
        if (c >= '0' && c <= '9') out += c, run++;
        else if (c == active_language().thousands && (groups ? run == 3 : run && run <= 3 && out[out.size() - run] != '0')) groups++, run = 0;
        else if (i || (c != '-' && c != '+')) return std::string(text);
        else out += c;
    }
    return groups && run == 3 ? out : std::string(text);
}

std::string whole_from_locale(std::string_view text) { return number_from_locale(without_grouping(text)); }

std::string format_count(long long n) {
    std::string digits = std::to_string(n < 0 ? -n : n), out;
    for (size_t i = 0; i < digits.size(); i++) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += active_language().thousands;
        out += digits[i];
    }
    return (n < 0 ? "-" : "") + out;
}

}  // namespace el
