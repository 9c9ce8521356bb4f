// The picture's UI state: what is highlighted and the walk. Not part of a link: it is
// where the learner is pointing, not what the lesson computes.
#pragma once
#include <cstdint>
#include <string>

#include "state/picture.h"

namespace el {

struct App;

struct PictureUi {
    int pinned_id = -1;   // set by a tap, click or Enter, or by embeddingLab.highlight(id)
    int hover_id = -1;    // hovered or keyboard-focused during the last frame
    int hover_next = -1;  // gathered while this frame is drawn
    int selected_b = 0, selected_c = 0;  // the output the walk computes (click out[b][c])
    Walk walk;
    float walk_speed = 1.0f;     // multiplies the default pace (walk_terms_per_second)
    bool reduced_motion = false; // prefers-reduced-motion: reduce (web/glue.js): no animation
    long long walk_started_frame = 0, walk_done_frame = -1;
    uint64_t walk_revision = 0;  // the state's revision it started at: any commit since ends it
};

// The highlighted id now (hover first, then pinned); -1 when none or no longer a row of W.
int HighlightedId(const App& app);
// The highlight with its positions, for the snapshot and the aria-live line.
Highlight CurrentHighlight(const App& app);
// A row, chip or label of `id` is hovered or focused: everything lights that id up next frame.
void NoteHoveredId(App& app, int id);
// Called at the start of each frame: this frame draws with what was hovered in the last one.
void PictureFrameStart(App& app);
// Walk while it runs (time passes); true while it needs frames.
bool PictureBusy(const App& app);
// Starts the walk for out[b][c] (under reduced motion: straight to its end state).
Status StartWalk(App& app, int b, int c);

std::string HighlightJson(const App& app);  // {"id", "positions"} or null (js_api_picture.cpp)

void ShowForwardPicture(App& app);   // onehot(ids) @ W = out, the gather beside it, the walk
void ShowBackwardPicture(App& app);  // onehot^T @ G = dW

}  // namespace el
