// The page's platform layer for Dear ImGui (see platform_web.h): what a platform backend
// does (Dear ImGui's docs/BACKENDS.md), fed by web/glue.js's listeners on the canvas.
//
// [SECTION] Canvas size and device pixel ratio
// [SECTION] Pointer, touch and wheel
// [SECTION] Keys, text and focus
// [SECTION] Clipboard and cursor
// [SECTION] Each frame

#include "platform_web.h"

#include <emscripten.h>

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <string>
#include <utility>

#include "browser.h"
#include "imgui.h"
#include "imgui_internal.h"  // the page window's scroll, for the wheel and touch drags
#include "main.h"
#include "ui.h"

// Fills size[4]: the backing store the canvas should have (CSS size x devicePixelRatio) and
// the one it has; returns the ratio. glue.js sizes the canvas the same way before making the
// context, so at start-up nothing is resized.
EM_JS(double, el_js_canvas_size, (int* size), {
    const canvas = Module.canvas, box = canvas.getBoundingClientRect(), dpr = Math.max(0.25, window.devicePixelRatio || 1);
    const i = size >> 2;
    HEAP32[i] = Math.max(1, Math.round(box.width * dpr));
    HEAP32[i + 1] = Math.max(1, Math.round(box.height * dpr));
    HEAP32[i + 2] = canvas.width;
    HEAP32[i + 3] = canvas.height;
    return dpr;
});
// glue.js made the canvas's WebGL2 context before the wasm was instantiated (Module.preinitializedWebGLContext);
// the renderer draws with it (renderer_webgl2.cpp).
EM_JS(int, el_js_use_canvas_context, (), { return Module.preinitializedWebGLContext ? 1 : 0; });
EM_JS(void, el_js_set_canvas_size, (int w, int h), { Module.canvas.width = w; Module.canvas.height = h; });

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Canvas size and device pixel ratio
//-----------------------------------------------------------------------------

bool PlatformUseCanvasContext() { return el_js_use_canvas_context() != 0; }

static int g_fb_w = 1, g_fb_h = 1;  // the canvas's backing store, device pixels
int PlatformFramebufferWidth() { return g_fb_w; }
int PlatformFramebufferHeight() { return g_fb_h; }

// Polled every animation frame: covers window resizes, an iframe resized by its host, browser
// zoom and a move to another screen (the ratio changes), with no listener to keep.
bool PlatformSyncCanvas() {
    int size[4] = {};
    const float dpr = float(el_js_canvas_size(size));
    bool changed = false;
    if (size[0] != size[2] || size[1] != size[3]) {
        el_js_set_canvas_size(size[0], size[1]);  // a new drawing buffer: only when the size differs
        changed = true;
    }
    g_fb_w = size[0], g_fb_h = size[1];
    g_app.pixel_ratio = dpr;
    if (dpr * g_app.zoom != g_app.dpr) {
        g_app.dpr = dpr * g_app.zoom;
        changed = true;
    }
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Pointer, touch and wheel
//-----------------------------------------------------------------------------

// What the last frame knew about scrolling: the wheel handler runs between frames.
static struct {
    float scroll_y = 0, scroll_max_y = 0;  // the window a wheel under the pointer scrolls (the page, or a grid)
} g_scroll;

// An embedded page hands a finger's drag past its top or bottom to the course page around it, as
// the wheel does: the canvas's touch-action lets the browser scroll the host that way (pan-up, a
// finger moving down, at the top; pan-down at the bottom; pan-y when the page fits whole, as in auto
// height). A page of its own keeps every drag (none: a pan there pulls to refresh).
EM_JS(void, el_js_touch_pan, (int pan), {
    if (window.parent !== window) Module.canvas.style.touchAction = ['none', 'pan-up', 'pan-down', 'pan-y'][pan];
});

static void RememberScroll() {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    ImGuiWindow* page = g_page_window;
    if (!page) return;
    // The window a vertical wheel scrolls, found as ImGui's UpdateMouseWheel finds it: from the one
    // under the pointer up through child windows that cannot scroll (a grid whose rows all show). A
    // popup, or nothing under the pointer: the page.
    ImGuiWindow* w = g.HoveredWindow;
    while (w && w != page && (w->Flags & ImGuiWindowFlags_ChildWindow) &&
           (w->ScrollMax.y == 0.0f || (w->Flags & ImGuiWindowFlags_NoScrollWithMouse)))
        w = w->ParentWindow;
    if (!w || w->RootWindow != page->RootWindow) w = page;
    g_scroll.scroll_y = w->Scroll.y, g_scroll.scroll_max_y = w->ScrollMax.y;
    static int pan = -1;
    const int now = (page->Scroll.y < 0.5f) | (page->Scroll.y > page->ScrollMax.y - 0.5f) << 1;
    if (now != pan) el_js_touch_pan(pan = now);
}

// A finger is down: a drag scrolls the page instead of editing (glue.js's touch listeners).
static bool g_touch_active = false;
static int g_touch_until_frame = -1;  // ImGui's frames that may still be handling the last touch's events
static ImGuiID g_active_before_touch = 0;  // a text field being edited when the finger came down
// A flick goes on after the finger lifts, slowing as a phone's page does (0.998 a ms, iOS's): it
// stopped dead where the finger left it, and a long page took many swipes. A finger down stops it.
static float g_touch_velocity = 0;  // device px a second: the drag's last move's, then the coast's
// The box under the finger where it came down that scrolls up and down (a grid, the share box's script), or 0:
// a drag scrolls it first, then the page (el_touch, PlatformTouchScroll).
static ImGuiID g_touch_box = 0;
bool TouchActive() { return g_touch_active; }
bool TouchInput() { return g_touch_active || ImGui::GetFrameCount() <= g_touch_until_frame; }
bool TouchPressedItem() { return g_touch_active && ImGui::GetActiveID() != 0 && ImGui::GetActiveID() != g_active_before_touch; }

// ImGui toggles a header or tree node on its arrow's press (on its label's release): a finger scroll
// that began on an arrow opened or closed the section under it, and the page jumped under the finger.
// Under a finger the press's toggle is undone, and made on a release over the header with no drag
// between (a tap), as a button's click. A drag (PlatformTouchScroll), a pinch or a touch the system
// took back (released nowhere) forgets it.
static ImGuiID g_tap_toggle = 0;  // the header whose arrow a finger pressed
bool HeaderToggleOnTap(bool open, bool tree_node) {
    const ImGuiID id = ImGui::GetItemID();
    bool flip = false;
    if (ImGui::IsItemToggledOpen() && g_touch_active && g_tap_toggle != id) {
        flip = true, g_tap_toggle = id;
    } else if (g_tap_toggle == id && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
        g_tap_toggle = 0;  // (released on its label, ImGui toggled it itself)
        flip = !ImGui::IsItemToggledOpen() && ImGui::IsItemHovered();
    }
    if (!flip) return open;
    ImGui::GetStateStorage()->SetInt(id, !open);
    if (tree_node) open ? ImGui::TreePop() : ImGui::TreePushOverrideID(id);
    WakeUp();
    return !open;
}

void PlatformTouchScroll() {
    ImGuiIO& io = ImGui::GetIO();
    ImGuiWindow* page = g_page_window;
    if (!page) return;
    ImGuiContext& g = *ImGui::GetCurrentContext();
    // A finger on the page's scrollbar (where a right thumb scrolls): ImGui jumped the page to where
    // it landed and dragged it at the content's scale (60 px of finger, 2,800 px of page). The page
    // goes back to where it was, and the drag scrolls it as anywhere else.
    static float scroll_before = 0;  // the page's scroll as the last frame began
    if (g.FrameCount <= g_touch_until_frame && g.ActiveId == ImGui::GetWindowScrollbarID(page, ImGuiAxis_Y))
        ImGui::ClearActiveID(), ImGui::SetScrollY(page, scroll_before);
    else scroll_before = page->Scroll.y;
    static bool dragging = false;
    float& velocity = g_touch_velocity;
    static double moved_at = 0;
    float dy = 0;
    if (!g_touch_active) {
        if (std::exchange(dragging, false) && (g.Time - moved_at > 0.1 || std::fabs(velocity) < 250 * g_app.dpr)) velocity = 0;
        if (velocity == 0) return;
        const float dt = std::min(io.DeltaTime, 0.05f);
        dy = velocity * dt, velocity *= std::pow(0.998f, dt * 1000);
        if (std::fabs(velocity) < 20 * g_app.dpr) velocity = 0;
        KeepAwake();
    } else {
        if (!ImGui::IsMouseDragging(ImGuiMouseButton_Left, 8.0f * g_app.dpr)) return;
        // A drag that started on a button, a cell or a text field becomes a scroll: release the item (a
        // field opens on the press). A field already being edited stays open.
        if (TouchPressedItem() || (g.ActiveId != 0 && g.InputTextState.ID != g.ActiveId)) ImGui::ClearActiveID();
        g_tap_toggle = 0;
        dragging = true;
        dy = -io.MouseDelta.y;
        if (dy != 0 && io.DeltaTime > 0) velocity = dy / io.DeltaTime, moved_at = g.Time;
    }
    const auto scroll_by = [&](ImGuiWindow* w) {  // (from a scroll set this frame, if any: the scrollbar's undoing above)
        const float from = w->ScrollTarget.y < FLT_MAX ? w->ScrollTarget.y : w->Scroll.y, to = std::clamp(from + dy, 0.0f, w->ScrollMax.y);
        ImGui::SetScrollY(w, to), dy -= to - from;
    };
    // Up or down, the box the finger came down on scrolls first, as the wheel scrolls it, then the page (it
    // moved the page, the share box's script out of reach).
    if (ImGuiWindow* w = g_touch_box ? ImGui::FindWindowByID(g_touch_box) : nullptr) scroll_by(w);
    scroll_by(page);
    if (!g_touch_active) {
        if (std::fabs(dy) > 0.5f) velocity = 0;  // at an end
        return;
    }
    // A drag more sideways than up or down also scrolls the box under the finger that scrolls sideways
    // (table W at d = 8 on a phone): only its thin scrollbar did.
    const ImVec2 drag = ImGui::GetMouseDragDelta();
    if (std::fabs(drag.x) > std::fabs(drag.y))
        for (ImGuiWindow* w = g.HoveredWindow; w && w != page; w = w->ParentWindow)
            if (w->ScrollMax.x > 0) {
                ImGui::SetScrollX(w, w->Scroll.x - io.MouseDelta.x);
                break;
            }
}

}  // namespace el

using namespace el;

extern "C" {

// The pointer at (x, y) in device pixels on the canvas, with the buttons held as the DOM's
// PointerEvent.buttons has them (bit 0 left, 1 right, 2 middle: ImGui's button numbers). A
// position far off the canvas (x < -1e6) means no pointer: after a tap, or the mouse gone.
// The input queue keeps the order; a press at a new place is seen there, the move first.
EMSCRIPTEN_KEEPALIVE void el_input_pointer(float x, float y, int buttons) {
    ImGuiIO& io = ImGui::GetIO();
    if (x < -1e6f) x = y = -FLT_MAX;
    io.AddMousePosEvent(x, y);
    for (int b = 0; b < 3; b++) io.AddMouseButtonEvent(b, (buttons >> b & 1) != 0);  // unchanged ones are dropped
}

// Two fingers moved apart or together (glue.js): the page's text and controls larger or smaller, as
// the browser's zoom makes them on a computer (there, a pinch only magnifies the picture the canvas
// already drew). The layout flows again at the new scale, and the page keeps the place its top showed.
// In steps of 1/8 (each a new font atlas), 75 % to 200 % (a 390 px phone then lays out 195 px, which
// still fits its header). Returns the zoom in use (0 only asks; so does NaN, two fingers on one spot).
EMSCRIPTEN_KEEPALIVE float el_zoom(float zoom) {
    if (!(zoom > 0)) return g_app.zoom;
    zoom = std::clamp(std::round(zoom * 8) / 8, 0.75f, 2.0f);
    if (zoom != g_app.zoom && g_page_window) ImGui::SetScrollY(g_page_window, g_page_window->Scroll.y * zoom / g_app.zoom);
    g_app.zoom = zoom;
    WakeUp();
    return zoom;
}

// 1: a finger came down at (x, y), CSS px on the canvas; 0: it lifted; -1: the browser or a pinch took the
// touch back (no coast). Down, returns bit 0 if it stopped a coast, bits 1 and 2 if it is on a box that can
// scroll up or down (glue.js keeps those drags from an embed's host page, as it keeps the page's own).
EMSCRIPTEN_KEEPALIVE int el_touch(int state, float x, float y) {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    int answer = 0;
    g_touch_active = state == 1;
    if (g_touch_active) {
        answer = g_touch_velocity != 0;
        g_active_before_touch = g.ActiveId, g_tap_toggle = 0;
        const ImVec2 p(x * g_app.pixel_ratio, y * g_app.pixel_ratio);
        g_touch_box = 0;
        for (ImGuiWindow* w : g.Windows)  // (a child after its parent: the innermost last)
            if (w->WasActive && w != g_page_window && g_page_window && w->RootWindow == g_page_window->RootWindow &&
                w->ScrollMax.y > 0 && !(w->Flags & ImGuiWindowFlags_NoScrollWithMouse) && w->InnerClipRect.Contains(p))
                g_touch_box = w->ID, answer = (answer & 1) | (w->Scroll.y > 0.5f) << 1 | (w->Scroll.y < w->ScrollMax.y - 0.5f) << 2;
    }
    if (state) g_touch_velocity = 0;
    g_touch_until_frame = g_touch_active ? INT_MAX : g.FrameCount + 4;  // a tap's press and release trickle in after it
    WakeUp();
    return answer;
}

// Wheel: one step per 100 pixels (a notch), positive up as ImGui wants it. Returns 1 when the page
// keeps the event (glue.js then stops the browser scrolling): only while ImGui wants the mouse and
// the window under the pointer (a grid, else the page) can still scroll that way; at its top or
// bottom (or fitting whole), or over empty canvas, the host page around an embedded demo scrolls instead.
EMSCRIPTEN_KEEPALIVE int el_input_wheel(float dx, float dy, int delta_mode) {
    const float step = delta_mode == 1 ? 1.0f / 3.0f : delta_mode == 2 ? 80.0f : 1.0f / 100.0f;  // lines, pages, pixels
    ImGuiIO& io = ImGui::GetIO();
    io.AddMouseWheelEvent(-dx * step, -dy * step);
    // No position in the last frame (no move since the pointer came: the page scrolled under it):
    // the wheel is over the canvas, so over the page, which decides as below.
    if (!io.WantCaptureMouse && ImGui::IsMousePosValid()) return 0;
    if (dy == 0) return 1;
    return (dy < 0 ? g_scroll.scroll_y > 0.5f : g_scroll.scroll_y < g_scroll.scroll_max_y - 0.5f) ? 1 : 0;
}

}  // extern "C"

//-----------------------------------------------------------------------------
// [SECTION] Keys, text and focus
//-----------------------------------------------------------------------------

// KeyboardEvent.keyCode to ImGuiKey, the one table: keyCode names the key as the layout labels it
// (the A of Ctrl+A on an AZERTY keyboard too), as the shortcuts of ImGui's fields expect, and is
// an integer (no string to copy into the wasm). Runs of consecutive codes and keys are one row.
static ImGuiKey KeyFromKeyCode(int code) {
    static const struct { unsigned char first, last; short key; } rows[] = {
        {8, 8, ImGuiKey_Backspace},     {9, 9, ImGuiKey_Tab},             {13, 13, ImGuiKey_Enter},
        {16, 16, ImGuiKey_LeftShift},   {17, 17, ImGuiKey_LeftCtrl},      {18, 18, ImGuiKey_LeftAlt},
        {19, 19, ImGuiKey_Pause},       {20, 20, ImGuiKey_CapsLock},      {27, 27, ImGuiKey_Escape},
        {32, 32, ImGuiKey_Space},       {33, 33, ImGuiKey_PageUp},        {34, 34, ImGuiKey_PageDown},
        {35, 35, ImGuiKey_End},         {36, 36, ImGuiKey_Home},          {37, 37, ImGuiKey_LeftArrow},
        {38, 38, ImGuiKey_UpArrow},     {39, 39, ImGuiKey_RightArrow},    {40, 40, ImGuiKey_DownArrow},
        {45, 45, ImGuiKey_Insert},      {46, 46, ImGuiKey_Delete},        {48, 57, ImGuiKey_0},
        {59, 59, ImGuiKey_Semicolon},   {61, 61, ImGuiKey_Equal},         {65, 90, ImGuiKey_A},
        {91, 91, ImGuiKey_LeftSuper},   {92, 92, ImGuiKey_RightSuper},    {93, 93, ImGuiKey_Menu},
        {96, 105, ImGuiKey_Keypad0},    {106, 106, ImGuiKey_KeypadMultiply}, {107, 107, ImGuiKey_KeypadAdd},
        {109, 109, ImGuiKey_KeypadSubtract}, {110, 110, ImGuiKey_KeypadDecimal}, {111, 111, ImGuiKey_KeypadDivide},
        {112, 123, ImGuiKey_F1},        {144, 144, ImGuiKey_NumLock},     {145, 145, ImGuiKey_ScrollLock},
        {173, 173, ImGuiKey_Minus},     {186, 186, ImGuiKey_Semicolon},   {187, 187, ImGuiKey_Equal},
        {188, 188, ImGuiKey_Comma},     {189, 189, ImGuiKey_Minus},       {190, 190, ImGuiKey_Period},
        {191, 191, ImGuiKey_Slash},     {192, 192, ImGuiKey_GraveAccent}, {219, 219, ImGuiKey_LeftBracket},
        {220, 220, ImGuiKey_Backslash}, {221, 221, ImGuiKey_RightBracket}, {222, 222, ImGuiKey_Apostrophe},
    };  // 59, 61 and 173 are Firefox's codes for ; = and -
    for (const auto& r : rows)
        if (code >= r.first && code <= r.last) return ImGuiKey(r.key + (code - r.first));
    return ImGuiKey_None;
}

extern "C" {

// A key went down or up on the focused canvas: keyCode, and the modifiers held (bit 0 Ctrl,
// 1 Shift, 2 Alt, 3 Meta). Returns 1 when the browser's default must not run: Backspace and Tab
// while ImGui has the keyboard (Tab moves between the demo's controls). glue.js lets Tab through
// after Escape, so a keyboard user can always leave the demo.
EMSCRIPTEN_KEEPALIVE int el_input_key(int key_code, int down, int mods) {
    ImGuiIO& io = ImGui::GetIO();
    io.AddKeyEvent(ImGuiMod_Ctrl, (mods & 1) != 0);
    io.AddKeyEvent(ImGuiMod_Shift, (mods & 2) != 0);
    io.AddKeyEvent(ImGuiMod_Alt, (mods & 4) != 0);
    io.AddKeyEvent(ImGuiMod_Super, (mods & 8) != 0);
    const ImGuiKey key = KeyFromKeyCode(key_code);
    if (key == ImGuiKey_None) return 0;
    // Escape leaves ImGui's keyboard on no control (in the header) or on the panels' area as a whole,
    // from where ImGui 1.90's Tab goes nowhere: back in the canvas (Escape, Tab out, Shift+Tab in), Tab
    // did nothing until an arrow key. From there Tab now lands on the first control (Shift+Tab on the
    // last), as when the page opens.
    ImGuiContext& g = *ImGui::GetCurrentContext();
    if (key == ImGuiKey_Tab && g.NavWindow && (!g.NavId || g.NavId == g_page_window->ChildId))
        g.NavId = 0, g.NavFocusScopeId = g.NavWindow->NavRootFocusScopeId, g.NavDisableHighlight = true;
    // Escape on a cell's field left open with refused text drops the edit, as it does while typing, and
    // the keyboard goes back to the cell (CellGrid); ImGui does not see it (it takes the keyboard off).
    if (key == ImGuiKey_Escape && down)
        for (CellEditor* ed : {&g_app.table_editor, &g_app.upstream_editor})
            if (std::exchange(ed->escape_drops, false)) {
                ed->refocus_row = ed->row, ed->refocus_col = ed->col, ed->row = ed->col = -1, ed->error.clear();
                return 1;
            }
    // PageUp and PageDown scroll the page by its height less two lines, as a browser scrolls one, the
    // keyboard's item staying where it is (Tab goes on from it). ImGui's own moved that item a page on
    // within its panel, which mostly found none: at 400 % a result below the fold (after Step) could not be
    // brought into view. Not in a field being typed in, nor in a box that scrolls itself (a large grid).
    // At the page's end that way (or fitting whole: an auto-height embed) the browser has the key, and
    // scrolls the course page around an embed.
    if ((key == ImGuiKey_PageUp || key == ImGuiKey_PageDown) && g_page_window && !io.WantTextInput &&
        !(g.NavWindow && g.NavWindow != g_page_window && g.NavWindow->ScrollMax.y > 0)) {
        ImGuiWindow* page = g_page_window;
        const float step = (key == ImGuiKey_PageDown ? 1 : -1) * (page->InnerRect.GetHeight() - 2 * ImGui::GetFontSize());
        if (step > 0 ? page->Scroll.y >= page->ScrollMax.y - 0.5f : page->Scroll.y <= 0.5f) return 0;
        if (down) ImGui::SetScrollY(page, page->Scroll.y + step);
        WakeUp();
        return 1;
    }
    io.AddKeyEvent(key, down != 0);
    // Escape is the app's while a drop-down or menu is open (it closes it): glue.js then does not
    // take it as the first half of Escape, Tab (leaving the canvas). A box that scrolls itself takes
    // PageUp and PageDown (the course page around an embed scrolled with the grid).
    return ((key == ImGuiKey_Tab || key == ImGuiKey_Backspace) && io.WantCaptureKeyboard) ||
           ((key == ImGuiKey_PageUp || key == ImGuiKey_PageDown) && g_page_window && !io.WantTextInput) ||
           (key == ImGuiKey_Escape && ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) ? 1 : 0;
}

// A character typed on the focused canvas (a key's text, one code point).
EMSCRIPTEN_KEEPALIVE void el_input_char(unsigned int c) { ImGui::GetIO().AddInputCharacter(c); }

// The canvas gained or lost the keyboard focus: keys held when it left are released.
// 2: back from the deeper tier's reload with the keyboard on the tour's Next (glue.js), where it goes again.
EMSCRIPTEN_KEEPALIVE void el_input_focus(int focused) {
    ImGui::GetIO().AddFocusEvent(focused != 0);
    if (focused == 2) g_app.tour.keyboard_follows = true, ImGui::GetCurrentContext()->NavDisableHighlight = false;  // shown
}

}  // extern "C"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Clipboard and cursor
//-----------------------------------------------------------------------------

// Copies go to navigator.clipboard (allowed inside the key or click that asked for them); pastes
// arrive as the page's paste event (glue.js, el_paste_text), so ImGui's own Ctrl+V never reads.
static std::string g_clipboard;
static void SetClipboardText(void*, const char* text) {
    g_clipboard = text ? text : "";
    browser_copy_text(g_clipboard.c_str());
}
static const char* GetClipboardText(void*) { return g_clipboard.c_str(); }
// The browser took it (its clipboard write succeeded): the share box says so under the text.
extern "C" EMSCRIPTEN_KEEPALIVE void el_copied() { g_app.copied = g_clipboard, WakeUp(); }

static ImGuiMouseCursor g_cursor = ImGuiMouseCursor_Arrow;
static void UpdateCursor() {
    const ImGuiMouseCursor cursor = ImGui::GetMouseCursor();
    if (cursor == g_cursor) return;
    g_cursor = cursor;
    static const char* const css[ImGuiMouseCursor_COUNT] = {
        "default", "text", "move", "ns-resize", "ew-resize", "nesw-resize", "nwse-resize", "pointer", "not-allowed"};
    browser_set_cursor(cursor >= 0 && cursor < ImGuiMouseCursor_COUNT ? css[cursor] : "none");
}

//-----------------------------------------------------------------------------
// [SECTION] Each frame
//-----------------------------------------------------------------------------

void PlatformInit() {
    ImGuiIO& io = ImGui::GetIO();
    io.BackendPlatformName = "platform_web";
    io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;  // UpdateCursor sets canvas.style.cursor
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    io.SetClipboardTextFn = SetClipboardText;
    io.GetClipboardTextFn = GetClipboardText;
}

void PlatformNewFrame() {
    static double last_ms = 0.0;
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(float(g_fb_w), float(g_fb_h));
    const double now_ms = emscripten_get_now();
    // The first frame, and a clock that did not move: ImGui needs a positive step.
    io.DeltaTime = last_ms > 0.0 ? std::max(1e-4f, float((now_ms - last_ms) / 1000.0)) : 1.0f / 60.0f;
    last_ms = now_ms;
}

void PlatformEndFrame() {
    RememberScroll();
    UpdateCursor();
}

}  // namespace el
