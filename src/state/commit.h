// The one rule for a change: every edit of the state goes through commit(), which bumps a
// revision. What follows from the state is brought up to date from the revisions alone:
//   derived data (derived.h) older than the state is recomputed (refresh_derived);
//   the address older than the state is rewritten once no widget is active (link_due);
//   the text fields show the state's values again once no widget is active (refresh_text).
// Pure: the app (src/app/app.h) calls these; the Catch2 suite drives them natively.
#pragma once
#include <cstdint>
#include <string>

#include "app_state.h"
#include "core/limits.h"
#include "derived.h"

namespace el {

struct CommitLog {
    uint64_t state = 1;    // bumped by every commit
    uint64_t derived = 0;  // the state revision Derived was computed from
    uint64_t link = 0;     // the state revision the address holds
    std::string last;      // what the last commit changed ("ids", "table cell", ...), for debugging
};

// Records a change of the state ("what": a short name of it).
void commit(CommitLog& log, const char* what);

// Recomputes `d` (and writes the max_norm step back into W) if it is older than the state.
// Returns whether it recomputed.
bool refresh_derived(CommitLog& log, AppState& s, Derived& d);

// The address should be rewritten now: it is older than the state and no widget is held
// (a drag or a typed field rewrites it once, when the edit ends).
bool link_due(const CommitLog& log, bool widget_active);
// The address now holds the current state (written, or loaded from it).
void link_written(CommitLog& log);

// The fields the learner types into, kept as typed: a field whose text did not parse keeps the
// text and says why (nothing typed is lost), until the state's value it stands for changes by
// another route (a chip click, a resize, a link), which rewrites the text and clears the message.
template <size_t N>
struct TextField {
    char text[N] = {};
    std::string error;  // why `text` was not applied; empty when it was
    std::string notice; // applied, with a word on how it was read ("an empty entry ... was left out")
    std::string shown;  // the state's value the text was last written from
};
struct SizeField {  // V and d, applied together by the Resize button
    int V = 0, d = 0;
    std::string error;
    int shown_V = -1, shown_d = -1;
};
constexpr size_t digits_of(int n) { return n < 10 ? 1 : 1 + digits_of(n / 10); }
// Room for the longest text the page writes into each field, twice over for what a learner types or
// pastes: the largest batch (kMaxB ids of up to 5 digits, ", " between) and its bags' offsets (up to
// B). 4 KB had held 585 of 1,024 five-digit ids: editing the cut text in the field, or setIds, kept
// it and dropped the rest of the batch without a word.
constexpr size_t kIdsTextSize = 2 * size_t(kMaxB) * (digits_of(kMaxV - 1) + 2);
constexpr size_t kOffsetsTextSize = 2 * size_t(kMaxB) * (digits_of(kMaxB) + 2);
struct TextFields {
    TextField<kIdsTextSize> ids;          // "1, 1, 2"
    TextField<kOffsetsTextSize> offsets;  // the bags' start positions
    SizeField size;
    uint64_t revision = 0;  // the state revision the fields were last refreshed at
};

// Rewrites every field whose state value changed since it was written, unless a widget is
// held (the learner may be typing in it); replace_typed: every field, refused text and its message
// too, even where the value stayed (a link applied). Returns whether it looked at the state.
bool refresh_text(const CommitLog& log, const AppState& s, TextFields& t, bool widget_active, bool replace_typed = false);

}  // namespace el
