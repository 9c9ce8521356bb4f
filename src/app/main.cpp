// The page's frame: Dear ImGui on the page's canvas (whose WebGL2 context web/glue.js made),
// fed by the page's own platform layer (platform_web.cpp: input, canvas size, cursor,
// clipboard) and drawn by renderer_webgl2.cpp; fonts and style at the device pixel ratio,
// the idle loop and a hidden page. The UI itself lives in ui.cpp.
//
// [SECTION] Fonts and style at a scale
// [SECTION] Idle and frame statistics (and a lost WebGL context)
// [SECTION] Main loop

#include <emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "app.h"
#include "browser.h"
#include "i18n/i18n.h"
#include "imgui.h"
#include "imgui_internal.h"  // InputEventsQueue: any pending input wakes the idle loop
#include "offscreen.h"
#include "platform_web.h"
#include "renderer_webgl2.h"
#include "text_input.h"
#include "themes.h"
#include "startup_marks.h"
#include "main.h"
#include "ui.h"

// glue.js's requestAnimationFrame loop: el_frame while the page is seen.
EM_JS(void, el_js_start_frames, (), { window.embeddingLabHost.startFrames(); });
EM_JS(void, el_js_wake_frames, (), { window.embeddingLabHost.wakeFrames(); });

// No C++ exception is ever caught here (the page is built without them), yet libc++'s inline
// helpers still throw (std::length_error, std::out_of_range, std::bad_function_call: a bug, never
// input the limits let through). Emscripten's own __cxa_throw throws a bare number out of the
// frame, which stops the page's loop with no word on the canvas; this one aborts, so the page says
// the app stopped (glue.js's onAbort), and Emscripten's JS bookkeeping for exceptions goes.
extern "C" void* __cxa_allocate_exception(size_t) noexcept { abort(); }
extern "C" [[noreturn]] void __cxa_throw(void*, void*, void (*)(void*)) { abort(); }

extern "C" const unsigned char el_font_ttf[];
extern "C" const unsigned int el_font_ttf_size;
extern "C" const unsigned int el_whole_font_size, el_whole_font_hash;  // the site's font.ttf (font_data.cpp)

namespace el {

App g_app;  // the one app; js_api.cpp reads it
FrameStats g_frame_stats;

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
// The wasm holds only the first ranges' glyphs (el_font_ttf: CMakeLists.txt subsets the font twice); the
// whole font is the site's font.ttf, which glue.js fetches when asked and hands over (el_font_arrived).
static const unsigned char* g_whole_font = nullptr;
static int g_whole_font_size = 0;
EM_JS(void, el_js_fetch_font, (), { window.embeddingLabHost.fetchFont(); });

// The whole font is here: asked for until it is; glue.js gives it during the call when it has it
// already (and fetches it again, ten seconds after a failure).
static bool WholeFontHere() {
    if (!g_whole_font) el_js_fetch_font();
    return g_whole_font != nullptr;
}

// ImGui works in device pixels here: the font is rasterised at its CSS size x dpr
// and every style size is scaled by dpr, so text stays crisp at any zoom.
static void ApplyFont(float dpr) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    // No mouse cursors in the atlas: the browser draws the pointer (canvas.style.cursor), never ImGui
    // (io.MouseDrawCursor), and the build blanks their pixels in the wasm (src/app/drop_cursor_pixels.py).
    io.Fonts->Flags |= ImFontAtlasFlags_NoMouseCursors;
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the bytes are a constant in the wasm
    config.OversampleH = 2;
    config.OversampleV = 1;
    ImFont* font = io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(g_all_glyphs ? g_whole_font : el_font_ttf),
                                                  g_all_glyphs ? g_whole_font_size : int(el_font_ttf_size),
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

static void ApplyTheme(Theme theme, float dpr, bool touch) {
    ImGuiStyle style;
    StyleColorsForTheme(theme, style);  // themes.cpp
    style.WindowRounding = 0.0f;
    style.FrameRounding = 3.0f;
    style.GrabRounding = 3.0f;
    style.WindowBorderSize = 0.0f;
    // Fields, buttons and boxes 21 px tall; 25 under a finger (WCAG 2.5.8's 24 px target; SmallButton too).
    style.FramePadding = ImVec2(5, touch ? 5 : 3);
    style.ItemSpacing = ImVec2(7, touch ? 9 : 5);  // a list item (a preset, a menu's choice) 24 px under a finger
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
        g_app.touch = browser_coarse_pointer();
        ApplyTheme(g_app.state.theme, g_app.dpr, g_app.touch);
        style_dpr = g_app.dpr, style_theme = g_app.state.theme;
        const Theme t = g_app.state.theme;
        browser_set_theme(t == Theme::Dark || t == Theme::Contrast, IsHighContrast(t));
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Idle and frame statistics
//-----------------------------------------------------------------------------

// After the last input the page keeps drawing for a moment (hover delays,
// tooltips), then stops: WebGL keeps showing the last frame at no cost.
static constexpr double kAwakeAfterInputMs = 1000.0;
static double g_awake_until = 0.0;

// An idle page asks for no animation frames at all (it had a callback at every vsync, 2.7 % of a
// core, to find nothing to draw): el_frame answers whether more are wanted, and an edit or input
// that wakes the page asks glue.js for them again (its input listeners do so too).
static bool g_frames_wanted = true;
void KeepAwake() {
    g_awake_until = std::max(g_awake_until, emscripten_get_now() + kAwakeAfterInputMs);
    if (!g_frames_wanted) g_frames_wanted = true, el_js_wake_frames();
}

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
    std::sort(v.begin(), v.end());  // (the page has std::sort for doubles already; nth_element would be more code)
    return v[n / 2];
}
double FrameStats::median_ms() const { return MedianOfRecent(recent, frames); }
double FrameStats::median_ui_ms() const { return MedianOfRecent(recent_ui, frames); }

// A hidden tab or an embed scrolled off the host page (glue.js: visibilitychange and an
// IntersectionObserver) stops the main loop itself: glue.js asks for no requestAnimationFrame
// while it is false.
bool g_loop_running = true;
extern "C" EMSCRIPTEN_KEEPALIVE void el_set_visible(int visible) {
    if ((visible != 0) == g_loop_running) return;
    g_loop_running = visible != 0;
    if (g_loop_running) WakeUp();  // draw once on return (the canvas may have been resized meanwhile)
}

// The browser took the WebGL context away (glue.js: webglcontextlost; GPU reset, too many
// contexts): nothing is drawn until it gives it back, then the renderer's GL objects are made
// again and the page carries on with its state as it was.
static bool g_context_lost = false;
static bool g_shaders_refused = false;  // the browser did not link the renderer's program (Frame)
extern "C" EMSCRIPTEN_KEEPALIVE void el_context_lost() { g_context_lost = true; }
extern "C" EMSCRIPTEN_KEEPALIVE int el_context_restored() {
    const char* error = "";
    if (!RendererRecreate(&error)) {
        browser_fatal(format(TR(page_fatal_shaders_restored), error).c_str());
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
static bool BuildUi() {
    PlatformNewFrame();
    ImGui::NewFrame();
    PlatformTouchScroll();
    const bool again = ShowApp(g_app);
    ImGui::Render();
    return again;
}

// main() draws the first frame; the browser puts it on screen in the first animation frame after.
// Without a GPU its compositor then waits for WebGL's rasterising of the frame (tens of ms on the
// CPU), and a frame drawn in that animation frame would be rasterised too before anything is shown:
// that animation frame builds nothing, and the page's second frame waits for the next one.
static bool g_first_frame_presented = false;

// One animation frame (glue.js's requestAnimationFrame loop, while the page is seen): the
// canvas's size checked, and a frame built and drawn only when something may have changed.
static void Frame() {
    if (g_context_lost || g_shaders_refused) return;
    if (g_frame_stats.first_frame_drawn() && !g_first_frame_presented) {
        g_first_frame_presented = true;
        return;
    }
    const double t0 = emscripten_get_now();
    g_frame_stats.interval_ms = t0 - std::exchange(g_frame_stats.started_ms, t0);
    // A new size (a phone turned, a window resized) moves everything: the tour's panel, if it was
    // being read, is framed again as a step frames it; a field being typed in is brought back into
    // view instead (text_input.cpp), which the tour's frame would scroll away again.
    if (PlatformSyncCanvas())
        WakeUp(), g_app.tour.scroll_to_focus |= g_app.tour.focus_in_view && !ImGui::GetInputTextState(ImGui::GetActiveID());
    if (!ShouldDraw()) return;
    ApplyLanguage(g_app);  // lang= or the browser's, once its catalog is there (app.cpp)
    const std::string language_asked = g_app.state.lang;  // (another one chosen in this frame: ReportFocus)
    // A language other than English writes letters beyond the first atlas (umlauts): the whole font at once.
    if (!g_all_glyphs && active_language().code != kLanguages[0].code && WholeFontHere()) g_all_glyphs = true, ApplyFont(g_app.dpr);
    ApplyScaleAndTheme();
    if (g_frame_stats.in_layout_frame()) MarkStartup("font atlas and style");

    // Building the UI (frameStats().uiMs): input, the panels and ImGui's draw lists.
    const double ui_t0 = emscripten_get_now();
    if (BuildUi()) BuildUi();  // scrolled to keep what was pressed under the pointer: the first build is never drawn
    // (Until font.ttf is here, drawn with the mark: glue.js wakes the page when it has given it.)
    if (NeedsAllGlyphs(ImGui::GetDrawData()) && WholeFontHere()) {
        g_all_glyphs = true;
        ApplyFont(g_app.dpr);
        BuildUi();  // the same frame with every glyph; the first build is never drawn
    }
    const double ui_ms = emscripten_get_now() - ui_t0;
    if (g_frame_stats.in_layout_frame()) MarkStartup("layout frame built");

    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    const float clear_rgb[3] = {bg.x, bg.y, bg.z};
    // The layout frame (main() builds it, then the first drawn one) is not drawn: ImGui settles
    // sizes in a page's first frame, so the next one differs, and the browser would show only that
    // one anyway. Without a GPU, WebGL draws are rasterised on the CPU: drawing the layout frame
    // too held the first frame back from the screen.
    if (!g_frame_stats.in_layout_frame()) {
        // The shaders' link status, asked once, before the first draw: the GPU process has linked
        // them while this frame and the layout frame were built, so the query no longer waits for
        // that, as it did when main() asked.
        const char* error = "";
        if (!RendererLinked(&error)) {
            browser_fatal(format(TR(page_fatal_shaders), error).c_str());
            g_shaders_refused = true;  // nothing can be drawn: no frame is built again
            return;
        }
        if (RendererDraw(ImGui::GetDrawData(), PlatformFramebufferWidth(), PlatformFramebufferHeight(), clear_rgb))
            g_frame_stats.drawn++;
    }
    PlatformEndFrame();  // the wheel's view of scrolling, the cursor shape
    ReportTextInput();  // a phone keyboard over the active field, or none (text_input.cpp)
    ReportFocus(g_app.language_pending || g_app.state.lang != language_asked);
    // The address and the screen-reader line (which encode the whole state) wait for the frame
    // after the first drawn one: that should reach the screen as soon as it can.
    if (g_frame_stats.first_frame_drawn()) AfterFrame(g_app);

    const bool first_drawn = g_frame_stats.frames == FrameStats::kFirstDrawn;
    g_frame_stats.record(emscripten_get_now() - t0, ui_ms);
    if (first_drawn) MarkStartup("first frame drawn"), browser_first_frame_drawn();
}

}  // namespace el

// One animation frame; 0 once the page is idle (glue.js then asks for none until woken).
extern "C" EMSCRIPTEN_KEEPALIVE int el_frame() {
    using namespace el;
    Frame();
    g_frames_wanted = !g_context_lost && !g_shaders_refused &&
                      (!g_first_frame_presented || emscripten_get_now() < g_awake_until || AppBusy(g_app));
    return g_frames_wanted;
}
// glue.js fetched a language's catalog (or failed to): the next frame applies it (ApplyLanguage).
extern "C" EMSCRIPTEN_KEEPALIVE void el_catalog_arrived() { el::WakeUp(); }
// The whole font's bytes (glue.js's giveFont), the app's for good: the atlas reads them at every rebuild.
// Only font.ttf as this build made it (its size and FNV-1a hash): one cut short by a dropped connection,
// or a host's HTML page in its place, made the atlas read past its end and stop the app. 0: refused.
extern "C" EMSCRIPTEN_KEEPALIVE int el_font_arrived(unsigned char* bytes, int size) {
    uint32_t hash = 2166136261u;
    for (int i = 0; i < size; i++) hash = (hash ^ bytes[i]) * 16777619u;
    if (size != int(el_whole_font_size) || hash != el_whole_font_hash) return free(bytes), 0;
    el::g_whole_font = bytes, el::g_whole_font_size = size;
    el::WakeUp();
    return 1;
}

int main() {
    using namespace el;
    MarkStartup("main() entered");
    // glue.js made the canvas's WebGL2 context (its attributes are chosen there) at the
    // canvas's final size: the renderer draws with it as it is.
    if (!PlatformUseCanvasContext()) {
        browser_fatal(TR(page_fatal_no_webgl2));  // (English: no language's catalog is fetched yet)
        return 1;
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no file system in the browser
    io.LogFilename = nullptr;
    io.ConfigInputTextCursorBlink = false;  // a blinking caret would keep an idle page drawing
    PlatformInit();  // keyboard navigation, cursors, clipboard
    RendererInit();  // its link status is asked before the first draw (Frame)

    MarkStartup("ImGui and the renderer set up");
    StartApp(g_app);
    MarkStartup("state and derived results");
    PlatformSyncCanvas();
    WakeUp();
    Frame();  // the layout frame, not drawn
    Frame();  // the first drawn frame, at once: not an animation frame later (it resolves `ready`)
    el_js_start_frames();  // then one per animation frame (glue.js), the first of them empty (Frame)
    return 0;  // the runtime stays (EXIT_RUNTIME=0): glue.js calls el_frame and the JS API
}
