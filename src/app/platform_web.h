// The page's own platform layer for Dear ImGui, in place of GLFW and imgui_impl_glfw.cpp.
//
// web/glue.js listens on the canvas (pointer, touch, wheel, keys, focus) and calls the
// el_input_* functions of platform_web.cpp, which feed ImGui's input queue; the page drives
// frames itself (glue.js's requestAnimationFrame loop calls el_frame in main.cpp). ImGui works
// in device pixels: io.DisplaySize is the canvas's backing store, CSS size x devicePixelRatio.
#pragma once

namespace el {

bool PlatformUseCanvasContext();  // glue.js made the WebGL2 context the renderer draws with; false: none
void PlatformInit();        // after ImGui::CreateContext: flags, clipboard
bool PlatformSyncCanvas();  // backing store to CSS size x dpr; true when it or the ratio changed
void PlatformNewFrame();    // io.DisplaySize and io.DeltaTime, before ImGui::NewFrame
void PlatformTouchScroll(); // after ImGui::NewFrame: a finger dragged across the page scrolls it
void PlatformEndFrame();    // after ImGui::Render: what the wheel handler needs, the cursor shape
int PlatformFramebufferWidth();
int PlatformFramebufferHeight();
bool TouchActive();  // a finger is down (drags scroll the page instead of editing)
bool TouchInput();   // ... or its press and release are still being handled (a quick tap's come after it)
bool TouchPressedItem();  // ... and what it pressed is active (a text field it opened, a button held)
// Right after a collapsing header or tree node, with what it returned (`tree_node`: a TreeNode, whose
// push is kept in step): under a finger, its arrow toggles it on a tap, not on the press.
bool HeaderToggleOnTap(bool open, bool tree_node = false);

}  // namespace el
