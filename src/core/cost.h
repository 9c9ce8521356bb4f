// The cost of the two routes at scale (README, "Cost at scale, measured"), measured live.
//
// Letters: V = ids (rows of W), d = width, B = ids looked up at once.
// Five timings, each over the same W (V,d), ids (B,) and upstream G (B,d):
//   one-hot block      onehot[b][v] = (v == ids[b])            B*V numbers written
//   dense forward      out = onehot @ W                         B*V*d multiply-adds, zeros included
//   gather forward     out[b] = W[ids[b]]                       B*d numbers copied
//   dense backward     dW = onehot^T @ G                        B*V*d multiply-adds
//   scatter-add        dW[ids[b]] += G[b]                       B*d additions
// The run is resumable: step() does slices of work until its time budget is
// spent and returns, so a browser frame never waits long. The clock is passed
// in, so tests drive it with a fake one. No UI header: tests link it alone.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "status.h"

namespace el {

enum CostRoute : int {
    kCostOneHot,          // building the one-hot block
    kCostDenseForward,    // onehot @ W
    kCostGather,          // the row gather
    kCostDenseBackward,   // onehot^T @ G
    kCostScatterAdd,      // the scatter-add
    kCostRouteCount,
};
const char* cost_route_name(int route);  // "one-hot block", "dense forward", ...

struct CostBenchShape {
    int V = 50000, d = 128, B = 256, repeats = 5;
};

// Every buffer of a run together (W, two outputs, G, two gradients, the one-hot
// block) is refused above this, with the memory named.
constexpr int kMaxCostRepeats = 50;  // timings per route
constexpr int64_t kMaxCostBytes = int64_t(512) * 1000 * 1000;

// V, d, B within the core's limits, repeats 1..kMaxCostRepeats, the one-hot block within
// kMaxOneHotFloats and all buffers within kMaxCostBytes.
Status check_cost_shape(const CostBenchShape& s);
int64_t cost_buffer_bytes(const CostBenchShape& s);

struct CostTime {
    double median_ms = 0, min_ms = 0, max_ms = 0;
};

struct CostFigures {
    CostBenchShape shape;
    int64_t table_bytes = 0;     // W: V*d float32
    int64_t one_hot_bytes = 0;   // the one-hot block: B*V float32
    int64_t buffer_bytes = 0;    // everything the run allocates
    double madds[kCostRouteCount] = {};          // multiply-adds of one call
    std::vector<double> samples_ms[kCostRouteCount];  // one per repeat
    CostTime time[kCostRouteCount];
    int calls_per_sample[kCostRouteCount] = {};  // short routes are timed over many calls
    int repeats_done = 0;

    // Agreement across routes, checked after the last repeat.
    bool checked = false;
    bool forward_equal = false;   // dense forward output == gather output, every number
    bool backward_equal = false;  // dense dW == scatter-add dW, every number
    std::string forward_diff, backward_diff;  // where the routes first differ ("" where they agree)
    // What was compared, or where the routes differ, in the page's language at the time of asking (a
    // sentence kept from the check stayed English after a switch to German).
    std::string check_text() const;

    // (one-hot block + dense forward) / gather, and dense backward / scatter-add.
    double forward_ratio() const;
    double backward_ratio() const;
};

class CostBench {
public:
    struct Options {
        int64_t slice_work = 4000000;  // floats written or multiply-adds per slice (~1-4 ms here)
        double min_sample_ms = 2.0;    // short routes repeat until a sample lasts this long
        // A route cut into slices that took under this in all is timed whole from its next repeat: each
        // slice is read from the clock, in a browser 0.1 ms steps, and a route of a few slices of 0.15 ms
        // summed to a round 0.8 or 0.9 ms, the dense forward and backward alike. One slice of a route
        // this short holds a frame no longer than the slices of a longer one.
        double whole_route_ms = 8.0;
        bool keep_buffers = false;     // tests: keep the inputs and outputs after the run
        int corrupt_route = -1;        // tests: spoil one number of this route's result before the check
    };

    explicit CostBench(std::function<double()> clock_ms);
    CostBench(std::function<double()> clock_ms, Options options);
    ~CostBench();
    CostBench(const CostBench&) = delete;
    CostBench& operator=(const CostBench&) = delete;

    // Checks the shape, allocates and fills the buffers lazily (in slices).
    Status start(const CostBenchShape& shape, uint64_t seed);
    // Works until budget_ms has passed (at least one slice); true while work remains.
    bool step(double budget_ms);
    void cancel();  // stops and releases the buffers

    bool running() const { return stage_ != Stage::Idle && stage_ != Stage::Done; }
    bool done() const { return stage_ == Stage::Done; }
    double progress() const;            // 0..1
    const char* activity() const;       // what is being done now, for the progress bar
    const CostFigures& figures() const { return fig_; }
    const std::string& error() const { return error_; }  // e.g. out of memory

    // Inputs and outputs of the last run (only with Options::keep_buffers).
    const float* W() const { return W_; }
    const int* ids() const { return ids_; }
    const float* G() const { return G_; }
    const float* dense_forward_out() const { return out_dense_; }
    const float* gather_out() const { return out_gather_; }
    const float* dense_grad() const { return dW_dense_; }
    const float* scatter_grad() const { return dW_scatter_; }

private:
    enum class Stage { Idle, Fill, OneHot, DenseForward, Gather, DenseBackward, ScatterAdd, CheckForward, CheckBackward,
                       Done };
    void slice();  // one bounded piece of work of the current stage, below
    void slice_fill();
    void slice_one_hot();
    void slice_dense_forward();
    void slice_short_route();  // Gather and ScatterAdd
    void slice_dense_backward();
    void check_forward();
    void slice_check_backward();
    int64_t memory_slice_rows() const;
    void enter(Stage s);
    void finish_sample(int route, double ms);
    template <class Work> bool timed_slice(int route, bool whole, Work&& work, int max_calls = 1 << 16);  // below slice()
    bool sample_taken(int route, double& ms, int max_calls);
    void release();

    std::function<double()> now_;
    Options opt_;
    CostFigures fig_;
    std::string error_;
    Stage stage_ = Stage::Idle;
    uint64_t seed_ = 0;
    int repeat_ = 0;
    int64_t pos_ = 0;          // progress inside the stage (rows, blocks, ...)
    double route_ms_ = 0;      // the current route's time so far (sum of its slices)
    double first_ms_ = 0;      // a sample long enough once, taken if the next is too (sample_taken)
    int calls_[kCostRouteCount] = {};
    bool whole_[kCostRouteCount] = {};  // timed whole from now on (Options::whole_route_ms)
    double work_done_ = 0, work_total_ = 1;

    float* W_ = nullptr;          // (V,d)
    int* ids_ = nullptr;          // (B,)
    float* G_ = nullptr;          // (B,d)
    float* onehot_ = nullptr;     // (B,V)
    float* out_dense_ = nullptr;  // (B,d)
    float* out_gather_ = nullptr; // (B,d)
    float* dW_dense_ = nullptr;   // (V,d)
    float* dW_scatter_ = nullptr; // (V,d)
};

}  // namespace el
