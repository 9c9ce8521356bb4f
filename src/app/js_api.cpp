// The functions web/glue.js calls to build window.embeddingLab. Results are
// handed over as JSON text; floats are written with the shortest text that
// parses back to the same float32, and non-finite ones as the strings
// "NaN", "Infinity", "-Infinity" (JSON has no such numbers).
#include <emscripten.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "imgui.h"
#include "state/parse.h"
#include "ui.h"

namespace el {

static void AppendFloat(std::string& out, float v) {
    if (std::isnan(v)) out += "\"NaN\"";
    else if (std::isinf(v)) out += v > 0 ? "\"Infinity\"" : "\"-Infinity\"";
    else out += format_float(v);
}

static void AppendMatrix(std::string& out, const char* key, const std::vector<float>& m, int rows, int cols) {
    out += '"', out += key, out += "\":[";
    for (int r = 0; r < rows; r++) {
        out += r ? ",[" : "[";
        for (int c = 0; c < cols; c++) {
            if (c) out += ',';
            AppendFloat(out, m[size_t(r) * cols + c]);
        }
        out += ']';
    }
    out += "],";
}

static void AppendInts(std::string& out, const char* key, const std::vector<int>& v) {
    out += '"', out += key, out += "\":[";
    for (size_t i = 0; i < v.size(); i++) out += (i ? "," : "") + std::to_string(v[i]);
    out += "],";
}

static std::string JsonString(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') out += '\\', out += char(c);
        else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else out += char(c);
    }
    return out + "\"";
}

static std::string g_json;  // the last answer, valid until the next call

}  // namespace el

using namespace el;

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* el_snapshot_json() {
    const AppState& s = g_app.state;
    const LessonResult& r = g_app.result;
    std::string& j = g_json;
    j = "{";
    j += "\"V\":" + std::to_string(s.V) + ",\"d\":" + std::to_string(s.d) + ",";
    AppendInts(j, "ids", s.ids);
    AppendMatrix(j, "table", s.W, s.V, s.d);
    AppendMatrix(j, "upstream", s.upstream, s.B(), s.d);
    AppendMatrix(j, "gather", r.gather, r.B, r.d);
    AppendMatrix(j, "matmul", r.matmul, r.B, r.d);
    AppendMatrix(j, "gradTable", r.grad_scatter, r.grad_scatter.empty() ? 0 : r.V, r.d);
    AppendInts(j, "touchedRows", r.touched_rows);
    AppendInts(j, "differingOutputs", r.differing_outputs);
    j += "\"equal\":" + std::string(r.equal ? "true" : "false") + ",";
    j += "\"gradsEqual\":" + std::string(r.grads_equal ? "true" : "false") + ",";
    j += "\"errors\":{\"ids\":" + JsonString(g_app.ids_error) + ",\"size\":" + JsonString(g_app.size_error) +
         ",\"table\":" + JsonString(g_app.table_editor.error) + ",\"upstream\":" +
         JsonString(g_app.upstream_editor.error) + ",\"result\":" + JsonString(g_app.result_error) + "},";
    j += "\"liveText\":" + JsonString(describe_result(g_app));
    j += "}";
    return j.c_str();
}

// Fills out[4] with (x, y, w, h) in CSS pixels; returns 0 when no such widget was drawn.
EMSCRIPTEN_KEEPALIVE int el_widget_rect(const char* name, float* out) { return FindItemRect(name, out) ? 1 : 0; }

EMSCRIPTEN_KEEPALIVE const char* el_frame_stats_json() {
    char buf[200];
    std::snprintf(buf, sizeof buf, "{\"frames\":%lld,\"lastFrameMs\":%.3f,\"medianFrameMs\":%.3f,\"maxFrameMs\":%.3f}",
                  (long long)g_frame_stats.frames, g_frame_stats.last_ms, g_frame_stats.median_ms(),
                  g_frame_stats.max_ms);
    g_json = buf;
    return g_json.c_str();
}

// Text pasted into the page (the paste event), typed into the focused field.
EMSCRIPTEN_KEEPALIVE void el_paste_text(const char* text) {
    ImGui::GetIO().AddInputCharactersUTF8(text);
    WakeUp();
}

EMSCRIPTEN_KEEPALIVE void el_wake() { WakeUp(); }

}  // extern "C"
