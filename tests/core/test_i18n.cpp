// The message catalog (src/i18n): every language has every id with the English placeholders,
// a catalog is used only when it matches the build, and numbers take the language's decimal.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "state/app_state.h"
#include "state/link.h"
#include "state/parse.h"

using namespace el;

// The English texts as a catalog for this build: set as "de", only the numbers are German (test_questions.cpp too).
std::string english_as_catalog() {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", (unsigned long long)catalog_fingerprint());
    std::string catalog = std::string(hex) + '\x1e';
    for (int i = 0; i < kMessageCount; i++) catalog += std::string(english_text(Msg(i))) + '\x1e';
    return catalog;
}

namespace {

const std::vector<std::string>& message_ids() {
    static const std::vector<std::string> ids = {
#define MSG(id, english) #id,
#define MSG_JS(id, english) #id,
#define MSG_DEEPER(id, english) #id,
#include "i18n/messages.def"
#undef MSG
#undef MSG_JS
#undef MSG_DEEPER
    };
    return ids;
}

std::string vformat(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    char buf[512];
    std::vsnprintf(buf, sizeof buf, fmt, args);
    va_end(args);
    return buf;
}

std::string format_with(char decimal, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    char buf[512];
    format_v(buf, sizeof buf, fmt, args, decimal);
    va_end(args);
    return buf;
}

int format_into(char* buf, size_t size, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const int n = format_v(buf, size, fmt, args, ',');
    va_end(args);
    return n;
}

#ifdef EL_I18N_DIR
// id -> text of one language's files, as build_catalog.py reads them.
std::map<std::string, std::string> read_catalog(const std::string& code, std::vector<std::string>& problems) {
    std::map<std::string, std::string> texts;
    for (const auto& file : std::filesystem::directory_iterator(std::string(EL_I18N_DIR) + "/" + code)) {
        const std::string path = file.path().string();
        if (file.path().extension() != ".txt") continue;
        std::ifstream in(path);
        if (!in) { problems.push_back(path + ": missing"); continue; }
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#') continue;
            const size_t eq = line.find(" = ");
            if (eq == std::string::npos) { problems.push_back(path + ": not an 'id = text' line: " + line); continue; }
            std::string text = line.substr(eq + 3), out;
            for (size_t i = 0; i < text.size(); i++) {
                if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == 'n' || text[i + 1] == '\\'))
                    out += text[i + 1] == 'n' ? '\n' : '\\', i++;
                else out += text[i];
            }
            if (!texts.emplace(line.substr(0, eq), out).second) problems.push_back(line.substr(0, eq) + " given twice");
        }
    }
    return texts;
}
#endif

}  // namespace

TEST_CASE("every language's catalog has every id, with the English placeholders", "[i18n]") {
#ifdef EL_I18N_DIR
    REQUIRE(message_ids().size() == size_t(kMessageCount));
    for (int l = 1; l < kLanguageCount; l++) {
        std::vector<std::string> problems;
        const auto texts = read_catalog(kLanguages[l].code, problems);
        for (int i = 0; i < kMessageCount; i++) {
            const std::string& id = message_ids()[size_t(i)];
            const auto it = texts.find(id);
            if (it == texts.end()) problems.push_back(id + ": missing");
            else if (placeholders(it->second) != placeholders(english_text(Msg(i))))
                problems.push_back(id + ": placeholders '" + placeholders(it->second) + "', English '" +
                                   placeholders(english_text(Msg(i))) + "'");
        }
        for (const auto& [id, text] : texts)
            if (id.rfind("glue_", 0) != 0 && std::find(message_ids().begin(), message_ids().end(), id) == message_ids().end())
                problems.push_back(id + ": no such id");
        INFO(kLanguages[l].name);
        for (const std::string& p : problems) UNSCOPED_INFO(p);
        CHECK(problems.empty());
    }
#else
    SUCCEED("the catalog files are read only where the source tree is (native builds)");
#endif
}

TEST_CASE("placeholders are printf's conversions, in order", "[i18n]") {
    CHECK(placeholders("V*d = %lld numbers, %d rows, 100%% of %s") == "lld d s");
    CHECK(placeholders("%.3f then %*d and %-8.2e, %zu") == "f *d e zu");
    CHECK(placeholders("no placeholders") == "");
    CHECK(placeholders("%d %s") != placeholders("%s %d"));  // the order is part of it
}

TEST_CASE("format_v prints as vsnprintf does, with the language's decimal in floating-point numbers", "[i18n]") {
    CHECK(format_with('.', "%d rows, %.3f, %g, %s, %5.1f|%-6d|%x %%", 3, 0.25, 1e-7, "a.b", 2.25, 42, 255) ==
          vformat("%d rows, %.3f, %g, %s, %5.1f|%-6d|%x %%", 3, 0.25, 1e-7, "a.b", 2.25, 42, 255));
    CHECK(format_with(',', "%d rows, %.3f, %g, %s, %5.1f|%-6d|%x %%", 3, 0.25, 1e-7, "a.b", 2.25, 42, 255) ==
          "3 rows, 0,250, 1e-07, a.b,   2,2|42    |ff %");
    CHECK(format_with(',', "%lld and %zu and %ld, %*.*f", 1234567890123ll, size_t(7), 8l, 6, 2, 3.14159) ==
          "1234567890123 and 7 and 8,   3,14");
    CHECK(format_with(',', "%.2f%s", -0.5, " ms") == "-0,50 ms");
    CHECK(format_with(',', "%s", "no numbers.") == "no numbers.");
    char small[6];  // truncated as vsnprintf truncates, and the whole length returned
    CHECK(format_into(small, sizeof small, "%.4f", 3.14159) == 6);
    CHECK(std::string(small) == "3,141");
}

TEST_CASE("a catalog is used only when it was made for this build", "[i18n]") {
    const std::vector<std::string>& ids = message_ids();
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", (unsigned long long)catalog_fingerprint());
    std::string catalog = std::string(hex) + '\x1e';
    int with_placeholders = -1;
    for (int i = 0; i < kMessageCount; i++) {
        if (with_placeholders < 0 && !placeholders(english_text(Msg(i))).empty()) with_placeholders = i;
        catalog += "[de] " + std::string(english_text(Msg(i))) + '\x1e';
    }
    REQUIRE(!ids.empty());

    CHECK(set_language("de", catalog).ok);
    CHECK(std::string(active_language().code) == "de");
    CHECK(std::string(tr(Msg(0))) == "[de] " + std::string(english_text(Msg(0))));
    set_english();
    CHECK(std::string(tr(Msg(0))) == english_text(Msg(0)));

    SECTION("another build's ids: refused whole, the page stays in English") {
        std::string other = catalog;
        other[0] = other[0] == '0' ? '1' : '0';
        const CatalogResult r = set_language("de", other);
        CHECK_FALSE(r.ok);
        CHECK(r.error.find("another version") != std::string::npos);
        CHECK(std::string(active_language().code) == "en");
        CHECK_FALSE(set_language("de", catalog.substr(0, catalog.size() - 1)).ok);  // last text not ended
        CHECK_FALSE(set_language("xx", catalog).ok);
    }
    SECTION("a text whose placeholders differ is refused alone and shown in English") {
        if (with_placeholders < 0) return;
        std::string broken = std::string(hex) + '\x1e';
        for (int i = 0; i < kMessageCount; i++)
            broken += (i == with_placeholders ? std::string("[de] kein Platzhalter") : "[de] " + std::string(english_text(Msg(i)))) + '\x1e';
        const CatalogResult r = set_language("de", broken);
        CHECK(r.ok);
        CHECK(r.refused == 1);
        CHECK(std::string(tr(Msg(with_placeholders))) == english_text(Msg(with_placeholders)));
        set_english();
    }
}

TEST_CASE("numbers typed the language's way reach the parsers with a point", "[i18n]") {
    CHECK(number_from_locale("0,5") == "0,5");  // English: a comma is not a decimal
    CHECK(localized_number("0.5") == "0.5");
    REQUIRE(set_language("de", english_as_catalog()).ok);
    CHECK(number_from_locale("0,5") == "0.5");
    CHECK(number_from_locale("-1,25e-3") == "-1.25e-3");
    CHECK(number_from_locale("1,2,3") == "1,2,3");  // a list, not a number
    CHECK(number_from_locale("0.5") == "0.5");
    CHECK(localized_number("0.5") == "0,5");
    CHECK(format("%.1f", 2.5) == "2,5");
    set_english();
    CHECK(format("%.1f", 2.5) == "2.5");
}

TEST_CASE("counts get the language's thousands separators", "[i18n]") {
    CHECK(format_count(0) == "0");
    CHECK(format_count(512) == "512");
    CHECK(format_count(1024) == "1,024");
    CHECK(format_count(100000) == "100,000");
    CHECK(format_count(16777216) == "16,777,216");
    CHECK(format_count(-1234567) == "-1,234,567");
    REQUIRE(set_language("de", english_as_catalog()).ok);
    CHECK(format_count(-1234567) == "-1.234.567");
    set_english();
}

TEST_CASE("a count typed as the page writes counts is read whole: 50.000 in German, 50,000 in English", "[i18n]") {
    int64_t n = 0;
    CHECK(without_grouping("50,000") == "50000");
    CHECK(without_grouping("-1,234,567") == "-1234567");
    CHECK(without_grouping("+1,000") == "+1000");
    for (const char* other : {"50.000", "0,001", "1,00", "1,0000", "1234,567", ",100", "100,", "1,,000", "1e3", "", "-", "5,000x"})
        CHECK(without_grouping(other) == other);
    CHECK(check_whole("100,000", 1, 100000, n).empty());
    CHECK(n == 100000);
    CHECK(check_whole("100,001", 1, 100000, n) == "'100,001' is out of range (1 to 100,000)");  // quoted as typed
    CHECK(check_whole(" ", 1, 100000, n) == "the value is empty: type a number");  // as a decimal field says
    REQUIRE(set_language("de", english_as_catalog()).ok);
    CHECK(without_grouping("50.000") == "50000");
    CHECK(without_grouping("50,000") == "50,000");  // a decimal comma in German
    CHECK(check_whole("50.000", 1, 100000, n).empty());
    CHECK(n == 50000);
    CHECK(check_whole("1.000.000", 1, 100000, n) == "'1.000.000' is out of range (1 to 100.000)");
    CHECK(check_whole("100,0", 1, 100000, n).empty());  // a decimal comma naming a whole number
    CHECK(n == 100);
    CHECK(check_whole("0.001", 1, 100000, n) == "'0.001' is not a whole number");  // a decimal, not a count
    CHECK(check_whole("2,5", 1, 100000, n) == "'2,5' is not a whole number");
    // A setting's field: whole ones read the grouping, decimal ones a point as the decimal (0.001),
    // and a message quotes the text as typed.
    AppState s;
    CHECK(type_link_field(s, "costV", "20.000").ok());
    CHECK(s.cost.V == 20000);
    CHECK(type_link_field(s, "costV", "200.000").error == "'200.000' is out of range (1 to 100.000)");
    CHECK(type_link_field(s, "costV", "1,5e9").error == "'1,5e9' is out of range (1 to 100.000)");
    CHECK(type_link_field(s, "lr", "0.001").ok());
    CHECK(s.optimizer.lr == 0.001f);
    CHECK(type_link_field(s, "lr", "0,25").ok());
    CHECK(s.optimizer.lr == 0.25f);
    CHECK(type_link_field(s, "mom", "1,5").error == "'1,5' is out of range (0 to 0,999)");
    // max_norm and padding_idx take a word too (off, none): their numbers are read as the others' are
    // (a German "1,5" was "not a number" there, beside norm_type taking it).
    CHECK(type_link_field(s, "maxnorm", "1,5").ok());
    CHECK(s.lookup.max_norm == 1.5);
    CHECK(type_link_field(s, "maxnorm", "off").ok());
    CHECK(!s.lookup.max_norm);
    CHECK(type_link_field(s, "maxnorm", "1,5x").error == "'1,5x' is not a number (or off)");
    CHECK(type_link_field(s, "pad", "1,0").ok());
    CHECK(s.lookup.padding_idx == 1);
    CHECK(type_link_field(s, "pad", "none").ok());
    CHECK(!s.lookup.padding_idx);
    // A decimal with one point that could group thousands asks which it is: "1.000" was taken as 1 in a
    // cell or lr, while V took it as 1000. Grouped with a decimal comma, or in several groups, it is read.
    float x = 0;
    CHECK(parse_float_shown("1.000", x).error == "'1.000': is the point a thousands separator (1000) or the decimal point (1,000)? Type one of those");
    CHECK(parse_float_shown(" -3.142 ", x).error == "' -3.142 ': is the point a thousands separator (-3142) or the decimal point (-3,142)? Type one of those");
    CHECK(type_link_field(s, "lr", "2.500").error == "'2.500': is the point a thousands separator (2500) or the decimal point (2,500)? Type one of those");
    for (const auto& [typed, value] : std::vector<std::pair<const char*, float>>{
             {"1.234,5", 1234.5f}, {"-1.000,25", -1000.25f}, {"1.000.000", 1e6f}, {"0.500", 0.5f}, {"1.5", 1.5f}, {"12.5", 12.5f}, {"1,000", 1.0f}}) {
        CAPTURE(typed);
        CHECK(parse_float_shown(typed, x).ok());
        CHECK(x == value);
    }
    CHECK(!parse_float_shown("1.23,5", x).ok());  // not grouped: no number
    CHECK(type_link_field(s, "costV", "1.000").ok());  // a count: its grouping, as before
    CHECK(s.cost.V == 1000);
    CHECK(set_link_field(s, "costV", "20.000").ok());  // a link writes numbers with a point, in any language
    CHECK(s.cost.V == 20);
    set_english();
}

TEST_CASE("a message's limits are written the language's way: counts grouped, decimals with its point", "[i18n]") {
    int64_t n = 0;
    const auto link_error = [](const char* link) {
        AppState s;
        const LinkMessages m = decode_link(link, s);
        return m.errors.empty() ? std::string() : m.errors[0];
    };
    CHECK(check_whole("0", 1, 100000, n) == "'0' is out of range (1 to 100,000)");
    CHECK(link_error("V=0") == "V: '0' is out of range (1 to 100,000) (still using 3)");
    CHECK(link_error("mom=1.5") == "mom: '1.5' is out of range (0 to 0.999) (still using 0)");
    REQUIRE(set_language("de", english_as_catalog()).ok);  // the same words: only the numbers change
    CHECK(check_whole("0", 1, 100000, n) == "'0' is out of range (1 to 100.000)");
    CHECK(link_error("V=0") == "V: '0' is out of range (1 to 100.000) (still using 3)");
    CHECK(link_error("mom=1.5") == "mom: '1.5' is out of range (0 to 0,999) (still using 0)");  // the link's text as it came
    CHECK(link_error("lr=0,5x") == "lr: '0,5x' is not a number (still using 0,1)");  // what it keeps, as the page writes it
    CHECK(link_error("mom=1,5") == "mom: '1,5' is out of range (0 to 0,999) (still using 0)");  // a decimal comma read, quoted as written
    set_english();
}
