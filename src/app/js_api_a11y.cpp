// The JS API's accessibility hooks: the current theme's colours, for the contrast test
// (tests/browser/accessibility.test.mjs computes the WCAG ratios from them itself).
#include <emscripten.h>

#include <cmath>
#include <string>

#include "imgui.h"
#include "themes.h"
#include "widgets.h"

namespace el {

static std::string ColorJson(ImVec4 c) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "[%d,%d,%d]", int(std::lround(c.x * 255)), int(std::lround(c.y * 255)),
                  int(std::lround(c.z * 255)));
    return buf;
}
static std::string ColorJson(ImU32 c) { return ColorJson(ImGui::ColorConvertU32ToFloat4(c)); }

static std::string g_colors_json;

}  // namespace el

using namespace el;

// {windowBg, frameBg, buttonBg, text, textDisabled, error, good, cells: [[background, text], ...]}:
// every background opaque (blended onto the window), as the canvas shows it.
extern "C" EMSCRIPTEN_KEEPALIVE const char* el_theme_colors_json() {
    const ImVec4* c = ImGui::GetStyle().Colors;
    const ImVec4 window = c[ImGuiCol_WindowBg];
    std::string& j = g_colors_json;
    j = "{\"windowBg\":" + ColorJson(window) + ",\"frameBg\":" + ColorJson(OverBackground(c[ImGuiCol_FrameBg], window)) +
        ",\"buttonBg\":" + ColorJson(OverBackground(c[ImGuiCol_Button], window)) + ",\"text\":" + ColorJson(c[ImGuiCol_Text]) +
        ",\"textDisabled\":" + ColorJson(c[ImGuiCol_TextDisabled]) + ",\"error\":" + ColorJson(ErrorColor()) +
        ",\"good\":" + ColorJson(GoodColor()) + ",\"cells\":[";
    // The heatmap from -1 to +1 and a non-finite cell, each with the text colour the cell uses.
    for (int i = 0; i <= 21; i++) {
        const float t = i == 21 ? NAN : -1.0f + float(i) / 10.0f;
        const ImU32 bg = HeatColor(t, 1.0f);
        j += (i ? "," : "") + std::string("[") + ColorJson(bg) + "," + ColorJson(ReadableTextOn(bg)) + "]";
    }
    j += "]}";
    return j.c_str();
}
