// The cost benchmark as the page runs it: one run at a time, a slice of work in
// every drawn frame, the figures kept after it ends. Started by the panel's Run
// button or by embeddingLab.benchmark() (js_api_cost.cpp); both read the same figures.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/cost.h"
#include "state/app_state.h"

namespace el {

struct App;

struct CostRun {
    std::unique_ptr<CostBench> bench;  // null before the first run
    int run_id = 0;                    // counts starts; JS tells its run from a later one
    bool have_figures = false;         // a run finished: `figures` holds it
    CostFigures figures;
    std::string error;                 // why the last start was refused
    bool cancelled = false;

    // What the run did to the page: wasm heap before and after, frames while it ran.
    double heap_before_bytes = 0, heap_after_bytes = 0;
    bool buffers_released = false;
    double started_ms = 0, wall_ms = 0;  // from Run to the last slice
    double longest_frame_ms = 0;         // the longest frame drawn while it ran
    std::vector<double> frame_ms;        // every frame drawn while it ran, in order
    int64_t frames = 0;                  // frames drawn while it ran
    bool last_frame_pending = false;     // the frame that finished the run is timed after it

    bool running() const { return bench && bench->running(); }
};

// Per frame the run may use this much time; slices are a few ms each, so with
// drawing a frame stays well under 50 ms.
constexpr double kCostBudgetMsPerFrame = 10.0;

// The link's cost shape as the core benchmark takes it.
inline CostBenchShape ShapeOf(const CostShape& s) { return {s.V, s.d, s.B, s.repeats}; }

Status StartCostRun(App& app);  // with app.state.cost; refuses while one runs
void CancelCostRun(App& app);
void StepCostRun(App& app);     // every drawn frame, before the panels (ui.cpp)

}  // namespace el
