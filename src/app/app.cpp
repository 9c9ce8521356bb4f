#include "app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "browser.h"
#include "i18n/i18n.h"
#include "panels.h"
#include "state/parse.h"
#include "state/teach.h"
#include "widgets.h"

namespace el {

// The derived results of the latest revision; a training session follows max_norm's rescale by the
// lookup (training_follow_lookup): a new batch is looked up, as in PyTorch, without resetting the optimizer.
static void RefreshDerived(App& app) {
    if (refresh_derived(app.commits, app.state, app.derived)) training_follow_lookup(app.training.session, app.state);
}

// A refused cell's message, and its open editor, go with the cell when a resize (or a shorter batch,
// for G) takes it away: "W[2][2]: ... (the cell keeps 0.9)" would name a cell the table no longer has.
static void DropGoneCell(CellEditor& ed, int rows, int cols) {
    if (ed.row >= rows || ed.col >= cols) ed.row = ed.col = -1;
    if (ed.error_row >= rows || ed.error_col >= cols) ed.error.clear(), ed.error_row = ed.error_col = -1;
}

void Commit(App& app, const char* what) {
    commit(app.commits, what);
    DropGoneCell(app.table_editor, app.state.V, app.state.d);
    DropGoneCell(app.upstream_editor, app.state.B(), app.state.d);
    RefreshDerived(app);
}

void EndFrameCommit(App& app, bool widget_active) {
    RefreshDerived(app);
    refresh_text(app.commits, app.state, app.text, widget_active);
    if (!link_due(app.commits, widget_active)) return;
    // A link the page would refuse is never written: opening it would apply nothing. The address
    // keeps the last link that fit, and the header says the edits since are on the page only.
    const std::string link = encode_link(app.state);
    app.link_over_limit = link_fits(link) ? 0 : link.size();
    if (!app.link_over_limit) browser_replace_hash(link.c_str()), app.link_not_copied = false;
    link_written(app.commits);
}

void EditIds(App& app, const char* text, const IdsEditStart* start) {
    auto& field = app.text.ids;
    if (text != field.text) std::snprintf(field.text, sizeof field.text, "%s", text);
    std::vector<int> ids;
    std::string notice;
    const Status st = parse_ids(text, app.state.V, ids, &notice);  // the whole text, even past the field's room
    field.error = st.ok() ? "" : format(TR(lesson_still_using), st.error.c_str(), format_ids_brief(app.state.ids).c_str());
    field.notice.clear();
    if (!st.ok()) {
        // The batch in use is what this edit committed last ("2" of "2, 7"): the refused text and its
        // message stay once the edit ends (refresh_text rewrites only a field behind the state).
        field.shown = format_ids(app.state.ids);
        return;
    }
    if (start && start->valid && start->d == app.state.d) app.state.upstream = start->upstream, app.state.offsets = start->offsets;
    SetIds(app, std::move(ids));
    // "1,,2" taken as 1, 2: the text stays as typed, with a word on the entry left out (refresh_text
    // keeps a field that shows the state's value).
    if (!notice.empty()) field.notice = std::move(notice), field.shown = format_ids(app.state.ids);
}

void SetIds(App& app, std::vector<int> ids) {
    app.state.ids = std::move(ids);
    fit_upstream(app.state, app.state.d);  // G and the bags' offsets follow the ids
    Commit(app, "ids");
}

void EditSize(App& app, int V, int d) {
    SizeField& size = app.text.size;
    size.V = V, size.d = d;
    const Status st = resize_table(app.state, V, d);
    size.error = st.error;
    if (!st.ok()) return;
    fit_upstream(app.state, app.state.d);
    Commit(app, "table size");
}

// The language a link asks for: its lang= value, or "" for the browser's (no lang=, auto, or a code
// the page does not have, which decoding refuses). Read before the link is decoded, so that what
// decoding says can be said in that language.
static std::string LinkLanguage(std::string_view fragment) {
    for (const std::string& pair : link_pairs(fragment)) {
        std::string key, value;
        if (link_pair(pair, key, value) && key == "lang") return find_language(value) ? value : "";  // the first counts, as in decode_link
    }
    return "";
}

enum class LanguageChange { None, Switched, Pending };

// Makes `code` ("": the browser's) the active language, once its catalog is there (glue.js fetches
// it and wakes the page when it comes: Pending until then). A catalog that cannot be used leaves
// the page in English with a message (language_message).
static LanguageChange SetLanguage(App& app, const std::string& code) {
    static const std::string browser = browser_language();  // asked once: this runs before every frame
    static std::string refused;  // a language whose catalog could not be used: its message stays up
    const std::string& wanted = code.empty() ? browser : code;
    if (wanted == refused) return LanguageChange::None;
    if (wanted == active_language().code) {  // nothing to load; a message about another language goes
        if (!refused.empty()) refused.clear(), app.language_message.clear();
        return LanguageChange::None;
    }
    const bool english = wanted == kLanguages[0].code;  // built in
    const std::string catalog = english ? "" : browser_catalog(wanted.c_str());
    if (!english && catalog.empty()) return LanguageChange::Pending;
    const CatalogResult r = english ? (set_english(), CatalogResult{true, "", 0})
                            : catalog[0] == '!' ? CatalogResult{false, catalog.substr(1), 0}
                                                : set_language(wanted, catalog);
    if (!r.ok) set_english(), refused = wanted;
    const Language* lang = find_language(wanted);
    app.language_message = !r.ok ? format(TR(page_language_failed), lang ? lang->name : wanted.c_str(), r.error.c_str())
                           : r.refused ? format(TR(page_language_refused), r.refused) : "";
    browser_set_document_language(active_language().code);
    Commit(app, "language");  // the fields, the screen-reader line and the text view are written anew
    // A cell's refusal said again in the new language, or gone where its text now reads (0,5 in German).
    for (const bool upstream : {false, true})
        if (CellEditor& ed = upstream ? app.upstream_editor : app.table_editor; !ed.error.empty() && !ed.refused.empty())
            RefuseCellText(app, upstream, ed.error_row, ed.error_col, std::string(ed.refused));  // (a copy: it is cleared)
    CheckRefusedTextAgain();  // and a number field's, as its field is built next
    app.budget_lab.question_ready = false;  // the hashing question, written anew (it stayed in the old language)
    return LanguageChange::Switched;
}

const std::string& RefuseCellText(App& app, bool upstream, int r, int c, std::string_view text) {
    CellEditor& ed = upstream ? app.upstream_editor : app.table_editor;
    const std::vector<float>& grid = upstream ? app.state.upstream : app.state.W;
    float v = 0.0f;
    const Status st = parse_float_shown(text, v);
    const size_t i = size_t(r) * size_t(app.state.d) + size_t(c);
    if (st.ok() || i >= grid.size()) return ed.Refuse("");
    // Several numbers (a copied row pasted into one cell): said so, not "not a number".
    const int n = count_numbers(text);
    const std::string why = n ? format(TR(msg_cell_several), quote_text(text, 24).c_str(), n) : st.error;
    ed.Refuse(format(TR(msg_cell_refused), upstream ? "G" : "W", r, c, why.c_str(), display_float(grid[i]).c_str()), r, c);
    ed.refused = text;
    return ed.error;
}

static const char* const kFrequencyKeys[] = {"zipf", "fV", "fseed", "fsteps", "ffreqscale", "flazy", "fwd"};
static const char* const kCostKeys[] = {"costV", "costd", "costB", "reps"};
static const char* const kBudgetKeys[] = {"bV", "bd", "bk", "br", "bN", "bsk", "bzipf", "bseed", "bsteps"};

std::string RunHoldsKey(const App& app, std::string_view key) {
    auto among = [&](const auto& keys) { return std::find(std::begin(keys), std::end(keys), key) != std::end(keys); };
    const bool held = (app.training.frequency.running && among(kFrequencyKeys)) ||
                      (app.cost_run.running() && among(kCostKeys)) || (app.budget_lab.run.running && among(kBudgetKeys));
    return held ? format(TR(labs_run_holds), std::string(key).c_str()) : "";
}

// A link that changes a running experiment's settings (a preset, a tour step, one pasted) stops that
// run: its figures would belong to settings the page no longer shows.
static void StopRunsLinkChanged(App& app, const FrequencySettings& frequency, const CostShape& cost,
                                const BudgetSettings& budget) {
    if (app.training.frequency.running && !(app.state.frequency == frequency)) CancelFrequencyRun(app);
    if (app.cost_run.running() && !(app.state.cost == cost)) CancelCostRun(app);
    if (app.budget_lab.run.running && !(app.state.budget == budget)) CancelBudgetRun(app);
}

// An embed's frame and lesson, the teacher's: later links keep them (LinkKeepingEmbed, apply_link).
static constexpr std::initializer_list<std::string_view> kTeacherKeys = {"embed", "panels", "quiz", "height", "maxheight",
                                                                          "lock", "linklocks", "hide"};

const LinkMessages& apply_link(App& app, std::string_view fragment) {
    // Under a teacher's locks the keys they cover keep the page's values (src/state/teach.h).
    HeldLink held = hold_locked_fields(fragment, app.state);
    // What the link says about itself, in the language it asks for: that language first, when
    // its catalog is there; otherwise the link is applied again once it has come (ApplyLanguage).
    app.link_awaiting_language.clear();
    const LanguageChange language = SetLanguage(app, LinkLanguage(held.fragment));
    if (language == LanguageChange::Switched) held = hold_locked_fields(fragment, app.state);  // said anew
    const FrequencySettings frequency = app.state.frequency;
    const CostShape cost = app.state.cost;
    const BudgetSettings budget = app.state.budget;
    // A link refused whole (only one too long is) leaves the page as it was. Any other replaces the
    // table: the old state's (V,d) buffers (W, the derived data, the training session's tables and
    // optimizer state) go first, so that the heap never holds two large states at once.
    std::string_view body = held.fragment;
    if (!body.empty() && body[0] == '#') body.remove_prefix(1);
    if (link_fits(body)) {
        std::vector<float>().swap(app.state.W);  // decode_link replaces the whole state
        release_tables(app.derived);
        app.training.session = TrainingSession{};
    }
    // In an embed, a teacher's key the link gives a refused value keeps the teacher's ("panels=foo" had
    // made the frame the whole page; "embed=maybe" left embed mode, "still using 0").
    const std::string teacher = app.state.embed ? encode_link_keys(app.state, kTeacherKeys) : std::string();
    app.link_messages = decode_link(held.fragment, app.state, teacher);
    if (app.link_messages.none_applied) {  // refused whole: the page stays as it was, with the message
        Commit(app, "link refused");
        link_written(app.commits);  // and the address keeps the link as given, to be mended (a setLink's: el_set_link)
        return app.link_messages;
    }
    StopRunsLinkChanged(app, frequency, cost, budget);
    // The training lab's steps, optimizer state and Reset belonged to the table before the link
    // (its Reset would have brought that table back over the link's).
    TrainingLab& lab = app.training;
    lab.session = TrainingSession{}, lab.error.clear(), lab.page_renormed_rows.clear();
    lab.selected_row = -1, lab.follow_up_asked = false;
    // The deeper build's links say so, whatever link it was given (panels.h).
    if (kDeeperTierLoaded) app.state.deeper_tier = true;
    // First: a long list of the link's own ends in "... and N more", which stays last.
    auto& said = app.link_messages;
    said.errors.insert(said.errors.begin(), held.errors.begin(), held.errors.end());
    said.notices.insert(said.notices.begin(), held.notices.begin(), held.notices.end());
    // No theme in the link: the system's preference (prefers-contrast, forced colours, dark), not written back.
    if (app.state.theme_follows_system) app.state.theme = Theme(browser_preferred_theme());
    app.table_editor = {}, app.upstream_editor = {};
    if (app.link_focuses_table) app.table_editor.refocus_row = app.table_editor.refocus_col = 0;
    app.link_focuses_table = false;
    Commit(app, "link");
    app.scroll_to_section = app.state.section != 0;
    const EmbeddingOptions& o = app.state.lookup;
    app.open_lookup_options = o.padding_idx || o.max_norm || o.scale_grad_by_freq || o.sparse;
    // A link (a preset, a tour step) replaces what was typed, refused text and its message too, also
    // where it leaves the value as it was (a preset with the same batch kept "2, 7" and its message).
    refresh_text(app.commits, app.state, app.text, false, true);
    ForgetAllRefusedText();  // the number fields' (V, lr, ...) kept refusals go the same way
    link_written(app.commits);  // the address keeps the link as given until the learner edits
    // It loaded, so it fit; its state's link may still be longer (1e6 comes back as 1e+06).
    const std::string link = encode_link(app.state);
    app.link_over_limit = link_fits(link) ? 0 : link.size(), app.link_not_copied = false;
    if (language == LanguageChange::Pending) app.link_awaiting_language = std::string(fragment), app.link_revision = app.commits.state;
    return app.link_messages;
}

std::string LinkKeepingEmbed(const App& app, std::string link) {
    // Only keys the link does not name (it drew "'panels' is given more than once" for a course page's own).
    // An embed's frame and lesson are the teacher's: its panels, question cards and height (a tour
    // step dropped quiz= and height=auto, and the frame grew past its maxheight; a course page's
    // setLink made the frame the whole page). The locks and hidden controls hold anyway
    // (hold_locked_fields), unless linklocks=1 lets a link change them: one that names none leaves them.
    // A key named with a refused value keeps the teacher's too (apply_link's base).
    if (app.state.embed) link += encode_link_keys(app.state, kTeacherKeys, link);
    return link;
}

std::string LinkKeepingPage(const App& app, std::string link) {
    return LinkKeepingEmbed(app, link + encode_link_keys(app.state, {"lang", "theme", "view"}, link));
}

void ApplyLanguage(App& app) {
    const uint64_t revision = app.commits.state;
    const LanguageChange change = SetLanguage(app, app.state.lang);
    app.language_pending = change == LanguageChange::Pending;
    if (change != LanguageChange::Switched || app.link_awaiting_language.empty()) return;
    // The link that asked for this language came before its catalog: applied again, so that what
    // it said is said in it, unless the page has changed since (then its messages stay as they are).
    const std::string link = std::exchange(app.link_awaiting_language, {});
    if (revision == app.link_revision) apply_link(app, link);
}

// "0, 1, 2" for the live line: at most 8 rows, then "and N more".
static std::string row_list(const std::vector<int>& rows) {
    std::string out;
    for (size_t i = 0; i < rows.size() && i < 8; i++) out += (i ? ", " : "") + std::to_string(rows[i]);
    return rows.size() > 8 ? format(TR(lesson_live_list_more), out.c_str(), int(rows.size()) - 8) : out;
}

// The screen-reader line: the highlight, both routes' result and which rows the gradient reaches,
// as clauses joined by "; ", numbers in the page's language (0,4 in German). While a question card
// covers dW it says nothing of dW: neither the rows the gradient reaches nor the highlighted id's
// sum of g rows (the cards' answers).
std::string describe_result(App& app) {
    const LessonResult& r = app.derived.result;
    if (!app.derived.result_error.empty()) return format(TR(lesson_not_computed), app.derived.result_error.c_str());
    if (r.B == 0) return "";
    const bool covered = CardsHideGradient(app);
    std::string text = covered ? "" : describe_highlight(CurrentHighlight(app), r.padding_row, app.state.lookup.scale_grad_by_freq);
    if (!text.empty()) text += "; ";
    const char* sep = active_language().list_separator;
    auto row = [&](int b) {
        std::string v = "[";
        // As the cells show them (4 digits): 0.29700002, float32's 0.099 + 0.198, is 0.297 there; exact in the text view
        for (int c = 0; c < r.d && c < 8; c++) v += (c ? sep : "") + ShortNumber(r.gather[size_t(b) * r.d + c]);
        return v + (r.d > 8 ? std::string(sep) + "...]" : "]");
    };
    std::string rows;
    for (int b = 0; b < r.B && b < 4; b++) rows += (b ? ", " : "") + row(b);
    if (r.B > 4) rows = format(TR(lesson_live_list_more), rows.c_str(), r.B - 4);
    text += !r.one_hot_skipped.empty() ? format(TR(lesson_live_gather_only), rows.c_str())
            : r.equal                  ? format(TR(lesson_live_agree), rows.c_str())
                                       : format(TR(lesson_live_differ), int(r.differing_outputs.size()), rows.c_str());
    if (covered) return text;
    text += "; ";
    if (r.touched_rows.empty()) {
        const AppState& s = app.state;
        bool all_padding = r.B > 0 && r.padding_row >= 0, upstream_zero = true;
        for (int b = 0; b < r.B; b++)
            if (s.ids[size_t(b)] != r.padding_row) all_padding = false;
        for (float g : s.upstream)
            if (g != 0.0f) upstream_zero = false;
        text += all_padding     ? TR(lesson_live_grad_none_padding)
                : upstream_zero ? TR(lesson_live_grad_none_zero)
                                : TR(lesson_live_grad_none_cancel);
    } else {
        // Every row: "only" would name a restriction there is not.
        const char* said = int(r.touched_rows.size()) == r.V ? TR(lesson_live_grad_all)
                           : r.touched_rows.size() == 1     ? TR(lesson_live_grad_row)
                                                            : TR(lesson_live_grad_rows);
        text += format(said, row_list(r.touched_rows).c_str());
    }
    if (const BagView& v = app.derived.bag; !v.grad.empty()) {  // a bag on: the lookup's dW is not the bag's
        const std::string rows = row_list(v.grad_touched_rows);
        (text += "; ") += format(TR(lesson_live_bag_grad), rows.empty() ? TR(lesson_bag_none) : rows.c_str());
    }
    if (!r.grads_equal && r.one_hot_skipped.empty()) (text += "; ") += TR(lesson_grad_differ);
    return text;
}

}  // namespace el
