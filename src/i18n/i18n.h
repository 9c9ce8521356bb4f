// The page's words (issue 15): one message catalog keyed by id. Every text the page shows
// is a message in messages.def, in English; another language is a file of the same ids
// (src/i18n/<lang>/*.txt, built into the site's lang/<lang>.json by build_catalog.py) that
// the page fetches only when a learner's link or browser asks for it. Pure C++: no UI header.
//
//   TR(table_title)                       the active language's text for that id
//   format(TR(table_params), V * d)       printf, with the language's decimal separator
#pragma once
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace el {

enum class Msg : uint16_t {
#define MSG(id, english) id,
#define MSG_JS(id, english) id,
#define MSG_DEEPER(id, english) id,
#include "messages.def"
#undef MSG
#undef MSG_JS
#undef MSG_DEEPER
    Count
};
constexpr int kMessageCount = int(Msg::Count);

const char* tr(Msg id);
#define TR(id) ::el::tr(::el::Msg::id)

// The texts web/text_view.js shows (MSG_JS), by name: the only names the page's code holds.
void for_each_js_word(void (*visit)(const char* name, Msg id, void* context), void* context);

// The English text compiled in ("" for the deeper tier's messages in the first page's build).
const char* english_text(Msg id);

struct Language {
    const char* code;  // in links: lang=de
    const char* name;  // in itself: "Deutsch"
    char decimal;      // how numbers are shown (not in links or exports): 0.5 / 0,5
    char thousands;    // in counts: 100,000 / 100.000
    const char* list_separator;  // between numbers in a shown vector: [0.4, 0.5] / [0,4; 0,5]
};
// The languages the page has a catalog for, English (the default) first.
extern const Language kLanguages[];
extern const int kLanguageCount;
const Language* find_language(std::string_view code);  // nullptr if none
const Language& active_language();

// A catalog as the page receives it: the fingerprint of the ids (catalog_fingerprint(), in hex),
// then one text per id in messages.def's order, each record ended by '\x1e'. A catalog of
// other ids (an older build) is refused whole; a text whose placeholders (%d, %s, %.3f ...)
// differ from the English one is refused alone and shown in English (`refused` counts them).
struct CatalogResult {
    bool ok = false;
    std::string error;
    int refused = 0;
};
CatalogResult set_language(std::string_view code, std::string_view catalog);
void set_english();

// FNV-1a over the ids' names, one per line: changes whenever an id is added, removed or moved.
uint64_t catalog_fingerprint();

// printf's conversions of `text`, in order, normalised ("%.3f" -> "f", "%lld" -> "lld", "%*d" -> "*d").
std::string placeholders(std::string_view text);

// printf, but floating-point conversions use `decimal` for the point (the active language's
// by default). Same results as vsnprintf otherwise, including buf == nullptr for the length.
int format_v(char* buf, size_t size, const char* fmt, va_list args, char decimal);
std::string format(const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
// A number already printed with a point ("0.5", from format_float) as the active language shows it.
std::string localized_number(std::string text);
// Text typed in the active language's way made ready for the parsers, where its decimal is ',': "0,5" ->
// "0.5", "1.234,5" -> "1234.5", "1.000.000" -> "1000000"; any other text as it is ("1.5", "0.001").
std::string number_from_locale(std::string_view text);
// A decimal typed in a language that groups thousands with a point, with one point that could be either
// ("1.000", "3.142": one thousand, or one?): the page asks, rather than take one of them silently.
bool point_or_grouping(std::string_view text);
// A whole number typed as the page writes counts, with the language's thousands separators
// ("50.000" in German, "50,000" in English): its digits alone ("50000"). Any other text is left as
// it is: a first group of 1 to 3 digits (not 0), then groups of exactly 3 ("0.001", "1.5" are no counts).
std::string without_grouping(std::string_view text);
// A whole number as typed in the active language, for the parsers: its grouping taken out first, then
// its decimal comma read ("50.000" -> "50000", "100,0" -> "100.0" in German; "1,000" stays 1 there).
std::string whole_from_locale(std::string_view text);
// A count with the language's thousands separators, as help texts and messages write limits:
// 100000 -> "100,000" ("100.000" in German).
std::string format_count(long long n);

}  // namespace el
