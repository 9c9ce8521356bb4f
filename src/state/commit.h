// The one rule for a change: every edit of the state goes through commit(), which bumps a
// revision. What follows from the state is brought up to date from the revisions alone:
//   derived data (derived.h) older than the state is recomputed (refresh_derived);
//   the address older than the state is rewritten once no widget is active (link_due).
// Pure: the app (src/app/app.h) calls these; the Catch2 suite drives them natively.
#pragma once
#include <cstdint>
#include <string>

#include "app_state.h"
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

}  // namespace el
