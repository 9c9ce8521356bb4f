// The JS API's accessibility hooks: setters the HTML text view (web/text_view.js) edits the
// lesson through, each one commit as the canvas's own edit would be, and the current theme's
// colours for the contrast test (tests/browser/accessibility.test.mjs computes the ratios).
#include <emscripten.h>

#include <cmath>
#include <string>

#include "imgui.h"
#include "state/json_writer.h"
#include "state/parse.h"
#include "state/teach.h"
#include "themes.h"
#include "ui.h"
#include "widgets.h"

namespace el {

static std::string ColorJson(ImVec4 c) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "[%d,%d,%d]", int(std::lround(c.x * 255)), int(std::lround(c.y * 255)),
                  int(std::lround(c.z * 255)));
    return buf;
}
static std::string ColorJson(ImU32 c) { return ColorJson(ImGui::ColorConvertU32ToFloat4(c)); }

static std::string g_colors_json;
static std::string g_answer;

static const char* Answer(const std::string& error) {
    g_answer = "{\"ok\":" + std::string(error.empty() ? "true" : "false") + ",\"error\":" + json_string(error) + "}";
    WakeUp();
    return g_answer.c_str();
}

}  // namespace el

using namespace el;

// {windowBg, frameBg, buttonBg, text, textDisabled, error, good, cells: [[background, text], ...]}:
// every background opaque (blended onto the window), as the canvas shows it.
extern "C" EMSCRIPTEN_KEEPALIVE const char* el_theme_colors_json() {
    const ImVec4* c = ImGui::GetStyle().Colors;
    const ImVec4 window = c[ImGuiCol_WindowBg];
    std::string& j = g_colors_json;
    j = "{\"windowBg\":" + ColorJson(window) + ",\"frameBg\":" + ColorJson(OverBackground(c[ImGuiCol_FrameBg], window)) +
        ",\"buttonBg\":" + ColorJson(OverBackground(c[ImGuiCol_Button], window)) + ",\"text\":" + ColorJson(c[ImGuiCol_Text]) +
        ",\"textDisabled\":" + ColorJson(c[ImGuiCol_TextDisabled]) + ",\"error\":" + ColorJson(ErrorColor()) +
        ",\"good\":" + ColorJson(GoodColor()) + ",\"cells\":[";
    // The heatmap from -1 to +1 and a non-finite cell, each with the text colour the cell uses.
    for (int i = 0; i <= 21; i++) {
        const float t = i == 21 ? NAN : -1.0f + float(i) / 10.0f;
        const ImU32 bg = HeatColor(t, 1.0f);
        j += (i ? "," : "") + std::string("[") + ColorJson(bg) + "," + ColorJson(ReadableTextOn(bg)) + "]";
    }
    j += "]}";
    return j.c_str();
}

extern "C" {

// W[r][c] = text as typed in the canvas's cell editor: {ok, error}; a refused value leaves the
// cell and shows the same message under the canvas's table.
EMSCRIPTEN_KEEPALIVE const char* el_set_cell(int r, int c, const char* text) {
    AppState& s = g_app.state;
    if (Status locked = check_unlocked(s, kLockTable); !locked.ok()) return Answer(g_app.table_editor.error = locked.error);
    if (r < 0 || r >= s.V || c < 0 || c >= s.d)
        return Answer("W[" + std::to_string(r) + "][" + std::to_string(c) + "]: no such cell (W is " +
                      std::to_string(s.V) + " x " + std::to_string(s.d) + ")");
    float v = 0.0f;
    const size_t i = size_t(r) * size_t(s.d) + size_t(c);
    const Status st = parse_float(text ? text : "", v);
    CellEditor& ed = g_app.table_editor;
    if (!st.ok()) {
        ed.error = "W[" + std::to_string(r) + "][" + std::to_string(c) + "]: " + st.error + " (the cell keeps " +
                   format_float(s.W[i]) + ")";
        return Answer(ed.error);
    }
    s.W[i] = v;
    ed.error.clear();
    if (ed.row == r && ed.col == c) ed.row = ed.col = -1;
    Commit(g_app, "table cell");
    return Answer("");
}

// The batch as typed in the canvas's ids field: {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* el_set_ids(const char* text) {
    if (Status locked = check_unlocked(g_app.state, kLockIds); !locked.ok()) return Answer(g_app.text.ids.error = locked.error);
    EditIds(g_app, text ? text : "");
    return Answer(g_app.text.ids.error);
}

// V and d as the canvas's Resize button applies them: {ok, error}.
EMSCRIPTEN_KEEPALIVE const char* el_set_size(int V, int d) {
    if (Status locked = check_unlocked(g_app.state, kLockSize); !locked.ok()) return Answer(g_app.text.size.error = locked.error);
    EditSize(g_app, V, d);
    return Answer(g_app.text.size.error);
}

// 0: the canvas, 1: the HTML text view (the view= key of a link).
EMSCRIPTEN_KEEPALIVE void el_set_view(int text) {
    const View view = text ? View::Text : View::Canvas;
    if (g_app.state.view == view) return;
    g_app.state.view = view;
    Commit(g_app, "view");
    WakeUp();
}

}  // extern "C"
