// Teacher controls: the link codecs of lock=, hide= and quiz=, what each lock covers, the one
// message a locked edit is refused with (canvas, text view, JS API and links alike), and the
// rule a later link follows while locks are in force.
//
// The rule: the link a page opens with is the teacher's. Its locks (and hidden controls) hold for
// the whole visit, unless that link says linklocks=1. A later link (setLink, a pasted address,
// a preset, a tour step, "Show me") is applied with the locks in force: every key a lock covers
// keeps the page's current value (a different value is refused with the lock's message), and the
// link's own lock= and hide= can add to the teacher's but never remove any.
// Pure: no UI header.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "app_state.h"
#include "core/status.h"

namespace el {

// The locks that hold given `locks`: table and ids hold size; upstream holds ids and size.
uint32_t lock_closure(uint32_t locks);
// Whether `lock` is in force for the state (through the closure).
bool is_locked(const AppState& s, Lock lock);
// The refusal, the same words everywhere: "locked by the teacher (lock=ids): the batch cannot be
// changed on this page".
std::string lock_message(Lock lock);
// Ok, or the refusal of the first of `locks` in force (for an edit that touches several).
Status check_unlocked(const AppState& s, uint32_t locks);

// The lock that covers a link key (0 for a key no lock covers).
Lock lock_of_key(std::string_view key);

bool is_hidden(const AppState& s, HideControl control);

// Link codecs: comma-separated names ("table,ids"). A name not known is left out, its message (with
// the known names) added to `unknown`, and the others kept: "lock=ids,tabel" still locks the ids (one
// typo unlocked everything). Refused only when no name is known.
std::string encode_locks(const AppState& s);
Status decode_locks(AppState& s, std::string_view text, std::vector<std::string>& unknown);
std::string encode_hidden(const AppState& s);
Status decode_hidden(AppState& s, std::string_view text, std::vector<std::string>& unknown);
// quiz=set or quiz=set:seed ("cards:7").
std::string encode_quiz(const AppState& s);
Status decode_quiz(AppState& s, std::string_view text);

// A later link under the locks of `current`: the fragment to decode instead (keys covered by a
// lock replaced by the current values, lock= and hide= joined with the current ones) and what
// was refused. With no lock in force, or linklocks=1, the fragment is passed through unchanged.
struct HeldLink {
    std::string fragment;
    std::vector<std::string> errors;   // "ids: locked by the teacher (lock=ids): ..."
    std::vector<std::string> notices;  // "lock: the teacher's locks stay: ..."
};
HeldLink hold_locked_fields(std::string_view fragment, const AppState& current);

// Text for an HTML attribute value in double quotes (& " < > escaped): the embed snippets of
// the share and teach panels.
std::string html_attribute(std::string_view text);

}  // namespace el
