// The running app: the learner's state, what the core computed from it, and the
// text the learner typed (kept even when it does not parse, so nothing is lost).
#pragma once
#include <string>
#include <vector>

#include "core/lesson.h"
#include "state/app_state.h"
#include "state/link.h"

namespace el {

// One cell being edited in a grid (table W or upstream G): the text stays as typed
// until it parses; the error says what was wrong with it.
struct CellEditor {
    int row = -1, col = -1;  // -1: nothing being edited
    char text[72] = "";
    std::string error;
    bool focus_pending = false;
};

struct App {
    AppState state;
    LessonResult result;     // last good result
    std::string result_error;  // why the last compute was refused (empty when fine)

    // Fields the learner types into.
    char ids_text[4096] = "1";
    std::string ids_error;
    int V_input = 3, d_input = 3;
    std::string size_error;
    CellEditor table_editor, upstream_editor;

    // Share link: what the last loaded link said, and the link of the current state.
    LinkMessages link_messages;
    bool link_dirty = true;   // the state changed since the URL was last written
    std::string share_text;   // the link or embed code shown for copying

    // Platform facts the UI needs.
    float dpr = 1.0f;  // device pixels per CSS pixel; ImGui works in device pixels
};

// Recomputes `result` from `state` through the core; on refusal keeps the last
// good result and sets result_error. Marks the share link for rewriting.
void recompute(App& app);

// Replaces the state with a share link's (as a pasted link would); the text
// fields follow the new state. Returns what was rejected or ignored.
const LinkMessages& apply_link(App& app, std::string_view fragment);

// Speaks the key result in words to the page's aria-live region.
std::string describe_result(const App& app);

}  // namespace el
