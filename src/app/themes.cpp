#include "themes.h"

#include <algorithm>
#include <cmath>

#include "imgui_internal.h"  // ImLerp

namespace el {

// Dear ImGui 1.90.1's StyleColorsLight and StyleColorsDark (imgui_draw.cpp) as tables, in ImGuiCol_ order
// and hundredths: every value there has two decimals, and k / 100.0f is the float nearest k/100, as the
// literal is, so the colours are the same to the bit (compared against ImGui's functions when this was
// written). Two functions of float stores were 4 KB of code. The tabs' colours ({} here) are mixed from
// others as ImGui mixes them.
static const unsigned char kImGuiLight[ImGuiCol_COUNT][4] = {
    {0, 0, 0, 100}, {60, 60, 60, 100}, {94, 94, 94, 100}, {0, 0, 0, 0}, {100, 100, 100, 98}, {0, 0, 0, 30},
    {0, 0, 0, 0}, {100, 100, 100, 100}, {26, 59, 98, 40}, {26, 59, 98, 67}, {96, 96, 96, 100}, {82, 82, 82, 100},
    {100, 100, 100, 51}, {86, 86, 86, 100}, {98, 98, 98, 53}, {69, 69, 69, 80}, {49, 49, 49, 80},
    {49, 49, 49, 100}, {26, 59, 98, 100}, {26, 59, 98, 78}, {46, 54, 80, 60}, {26, 59, 98, 40},
    {26, 59, 98, 100}, {6, 53, 98, 100}, {26, 59, 98, 31}, {26, 59, 98, 80}, {26, 59, 98, 100}, {39, 39, 39, 62},
    {14, 44, 80, 78}, {14, 44, 80, 100}, {35, 35, 35, 17}, {26, 59, 98, 67}, {26, 59, 98, 95}, {},
    {26, 59, 98, 80}, {}, {}, {}, {39, 39, 39, 100}, {100, 43, 35, 100}, {90, 70, 0, 100}, {100, 45, 0, 100},
    {78, 87, 98, 100}, {57, 57, 64, 100}, {68, 68, 74, 100}, {0, 0, 0, 0}, {30, 30, 30, 9}, {26, 59, 98, 35},
    {26, 59, 98, 95}, {26, 59, 98, 80}, {70, 70, 70, 70}, {20, 20, 20, 20}, {20, 20, 20, 35}};
static const unsigned char kImGuiDark[ImGuiCol_COUNT][4] = {
    {100, 100, 100, 100}, {50, 50, 50, 100}, {6, 6, 6, 94}, {0, 0, 0, 0}, {8, 8, 8, 94}, {43, 43, 50, 50},
    {0, 0, 0, 0}, {16, 29, 48, 54}, {26, 59, 98, 40}, {26, 59, 98, 67}, {4, 4, 4, 100}, {16, 29, 48, 100},
    {0, 0, 0, 51}, {14, 14, 14, 100}, {2, 2, 2, 53}, {31, 31, 31, 100}, {41, 41, 41, 100}, {51, 51, 51, 100},
    {26, 59, 98, 100}, {24, 52, 88, 100}, {26, 59, 98, 100}, {26, 59, 98, 40}, {26, 59, 98, 100},
    {6, 53, 98, 100}, {26, 59, 98, 31}, {26, 59, 98, 80}, {26, 59, 98, 100}, {43, 43, 50, 50}, {10, 40, 75, 78},
    {10, 40, 75, 100}, {26, 59, 98, 20}, {26, 59, 98, 67}, {26, 59, 98, 95}, {}, {26, 59, 98, 80}, {}, {}, {},
    {61, 61, 61, 100}, {100, 43, 35, 100}, {90, 70, 0, 100}, {100, 60, 0, 100}, {19, 19, 20, 100},
    {31, 31, 35, 100}, {23, 23, 25, 100}, {0, 0, 0, 0}, {100, 100, 100, 6}, {26, 59, 98, 35}, {100, 100, 0, 90},
    {26, 59, 98, 100}, {100, 100, 100, 70}, {80, 80, 80, 20}, {80, 80, 80, 35}};

static void ImGuiColors(const unsigned char (&table)[ImGuiCol_COUNT][4], float tab_mix, ImVec4* c) {
    for (int i = 0; i < ImGuiCol_COUNT; i++)
        c[i] = ImVec4(table[i][0] / 100.0f, table[i][1] / 100.0f, table[i][2] / 100.0f, table[i][3] / 100.0f);
    c[ImGuiCol_Tab] = ImLerp(c[ImGuiCol_Header], c[ImGuiCol_TitleBgActive], tab_mix);
    c[ImGuiCol_TabActive] = ImLerp(c[ImGuiCol_HeaderActive], c[ImGuiCol_TitleBgActive], 0.60f);
    c[ImGuiCol_TabUnfocused] = ImLerp(c[ImGuiCol_Tab], c[ImGuiCol_TitleBg], 0.80f);
    c[ImGuiCol_TabUnfocusedActive] = ImLerp(c[ImGuiCol_TabActive], c[ImGuiCol_TitleBg], 0.40f);
}
static void DarkColors(ImGuiStyle& style) { ImGuiColors(kImGuiDark, 0.80f, style.Colors); }
static void LightColors(ImGuiStyle& style) { ImGuiColors(kImGuiLight, 0.90f, style.Colors); }

// High contrast: ink on paper, every field a shade off the paper and outlined (FrameBorderSize), one
// accent for checks, the focus ring and links. White on black with yellow, or black on white with navy
// (prefers-contrast: more with a light scheme, a light forced palette).
static void HighContrastColors(ImGuiStyle& style, bool light) {
    light ? LightColors(style) : DarkColors(style);
    ImVec4* c = style.Colors;
    const auto grey = [light](float v) { const float g = light ? 1.0f - v : v; return ImVec4(g, g, g, 1); };  // v away from the paper
    const ImVec4 ink = grey(1.0f), accent = light ? ImVec4(0.0f, 0.14f, 0.43f, 1) : ImVec4(1.0f, 0.92f, 0.0f, 1);
    c[ImGuiCol_Text] = c[ImGuiCol_Border] = ink;
    c[ImGuiCol_TextDisabled] = grey(light ? 0.75f : 0.85f);
    c[ImGuiCol_WindowBg] = c[ImGuiCol_PopupBg] = grey(0.0f);
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
    // Fields white on white, outlined: the plots drawn on them keep their series' 3:1 (orange was 2.7:1
    // on a light grey).
    c[ImGuiCol_FrameBg] = c[ImGuiCol_Button] = grey(light ? 0.0f : 0.10f);
    c[ImGuiCol_FrameBgHovered] = c[ImGuiCol_FrameBgActive] = grey(0.22f);
    c[ImGuiCol_ButtonHovered] = c[ImGuiCol_ButtonActive] = grey(0.25f);
    c[ImGuiCol_Header] = c[ImGuiCol_HeaderHovered] = c[ImGuiCol_HeaderActive] = grey(0.25f);
    c[ImGuiCol_CheckMark] = c[ImGuiCol_SliderGrab] = c[ImGuiCol_SliderGrabActive] = accent;
    c[ImGuiCol_NavHighlight] = c[ImGuiCol_TextSelectedBg] = accent;
    c[ImGuiCol_TextSelectedBg].w = light ? 0.3f : 0.45f;
    c[ImGuiCol_Separator] = c[ImGuiCol_SeparatorHovered] = c[ImGuiCol_SeparatorActive] = ink;
    c[ImGuiCol_PlotLines] = accent;
    // Bars (progress, the cost's): a grey the ink reads on, 4:1 or more on the paper and on a field;
    // ProgressBar writes its label in the ink over the fill (over yellow or navy it was 1.2:1, 1.5:1).
    c[ImGuiCol_PlotHistogram] = grey(light ? 0.5f : 0.43f);
    // Tables' header and rules, and the scrollbar's thumb, as strong as the rest (ImGui's were 1.8 to 3:1).
    c[ImGuiCol_TableHeaderBg] = grey(0.25f);
    c[ImGuiCol_TableBorderStrong] = c[ImGuiCol_TableBorderLight] = grey(0.6f);
    c[ImGuiCol_ScrollbarGrab] = grey(0.55f);
    c[ImGuiCol_ScrollbarGrabHovered] = c[ImGuiCol_ScrollbarGrabActive] = grey(0.75f);
}

void StyleColorsForTheme(Theme theme, ImGuiStyle& style) {
    switch (theme) {
        case Theme::Dark:
            DarkColors(style);
            // 0.50 grey was 3.3:1 on a field (FrameBg over the window): 0.62 gives 4.9:1.
            style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.62f, 0.62f, 0.62f, 1);
            // The keyboard's focus ring: ImGui's blue was 1.4:1 on a red cell; this is 3.3:1 or more
            // on every cell fill and 15:1 on the window (WCAG 1.4.11, accessibility.test.mjs).
            style.Colors[ImGuiCol_NavHighlight] = ImVec4(0.82f, 0.90f, 1.0f, 1);
            // A progress bar's label is the text colour over the fill: white on ImGui's amber was 2.0:1 (5.2:1).
            style.Colors[ImGuiCol_PlotHistogram] = ImVec4(0.55f, 0.40f, 0.0f, 1);
            break;
        case Theme::Contrast:
        case Theme::ContrastLight:
            HighContrastColors(style, theme == Theme::ContrastLight);
            style.FrameBorderSize = 1.0f;  // every field and button outlined
            break;
        case Theme::Light:
        default:
            LightColors(style);
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
        case Theme::ContrastLight:
            p.lit = u32(c[ImGuiCol_Text], 1.0f);  // the ink: white, or black
            p.zero_text = u32(c[ImGuiCol_TextDisabled], 1.0f);
            p.highlight = u32(c[ImGuiCol_NavHighlight], 1.0f);  // yellow, or navy
            p.target = theme == Theme::Contrast ? IM_COL32(0, 230, 255, 255) : IM_COL32(170, 0, 120, 255);
            p.walked_zero = u32(c[ImGuiCol_WindowBg], 210.0f / 255.0f);  // the paper, veiled
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
    // The faint bands are each lit 1's only link to its row of W: 3:1 at least (WCAG 1.4.11; at 27% alpha
    // they were 1.9:1 light, 2.3:1 dark), with a margin for a thin line's antialiased edge.
    for (float a = 0.3f; a <= 1.0f; a += 0.05f) {
        const ImVec4 band = OverBackground(ImVec4(hl.x, hl.y, hl.z, a), window);
        p.band = ImGui::ColorConvertFloat4ToU32(band);
        if (ContrastRatio(band, window) >= 3.4f) break;
    }
    return p;
}

HeatScale HeatScaleFor(Theme theme, const ImGuiStyle& style) {
    // Light: from the white field, linearly, 85% of the way to red or blue.
    if (theme == Theme::Light || theme == Theme::ContrastLight)
        return {style.Colors[ImGuiCol_FrameBg], ImVec4(0.20f, 0.40f, 0.85f, 1), ImVec4(0.85f, 0.25f, 0.20f, 1), 0.85f, false};
    // The dark field is navy: zero read as negative, and -1.34 of a 5.2 scale was 1.12:1 against it.
    // High contrast's near-black field faded to a quarter of the scale at 1.2:1. So a grey zero (the
    // high-contrast field is one), eased toward brighter ends: a quarter of the scale is 1.5:1 from zero
    // or more. Every fill stays dark enough for white, the picture's numbers, at 4.5:1.
    const ImVec4 zero = theme == Theme::Contrast ? style.Colors[ImGuiCol_FrameBg] : ImVec4(0.15f, 0.15f, 0.15f, 1);
    return {zero, ImVec4(0.20f, 0.40f, 0.88f, 1), ImVec4(0.82f, 0.20f, 0.18f, 1), 1.0f, true};
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
