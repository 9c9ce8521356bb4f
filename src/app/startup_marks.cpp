#include "startup_marks.h"

#include <emscripten.h>

#include <cstdio>
#include <string>

namespace el {

namespace {
struct Mark { const char* step; double at_ms; };
Mark g_marks[16];
int g_count = 0;
std::string g_json;
}  // namespace

void MarkStartup(const char* step) {
    if (g_count < 16) g_marks[g_count++] = {step, emscripten_get_now()};
}

}  // namespace el

extern "C" {

// [{"step": "...", "atMs": ms since navigation}, ...] in the order the steps finished.
EMSCRIPTEN_KEEPALIVE const char* el_startup_json() {
    using namespace el;
    g_json = "[";
    for (int i = 0; i < g_count; i++) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "%s{\"step\":\"%s\",\"atMs\":%.2f}", i ? "," : "", g_marks[i].step, g_marks[i].at_ms);
        g_json += buf;
    }
    g_json += "]";
    return g_json.c_str();
}

}  // extern "C"
