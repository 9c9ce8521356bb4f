// The picture's part of window.embeddingLab: highlight(id), walk({b, c}) and the
// reduced-motion preference web/glue.js reads from the page's media query.
#include <emscripten.h>

#include <cstdio>
#include <string>

#include "imgui.h"
#include "picture_ui.h"
#include "state/json_writer.h"
#include "themes.h"
#include "main.h"

namespace el {

// {"id":2,"positions":[0,2,3]} or null: what snapshot().highlight holds.
std::string HighlightJson(const App& app) {
    const Highlight h = CurrentHighlight(app);
    if (h.id < 0) return "null";
    std::string j = "{\"id\":" + std::to_string(h.id) + ",\"positions\":[";
    for (size_t i = 0; i < h.positions.size(); i++) j += (i ? "," : "") + std::to_string(h.positions[i]);
    return j + "]}";
}

static std::string g_picture_json;

static const char* WalkJson(const App& app, const std::string& error) {
    const Walk& w = app.picture.walk;
    const LessonResult& r = app.derived.result;
    std::string& j = g_picture_json;
    j = "{\"ok\":" + std::string(error.empty() ? "true" : "false") + ",\"error\":" + json_string(error);
    j += ",\"active\":" + std::string(w.b >= 0 ? "true" : "false") + ",\"running\":" + (w.running ? "true" : "false") +
         ",\"done\":" + (w.done() ? "true" : "false");
    if (w.b >= 0) {
        const float gathered = lookup_table(r, g_app.state)[size_t(w.id) * size_t(r.d) + size_t(w.c)];
        // terms: e_i[r] * W[r][c] taken so far; zeroTerms: those against zero; gatherSteps: the lookup's one step.
        j += ",\"b\":" + std::to_string(w.b) + ",\"c\":" + std::to_string(w.c) + ",\"id\":" + std::to_string(w.id) +
             ",\"V\":" + std::to_string(w.V) + ",\"terms\":" + std::to_string(w.terms_done) +
             ",\"zeroTerms\":" + std::to_string(w.zero_terms) + ",\"gatherSteps\":1" +
             ",\"value\":" + json_number(w.sum) + ",\"gatherValue\":" + json_number(gathered) +
             ",\"startFrame\":" + std::to_string(app.picture.walk_started_frame) +
             ",\"doneFrame\":" + std::to_string(app.picture.walk_done_frame);
    }
    j += "}";
    return j.c_str();
}

}  // namespace el

using namespace el;

extern "C" {

// Highlights id (id < 0 clears); answers {ok, error, highlight}. A bad id is refused and
// the highlight stays as it was.
EMSCRIPTEN_KEEPALIVE const char* el_highlight(int id, int clear) {
    std::string error;
    if (clear) {
        g_app.picture.pinned_id = -1;
    } else {
        Highlight h;
        Status st = highlight_for(g_app.state.ids, g_app.state.V, id, h);
        if (st.ok()) g_app.picture.pinned_id = id;
        else error = st.error;
    }
    g_app.picture.hover_id = -1;  // the id set here shows now, not the last hovered one
    WakeUp();
    g_picture_json = "{\"ok\":" + std::string(error.empty() ? "true" : "false") + ",\"error\":" + json_string(error) +
                     ",\"highlight\":" + HighlightJson(g_app) + "}";
    return g_picture_json.c_str();
}

// Starts the walk for out[b][c] (skip: straight to the end state); answers its status.
EMSCRIPTEN_KEEPALIVE const char* el_walk_start(int b, int c, double speed, int skip) {
    if (speed > 0) g_app.picture.walk_speed = float(speed);
    Status st = StartWalk(g_app, b, c);
    if (st.ok() && skip) {
        const LessonResult& r = g_app.derived.result;
        walk_skip_to_end(g_app.picture.walk, lookup_table(r, g_app.state).data(), r.d);
        if (g_app.picture.walk_done_frame < 0) g_app.picture.walk_done_frame = g_frame_stats.frames;
    }
    return WalkJson(g_app, st.error);
}

EMSCRIPTEN_KEEPALIVE const char* el_walk_json() { return WalkJson(g_app, ""); }

// The picture's colours in the current theme, as drawn (opaque), for the contrast test:
// {"window":[r,g,b], "zeroCell":..., "lit":..., "highlight":..., "target":..., "emptyLine":...,
//  "halo":..., "chipLit":..., "chipLitText":..., "band":...}
EMSCRIPTEN_KEEPALIVE const char* el_picture_colors_json() {
    const PictureColors p = PictureColorsFor(g_app.state.theme, ImGui::GetStyle());
    ImVec4 window = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    window.w = 1;
    const ImU32 colors[] = {ImGui::ColorConvertFloat4ToU32(window), p.zero_cell, p.lit, p.highlight, p.target,
                            p.empty_line, p.halo, p.chip_lit, p.chip_lit_text, p.band};
    const char* names[] = {"window", "zeroCell", "lit", "highlight", "target", "emptyLine", "halo", "chipLit", "chipLitText", "band"};
    g_picture_json = "{";
    for (int i = 0; i < 10; i++) {
        const ImVec4 v = OverBackground(ImGui::ColorConvertU32ToFloat4(colors[i]), window);
        char buf[64];
        std::snprintf(buf, sizeof buf, "%s\"%s\":[%d,%d,%d]", i ? "," : "", names[i], int(v.x * 255 + 0.5f),
                      int(v.y * 255 + 0.5f), int(v.z * 255 + 0.5f));
        g_picture_json += buf;
    }
    g_picture_json += "}";
    return g_picture_json.c_str();
}

// prefers-reduced-motion: reduce, from the page's media query (web/glue.js).
EMSCRIPTEN_KEEPALIVE void el_set_reduced_motion(int on) {
    g_app.picture.reduced_motion = on != 0;
    WakeUp();
}

}  // extern "C"
