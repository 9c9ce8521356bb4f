// Calls from C++ into the page's JavaScript (defined with EM_JS in browser.cpp).
#pragma once
#include <string>

namespace el {

void browser_set_theme(bool dark, bool contrast);  // the page around the canvas and the text view
void browser_first_frame_drawn();           // resolves embeddingLab.ready
void browser_set_cursor(const char* css);   // canvas.style.cursor
void browser_copy_text(const char* text);   // navigator.clipboard, if the page may
void browser_set_live_text(const char* text);  // the aria-live region outside the canvas
void browser_fatal(const char* message);    // shown in place of the canvas
std::string browser_location_hash();        // the fragment without '#'
std::string browser_page_url();             // the page's address without the fragment
void browser_replace_hash(const char* link);  // history.replaceState: no new history entry
void browser_open_link(const char* link);   // a new history entry (presets): back returns
void browser_keep_history_entry();          // the address as it is, kept as an entry of its own: back returns to it
void browser_open_window(const char* url);  // a new tab (embed mode's "open the full demo")
bool browser_coarse_pointer();             // a finger is the main pointer (a phone, a tablet)
int browser_preferred_theme();              // a Theme: high contrast for prefers-contrast: more or forced colours, dark or light
// The HTML text view re-renders (web/text_view.js); only the picture's lines (the highlight, the walk)
// when nothing else changed.
void browser_state_changed(bool text_view, bool picture_only = false);
// Reloads the page at `link` with the deeper tier's build; tour_keys: the keyboard is on the tour's Next.
void browser_load_deeper_tier(const char* link, bool tour_keys);
std::string browser_language();             // the first of the browser's languages the page has ("en" if none)
// A language's catalog as set_language takes it (src/i18n/i18n.h); "" while it is being fetched
// (glue.js calls el_catalog_arrived when it is there), "!" and a message when it could not be.
std::string browser_catalog(const char* code);
void browser_set_document_language(const char* code);  // <html lang> (screen readers speak in it), the title

}  // namespace el
