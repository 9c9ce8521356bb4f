#include "browser.h"

#include <emscripten.h>

// Each function hands over to web/glue.js (window.embeddingLabHost), which owns the DOM.
EM_JS(int, el_js_screen_width, (), { return screen.width | 0; });
EM_JS(int, el_js_screen_height, (), { return screen.height | 0; });
EM_JS(int, el_js_prefers_dark, (), { return window.embeddingLabHost.prefersDark() ? 1 : 0; });
EM_JS(void, el_js_first_frame, (), { window.embeddingLabHost.firstFrame(); });
EM_JS(void, el_js_set_cursor, (const char* css), { Module.canvas.style.cursor = UTF8ToString(css); });
EM_JS(void, el_js_copy_text, (const char* text), { window.embeddingLabHost.copyText(UTF8ToString(text)); });
EM_JS(void, el_js_set_live_text, (const char* text), { window.embeddingLabHost.setLiveText(UTF8ToString(text)); });
EM_JS(void, el_js_fatal, (const char* message), { window.embeddingLabHost.fatal(UTF8ToString(message)); });

namespace el {

int browser_screen_width() { return el_js_screen_width(); }
int browser_screen_height() { return el_js_screen_height(); }
bool browser_prefers_dark() { return el_js_prefers_dark() != 0; }
void browser_first_frame_drawn() { el_js_first_frame(); }
void browser_set_cursor(const char* css) { el_js_set_cursor(css); }
void browser_copy_text(const char* text) { el_js_copy_text(text); }
void browser_set_live_text(const char* text) { el_js_set_live_text(text); }
void browser_fatal(const char* message) { el_js_fatal(message); }

}  // namespace el
