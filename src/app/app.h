// The running app: the learner's state, what the core computed from it, and the
// text the learner typed (kept even when it does not parse, so nothing is lost).
#pragma once
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "budget_lab.h"
#include "core/lesson.h"
#include "cost_run.h"
#include "picture_ui.h"
#include "state/app_state.h"
#include "state/commit.h"
#include "state/derived.h"
#include "state/link.h"
#include "state/tour.h"
#include "teach_view.h"
#include "training_lab.h"

namespace el {

// One cell being edited in a grid (table W or upstream G): the text stays as typed
// until it parses; the error says what was wrong with it.
struct CellEditor {
    int row = -1, col = -1;  // -1: nothing being edited
    char text[72] = "";
    std::string error;
    int error_row = -1, error_col = -1;  // the cell the error names (-1: none, or not a cell's)
    // A message, with the cell it names (none: a lock's, say), set together so that no message keeps
    // an older one's cell: Commit drops a message whose cell is gone.
    const std::string& Refuse(std::string message, int r = -1, int c = -1) {
        error_row = r, error_col = c, refused.clear();
        return error = std::move(message);
    }
    // Text refused for the cell the error names: its message, in the page's language, is made from it
    // (RefuseCellText), and made again when the language changes (it stayed in the old one).
    std::string refused;
    bool focus_pending = false;
    bool opening = false;       // opened, its field not yet active (it takes keys a frame or two later)
    bool caret_to_end = false;  // typed into before it took the keys, or opened so (DrawCellEditor)
    // Closed from the keyboard (Enter, Escape): the field that had the keyboard focus is gone, so
    // the focus goes back to its cell, where Tab and the arrows carry on (else they found nothing).
    // Also W's first cell after a preset picked from the keyboard (App::link_focuses_table).
    int refocus_row = -1, refocus_col = -1;
    // Left open with refused text and the keyboard on its field (no longer taking keys): Escape drops
    // the edit there too (el_input_key), as it does while typing.
    bool escape_drops = false;
};

// Where the learner is in the guided tour and the self-check (not part of links:
// a link carries the tour depth and step themselves).
struct TourProgress {
    uint32_t focus = 0;            // the panel the current step points at
    bool scroll_to_focus = false;  // bring it into view (ui.cpp: until it stays put, a few frames at most)
    int scroll_frames = 0;         // frames spent bringing it into view
    float section_top = -FLT_MAX;  // where the step's section of its panel begins, once built this frame (TourSection)
    bool focus_in_view = false;    // on screen in the last frame built: a resize (a phone turned) frames it again
    TourDepth resume_depth = TourDepth::None;  // left mid-tour: where "Resume" goes
    int resume_step = 0;
    TourDepth finished = TourDepth::None;      // the depth just finished (a closing line)
    bool keyboard_follows = false; // started or left with the keyboard: its next button gets the focus
    bool text_folded = false;      // on a small screen, the step's text hidden (ShowTourBar); a new step shows it
    bool answer_shown[kFollowUpQuestions] = {};  // follow-up questions revealed
    int claim_answer[kWrongClaims] = {-1, -1, -1, -1, -1, -1, -1};  // self-check: -1 unanswered, 0 false, 1 true
    static_assert(kWrongClaims == 7, "claim_answer starts with one -1 per claim");
};

struct App {
    AppState state;      // what a link serialises; changed only through Commit
    Derived derived;     // computed from `state` (src/state/derived.h)
    CommitLog commits;   // the revisions of state, derived and address (src/state/commit.h)

    CellEditor table_editor, upstream_editor;
    // A preset picked from the keyboard: the keyboard goes to W's first cell with the link it
    // opens (apply_link), at the top of the page, not left on the preset far below.
    bool link_focuses_table = false;
    // A link's section= (state.section): opened and brought into view, a few frames at most (panels_experiments.cpp).
    bool scroll_to_section = false;
    // A link (or setField) that turns a lookup option on opens their section: the settings shown, not only their effects.
    bool open_lookup_options = false;
    // The value "Put inf" replaced in W[0][c]: "Restore W" puts it back, and only it (it made the whole
    // table again from its fill, and a learner's edits went with it). NaN: none kept (a link's inf).
    float inf_replaced = NAN;

    // Share link: what the last loaded link said, and the link of the current state.
    LinkMessages link_messages;
    std::string link_awaiting_language;  // a link applied before its language's catalog came (apply_link)
    uint64_t link_revision = 0;          // the state's revision it left
    std::string share_text;   // the link or embed code shown for copying
    std::string copied;       // the last text the browser said it copied (el_copied)
    // The current state's link is longer than a link may be (kMaxLinkBytes): its length, else 0.
    // Then the address keeps the last link that fit, and the header says so (ShowLinkOverLimit).
    size_t link_over_limit = 0;
    bool link_not_copied = false;  // Copy link or an embed code was pressed then: nothing was copied

    TourProgress tour;
    std::string language_message;  // why the page is not in the language asked for ("": it is)
    bool language_pending = false;  // a language asked for whose catalog has not come yet

    TrainingLab training;  // the training and frequency panels (training_lab.h)
    CostRun cost_run;      // the cost-at-scale benchmark (cost_run.h)
    PictureUi picture;     // what is highlighted, and the walk (picture_ui.h; not in links)
    TeachView teach;       // teacher controls and question cards (panels_teach.cpp)
    BudgetLab budget_lab;  // the deeper tier's experiments (budget_lab.h)

    // Platform facts the UI needs.
    float dpr = 1.0f;  // device pixels per CSS pixel of the layout (devicePixelRatio x zoom); ImGui works in device pixels
    float pixel_ratio = 1.0f;  // the canvas's device pixels per CSS pixel (devicePixelRatio): places given to the DOM
    float zoom = 1.0f;  // two fingers apart on a phone: text and controls larger, as the browser's zoom on a computer
    bool touch = false;  // a finger is the main pointer (pointer: coarse): targets at least 24 px tall

    // Fields the learner types into: written from the state at the end of a frame
    // (refresh_text in src/state/commit.h), by the learner in between. Last: their 26 KB of
    // text before the other members made each of those offsets a byte longer in the code.
    TextFields text;
};

// The one call for a change of app.state ("what" names it): bumps the state's revision and
// brings app.derived up to date at once, so panels drawn later in the same frame read
// results of the new state. The address follows at the end of the frame (EndFrameCommit).
void Commit(App& app, const char* what);

// Typed edits, shared by the canvas's fields and the text view (JS API): each keeps the text as
// typed, with a message when it is refused (the state is then unchanged), and commits when not.
// The ids field's edit from its first change to its end: G and the bags' offsets as they were then.
// A batch retyped on the canvas passes through shorter ones ("2" on the way to "2, 0, 2, 1"), each
// committed as it is typed; each is fitted from these, so that G's edited rows are not cut on the way.
struct IdsEditStart {
    bool valid = false;
    int d = 0;
    std::vector<float> upstream;
    std::vector<int> offsets;
};
void EditIds(App& app, const char* text, const IdsEditStart* start = nullptr);  // the batch, "1, 1, 2"
void SetIds(App& app, std::vector<int> ids);  // ids already checked (clicked, drawn); G and offsets follow
void EditSize(App& app, int V, int d);     // V and d, as the Resize button applies them
// A cell's text refused (W, or G with upstream): "W[2][1]: '0,5x' is not a number (the cell keeps 0.6)"
// in the editor's error, the same from the canvas and the text view.
const std::string& RefuseCellText(App& app, bool upstream, int r, int c, std::string_view text);

// At the end of every frame: derived data older than the state is recomputed; once no
// widget is active, the address and the text fields older than the state are rewritten.
void EndFrameCommit(App& app, bool widget_active);

// Replaces the state with a share link's (as a pasted link would); the text
// fields follow the new state. Returns what was rejected or ignored.
const LinkMessages& apply_link(App& app, std::string_view fragment);

// A link the page follows within itself (a tour step, a preset, "show me"): `link` and, where it does
// not set them, how the page is shown now: its language, theme and view (canvas or text), and in a
// course page its mode, panels, question cards, height and locks (its frame was sized for them, and
// they are the teacher's; a full page shows every panel).
std::string LinkKeepingPage(const App& app, std::string link);
// Only the course page's part (mode, panels, question cards, height and locks): what setLink and a new
// address keep in an embed.
std::string LinkKeepingEmbed(const App& app, std::string link);

// The language the state asks for (lang=, else the browser's) made the active one, once its
// catalog is there (src/i18n; glue.js fetches it): called before every frame is built.
// A catalog that cannot be used leaves the page in English with a message (language_message).
// A link's messages are in the language it asks for (apply_link switches to it first, or
// applies the link again once its catalog has come).
void ApplyLanguage(App& app);

// A running experiment (the frequency run, the cost benchmark, the budget run) holds its settings, as
// the canvas greys them out: for a link key of those settings, why it cannot change now, else "".
// The JS API refuses such a key (el_set_field) and the text view shows it read-only with the reason.
std::string RunHoldsKey(const App& app, std::string_view key);

// Speaks the key result in words to the page's aria-live region.
std::string describe_result(App& app);  // not const: it asks whether a question card covers dW

}  // namespace el
