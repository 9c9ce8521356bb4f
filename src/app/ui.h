// The page's panels (ui.cpp) and the few hooks the platform layer calls.
#pragma once
#include <array>
#include <cstdint>

#include "app.h"

struct ImGuiWindow;

namespace el {

extern ImGuiWindow* g_page_window;  // the scrolling area under the header (ui.cpp)

void StartApp(App& app);        // once, before the first frame
void ShowApp(App& app);         // every drawn frame, between NewFrame and Render
void AfterFrame(App& app);      // after Render: push results to the page (aria text)
bool AppBusy(const App& app);   // true while work runs that needs frames
void WakeUp();                  // main.cpp: draw frames again (input, state change from JS)
bool TouchActive();             // platform_web.cpp: a finger is down (drags scroll instead of editing)

// CPU time per drawn frame, for embeddingLab.frameStats(): the whole frame, and the
// part of it that builds the UI (NewFrame..Render, without the GL submission).
struct FrameStats {
    int64_t frames = 0;
    double last_ms = 0.0, max_ms = 0.0, last_ui_ms = 0.0;
    std::array<double, 240> recent{}, recent_ui{};
    void record(double ms, double ui_ms);
    double median_ms() const;
    double median_ui_ms() const;
};
extern FrameStats g_frame_stats;
extern bool g_loop_running;  // false while the page is hidden or scrolled off its host (main.cpp)
extern App g_app;

}  // namespace el
