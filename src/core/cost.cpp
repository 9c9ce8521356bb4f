// The cost benchmark as a resumable state machine: every stage does bounded
// slices of work, and a route's time is the sum of its slices' times (a route
// done in one slice: its time per call over enough calls for the clock).
//
// Stages, in order:  Fill (W, G, ids random; untimed)
//   then per repeat: OneHot, DenseForward, Gather, DenseBackward (dW from zero), ScatterAdd
//   then:            CheckForward, CheckBackward, Done (buffers released)
#include "cost.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "embedding.h"
#include "i18n/i18n.h"
#include "limits.h"
#include "matmul.h"
#include "random.h"

namespace el {

const char* cost_route_name(int route) {
    switch (route) {
        case kCostOneHot: return TR(labs_route_one_hot);
        case kCostDenseForward: return TR(labs_route_dense_forward);
        case kCostGather: return TR(labs_route_gather);
        case kCostDenseBackward: return TR(labs_route_dense_backward);
        case kCostScatterAdd: return TR(labs_route_scatter_add);
    }
    return "?";
}

int64_t cost_buffer_bytes(const CostBenchShape& s) {
    const int64_t V = s.V, d = s.d, B = s.B;
    const int64_t floats = 3 * V * d       // W, dW by both routes
                           + B * V         // the one-hot block
                           + 3 * B * d;    // G, both outputs
    return floats * int64_t(sizeof(float)) + B * int64_t(sizeof(int));
}

static std::string Megabytes(int64_t bytes) {
    return format(TR(labs_megabytes), double(bytes) / 1e6);
}

Status check_cost_shape(const CostBenchShape& s) {
    const struct {
        const char* name;
        int value, hi;
    } ranges[] = {{"V", s.V, kMaxV}, {"d", s.d, kMaxD}, {"B", s.B, kMaxB}, {TR(labs_cost_repeats_name), s.repeats, kMaxCostRepeats}};
    for (const auto& r : ranges)
        if (r.value < 1 || r.value > r.hi) return Status::Fail(format(TR(labs_cost_out_of_range), r.name, r.value, r.hi));
    if (Status st = check_one_hot_size(s.B, s.V); !st.ok()) return st;
    const int64_t bytes = cost_buffer_bytes(s);
    if (bytes > kMaxCostBytes)
        return Status::Fail(format(TR(labs_cost_too_big), Megabytes(bytes).c_str(), Megabytes(kMaxCostBytes).c_str()));
    return Status::Ok();
}

double CostFigures::forward_ratio() const {
    const double gather = time[kCostGather].median_ms;
    return gather > 0 ? (time[kCostOneHot].median_ms + time[kCostDenseForward].median_ms) / gather : 0.0;
}

double CostFigures::backward_ratio() const {
    const double scatter = time[kCostScatterAdd].median_ms;
    return scatter > 0 ? time[kCostDenseBackward].median_ms / scatter : 0.0;
}

CostBench::CostBench(std::function<double()> clock_ms) : CostBench(std::move(clock_ms), Options()) {}
CostBench::CostBench(std::function<double()> clock_ms, Options options)
    : now_(std::move(clock_ms)), opt_(options) {}
CostBench::~CostBench() { release(); }

void CostBench::release() {
    for (float** p : {&W_, &G_, &onehot_, &out_dense_, &out_gather_, &dW_dense_, &dW_scatter_}) {
        std::free(*p);
        *p = nullptr;
    }
    std::free(ids_);
    ids_ = nullptr;
}

void CostBench::cancel() {
    release();
    stage_ = Stage::Idle;
}

// A uniform value in [-1, 1) that depends only on (seed, i): the fill can be
// cut into slices anywhere and gives the same numbers.
static float CellValue(uint64_t seed, uint64_t i) {
    uint64_t state = seed * 0x9e3779b97f4a7c15ULL + i;
    return float(double(splitmix64(state) >> 40) * 0x1.0p-23 - 1.0);
}

Status CostBench::start(const CostBenchShape& shape, uint64_t seed) {
    if (Status st = check_cost_shape(shape); !st.ok()) return st;
    release();
    fig_ = CostFigures();
    fig_.shape = shape;
    const int64_t V = shape.V, d = shape.d, B = shape.B;
    fig_.table_bytes = V * d * int64_t(sizeof(float));
    fig_.one_hot_bytes = B * V * int64_t(sizeof(float));
    fig_.buffer_bytes = cost_buffer_bytes(shape);
    fig_.madds[kCostDenseForward] = fig_.madds[kCostDenseBackward] = double(B) * double(V) * double(d);
    error_.clear();
    seed_ = seed;
    repeat_ = 0;
    std::fill(std::begin(calls_), std::end(calls_), 1);
    std::fill(std::begin(whole_), std::end(whole_), false);
    // Progress counts work roughly in proportion to its time here: a number
    // written ~1, a multiply-add ~1/4 (four per SIMD instruction), a short route 1e6.
    const double per_repeat = double(B * V) + 0.5 * double(B * V * d) + double(V * d) + 2e6;
    work_total_ = 3.0 * double(V * d) + shape.repeats * per_repeat + double(V * d);
    work_done_ = 0;

    auto grab = [](int64_t bytes) { return std::malloc(size_t(std::max<int64_t>(bytes, 4))); };
    W_ = static_cast<float*>(grab(V * d * 4));
    ids_ = static_cast<int*>(grab(B * 4));
    G_ = static_cast<float*>(grab(B * d * 4));
    onehot_ = static_cast<float*>(grab(B * V * 4));
    out_dense_ = static_cast<float*>(grab(B * d * 4));
    out_gather_ = static_cast<float*>(grab(B * d * 4));
    dW_dense_ = static_cast<float*>(grab(V * d * 4));
    dW_scatter_ = static_cast<float*>(grab(V * d * 4));
    if (!W_ || !ids_ || !G_ || !onehot_ || !out_dense_ || !out_gather_ || !dW_dense_ || !dW_scatter_) {
        release();
        return Status::Fail(format(TR(labs_cost_no_memory), Megabytes(fig_.buffer_bytes).c_str()));
    }
    enter(Stage::Fill);
    return Status::Ok();
}

void CostBench::enter(Stage s) {
    stage_ = s;
    pos_ = 0;
    route_ms_ = first_ms_ = 0;
}

bool CostBench::step(double budget_ms) {
    const double t0 = now_();
    while (running()) {
        slice();
        if (now_() - t0 >= budget_ms) break;
    }
    return running();
}

double CostBench::progress() const {
    if (stage_ == Stage::Done) return 1.0;
    if (stage_ == Stage::Idle) return 0.0;
    return std::min(1.0, work_done_ / work_total_);
}

const char* CostBench::activity() const {
    switch (stage_) {
        case Stage::Fill: return TR(labs_cost_stage_fill);
        case Stage::OneHot: return TR(labs_cost_stage_one_hot);
        case Stage::DenseForward: return TR(labs_cost_stage_dense_forward);
        case Stage::Gather: return TR(labs_route_gather);
        case Stage::DenseBackward: return TR(labs_cost_stage_dense_backward);
        case Stage::ScatterAdd: return TR(labs_route_scatter_add);
        case Stage::CheckForward:
        case Stage::CheckBackward: return TR(labs_cost_stage_check);
        case Stage::Done: return TR(labs_cost_done);
        case Stage::Idle: break;
    }
    return "";
}

void CostBench::finish_sample(int route, double ms) {
    if (ms < opt_.whole_route_ms) whole_[route] = true;
    std::vector<double>& s = fig_.samples_ms[route];
    s.push_back(ms);
    std::vector<double> sorted = s;
    std::sort(sorted.begin(), sorted.end());
    const size_t n = sorted.size();
    CostTime& t = fig_.time[route];
    t.median_ms = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    t.min_ms = sorted.front(), t.max_ms = sorted.back();
    fig_.calls_per_sample[route] = calls_[route];
}

// Where two buffers first differ, as "b = 3, column 7: 0.25 (dense) vs 0.5 (gather)", or "".
static std::string FirstDifference(const float* x, const float* y, int64_t n, int d, const char* row_letter,
                                   int64_t row_offset, const char* x_name, const char* y_name) {
    for (int64_t i = 0; i < n; i++) {
        if (x[i] == y[i]) continue;
        return format(TR(labs_cost_difference), row_letter, (long long)(row_offset + i / d), (long long)(i % d),
                      double(x[i]), x_name, double(y[i]), y_name);
    }
    return "";
}

// Times one slice of a route: the slice's work once, or, when the slice is the whole route (the
// gather and the scatter-add always, the others at a small shape), `calls` times back to back. A
// whole route that took less than min_sample_ms is too short for the clock (a browser's reads 0.1 ms
// apart: a small shape's dense forward came out as 0 ns, "0 times as long as the gather"), so its
// calls double, up to max_calls, and the slice is done again: false then. Adds the time per call to
// the route's.
template <class Work>
bool CostBench::timed_slice(int route, bool whole, Work&& work, int max_calls) {
    const int calls = whole ? calls_[route] : 1;
    const double t0 = now_();
    for (int i = 0; i < calls; i++) work();
    double ms = now_() - t0;
    if (whole && !sample_taken(route, ms, max_calls)) return false;
    route_ms_ += ms / calls;
    return true;
}

// Whether `calls_[route]` calls that took `ms` make a sample: they must last min_sample_ms twice
// running, and the shorter of the two is the time. Once was not enough: on a busy machine the
// system may take the thread away for milliseconds, and a sample of 512 gathers it cut into passed
// as long enough (7 us a gather, against 50 ns). Shorter, the calls double and it starts over.
bool CostBench::sample_taken(int route, double& ms, int max_calls) {
    if (calls_[route] >= max_calls) return true;
    if (ms < opt_.min_sample_ms) {
        calls_[route] *= 2, first_ms_ = 0;
        return false;
    }
    if (!first_ms_) {
        first_ms_ = ms;
        return false;
    }
    ms = std::min(ms, first_ms_), first_ms_ = 0;
    return true;
}

// One bounded piece of work of the current stage; each stage's function ends by
// returning while it has work left, or by entering the next stage.
void CostBench::slice() {
    switch (stage_) {
        case Stage::Fill: return slice_fill();
        case Stage::OneHot: return slice_one_hot();
        case Stage::DenseForward: return slice_dense_forward();
        case Stage::Gather:
        case Stage::ScatterAdd: return slice_short_route();
        case Stage::DenseBackward: return slice_dense_backward();
        case Stage::CheckForward: return check_forward();
        case Stage::CheckBackward: return slice_check_backward();
        case Stage::Idle:
        case Stage::Done: return;
    }
}

int64_t CostBench::memory_slice_rows() const {  // rows of W per memory slice
    return std::max<int64_t>(1, opt_.slice_work / 4 / fig_.shape.d);
}

// W random and dW_scatter zero, a band of rows at a time; then G and ids.
void CostBench::slice_fill() {
    const int V = fig_.shape.V, d = fig_.shape.d, B = fig_.shape.B;
    const int64_t r0 = pos_, r1 = std::min<int64_t>(V, r0 + std::max<int64_t>(1, memory_slice_rows() / 4));
    for (int64_t i = r0 * d; i < r1 * d; i++) W_[i] = CellValue(seed_, uint64_t(i));
    std::memset(dW_scatter_ + r0 * d, 0, sizeof(float) * size_t((r1 - r0) * d));
    work_done_ += 3.0 * double((r1 - r0) * d);
    pos_ = r1;
    if (pos_ < V) return;
    Rng rng(seed_);
    for (int b = 0; b < B; b++) ids_[b] = rng.below(V);
    for (int64_t i = 0; i < int64_t(B) * d; i++) G_[i] = CellValue(seed_ + 1, uint64_t(i));
    enter(Stage::OneHot);
}

// Bands of rows of the one-hot block.
void CostBench::slice_one_hot() {
    const int V = fig_.shape.V, B = fig_.shape.B;
    const int64_t b0 = pos_, nb = whole_[kCostOneHot] ? B : std::min<int64_t>(B - b0, std::max<int64_t>(1, opt_.slice_work / 4 / V));
    if (!timed_slice(kCostOneHot, nb == B, [&] { one_hot(onehot_ + b0 * V, ids_ + b0, int(nb), V); })) return;
    work_done_ += double(nb * V);
    pos_ += nb;
    if (pos_ < B) return;
    finish_sample(kCostOneHot, route_ms_);
    enter(Stage::DenseForward);
}

// out = onehot @ W: one K block of `rows` rows per slice, K blocks in ascending order.
void CostBench::slice_dense_forward() {
    const int V = fig_.shape.V, d = fig_.shape.d, B = fig_.shape.B;
    // A small shape (all its multiply-adds within one slice's work) goes in one slice, all K blocks.
    const bool whole = double(B) * V * d <= double(opt_.slice_work) || whole_[kCostDenseForward];
    const int k_per_slice = whole ? V : kMatmulKBlock;
    const int64_t per_row = int64_t(std::min(V, k_per_slice)) * d;
    int rows = whole ? B : int(std::min<int64_t>(B, std::max<int64_t>(1, opt_.slice_work / per_row)));
    const int bands = (B + rows - 1) / rows;
    rows = (B + bands - 1) / bands;  // even bands
    const int64_t k_block = pos_ / bands, band = pos_ % bands;
    const int k0 = int(k_block) * k_per_slice, k1 = std::min(V, k0 + k_per_slice);
    const int i0 = int(band) * rows, i1 = std::min(B, i0 + rows);
    if (!timed_slice(kCostDenseForward, whole, [&] { matmul_forward_slice(out_dense_, onehot_, W_, B, V, d, i0, i1, k0, k1); }))
        return;
    work_done_ += 0.25 * double(i1 - i0) * double(k1 - k0) * d;
    pos_++;
    if (k1 < V || i1 < B) return;
    finish_sample(kCostDenseForward, route_ms_);
    enter(Stage::Gather);
}

// The gather and the scatter-add are too short for the clock at any shape: whole routes, repeated.
void CostBench::slice_short_route() {
    const int B = fig_.shape.B, d = fig_.shape.d;
    const int route = stage_ == Stage::Gather ? kCostGather : kCostScatterAdd;
    if (!timed_slice(route, true, [&] {
            if (route == kCostGather) embedding_forward(out_gather_, W_, ids_, B, d);
            else embedding_backward(dW_scatter_, G_, ids_, B, d);
        }, 1 << 22))
        return;
    work_done_ += 1e6;
    finish_sample(route, route_ms_);
    if (route == kCostGather) {
        enter(Stage::DenseBackward);
        return;
    }
    if (++repeat_ < fig_.shape.repeats) enter(Stage::OneHot);
    else enter(Stage::CheckForward);
    fig_.repeats_done = repeat_;
}

// dW = onehot^T @ G, a band of rows per slice, each band from zero (as the product writes dW: the
// zeroing is part of its cost, as in the lesson's routes).
void CostBench::slice_dense_backward() {
    const int V = fig_.shape.V, d = fig_.shape.d, B = fig_.shape.B;
    const int64_t rows = whole_[kCostDenseBackward] ? V : std::max<int64_t>(1, opt_.slice_work / (int64_t(B) * d));
    const int k0 = int(pos_), k1 = int(std::min<int64_t>(V, k0 + rows));
    if (!timed_slice(kCostDenseBackward, k0 == 0 && k1 == V, [&] {
            std::memset(dW_dense_ + int64_t(k0) * d, 0, sizeof(float) * size_t(int64_t(k1 - k0) * d));
            matmul_backward_db_rows(dW_dense_, G_, onehot_, B, V, d, k0, k1);
        }))
        return;
    work_done_ += 0.25 * double(B) * double(k1 - k0) * d;
    pos_ = k1;
    if (pos_ < V) return;
    finish_sample(kCostDenseBackward, route_ms_);
    enter(Stage::ScatterAdd);
}

std::string CostFigures::check_text() const {
    if (!checked) return "";
    std::string t = forward_equal ? format(TR(labs_cost_forward_equal), format_count(int64_t(shape.B) * shape.d).c_str())
                                  : format(TR(labs_cost_forward_differ), forward_diff.c_str());
    return t + (backward_equal ? format(TR(labs_cost_backward_equal), format_count(int64_t(shape.V) * shape.d).c_str())
                               : format(TR(labs_cost_backward_differ), backward_diff.c_str()));
}

// Every output of the two forward routes compared; the scatter-add's dW made once more.
void CostBench::check_forward() {
    const int V = fig_.shape.V, d = fig_.shape.d, B = fig_.shape.B;
    if (opt_.corrupt_route == kCostDenseForward) out_dense_[int64_t(B) * d - 1] += 1.0f;
    if (opt_.corrupt_route == kCostGather) out_gather_[0] += 1.0f;
    const std::string diff = FirstDifference(out_dense_, out_gather_, int64_t(B) * d, d, "b", 0, TR(labs_cost_dense),
                                             TR(labs_cost_gather));
    fig_.forward_equal = diff.empty(), fig_.forward_diff = diff;
    // The scatter-add ran many times into its dW: clear the touched rows and run it once.
    for (int b = 0; b < B; b++) std::memset(dW_scatter_ + int64_t(ids_[b]) * d, 0, sizeof(float) * size_t(d));
    embedding_backward(dW_scatter_, G_, ids_, B, d);
    if (opt_.corrupt_route == kCostDenseBackward) dW_dense_[int64_t(ids_[0]) * d] += 1.0f;
    if (opt_.corrupt_route == kCostScatterAdd) dW_scatter_[int64_t(V) * d - 1] += 1.0f;
    fig_.backward_equal = true;
    enter(Stage::CheckBackward);
}

// Every number of the two dW, a band of rows at a time.
void CostBench::slice_check_backward() {
    const int V = fig_.shape.V, d = fig_.shape.d;
    const int64_t r0 = pos_, r1 = std::min<int64_t>(V, r0 + memory_slice_rows());
    const std::string diff = FirstDifference(dW_dense_ + r0 * d, dW_scatter_ + r0 * d, (r1 - r0) * d, d,
                                             TR(labs_cost_row), r0, TR(labs_cost_dense), TR(labs_cost_scatter_add));
    work_done_ += double((r1 - r0) * d);
    pos_ = r1;
    if (!diff.empty()) fig_.backward_equal = false, fig_.backward_diff = diff;
    if (pos_ < V && fig_.backward_equal) return;
    fig_.checked = true;
    if (!opt_.keep_buffers) release();
    enter(Stage::Done);
}

}  // namespace el
