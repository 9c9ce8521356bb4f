#include "commit.h"

#include <cstdio>

#include "parse.h"

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

template <size_t N>
static void refresh_field(TextField<N>& f, const std::string& value, bool replace_typed) {
    if (f.shown == value && !replace_typed) return;  // unchanged: keep what the learner typed, message and all
    std::snprintf(f.text, N, "%s", value.c_str());
    f.error.clear(), f.notice.clear();
    f.shown = value;
}

bool refresh_text(const CommitLog& log, const AppState& s, TextFields& t, bool widget_active, bool replace_typed) {
    if (t.revision == log.state || widget_active) return false;
    refresh_field(t.ids, format_ids(s.ids), replace_typed);
    refresh_field(t.offsets, format_ids(s.offsets), replace_typed);
    if (replace_typed || t.size.shown_V != s.V || t.size.shown_d != s.d) {
        t.size.V = t.size.shown_V = s.V;
        t.size.d = t.size.shown_d = s.d;
        t.size.error.clear();
    }
    t.revision = log.state;
    return true;
}

}  // namespace el
