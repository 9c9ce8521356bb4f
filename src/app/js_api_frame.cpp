// The JavaScript hooks the frame measurements use (tests/browser/frame_floor.test.mjs).

#include <emscripten.h>

#include "imgui.h"
#include "widgets.h"

extern "C" {

// Opens (1) or closes (0) every collapsible section of every panel in the next frame, as a
// learner clicking each header would.
EMSCRIPTEN_KEEPALIVE void el_set_sections_open(int open) { el::ForceSectionsOpen(open != 0); }

// Glyphs in the font atlas now: the first atlas holds what the page writes, the whole font
// comes in once some text needs more (main.cpp, NeedsAllGlyphs).
EMSCRIPTEN_KEEPALIVE int el_font_glyphs() { return ImGui::GetIO().Fonts->Fonts[0]->Glyphs.Size; }

}  // extern "C"
