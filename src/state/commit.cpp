#include "commit.h"

namespace el {

void commit(CommitLog& log, const char* what) {
    log.state++;
    log.last = what ? what : "";
}

bool refresh_derived(CommitLog& log, AppState& s, Derived& d) {
    if (log.derived == log.state) return false;
    derive(s, d);
    write_back_max_norm(s, d);  // part of this revision's lookup, not a new edit
    log.derived = log.state;
    return true;
}

bool link_due(const CommitLog& log, bool widget_active) { return log.link != log.state && !widget_active; }

void link_written(CommitLog& log) { log.link = log.state; }

}  // namespace el
