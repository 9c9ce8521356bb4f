// The page's layout of its panels (ui.cpp): what main.cpp calls around each frame.
#pragma once
#include <cstdint>

#include "app.h"

struct ImGuiWindow;

namespace el {

extern ImGuiWindow* g_page_window;  // the scrolling area under the header (ui.cpp)

void StartApp(App& app);        // once, before the first frame
bool ShowApp(App& app);         // every drawn frame, between NewFrame and Render; true: build it again (ui.cpp's RowHold)
void AfterFrame(App& app);      // after Render: push results to the page (aria text)
bool AppBusy(const App& app);   // true while work runs that needs frames


}  // namespace el
