// The browser platform layer: GLFW window on the page's canvas (whose WebGL2 context
// web/glue.js made), Dear ImGui drawn by renderer_webgl2.cpp, and the fixes Emscripten
// 3.1.6's GLFW needs (HiDPI, resize, wheel, cursor, clipboard, idle, hidden page).
// The UI itself lives in ui.cpp.
//
// [SECTION] Canvas size and device pixel ratio
// [SECTION] Fonts and style at a scale
// [SECTION] Browser input fixes
// [SECTION] Idle and frame statistics (and a lost WebGL context)
// [SECTION] Main loop

#include <emscripten.h>
#include <emscripten/html5.h>
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app.h"
#include "browser.h"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_internal.h"  // InputEventsQueue: any pending input wakes the idle loop
#include "offscreen.h"
#include "renderer_webgl2.h"
#include "text_input.h"
#include "themes.h"
#include "startup_marks.h"
#include "ui.h"

extern "C" const unsigned char el_font_ttf[];
extern "C" const unsigned int el_font_ttf_size;

namespace el {

static GLFWwindow* g_window = nullptr;
App g_app;  // the one app; js_api.cpp reads it
FrameStats g_frame_stats;

//-----------------------------------------------------------------------------
// [SECTION] Canvas size and device pixel ratio
//-----------------------------------------------------------------------------

// The canvas is sized by the stylesheet (CSS pixels). Its backing store must be
// CSS size x devicePixelRatio or text is drawn at 1x and scaled up (blurry).
// Returns true when the backing store or the ratio changed.
// (web/glue.js sizes the canvas the same way before making the context.)
static double WantedCanvasSize(int* want_w, int* want_h) {
    double css_w = 0, css_h = 0;
    emscripten_get_element_css_size("#canvas", &css_w, &css_h);
    const double dpr = std::max(0.25, emscripten_get_device_pixel_ratio());
    *want_w = std::max(1, int(std::lround(css_w * dpr)));
    *want_h = std::max(1, int(std::lround(css_h * dpr)));
    // Emscripten 3.1.6 turns a window-size request equal to the screen into fullscreen:
    // ask for one pixel less (decided before comparing, so a steady size stays steady).
    if (*want_w == browser_screen_width() && *want_h == browser_screen_height()) *want_h -= 1;
    return dpr;
}

static bool SyncCanvasSize() {
    int want_w = 0, want_h = 0;
    const double dpr = WantedCanvasSize(&want_w, &want_h);
    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(g_window, &fb_w, &fb_h);
    bool changed = false;
    if (want_w != fb_w || want_h != fb_h) {
        glfwSetWindowSize(g_window, want_w, want_h);
        changed = true;
    }
    if (float(dpr) != g_app.dpr) {
        g_app.dpr = float(dpr);
        changed = true;
    }
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Fonts and style at a scale
//-----------------------------------------------------------------------------

// The first atlas holds only what the page itself writes; the rest of the font (Latin-1
// letters a learner may type or paste) is rasterised once some text needs it. Rasterising
// the whole set took about half the first frame's font time (frame_floor's start-up steps).
static const ImWchar kFirstGlyphRanges[] = {
    0x0020, 0x007E,  // ASCII: every label, number and message the page writes
    0x00B5, 0x00B5,  // micro sign (the cost panel's microseconds)
    0x00BF, 0x00BF,  // inverted question mark: stands for any glyph not rasterised yet (below)
    0x2026, 0x2026,  // ellipsis: ImGui ends clipped text with it
    0,
};
static const ImWchar kAllGlyphRanges[] = {
    0x0020, 0x00FF,  // Latin + Latin-1: what the page writes and most of what a learner types
    0x2013, 0x2026,  // dashes, quotes, bullet, ellipsis
    0x2212, 0x2212,  // minus sign
    0,  // the font is subset to the same set at build time (CMakeLists.txt)
};
static constexpr ImWchar kMissingGlyphMark = 0x00BF;
static bool g_all_glyphs = false;

// ImGui works in device pixels here: the font is rasterised at its CSS size x dpr
// and every style size is scaled by dpr, so text stays crisp at any zoom.
static void ApplyFont(float dpr) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the bytes are a constant in the wasm
    config.OversampleH = 2;
    config.OversampleV = 1;
    ImFont* font = io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(el_font_ttf), int(el_font_ttf_size),
                                                  std::round(15.0f * dpr), &config,
                                                  g_all_glyphs ? kAllGlyphRanges : kFirstGlyphRanges);
    // A character missing from the first atlas is drawn with the mark's glyph (not '?', which
    // the page writes), so a frame that needs more of the font can be told (NeedsAllGlyphs).
    // Kept through a rebuild after a lost context; the whole font falls back to '?' as before.
    if (!g_all_glyphs) font->FallbackChar = kMissingGlyphMark;
    RendererUpdateFontTexture();  // rasterises the atlas and uploads it
}

// True when the frame just built drew a character the first atlas lacks: any vertex at the
// mark glyph's top-left texture corner (glyphs are packed apart, so no other vertex is).
// Then the whole font is rasterised and the frame built again before anything is drawn.
static bool NeedsAllGlyphs(const ImDrawData* dd) {
    if (g_all_glyphs) return false;
    const ImFontGlyph* mark = ImGui::GetIO().Fonts->Fonts[0]->FallbackGlyph;
    for (const ImDrawList* list : dd->CmdLists)
        for (const ImDrawVert& v : list->VtxBuffer)
            if (v.uv.x == mark->U0 && v.uv.y == mark->V0) return true;
    return false;
}

static void ApplyTheme(Theme theme, float dpr) {
    ImGuiStyle style;
    StyleColorsForTheme(theme, style);  // themes.cpp
    style.WindowRounding = 0.0f;
    style.FrameRounding = 3.0f;
    style.GrabRounding = 3.0f;
    style.WindowBorderSize = 0.0f;
    style.FramePadding = ImVec2(5, 3);
    style.ItemSpacing = ImVec2(7, 5);
    style.ScaleAllSizes(dpr);
    ImGui::GetStyle() = style;
}

// Rebuilds the font when the ratio changes (browser zoom, another screen) and the
// style when the ratio or the theme changes.
static void ApplyScaleAndTheme() {
    static float font_dpr = 0.0f, style_dpr = 0.0f;
    static Theme style_theme = Theme::Light;
    if (g_app.dpr != font_dpr) ApplyFont(g_app.dpr), font_dpr = g_app.dpr;
    if (g_app.dpr != style_dpr || g_app.state.theme != style_theme) {
        ApplyTheme(g_app.state.theme, g_app.dpr);
        style_dpr = g_app.dpr, style_theme = g_app.state.theme;
        browser_set_theme(g_app.state.theme != Theme::Light);
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Browser input fixes
//-----------------------------------------------------------------------------

// What the last frame knew about scrolling: the wheel handler runs between frames.
static struct {
    bool over_inner_window = false;  // a scrolling grid or popup, not the page itself
    float scroll_y = 0, scroll_max_y = 0;
} g_scroll;

static void RememberScroll() {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    ImGuiWindow* page = g_page_window;
    g_scroll.over_inner_window = g.HoveredWindow && g.HoveredWindow != page && g.HoveredWindow->RootWindow == page->RootWindow &&
                                 g.HoveredWindow->ParentWindow == page;
    if (page) g_scroll.scroll_y = page->Scroll.y, g_scroll.scroll_max_y = page->ScrollMax.y;
}

static void KeepAwake();

// Wheel: feed ImGui one step per 100 pixels. The page itself keeps the wheel only while
// it can still scroll that way; at its top or bottom (or fitting whole) the host page
// around an embedded demo scrolls instead. The backend's own handler swallows every event.
static EM_BOOL OnWheel(int, const EmscriptenWheelEvent* ev, void*) {
    float step = 1.0f / 100.0f;
    if (ev->deltaMode == DOM_DELTA_LINE) step = 1.0f / 3.0f;
    else if (ev->deltaMode == DOM_DELTA_PAGE) step = 80.0f;
    ImGuiIO& io = ImGui::GetIO();
    io.AddMouseWheelEvent(float(-ev->deltaX) * step, float(-ev->deltaY) * step);
    KeepAwake();
    if (!io.WantCaptureMouse) return EM_FALSE;
    if (g_scroll.over_inner_window || ev->deltaY == 0) return EM_TRUE;
    const bool can_scroll = ev->deltaY < 0 ? g_scroll.scroll_y > 0.5f : g_scroll.scroll_y < g_scroll.scroll_max_y - 0.5f;
    return can_scroll ? EM_TRUE : EM_FALSE;
}

// Touch: a finger dragged across the page scrolls it (ImGui has no touch panning);
// glue.js reports when a touch starts and ends.
static bool g_touch_active = false;
bool TouchActive() { return g_touch_active; }
extern "C" EMSCRIPTEN_KEEPALIVE void el_touch(int active) {
    g_touch_active = active != 0;
    WakeUp();
}

static void TouchScroll() {
    ImGuiIO& io = ImGui::GetIO();
    if (!g_touch_active || !ImGui::IsMouseDragging(ImGuiMouseButton_Left, 8.0f * g_app.dpr)) return;
    ImGuiWindow* page = g_page_window;
    if (!page) return;
    ImGuiContext& g = *ImGui::GetCurrentContext();
    // A drag that started on a button or cell becomes a scroll: release the item.
    if (g.ActiveId != 0 && !(g.InputTextState.ID == g.ActiveId)) ImGui::ClearActiveID();
    ImGui::SetScrollY(page, page->Scroll.y - io.MouseDelta.y);
}

static std::string g_clipboard;
static void SetClipboardText(void*, const char* text) {
    g_clipboard = text ? text : "";
    browser_copy_text(g_clipboard.c_str());
}
static const char* GetClipboardText(void*) { return g_clipboard.c_str(); }

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
// [SECTION] Idle and frame statistics
//-----------------------------------------------------------------------------

// After the last input the page keeps drawing for a moment (hover delays,
// tooltips), then stops: WebGL keeps showing the last frame at no cost.
static constexpr double kAwakeAfterInputMs = 1000.0;
static double g_awake_until = 0.0;

static void KeepAwake() { g_awake_until = std::max(g_awake_until, emscripten_get_now() + kAwakeAfterInputMs); }

// Anything but the pointer moving or the page scrolling may change what a panel shows:
// panels out of view are measured again (offscreen.cpp).
void WakeUp() {
    KeepAwake();
    InvalidatePanelSizes();
}

static bool ShouldDraw() {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    for (const ImGuiInputEvent& e : g.InputEventsQueue) {
        if (e.Type == ImGuiInputEventType_MousePos || e.Type == ImGuiInputEventType_MouseWheel) KeepAwake();
        else WakeUp();
    }
    if (AppBusy(g_app)) KeepAwake();
    return emscripten_get_now() < g_awake_until;
}

void FrameStats::record(double ms, double ui_ms) {
    frames++;
    last_ms = ms;
    max_ms = std::max(max_ms, ms);
    recent[size_t(frames - 1) % recent.size()] = ms;
    last_ui_ms = ui_ms;
    recent_ui[size_t(frames - 1) % recent_ui.size()] = ui_ms;
}

static double MedianOfRecent(const std::array<double, 240>& recent, int64_t frames) {
    const size_t n = std::min<size_t>(size_t(frames), recent.size());
    if (n == 0) return 0.0;
    std::vector<double> v(recent.begin(), recent.begin() + long(n));
    std::nth_element(v.begin(), v.begin() + long(n / 2), v.end());
    return v[n / 2];
}
double FrameStats::median_ms() const { return MedianOfRecent(recent, frames); }
double FrameStats::median_ui_ms() const { return MedianOfRecent(recent_ui, frames); }

// A hidden tab or an embed scrolled off the host page (glue.js: visibilitychange and an
// IntersectionObserver) stops the main loop itself: no requestAnimationFrame at all.
bool g_loop_running = true;
extern "C" EMSCRIPTEN_KEEPALIVE void el_set_visible(int visible) {
    if ((visible != 0) == g_loop_running) return;
    g_loop_running = visible != 0;
    if (g_loop_running) {
        emscripten_resume_main_loop();
        WakeUp();  // draw once on return (the canvas may have been resized meanwhile)
    } else {
        emscripten_pause_main_loop();
    }
}

// The browser took the WebGL context away (glue.js: webglcontextlost; GPU reset, too many
// contexts): nothing is drawn until it gives it back, then the renderer's GL objects are made
// again and the page carries on with its state as it was.
static bool g_context_lost = false;
extern "C" EMSCRIPTEN_KEEPALIVE void el_context_lost() { g_context_lost = true; }
extern "C" EMSCRIPTEN_KEEPALIVE int el_context_restored() {
    const char* error = "";
    if (!RendererRecreate(&error)) {
        browser_fatal((std::string("The page's graphics came back but its WebGL2 shaders would not compile: ") + error).c_str());
        return 0;
    }
    g_context_lost = false;
    WakeUp();
    return 1;
}

//-----------------------------------------------------------------------------
// [SECTION] Main loop
//-----------------------------------------------------------------------------

// Input, the panels and ImGui's draw lists.
static void BuildUi() {
    ImGui_ImplGlfw_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    if (io.DeltaTime <= 0.0f) io.DeltaTime = 1e-4f;
    ImGui::NewFrame();
    TouchScroll();
    ShowApp(g_app);
    RememberScroll();
    ImGui::Render();
}

static void Frame() {
    if (g_context_lost) return;
    const double t0 = emscripten_get_now();
    if (SyncCanvasSize()) WakeUp();
    if (!ShouldDraw()) return;
    ApplyScaleAndTheme();
    if (g_frame_stats.frames == 0) MarkStartup("font atlas and style");

    // Building the UI (frameStats().uiMs): input, the panels and ImGui's draw lists.
    const double ui_t0 = emscripten_get_now();
    BuildUi();
    if (NeedsAllGlyphs(ImGui::GetDrawData())) {
        g_all_glyphs = true;
        ApplyFont(g_app.dpr);
        BuildUi();  // the same frame with every glyph; the first build is never drawn
    }
    const double ui_ms = emscripten_get_now() - ui_t0;
    if (g_frame_stats.frames == 0) MarkStartup("first frame's UI built");

    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(g_window, &fb_w, &fb_h);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    const float clear_rgb[3] = {bg.x, bg.y, bg.z};
    RendererDraw(ImGui::GetDrawData(), fb_w, fb_h, clear_rgb);
    UpdateCursor();
    ReportTextInput();  // a phone keyboard over the active field, or none (text_input.cpp)
    // The address and the screen-reader line (which encode the whole state) wait for the
    // second frame: the first should reach the screen as soon as it can.
    if (g_frame_stats.frames > 0) AfterFrame(g_app);

    g_frame_stats.record(emscripten_get_now() - t0, ui_ms);
    if (g_frame_stats.frames == 1) MarkStartup("first frame drawn"), browser_first_frame_drawn();
}

}  // namespace el

int main() {
    using namespace el;
    MarkStartup("main() entered");
    if (!glfwInit()) {
        browser_fatal("This browser could not start the page's graphics (GLFW failed to initialise).");
        return 1;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    // glue.js has made the canvas's context already (its attributes are chosen there);
    // these hints say the same for a build without it.
    glfwWindowHint(GLFW_ALPHA_BITS, 0);  // ImGui needs no alpha, depth or stencil buffer
    glfwWindowHint(GLFW_DEPTH_BITS, 0);
    glfwWindowHint(GLFW_STENCIL_BITS, 0);
    // At the canvas's size already (glue.js sized it): creating the window resizes nothing.
    int width = 0, height = 0;
    WantedCanvasSize(&width, &height);
    g_window = glfwCreateWindow(width, height, "Embedding Lab", nullptr, nullptr);
    if (!g_window) {
        browser_fatal("This browser has no WebGL2, which the page needs to draw.");
        return 1;
    }
    glfwMakeContextCurrent(g_window);
    MarkStartup("window on the canvas");

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no file system in the browser
    io.LogFilename = nullptr;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard | ImGuiConfigFlags_NoMouseCursorChange;
    io.ConfigInputTextCursorBlink = false;  // a blinking caret would keep an idle page drawing

    ImGui_ImplGlfw_InitForOpenGL(g_window, true);
    const char* error = "";
    if (!RendererInit(&error)) {
        browser_fatal((std::string("This browser could not compile the page's WebGL2 shaders: ") + error).c_str());
        return 1;
    }
    // Replace the backend's document-wide wheel handler with one on the canvas that
    // lets the host page scroll when the wheel is over empty space.
    emscripten_set_wheel_callback(EMSCRIPTEN_EVENT_TARGET_DOCUMENT, nullptr, false, nullptr);
    emscripten_set_wheel_callback("#canvas", nullptr, false, OnWheel);
    io.SetClipboardTextFn = SetClipboardText;
    io.GetClipboardTextFn = GetClipboardText;

    MarkStartup("ImGui and the renderer set up");
    StartApp(g_app);
    MarkStartup("state and derived results");
    SyncCanvasSize();
    WakeUp();
    Frame();  // the first frame now, not at the next requestAnimationFrame
    emscripten_set_main_loop(Frame, 0, 1);  // requestAnimationFrame; never returns
    return 0;
}
