// The picture's UI state: the highlight (hovered this frame, shown the next; or pinned) and the
// walk's clock. Drawing is in panels_picture.cpp.
#include "picture_ui.h"

#include <algorithm>

#include "app.h"
#include "imgui.h"
#include "main.h"
#include "platform_web.h"

namespace el {

int HighlightedId(const App& app) {
    const PictureUi& p = app.picture;
    const int id = p.hover_id >= 0 ? p.hover_id : p.pinned_id;
    return id >= 0 && id < app.state.V ? id : -1;
}

Highlight CurrentHighlight(const App& app) {
    Highlight h;
    const int id = HighlightedId(app);
    if (id >= 0) highlight_for(app.state.ids, app.state.V, id, h);
    return h;
}

// Not under a finger, nor where it lifted: a scroll passing over the row labels lit id after id, and
// the screen reader's line changed with each (16 times in one drag). A tap pins the id instead (its click).
void NoteHoveredId(App& app, int id) {
    if (!TouchInput()) app.picture.hover_next = id;
}

void PictureFrameStart(App& app) {
    PictureUi& p = app.picture;
    if (p.hover_next != p.hover_id) WakeUp();  // one more frame draws the new highlight
    p.hover_id = p.hover_next;
    p.hover_next = -1;
    const LessonResult& r = app.derived.result;
    Walk& w = p.walk;
    // The state changed under it (new ids, a W cell, a step): its id and sum would be stale.
    if (w.b >= 0 && app.commits.state != p.walk_revision) w = Walk{};
    if (w.running) {
        // Wall-clock pace, so slow frames (a loaded machine, software WebGL) do not stretch the walk;
        // only a long stall (a hidden tab) is not made up at once.
        const double dt = std::min(double(ImGui::GetIO().DeltaTime), 0.5);
        walk_advance(w, lookup_table(r, app.state).data(), r.d, dt, walk_terms_per_second(w.V, p.walk_speed));
        if (w.done() && p.walk_done_frame < 0) p.walk_done_frame = g_frame_stats.frames;
    }
}

bool PictureBusy(const App& app) { return app.picture.walk.running; }

Status StartWalk(App& app, int b, int c) {
    PictureUi& p = app.picture;
    const LessonResult& r = app.derived.result;
    if (r.B == 0 || lookup_table(r, app.state).empty()) return Status::Fail("walk: nothing computed yet");
    Status st = walk_start(p.walk, app.state.ids, r.V, r.d, b, c);
    if (!st.ok()) return st;
    p.selected_b = b, p.selected_c = c;
    p.walk_started_frame = g_frame_stats.frames, p.walk_done_frame = -1, p.walk_revision = app.commits.state;
    if (p.reduced_motion) {  // no animation: the end state at once
        walk_skip_to_end(p.walk, lookup_table(r, app.state).data(), r.d);
        p.walk_done_frame = g_frame_stats.frames;
    } else {
        p.walk.running = true;
    }
    WakeUp();
    return st;
}

}  // namespace el
