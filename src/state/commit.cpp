#include "commit.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "parse.h"

namespace el {

void commit(CommitLog& log, const char* what) {
    log.state++;
    log.last = what ? what : "";
}

// Row k of W (V,d) set to `values` (d,).
static void put_row(AppState& s, int k, const float* values) { std::copy_n(values, s.d, &s.W[size_t(k) * size_t(s.d)]); }
static bool row_is(const AppState& s, int k, const float* values) {
    return std::memcmp(&s.W[size_t(k) * size_t(s.d)], values, size_t(s.d) * sizeof(float)) == 0;
}

bool refresh_derived(CommitLog& log, AppState& s, Derived& d) {
    if (log.derived == log.state) return false;
    // The rows the last lookup rescaled, unedited since, are looked up as they were before it: the
    // lookup rescales them again as it did (then s.written_back keeps them, and the link carries them
    // as they were), unless this revision's lookup leaves them otherwise (other ids, another max_norm):
    // then W keeps them as the last lookup left them (PyTorch's in-place write is W's own now), and the
    // lookup runs again on that W. Rows, not copies of W: B*d numbers.
    const LookupWriteBack last = std::move(s.written_back);
    s.written_back = {};
    std::vector<size_t> restored;  // indices into last.rows
    const size_t n = size_t(s.d);
    if (last.V == s.V && last.d == s.d)
        for (size_t i = 0; i < last.rows.size(); i++)
            if (row_is(s, last.rows[i], &last.after[i * n])) put_row(s, last.rows[i], &last.before[i * n]), restored.push_back(i);
    derive(s, d);
    write_back_max_norm(s, d);  // part of this revision's lookup, not a new edit
    std::vector<size_t> kept;  // the restored rows this lookup rescaled as the last one did
    for (size_t i : restored)
        if (row_is(s, last.rows[i], &last.after[i * n])) kept.push_back(i);
    if (kept.size() != restored.size()) {
        // Undone: this lookup's write-back, and the restore of the rows it left otherwise (those
        // stay as the last lookup left them). The lookup runs again on the table that is W now.
        const LookupWriteBack first = std::move(s.written_back);
        s.written_back = {};
        for (size_t j = 0; j < first.rows.size(); j++) put_row(s, first.rows[j], &first.before[j * n]);
        for (size_t i : restored)
            if (!std::binary_search(kept.begin(), kept.end(), i)) put_row(s, last.rows[i], &last.after[i * n]);
        derive(s, d);
        write_back_max_norm(s, d);
    }
    // W holds the lookup's table now (lookup_table): not kept twice.
    if (d.result_error.empty()) d.result.table.clear(), d.result.table.shrink_to_fit();
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
