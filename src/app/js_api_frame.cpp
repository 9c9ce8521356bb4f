// The JavaScript hooks the frame measurements use (tests/browser/frame_floor.test.mjs).

#include <emscripten.h>

#include "widgets.h"

extern "C" {

// Opens (1) or closes (0) every collapsible section of every panel in the next frame, as a
// learner clicking each header would.
EMSCRIPTEN_KEEPALIVE void el_set_sections_open(int open) { el::ForceSectionsOpen(open != 0); }

}  // extern "C"
