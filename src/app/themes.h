// The page's four themes (light, dark, high contrast on black and on white) as Dear ImGui styles, and the
// WCAG contrast arithmetic the cells use to pick a readable text colour.
#pragma once
#include "imgui.h"
#include "state/app_state.h"

namespace el {

// Colours only (sizes are set by main.cpp): ImGui's light/dark styles with the helper grey
// (TextDisabled) made dark or light enough for 4.5:1 on the window and on a field.
void StyleColorsForTheme(Theme theme, ImGuiStyle& style);

// The picture's colours (panels_picture.cpp) in a theme. The lit 1 and its text, the highlight and
// the walk's marks are picked per theme (high contrast: 1s in the ink, the accent's highlight).
struct PictureColors {
    ImU32 lit, lit_text;         // the single 1 of a one-hot row, and its "1" (readable on it)
    ImU32 zero_cell, zero_text;  // the pale zeros of the one-hot block
    ImU32 highlight;             // bands, outlines and labels of the highlighted id
    ImU32 band;                  // the other ids' (faint) bands: the highlight paled to 3.4:1 on the window
    ImU32 target;                // the one term that counts (the walk), the gather's W[id][c]
    ImU32 walked_zero;           // laid over a term the walk multiplied by zero
    ImU32 empty_line;            // outline of an exact-zero row of dW
    ImU32 chip;                  // an id chip (the gather)
    ImU32 chip_lit, chip_lit_text;  // the highlighted id's chip (opaque), and its number (readable on it)
    ImU32 halo;                  // under the highlight's and the walk's outlines: they keep 3:1 on any heat colour
};
// Every mark of the picture reaches 3:1 against what it sits on (the window, a zero cell, or the halo
// its outline is drawn over); tests/browser/picture.test.mjs reads them through el_picture_colors_json.
PictureColors PictureColorsFor(Theme theme, const ImGuiStyle& style);

// The diverging scale of W, out, G and dW (HeatColor in widgets.cpp): a neutral colour at zero,
// toward blue below it and red above; tests/browser/heat_scale.test.mjs measures it in every theme.
struct HeatScale {
    ImVec4 zero, negative, positive;  // at 0, and the colours -1 and +1 of the scale head for
    float reach;                      // how far toward them the ends of the scale go
    bool eased;                       // |t|(2 - |t|) of the way, not |t|: 44% at a quarter of the scale
};
HeatScale HeatScaleFor(Theme theme, const ImGuiStyle& style);

float RelativeLuminance(ImVec4 c);          // WCAG 2.1: sRGB -> linear, 0.2126 R + 0.7152 G + 0.0722 B
float ContrastRatio(ImVec4 a, ImVec4 b);    // (L1 + 0.05) / (L2 + 0.05), lighter over darker
ImVec4 OverBackground(ImVec4 c, ImVec4 bg); // c with its alpha blended onto an opaque bg
ImU32 ReadableTextOn(ImU32 background);     // black or white, whichever contrasts more

}  // namespace el
