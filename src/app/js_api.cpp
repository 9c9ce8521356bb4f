// The functions web/glue.js calls to build window.embeddingLab. Results are
// handed over as JSON text, float32 matrices as pointers into wasm memory.
#include <emscripten.h>

#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <string_view>

#include "i18n/i18n.h"
#include "imgui.h"
#include "panels.h"
#include "picture_ui.h"
#include "state/parse.h"
#include "state/export.h"
#include "state/json_writer.h"
#include "state/presets.h"
#include "state/teach.h"
#include "state/tour.h"
#include "main.h"
#include "offscreen.h"
#include "widgets.h"

namespace el {

// A float32 matrix is handed over as [pointer, rows, cols] into the live buffer:
// glue.js copies it out at once (fast, exact, and non-finite values survive).
static void AppendMatrix(std::string& out, const char* key, const std::vector<float>& m, int rows, int cols) {
    if (m.size() < size_t(rows) * size_t(cols)) rows = cols = 0;
    out += '"', out += key, out += "\":[" + std::to_string(uintptr_t(m.data())) + "," + std::to_string(rows) + "," +
                                     std::to_string(cols) + "],";
}

static void AppendInts(std::string& out, const char* key, const std::vector<int>& v) {
    out += '"', out += key, out += "\":[";
    for (size_t i = 0; i < v.size(); i++) out += (i ? "," : "") + std::to_string(v[i]);
    out += "],";
}

static std::string MessagesJson(const LinkMessages& m) {
    std::string j = "{\"ok\":" + std::string(m.ok() ? "true" : "false") + ",\"errors\":[";
    for (size_t i = 0; i < m.errors.size(); i++) j += (i ? "," : "") + json_string(m.errors[i]);
    j += "],\"notices\":[";
    for (size_t i = 0; i < m.notices.size(); i++) j += (i ? "," : "") + json_string(m.notices[i]);
    return j + "]}";
}

static std::string g_json;  // the last answer, valid until the next call

}  // namespace el

using namespace el;

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* el_snapshot_json() {
    const AppState& s = g_app.state;
    const LessonResult& r = g_app.derived.result;
    std::string& j = g_json;
    j = "{\"matrices\":{";
    AppendMatrix(j, "table", s.W, s.V, s.d);
    AppendMatrix(j, "upstream", s.upstream, s.B(), s.d);
    AppendMatrix(j, "gather", r.gather, r.B, r.d);
    AppendMatrix(j, "matmul", r.matmul, r.matmul.empty() ? 0 : r.B, r.d);
    AppendMatrix(j, "gradTable", r.grad_scatter, r.grad_scatter.empty() ? 0 : r.V, r.d);
    AppendMatrix(j, "bagOutputs", g_app.derived.bag.gather, g_app.derived.bag.bags, r.d);
    AppendMatrix(j, "bagMatmul", g_app.derived.bag.matmul, g_app.derived.bag.matmul.empty() ? 0 : g_app.derived.bag.bags, r.d);
    AppendMatrix(j, "bagUpstream", g_app.derived.bag.upstream, g_app.derived.bag.bags, r.d);
    AppendMatrix(j, "bagGrad", g_app.derived.bag.grad, g_app.derived.bag.grad.empty() ? 0 : s.V, s.d);
    j.back() = '}';
    // Written through one helper, a call per group, not chains of temporaries: the page weight
    // budget counts every byte of this code.
    auto put = [&](std::initializer_list<std::string_view> parts) {
        for (std::string_view p : parts) j += p;
    };
    put({",\"V\":", std::to_string(s.V), ",\"d\":", std::to_string(s.d), ","});
    AppendInts(j, "ids", s.ids);
    AppendInts(j, "touchedRows", r.touched_rows);
    AppendInts(j, "differingOutputs", r.differing_outputs);
    put({"\"equal\":", json_bool(r.equal), ",\"gradsEqual\":", json_bool(r.grads_equal), ",\"oneHotSkipped\":",
         json_string(r.one_hot_skipped), ","});
    put({"\"errors\":{\"ids\":", json_string(g_app.text.ids.error), ",\"idsNotice\":", json_string(g_app.text.ids.notice), ",\"offsets\":", json_string(g_app.text.offsets.error), ",\"offsetsNotice\":", json_string(g_app.text.offsets.notice), ",\"size\":", json_string(g_app.text.size.error),
         ",\"table\":", json_string(g_app.table_editor.error), ",\"upstream\":", json_string(g_app.upstream_editor.error),
         ",\"result\":", json_string(g_app.derived.result_error), ",\"lock\":", json_string(g_app.teach.lock_message),
         ",\"language\":", json_string(g_app.language_message), ",\"fields\":", json_string(KeptTextErrors()), "},"});
    // Teacher controls (src/state/teach.h) and the last height sent to the host page.
    put({"\"teach\":{\"lock\":", json_string(encode_locks(s)), ",\"hide\":", json_string(encode_hidden(s)),
         ",\"quiz\":", json_string(encode_quiz(s)), ",\"autoHeight\":", json_bool(s.teach.auto_height),
         ",\"postedHeight\":", std::to_string(g_app.teach.posted_height),
         ",\"gradientCovered\":", json_bool(CardsHideGradient(g_app)), "},"});
    put({"\"liveText\":", json_string(describe_result(g_app)), ",\"highlight\":", HighlightJson(g_app), ","});
    // The settings, as the share link's field table writes them (one loop, src/state/link.cpp),
    // and the older names of some of them, read from the same table.
    const auto setting = [](const char* key) {
        std::string v;
        link_value_json(g_app.state, key, v);
        return v;
    };
    put({"\"settings\":", link_settings_json(s), ",\"tour\":{\"depth\":", setting("tour"), ",\"step\":", setting("step"),
         "},\"bag\":{\"mode\":", setting("bag"), ","});
    AppendInts(j, "offsets", s.offsets);
    AppendInts(j, "gradTouchedRows", g_app.derived.bag.grad_touched_rows);
    put({"\"bags\":", std::to_string(g_app.derived.bag.bags), ",\"maxDifference\":", json_number(g_app.derived.bag.max_difference),
         ",\"error\":", json_string(g_app.derived.bag.error),
         "},\"language\":", json_string(active_language().code),  // the language in use (lang= or the browser's)
         ",\"theme\":", json_string(kThemeNames[int(s.theme)]), ",\"view\":", setting("view"),  // the theme in use
         ",\"link\":", json_string(encode_link(s)), ",\"optimizer\":{\"name\":", json_string(optimizer_name(s.optimizer.kind))});
    for (const auto& [name, key] : {std::pair{"lr", "lr"}, {"momentum", "mom"}, {"dampening", "damp"},
                                    {"nesterov", "nesterov"}, {"weightDecay", "wd"}, {"beta1", "b1"},
                                    {"beta2", "b2"}, {"eps", "eps"}})
        put({",\"", name, "\":", setting(key)});
    // The state's link is too long to share ("" when it fits): the address keeps the last that fit.
    put({"},\"linkErrors\":", MessagesJson(g_app.link_messages), ",\"linkOverLimit\":", json_string(LinkOverLimitMessage(g_app))});
    j += "}";
    return j.c_str();
}

// Fills out[4] with (x, y, w, h) in CSS pixels; returns 0 when no such widget was drawn,
// 1 when it was drawn but is scrolled out of view, 2 when it is visible.
EMSCRIPTEN_KEEPALIVE int el_widget_rect(const char* name, float* out) { return FindItemRect(name, out); }

EMSCRIPTEN_KEEPALIVE const char* el_frame_stats_json() {
    // uiMs: median time building the UI; frameMs: median whole frame (medianFrameMs, kept
    // under its old name too); lastUiMs: the last frame's; running: the main loop runs (not hidden or off screen).
    // panelsDrawn / panelsSkipped: the last frame's panel groups built, and left out as out of view.
    // framesDrawn: frames that drew on the canvas (one exactly like the last is not drawn again).
    char buf[400];
    const double frame_ms = g_frame_stats.median_ms();
    const PanelCounts panels = LastFramePanelCounts();
    std::snprintf(buf, sizeof buf,
                  "{\"frames\":%lld,\"framesDrawn\":%lld,\"lastFrameMs\":%.3f,\"medianFrameMs\":%.3f,\"maxFrameMs\":%.3f,"
                  "\"uiMs\":%.3f,\"frameMs\":%.3f,\"lastUiMs\":%.3f,\"running\":%s,"
                  "\"panelsDrawn\":%d,\"panelsSkipped\":%d}",
                  (long long)g_frame_stats.frames, (long long)g_frame_stats.drawn, g_frame_stats.last_ms, frame_ms, g_frame_stats.max_ms,
                  g_frame_stats.median_ui_ms(), frame_ms, g_frame_stats.last_ui_ms, g_loop_running ? "true" : "false",
                  panels.drawn, panels.skipped);
    g_json = buf;
    return g_json.c_str();
}

// Text pasted into the page (the paste event), typed into the focused field.
// Every field a learner types into is one line, and ImGui's one-line fields drop line breaks and
// tabs: a column of ids pasted from a spreadsheet ("2\n1") would read as one id (21). They arrive
// as spaces instead, which separate ids and make a pasted table's cell text say what it held.
EMSCRIPTEN_KEEPALIVE void el_paste_text(const char* text) {
    std::string one_line;
    for (const char* p = text; *p; p++)
        if (!(p[0] == '\r' && p[1] == '\n')) one_line += (*p == '\n' || *p == '\r' || *p == '\t') ? ' ' : *p;
    // Ctrl+V's Ctrl is down in ImGui (glue.js reports the modifiers with each key), and a field drops
    // characters typed with Ctrl down: the paste was lost. Its release comes again with the key's.
    ImGui::GetIO().AddKeyEvent(ImGuiMod_Ctrl, false);
    ImGui::GetIO().AddInputCharactersUTF8(one_line.c_str());
    WakeUp();
}

EMSCRIPTEN_KEEPALIVE void el_wake() { WakeUp(); }

// The current state's share link (fragment without '#').
EMSCRIPTEN_KEEPALIVE const char* el_get_link() {
    g_json = encode_link(g_app.state);
    return g_json.c_str();
}

// Applies a link as if pasted; answers {ok, errors, notices}. A link from the address (glue.js's
// hashchange) stays there as given; one from the API (setLink) is not in the address yet: the state's
// own link is written there at the end of the next frame, as after an edit.
EMSCRIPTEN_KEEPALIVE const char* el_set_link(const char* fragment, int from_address) {
    const LinkMessages& m = apply_link(g_app, LinkKeepingEmbed(g_app, fragment ? fragment : ""));
    if (!from_address) g_app.commits.link = 0;
    WakeUp();
    g_json = MessagesJson(m);
    return g_json.c_str();
}

// "numpy" or "pytorch": the script "Copy as NumPy/PyTorch" would copy.
EMSCRIPTEN_KEEPALIVE const char* el_export_script(const char* kind) {
    g_json = std::string(kind ? kind : "") == "pytorch" ? pytorch_script(g_app.state, g_app.derived) : numpy_script(g_app.state, g_app.derived);
    return g_json.c_str();
}

// The text the share box shows (the last copied link, embed code or script).
EMSCRIPTEN_KEEPALIVE const char* el_share_text() { return g_app.share_text.c_str(); }

EMSCRIPTEN_KEEPALIVE const char* el_presets_json() {
    std::string& j = g_json;
    j = "[";
    for (size_t i = 0; i < presets().size(); i++) {
        const Preset& p = presets()[i];
        j += (i ? "," : "") + std::string("{\"name\":") + json_string(p.name) + ",\"title\":" + json_string(p.title) +
             ",\"link\":" + json_string(p.link) + ",\"open\":" + json_string(LinkKeepingPage(g_app, p.link)) + "}";
    }
    j += "]";
    return j.c_str();
}

}  // extern "C"
