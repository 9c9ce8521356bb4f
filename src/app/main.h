// main.cpp's: the one app, its frame loop and what that loop measures.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>

#include "app.h"

namespace el {

extern App g_app;
void WakeUp();  // draw frames again (input, a state change from JS)
void KeepAwake();  // frames for another second, panels measured as they were (the pointer moved, the page scrolls)

// CPU time per drawn frame, for embeddingLab.frameStats(): the whole frame, and the
// part of it that builds the UI (NewFrame..Render, without the GL submission).
struct FrameStats {
    int64_t frames = 0;
    int64_t drawn = 0;  // frames that drew (RendererDraw skips one exactly like the last)
    // The page's frame order (main.cpp): main() builds frame 0, ImGui's layout frame (not drawn),
    // and frame 1, the first drawn; the first animation frame after it builds nothing (the browser
    // shows frame 1 then); frame 2 is the next animation frame's.
    static constexpr int64_t kFirstDrawn = 1;
    bool in_layout_frame() const { return frames < kFirstDrawn; }
    bool first_frame_drawn() const { return frames > kFirstDrawn; }  // and recorded
    double last_ms = 0.0, max_ms = 0.0, last_ui_ms = 0.0;
    double started_ms = 0.0, interval_ms = 0.0;  // when this frame started, and since the one before started
    // A run's work in this frame (the frequency and budget labs), given its part of the last: as long as the
    // rest of the time between the frames (drawing, the browser's own work), at least 8 ms and at most 33.
    // On a slow core or a phone at dpr 3 frames come 30-50 ms apart, and 8 ms of work in each made a run
    // 15-20x slower than the core needed; at 33 ms the page still answers input several times a second.
    double run_slice_ms(double last_slice_ms) const { return std::clamp(interval_ms - last_slice_ms, 8.0, 33.0); }
    std::array<double, 240> recent{}, recent_ui{};
    void record(double ms, double ui_ms);
    double median_ms() const;
    double median_ui_ms() const;
};
extern FrameStats g_frame_stats;
extern bool g_loop_running;  // false while the page is hidden or scrolled off its host (main.cpp)

}  // namespace el
