// Nothing built for what nobody sees: a panel scrolled out of view is not drawn at all. It
// keeps its place as a blank of the size it had when last drawn, and the widget rectangles it
// recorded then (moved with it) still answer embeddingLab.widgetRect, marked not visible.
#pragma once
#include <cstdint>

#include "app.h"

namespace el {

// Shows one group of panels in the page's layout (ui.cpp), or its blank while it is out of
// view and its size is known to be current. `key` names the group (its place in the
// layout: two groups may show the same panel bits).
void ShowPanelGroup(App& app, uint32_t key, void (*show)(App&));

// Something other than the pointer moving or the page scrolling happened (a click, a key, a
// call of the JavaScript API): the sizes measured so far may be out of date, so every panel
// is drawn again in the next frame and measured anew.
void InvalidatePanelSizes();

// The height `key`'s group had when last drawn (device pixels), or -1 before it was ever drawn.
float PanelGroupHeight(uint32_t key);

// Panels drawn and skipped in the last frame (for frameStats()).
struct PanelCounts { int drawn = 0, skipped = 0; };
PanelCounts LastFramePanelCounts();

}  // namespace el
