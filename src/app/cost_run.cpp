// The cost benchmark across frames (cost_run.h): start, cancel, and one slice per drawn frame.
#include "cost_run.h"

#include <emscripten.h>
#include <emscripten/heap.h>

#include <algorithm>

#include "i18n/i18n.h"
#include "main.h"

namespace el {

Status StartCostRun(App& app) {
    CostRun& r = app.cost_run;
    if (r.running()) return Status::Fail(TR(labs_cost_already_running));
    if (!r.bench) r.bench = std::make_unique<CostBench>([] { return emscripten_get_now(); });
    r.heap_before_bytes = double(emscripten_get_heap_size());
    Status st = r.bench->start(ShapeOf(app.state.cost), app.state.seed);
    r.error = st.error;
    r.run_id++;
    r.cancelled = false;
    if (!st.ok()) return st;
    r.started_ms = emscripten_get_now();
    r.longest_frame_ms = 0, r.frames = 0, r.wall_ms = 0;
    r.frame_ms.clear();
    r.last_frame_pending = false;
    WakeUp();
    return st;
}

void CancelCostRun(App& app) {
    CostRun& r = app.cost_run;
    if (!r.running()) return;
    r.bench->cancel();
    r.cancelled = true;
    r.heap_after_bytes = double(emscripten_get_heap_size());
}

// The last app frame's time, which the run's slice was part of.
static void NoteLastFrame(CostRun& r) {
    r.longest_frame_ms = std::max(r.longest_frame_ms, g_frame_stats.last_ms);
    r.frame_ms.push_back(g_frame_stats.last_ms);
}

// A slice of a running benchmark. Out of line (noinline): it is called every drawn frame from the
// first on, and the browser compiles a function whole on its first call, cold code included.
[[gnu::noinline]] static void StepRunningCostRun(CostRun& r) {
    if (r.frames > 0) NoteLastFrame(r);
    r.frames++;
    r.bench->step(kCostBudgetMsPerFrame);
    if (!r.bench->done()) return;
    r.figures = r.bench->figures();
    r.have_figures = true;
    r.wall_ms = emscripten_get_now() - r.started_ms;
    r.heap_after_bytes = double(emscripten_get_heap_size());
    r.buffers_released = r.bench->W() == nullptr;
    r.last_frame_pending = true;
}

void StepCostRun(App& app) {
    CostRun& r = app.cost_run;
    if (r.last_frame_pending) NoteLastFrame(r), r.last_frame_pending = false;
    if (r.running()) StepRunningCostRun(r);
}

}  // namespace el
