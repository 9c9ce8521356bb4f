// Calls from C++ into the page's JavaScript (defined with EM_JS in browser.cpp).
#pragma once

namespace el {

int browser_screen_width();
int browser_screen_height();
bool browser_prefers_dark();
void browser_first_frame_drawn();           // resolves embeddingLab.ready
void browser_set_cursor(const char* css);   // canvas.style.cursor
void browser_copy_text(const char* text);   // navigator.clipboard, if the page may
void browser_set_live_text(const char* text);  // the aria-live region outside the canvas
void browser_fatal(const char* message);    // shown in place of the canvas

}  // namespace el
