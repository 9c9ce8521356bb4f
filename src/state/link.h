// Share links: the whole AppState in a URL fragment, readable and guessable by hand.
//
//   #v=1&V=3&d=3&init=example&seed=42&ids=1,1,2&cells=1:2:2.5&opt=adamw&lr=0.01
//
// Every field is declared once in the table in link.cpp {key, type, limits}; one loop
// encodes, one decodes. Choices go by name, never by index. The table W travels as its
// generator (init, seed) plus the cells that differ from it; the upstream gradient as the
// cells that differ from the default [0.01, -0.02, 0.03]. Floats are written with the
// shortest text that parses back to the same float32, so every value round-trips exactly.
//
// Decoding starts from the defaults, so a link that gives some keys gets defaults for the
// rest. A bad value is rejected with a message naming the field and the reason, and the
// rest of the link still applies. Unknown keys are ignored with a notice. Nothing a link
// says can make the page allocate past the limits.
#pragma once
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "app_state.h"

namespace el {

constexpr int kLinkVersion = 1;
constexpr size_t kMaxLinkBytes = 64 * 1024;  // longer fragments are refused whole
// Whether decode_link would read `link` (a fragment without '#'): a state whose link does not fit
// cannot be shared by link, and the page says so rather than write or copy one it would refuse.
inline bool link_fits(std::string_view link) { return link.size() <= kMaxLinkBytes; }

// Each list holds at most this many lines; past it, the last line counts the rest ("... and 12 more").
constexpr size_t kMaxListedMessages = 8;
struct LinkMessages {
    std::vector<std::string> errors;   // rejected values: "V: '0' is out of range (1 to 100000)"
    std::vector<std::string> notices;  // harmless: unknown keys, repeated keys
    int errors_left_out = 0, notices_left_out = 0;  // counted in the list's last line, not listed
    bool none_applied = false;         // refused whole (too long): the state is left as it was
    bool ok() const { return errors.empty(); }
    // Every error, listed or not (the last line of a folded list is not one).
    int error_count() const { return int(errors.size()) - (errors_left_out > 0) + errors_left_out; }
};

// The fragment without '#': "v=1&V=3&...". Fields at their default are left out,
// except v, V, d, init and ids, which make a link readable on its own.
std::string encode_link(const AppState& s);

// A set of names as a comma list (panels=, lock=, hide=): bit i stands for names[i]. Decoding
// refuses a name not in the list, naming it as `what` ("a panel") with the known ones; given
// `unknown`, it leaves such a name out instead, its message added there, and keeps the others.
std::string encode_name_list(uint32_t bits, const char* const* names, int count);
Status decode_name_list(std::string_view text, const char* const* names, int count, const char* what,
                        uint32_t& bits, std::vector<std::string>* unknown = nullptr);
// The same, keeping the known names and saying the others in `unknown`; refused (`bits` unchanged)
// only when no name is known and one was given.
Status decode_known_names(std::string_view text, const char* const* names, int count, const char* what,
                          uint32_t& bits, std::vector<std::string>& unknown);

// Applies a fragment (with or without the leading '#') onto a fresh default state.
// `out` is replaced (left as it was when the link is refused whole: none_applied); messages say
// what was rejected or ignored. `base`: settings (a link's key=value pairs) that stand where the
// fragment gives none or a refused value (an embed's teacher's, app.cpp); they draw no messages.
LinkMessages decode_link(std::string_view fragment, AppState& out, std::string_view base = {});

// One field of the table, for documentation and the fuzzer: key, and what it holds.
struct LinkFieldInfo {
    const char* key;
    const char* meaning;
};
std::vector<LinkFieldInfo> link_fields();

// One field's value as the link writes it (not percent-encoded), even at its default; false for
// a key the table does not have.
bool link_value(const AppState& s, std::string_view key, std::string& out);
// The same as the page's field for it shows it: padding_idx's "none" and max_norm's "off" in the
// page's language ("keine", "aus" in German), which type_link_field reads back, as a link does.
bool typed_link_value(const AppState& s, std::string_view key, std::string& out);
// The same as a JSON value (src/state/json_writer.h): a number for Int and Float fields, true or
// false for Bool, the choice's name for Choice, the link's text for the others.
bool link_value_json(const AppState& s, std::string_view key, std::string& out);
// Every field of the table as one JSON object keyed by link key: embeddingLab.snapshot().settings.
std::string link_settings_json(const AppState& s);

// Sets one field from its text exactly as a link's key=value would (the same parse, limits and
// message); a key the table does not have is refused. On failure `s` may be half-changed: pass a copy.
// `notices` (when given) gets what a link would note of the value ("an empty entry ... was left out").
Status set_link_field(AppState& s, std::string_view key, std::string_view text, std::vector<std::string>* notices = nullptr);
// The same from text typed into the page's field for it, in the page's language: a number may have a
// decimal comma ("0,5" in German) and a count the language's thousands separators ("50.000", "50,000").
// The message quotes the text as typed.
Status type_link_field(AppState& s, std::string_view key, std::string_view typed, std::vector<std::string>* notices = nullptr);

// The fields among `keys` that are not at their default, as encode_link writes them ("&key=value"
// each, in the table's order): what a link would carry of those keys alone; those `link` names
// already left out (a key given twice draws a notice).
std::string encode_link_keys(const AppState& s, std::initializer_list<std::string_view> keys, std::string_view link = {});

// A fragment's raw "key=value" pairs, in order ('#' and empty pairs left out), and one pair's key and
// value decoded (false without '=' or with a broken escape).
std::vector<std::string> link_pairs(std::string_view fragment);
bool link_pair(std::string_view pair, std::string& key, std::string& value);

// Percent-encodes everything but unreserved characters and , : + (kept readable; a
// fragment's + is a plus, never a space).
std::string percent_encode(std::string_view text);
// Decodes %XX escapes; false on a broken escape ("%4", "%zz").
bool percent_decode(std::string_view text, std::string& out);

}  // namespace el
