// Skipping the panels that are out of view (see offscreen.h).
//
// A panel may be skipped only when its size is certain: it was measured at the same state
// revision, column width and scale, with no input since that could have changed what it
// shows (InvalidatePanelSizes), and nothing is going on that needs every panel built: a
// widget held (a drag, a field being typed in), keyboard navigation (Tab and the arrows must
// reach the panels below the fold), the tour bringing a panel into view, or work that
// advances while its panel is drawn (AppBusy).

#include "offscreen.h"

#include <map>

#include "imgui.h"
#include "imgui_internal.h"  // navigation state: a keyboard user needs every widget submitted
#include "main.h"
#include "ui.h"
#include "widgets.h"

namespace el {

namespace {

struct PanelSize {
    bool known = false;
    ImVec2 size;                // the group's size when last drawn (device pixels)
    ImVec2 pos;                 // where it was then (screen position)
    uint64_t state_revision = 0;
    uint64_t epoch = 0;         // InvalidatePanelSizes calls before it was measured
    float width = 0, dpr = 0;   // column width and scale it was measured at
    ItemRectList rects;         // the widget rectangles it recorded then
};

std::map<uint32_t, PanelSize> g_sizes;
uint64_t g_epoch = 1;
PanelCounts g_counts;  // the last drawn frame's (the one being drawn, during a frame)
int64_t g_counted_frame = -1;

bool EveryPanelNeeded(const App& app) {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    const bool keyboard_navigation = !g.NavDisableHighlight || g.NavMoveSubmitted || g.NavMoveScoringItems ||
                                     g.NavInitRequest;
    return g.ActiveId != 0 || keyboard_navigation || app.tour.scroll_to_focus || app.scroll_to_section || AppBusy(app);
}

}  // namespace

void InvalidatePanelSizes() { g_epoch++; }

PanelCounts LastFramePanelCounts() { return g_counts; }

float PanelGroupHeight(uint32_t key) {
    const auto it = g_sizes.find(key);
    return it != g_sizes.end() && it->second.known ? it->second.size.y : -1.0f;
}

void ShowPanelGroup(App& app, uint32_t key, void (*show)(App&)) {
    if (g_counted_frame != ImGui::GetFrameCount()) {
        g_counted_frame = ImGui::GetFrameCount();
        g_counts = {};
    }
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    PanelSize& s = g_sizes[key];
    const bool current = s.known && s.state_revision == app.commits.state && s.epoch == g_epoch &&
                         s.width == width && s.dpr == app.dpr;
    ImGui::BeginGroup();
    if (current && !EveryPanelNeeded(app) && !ImGui::IsRectVisible(at, ImVec2(at.x + s.size.x, at.y + s.size.y))) {
        ImGui::Dummy(s.size);
        ReplayItemRects(s.rects, ImVec2(at.x - s.pos.x, at.y - s.pos.y));
        ImGui::EndGroup();
        g_counts.skipped++;
        return;
    }
    // The layout frame and the first drawn one (main.cpp) build only what is on screen: a row of
    // panels that starts below the bottom edge waits for the frame after (which measures it; the
    // page is awake then).
    if (!s.known && !g_frame_stats.first_frame_drawn() && at.y > ImGui::GetCurrentWindow()->ClipRect.Max.y) {
        ImGui::EndGroup();
        g_counts.skipped++;
        return;
    }
    s.rects.clear();
    BeginItemRectCapture(&s.rects);
    show(app);
    EndItemRectCapture();
    ImGui::EndGroup();
    g_counts.drawn++;
    s.known = true;
    s.size = ImGui::GetItemRectSize();
    s.pos = at;
    s.state_revision = app.commits.state;  // a panel may commit while drawn: the revision after it
    s.epoch = g_epoch;
    s.width = width;
    s.dpr = app.dpr;
}

}  // namespace el
