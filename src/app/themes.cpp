#include "themes.h"

#include <algorithm>
#include <cmath>

namespace el {

static void HighContrastColors(ImGuiStyle& style) {
    ImGui::StyleColorsDark(&style);
    ImVec4* c = style.Colors;
    const ImVec4 black(0, 0, 0, 1), white(1, 1, 1, 1), yellow(1.0f, 0.92f, 0.0f, 1), field(0.10f, 0.10f, 0.10f, 1);
    c[ImGuiCol_Text] = white;
    c[ImGuiCol_TextDisabled] = ImVec4(0.85f, 0.85f, 0.85f, 1);
    c[ImGuiCol_WindowBg] = c[ImGuiCol_PopupBg] = black;
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_Border] = white;
    c[ImGuiCol_FrameBg] = field;
    c[ImGuiCol_FrameBgHovered] = c[ImGuiCol_FrameBgActive] = ImVec4(0.22f, 0.22f, 0.22f, 1);
    c[ImGuiCol_Button] = field;
    c[ImGuiCol_ButtonHovered] = c[ImGuiCol_ButtonActive] = ImVec4(0.25f, 0.25f, 0.25f, 1);
    c[ImGuiCol_Header] = c[ImGuiCol_HeaderHovered] = c[ImGuiCol_HeaderActive] = ImVec4(0.25f, 0.25f, 0.25f, 1);
    c[ImGuiCol_CheckMark] = c[ImGuiCol_SliderGrab] = c[ImGuiCol_SliderGrabActive] = yellow;
    c[ImGuiCol_NavHighlight] = c[ImGuiCol_TextSelectedBg] = yellow;
    c[ImGuiCol_TextSelectedBg].w = 0.45f;
    c[ImGuiCol_Separator] = c[ImGuiCol_SeparatorHovered] = c[ImGuiCol_SeparatorActive] = white;
    c[ImGuiCol_PlotLines] = c[ImGuiCol_PlotHistogram] = yellow;
}

void StyleColorsForTheme(Theme theme, ImGuiStyle& style) {
    switch (theme) {
        case Theme::Dark:
            ImGui::StyleColorsDark(&style);
            // 0.50 grey was 3.3:1 on a field (FrameBg over the window): 0.62 gives 4.9:1.
            style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.62f, 0.62f, 0.62f, 1);
            // The keyboard's focus ring: ImGui's blue was 1.4:1 on a red cell; this is 3.3:1 or more
            // on every cell fill and 15:1 on the window (WCAG 1.4.11, accessibility.test.mjs).
            style.Colors[ImGuiCol_NavHighlight] = ImVec4(0.82f, 0.90f, 1.0f, 1);
            break;
        case Theme::Contrast:
            HighContrastColors(style);
            style.FrameBorderSize = 1.0f;  // every field and button outlined
            break;
        case Theme::Light:
        default:
            ImGui::StyleColorsLight(&style);
            // ImGui's 0.60 grey on the 0.94 window is 2.5:1, too faint: 0.40 gives 5.0:1.
            style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.40f, 0.40f, 0.40f, 1);
            // The keyboard's focus ring: ImGui's blue was 1.7:1 on a pink cell and 2.6:1 on the window;
            // this navy is 3.3:1 or more on every cell fill and 12:1 on the window.
            style.Colors[ImGuiCol_NavHighlight] = ImVec4(0.0f, 0.14f, 0.43f, 1);
            break;
    }
}

PictureColors PictureColorsFor(Theme theme, const ImGuiStyle& style) {
    const ImVec4* c = style.Colors;
    auto u32 = [](ImVec4 v, float alpha) { return ImGui::ColorConvertFloat4ToU32(ImVec4(v.x, v.y, v.z, alpha)); };
    PictureColors p;
    p.zero_cell = u32(c[ImGuiCol_FrameBg], 1.0f);
    p.chip = u32(c[ImGuiCol_Button], 1.0f);
    p.halo = u32(c[ImGuiCol_WindowBg], 1.0f);
    switch (theme) {
        case Theme::Contrast:
            p.lit = IM_COL32(255, 255, 255, 255);
            p.zero_text = u32(c[ImGuiCol_TextDisabled], 1.0f);
            p.highlight = u32(c[ImGuiCol_NavHighlight], 1.0f);  // yellow
            p.target = IM_COL32(0, 230, 255, 255);
            p.walked_zero = IM_COL32(0, 0, 0, 210);
            p.empty_line = u32(c[ImGuiCol_Border], 1.0f);
            break;
        case Theme::Dark:
            p.lit = IM_COL32(110, 220, 130, 255);
            p.zero_text = u32(c[ImGuiCol_TextDisabled], 0.6f);
            p.highlight = IM_COL32(120, 180, 255, 255);  // ImGui's NavHighlight blue was 3.0:1 on a zero cell
            p.target = p.lit;
            p.walked_zero = IM_COL32(20, 20, 20, 170);
            p.empty_line = u32(c[ImGuiCol_TextDisabled], 1.0f);  // the Border at 0.55 was 1.3:1 on the window
            break;
        case Theme::Light:
        default:
            p.lit = IM_COL32(10, 120, 40, 255);
            p.zero_text = u32(c[ImGuiCol_TextDisabled], 0.6f);
            p.highlight = IM_COL32(0, 80, 180, 255);  // ImGui's NavHighlight blue was 2.6:1 on the window
            p.target = p.lit;
            p.walked_zero = IM_COL32(235, 235, 235, 200);
            p.empty_line = u32(c[ImGuiCol_TextDisabled], 1.0f);  // the Border at 0.55 was 1.5:1 on the window
            break;
    }
    p.lit_text = ReadableTextOn(p.lit);
    const ImVec4 window = c[ImGuiCol_WindowBg], hl = ImGui::ColorConvertU32ToFloat4(p.highlight);
    p.chip_lit = ImGui::ColorConvertFloat4ToU32(OverBackground(ImVec4(hl.x, hl.y, hl.z, 0.8f), window));
    p.chip_lit_text = ReadableTextOn(p.chip_lit);
    return p;
}

static ImU32 ReadableTextOnUncached(ImU32 background);  // the contrast arithmetic, below

static float Linear(float v) { return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f); }

float RelativeLuminance(ImVec4 c) { return 0.2126f * Linear(c.x) + 0.7152f * Linear(c.y) + 0.0722f * Linear(c.z); }

float ContrastRatio(ImVec4 a, ImVec4 b) {
    const float la = RelativeLuminance(a), lb = RelativeLuminance(b);
    return (std::max(la, lb) + 0.05f) / (std::min(la, lb) + 0.05f);
}

ImVec4 OverBackground(ImVec4 c, ImVec4 bg) {
    return ImVec4(bg.x + (c.x - bg.x) * c.w, bg.y + (c.y - bg.y) * c.w, bg.z + (c.z - bg.z) * c.w, 1.0f);
}

ImU32 ReadableTextOn(ImU32 background) {
    // Remembered per colour (a few dozen heat colours fill every grid, each costing six pow()s).
    static ImU32 seen_bg[64], seen_text[64];
    static bool seen[64];
    const size_t slot = size_t((background * 2654435761u) >> 26);
    if (seen[slot] && seen_bg[slot] == background) return seen_text[slot];
    const ImU32 text = ReadableTextOnUncached(background);
    seen[slot] = true, seen_bg[slot] = background, seen_text[slot] = text;
    return text;
}

static ImU32 ReadableTextOnUncached(ImU32 background) {
    const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(background);
    return ContrastRatio(bg, ImVec4(0, 0, 0, 1)) >= ContrastRatio(bg, ImVec4(1, 1, 1, 1)) ? IM_COL32(0, 0, 0, 255)
                                                                                          : IM_COL32(255, 255, 255, 255);
}

}  // namespace el
