// The cost benchmark's side of window.embeddingLab (web/glue.js): start, cancel,
// and a status poll whose `figures` are what benchmark() resolves with.
#include <emscripten.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "cost_run.h"
#include "state/json_writer.h"
#include "main.h"

namespace el {

static void Number(std::string& j, const char* key, double v) {
    j += json_string(key), j += ':', j += json_number(v), j += ',';
}

static const char* const kRouteKeys[kCostRouteCount] = {"oneHot", "denseForward", "gather", "denseBackward",
                                                        "scatterAdd"};

static std::string FiguresJson(const CostRun& r) {
    const CostFigures& f = r.figures;
    std::string j = "{";
    Number(j, "V", f.shape.V), Number(j, "d", f.shape.d), Number(j, "B", f.shape.B);
    Number(j, "repeats", f.repeats_done);
    Number(j, "tableBytes", double(f.table_bytes)), Number(j, "oneHotBytes", double(f.one_hot_bytes));
    Number(j, "bufferBytes", double(f.buffer_bytes));
    j += "\"routes\":{";
    for (int k = 0; k < kCostRouteCount; k++) {
        j += std::string(k ? "," : "") + "\"" + kRouteKeys[k] + "\":{\"name\":" + json_string(cost_route_name(k)) + ",";
        Number(j, "medianMs", f.time[k].median_ms), Number(j, "minMs", f.time[k].min_ms);
        Number(j, "maxMs", f.time[k].max_ms), Number(j, "multiplyAdds", f.madds[k]);
        Number(j, "callsPerSample", f.calls_per_sample[k]);
        j += "\"samplesMs\":[";
        for (size_t i = 0; i < f.samples_ms[k].size(); i++) {
            j += (i ? "," : "") + json_number(f.samples_ms[k][i]);
        }
        j += "]}";
    }
    j += "},";
    Number(j, "forwardRatio", f.forward_ratio()), Number(j, "backwardRatio", f.backward_ratio());
    j += "\"forwardEqual\":" + std::string(f.forward_equal ? "true" : "false") + ",";
    j += "\"backwardEqual\":" + std::string(f.backward_equal ? "true" : "false") + ",";
    j += "\"checkText\":" + json_string(f.check_text()) + ",";
    Number(j, "heapBeforeBytes", r.heap_before_bytes), Number(j, "heapAfterBytes", r.heap_after_bytes);
    Number(j, "heapGrowthBytes", r.heap_after_bytes - r.heap_before_bytes);
    j += "\"buffersReleased\":" + std::string(r.buffers_released ? "true" : "false") + ",";
    Number(j, "wallMs", r.wall_ms), Number(j, "frames", double(r.frames));
    Number(j, "longestFrameMs", r.longest_frame_ms);
    j += "\"frameMs\":[";
    for (size_t i = 0; i < r.frame_ms.size(); i++) {
        j += (i ? "," : "") + json_number(r.frame_ms[i]);
    }
    j += "],";
    j.back() = '}';
    return j;
}

// {run, running, done, progress, activity, error, shape, figures}
static std::string CostStatusJson(const App& app) {
    const CostRun& r = app.cost_run;
    const CostShape& c = app.state.cost;
    std::string j = "{";
    Number(j, "run", r.run_id);
    j += "\"running\":" + std::string(r.running() ? "true" : "false") + ",";
    const bool done = !r.running() && r.have_figures && !r.cancelled && r.error.empty();
    j += "\"done\":" + std::string(done ? "true" : "false") + ",";
    j += "\"cancelled\":" + std::string(r.cancelled ? "true" : "false") + ",";
    Number(j, "progress", r.running() ? r.bench->progress() : done ? 1.0 : 0.0);
    j += "\"activity\":" + json_string(r.running() ? r.bench->activity() : "") + ",";
    j += "\"error\":" + json_string(r.error) + ",";
    j += "\"shape\":{\"V\":" + std::to_string(c.V) + ",\"d\":" + std::to_string(c.d) + ",\"B\":" +
         std::to_string(c.B) + ",\"repeats\":" + std::to_string(c.repeats) + "},";
    j += "\"figures\":" + (r.have_figures ? FiguresJson(r) : std::string("null"));
    return j + "}";
}

static std::string g_cost_json;  // the last answer, valid until the next call

}  // namespace el

using namespace el;

extern "C" {

// Sets the panel's shape and starts a run: {ok, error, run}.
EMSCRIPTEN_KEEPALIVE const char* el_cost_start(int V, int d, int B, int repeats) {
    Status st = check_cost_shape({V, d, B, repeats});
    if (st.ok() && !g_app.cost_run.running()) {
        g_app.state.cost = CostShape{V, d, B, repeats};
        Commit(g_app, "cost shape");
    }
    if (st.ok()) st = StartCostRun(g_app);
    g_cost_json = "{\"ok\":" + std::string(st.ok() ? "true" : "false") + ",\"error\":" + json_string(st.error) +
                  ",\"run\":" + std::to_string(g_app.cost_run.run_id) + "}";
    WakeUp();
    return g_cost_json.c_str();
}

// The panel's Cancel: the run stops after its current slice; benchmark()'s promise is rejected.
EMSCRIPTEN_KEEPALIVE void el_cost_cancel() {
    CancelCostRun(g_app);
    WakeUp();
}

EMSCRIPTEN_KEEPALIVE const char* el_cost_status_json() {
    g_cost_json = CostStatusJson(g_app);
    return g_cost_json.c_str();
}

}  // extern "C"
