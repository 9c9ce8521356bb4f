#include "browser.h"

#include <emscripten.h>

#include <cstdlib>

// Each function hands over to web/glue.js (window.embeddingLabHost), which owns the DOM.
EM_JS(void, el_js_set_theme, (int dark, int contrast), {
    document.documentElement.classList.toggle("dark", !!dark);
    document.documentElement.classList.toggle("contrast", !!contrast);
});
EM_JS(void, el_js_first_frame, (), { window.embeddingLabHost.firstFrame(); });
EM_JS(void, el_js_set_cursor, (const char* css), { Module.canvas.style.cursor = UTF8ToString(css); });
EM_JS(void, el_js_copy_text, (const char* text), { window.embeddingLabHost.copyText(UTF8ToString(text)); });
EM_JS(void, el_js_set_live_text, (const char* text), { window.embeddingLabHost.setLiveText(UTF8ToString(text), 1); });
EM_JS(void, el_js_fatal, (const char* message), { window.embeddingLabHost.fatal(UTF8ToString(message)); });

EM_JS(char*, el_js_location_hash, (), { return stringToNewUTF8(window.embeddingLabHost.locationHash()); });
EM_JS(char*, el_js_page_url, (), { return stringToNewUTF8(window.embeddingLabHost.pageUrl()); });
EM_JS(void, el_js_replace_hash, (const char* link), { window.embeddingLabHost.replaceHash(UTF8ToString(link)); });
EM_JS(void, el_js_keep_history_entry, (), { window.embeddingLabHost.keepHistoryEntry(); });
EM_JS(void, el_js_open_window, (const char* url), { window.embeddingLabHost.openWindow(UTF8ToString(url)); });
EM_JS(void, el_js_open_link, (const char* link), { window.embeddingLabHost.openLink(UTF8ToString(link)); });

// More contrast, or forced colours (Windows' high-contrast themes): high contrast on the scheme's side,
// Theme::Contrast (on black) or Theme::ContrastLight (on white; a light forced palette got the dark
// high-contrast canvas beside a white text view, which the browser draws in it, and then the light theme).
EM_JS(int, el_js_preferred_theme, (), {
    const m = (q) => typeof matchMedia === "function" && matchMedia(q).matches, dark = m("(prefers-color-scheme: dark)");
    return m("(forced-colors: active)") || m("(prefers-contrast: more)") ? (dark ? 2 : 3) : dark ? 1 : 0;
});
EM_JS(int, el_js_coarse_pointer, (), { return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches; });
EM_JS(void, el_js_state_changed, (int text_view, int picture_only), {
    window.embeddingLabHost.stateChanged(!!text_view, !!picture_only);
});
EM_JS(char*, el_js_language, (), { return stringToNewUTF8(window.embeddingLabHost.browserLanguage()); });
EM_JS(char*, el_js_catalog, (const char* code), { return stringToNewUTF8(window.embeddingLabHost.catalog(UTF8ToString(code))); });
EM_JS(void, el_js_document_language, (const char* code), { window.embeddingLabHost.documentLanguage(UTF8ToString(code)); });
EM_JS(void, el_js_load_deeper_tier, (const char* link, int tour_keys), { window.embeddingLabHost.loadDeeperTier(UTF8ToString(link), tour_keys); });

namespace el {

static std::string take_string(char* text) {
    std::string s = text ? text : "";
    free(text);
    return s;
}

void browser_set_theme(bool dark, bool contrast) { el_js_set_theme(dark, contrast); }
void browser_first_frame_drawn() { el_js_first_frame(); }
void browser_set_cursor(const char* css) { el_js_set_cursor(css); }
void browser_copy_text(const char* text) { el_js_copy_text(text); }
void browser_set_live_text(const char* text) { el_js_set_live_text(text); }
void browser_fatal(const char* message) { el_js_fatal(message); }
std::string browser_location_hash() { return take_string(el_js_location_hash()); }
std::string browser_page_url() { return take_string(el_js_page_url()); }
void browser_replace_hash(const char* link) { el_js_replace_hash(link); }
void browser_open_link(const char* link) { el_js_open_link(link); }
void browser_keep_history_entry() { el_js_keep_history_entry(); }
void browser_open_window(const char* url) { el_js_open_window(url); }
int browser_preferred_theme() { return el_js_preferred_theme(); }
bool browser_coarse_pointer() { return el_js_coarse_pointer(); }
void browser_state_changed(bool text_view, bool picture_only) { el_js_state_changed(text_view, picture_only); }
std::string browser_language() { return take_string(el_js_language()); }
std::string browser_catalog(const char* code) { return take_string(el_js_catalog(code)); }
void browser_set_document_language(const char* code) { el_js_document_language(code); }
void browser_load_deeper_tier(const char* link, bool tour_keys) { el_js_load_deeper_tier(link, tour_keys); }

}  // namespace el
