// The cost benchmark (src/core/cost.*) driven by a fake clock: slicing changes
// no result, the agreement checks catch a spoiled number, odd shapes match the
// _naive kernels, and a route's time is the sum of its slices.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

#include "core/cost.h"
#include "core/embedding.h"
#include "core/matmul.h"

namespace {

// Every read advances the time by `tick` ms: a slice timed between two reads lasts one tick.
struct FakeClock {
    double t = 0, tick = 1.0;
    double operator()() { return t += tick; }
};

struct Shape {
    int V, d, B;
};

std::vector<float> random_values(size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<float> v(n);
    for (float& x : v) x = u(rng);
    return v;
}

std::vector<int> random_ids(int B, int V, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> u(0, V - 1);
    std::vector<int> ids(static_cast<size_t>(B));
    for (int& id : ids) id = u(rng);
    return ids;
}

el::CostBench::Options test_options(int64_t slice_work) {
    el::CostBench::Options o;
    o.slice_work = slice_work;
    o.min_sample_ms = 0.5;  // one fake tick is long enough: the short routes run once per sample
    o.whole_route_ms = 0;   // a sliced route stays sliced (the case below turns it on)
    o.keep_buffers = true;
    return o;
}

// Runs to the end one slice per step; returns the number of steps.
int run_to_end(el::CostBench& bench, const el::CostBenchShape& shape) {
    REQUIRE(bench.start(shape, 7).ok());
    int steps = 0;
    double last_progress = 0;
    while (bench.step(0.0)) {
        steps++;
        REQUIRE(bench.progress() >= last_progress);
        last_progress = bench.progress();
        REQUIRE(steps < 10000000);
    }
    REQUIRE(bench.done());
    REQUIRE(bench.progress() == 1.0);
    return steps + 1;
}

}  // namespace

TEST_CASE("vectorised gather and scatter-add equal the naive loops exactly", "[cost][core]") {
    const int d = GENERATE(1, 3, 4, 15, 16, 17, 33, 128);
    const int B = GENERATE(1, 5, 64);
    const int V = 9;  // small, so ids repeat
    CAPTURE(d, B);
    const std::vector<float> W = random_values(size_t(V) * d, 1), G = random_values(size_t(B) * d, 2);
    const std::vector<int> ids = random_ids(B, V, 3);

    std::vector<float> out(size_t(B) * d), out_want(size_t(B) * d);
    el::embedding_forward(out.data(), W.data(), ids.data(), B, d);
    el::embedding_forward_naive(out_want.data(), W.data(), ids.data(), B, d);
    CHECK(out == out_want);

    std::vector<float> dW = random_values(size_t(V) * d, 4), dW_want = dW;  // backward adds
    el::embedding_backward(dW.data(), G.data(), ids.data(), B, d);
    el::embedding_backward_naive(dW_want.data(), G.data(), ids.data(), B, d);
    CHECK(dW == dW_want);

    // With the autograd op's parameters: s_k = 1/c_k per row and a padding row left untouched.
    std::vector<float> row_scale(static_cast<size_t>(V));
    for (int k = 0; k < V; k++) row_scale[size_t(k)] = 1.0f / float(k + 1);
    const int padding_row = ids[0];
    std::vector<float> dW_scaled = random_values(size_t(V) * d, 5), dW_scaled_want = dW_scaled;
    const std::vector<float> dW_before = dW_scaled;
    el::embedding_backward(dW_scaled.data(), G.data(), ids.data(), B, d, row_scale.data(), padding_row);
    el::embedding_backward_naive(dW_scaled_want.data(), G.data(), ids.data(), B, d, row_scale.data(), padding_row);
    CHECK(dW_scaled == dW_scaled_want);
    for (int c = 0; c < d; c++)
        CHECK(dW_scaled[size_t(padding_row) * d + c] == dW_before[size_t(padding_row) * d + c]);
}

TEST_CASE("a sweep of matmul slices computes exactly the whole product", "[cost][matmul]") {
    const Shape s = GENERATE(Shape{1300, 13, 7}, Shape{5, 1, 1}, Shape{1025, 8, 4}, Shape{600, 17, 33});
    CAPTURE(s.V, s.d, s.B);
    const int M = s.B, K = s.V, N = s.d;
    const std::vector<float> a = random_values(size_t(M) * K, 5), b = random_values(size_t(K) * N, 6),
                             dout = random_values(size_t(M) * N, 7);

    std::vector<float> whole(size_t(M) * N), sliced(size_t(M) * N, -9.0f);
    el::matmul_forward(whole.data(), a.data(), b.data(), M, K, N);
    const int rows = GENERATE(1, 3, 4, 1000);
    for (int k0 = 0; k0 < K; k0 += el::kMatmulKBlock)
        for (int i0 = 0; i0 < M; i0 += rows)
            el::matmul_forward_slice(sliced.data(), a.data(), b.data(), M, K, N, i0, std::min(M, i0 + rows), k0,
                                     std::min(K, k0 + el::kMatmulKBlock));
    CHECK(sliced == whole);

    std::vector<float> db_whole = random_values(size_t(K) * N, 8), db_sliced = db_whole;
    el::matmul_backward(nullptr, db_whole.data(), dout.data(), a.data(), nullptr, M, K, N);
    for (int k0 = 0; k0 < K; k0 += rows)
        el::matmul_backward_db_rows(db_sliced.data(), dout.data(), a.data(), M, K, N, k0, std::min(K, k0 + rows));
    CHECK(db_sliced == db_whole);
}

TEST_CASE("the sliced benchmark's results equal the naive kernels' for odd shapes", "[cost][core]") {
    const Shape s = GENERATE(Shape{1300, 13, 7}, Shape{5, 1, 1}, Shape{1, 3, 2}, Shape{1025, 8, 4},
                             Shape{600, 17, 33}, Shape{3, 20, 1});
    const int64_t slice_work = GENERATE(int64_t(1), int64_t(100), int64_t(4000000));
    CAPTURE(s.V, s.d, s.B, slice_work);
    FakeClock clock;
    el::CostBench bench([&] { return clock(); }, test_options(slice_work));
    const el::CostBenchShape shape{s.V, s.d, s.B, 2};
    const int steps = run_to_end(bench, shape);
    if (slice_work == 1) CHECK(steps > s.B);  // really cut into pieces

    const int V = s.V, d = s.d, B = s.B;
    const std::vector<float> W(bench.W(), bench.W() + int64_t(V) * d);
    const std::vector<int> ids(bench.ids(), bench.ids() + B);
    const std::vector<float> G(bench.G(), bench.G() + int64_t(B) * d);
    std::vector<float> onehot(size_t(B) * V);
    el::one_hot(onehot.data(), ids.data(), B, V);

    std::vector<float> out_naive(size_t(B) * d), gather_naive(size_t(B) * d);
    el::matmul_forward_naive(out_naive.data(), onehot.data(), W.data(), B, V, d);
    el::embedding_forward_naive(gather_naive.data(), W.data(), ids.data(), B, d);
    CHECK(std::vector<float>(bench.dense_forward_out(), bench.dense_forward_out() + B * d) == out_naive);
    CHECK(std::vector<float>(bench.gather_out(), bench.gather_out() + B * d) == gather_naive);
    CHECK(out_naive == gather_naive);  // the lesson's claim, exactly

    std::vector<float> dW_naive(size_t(V) * d, 0.0f), scatter_naive(size_t(V) * d, 0.0f);
    el::matmul_backward_naive(nullptr, dW_naive.data(), G.data(), onehot.data(), nullptr, B, V, d);
    el::embedding_backward_naive(scatter_naive.data(), G.data(), ids.data(), B, d);
    CHECK(std::vector<float>(bench.dense_grad(), bench.dense_grad() + int64_t(V) * d) == dW_naive);
    CHECK(std::vector<float>(bench.scatter_grad(), bench.scatter_grad() + int64_t(V) * d) == scatter_naive);

    const el::CostFigures& f = bench.figures();
    CHECK(f.checked);
    CHECK(f.forward_equal);
    CHECK(f.backward_equal);
    CHECK_THAT(f.check_text(), Catch::Matchers::Contains("equal"));
    CHECK(f.repeats_done == 2);
    for (int r = 0; r < el::kCostRouteCount; r++) {
        CAPTURE(r);
        CHECK(f.samples_ms[r].size() == 2);
        CHECK(f.time[r].min_ms <= f.time[r].median_ms);
        CHECK(f.time[r].median_ms <= f.time[r].max_ms);
        CHECK(f.time[r].min_ms > 0);
    }
    CHECK(f.madds[el::kCostDenseForward] == double(B) * V * d);
    CHECK(f.table_bytes == int64_t(V) * d * 4);
    CHECK(f.one_hot_bytes == int64_t(B) * V * 4);
}

TEST_CASE("a route's time is the sum of its slices' times", "[cost][core]") {
    // V = 1300 is three K blocks; slice_work 100 puts one row (of 7) and one K block in
    // each forward slice, one row of dW (of 1300) in each backward slice.
    FakeClock clock;
    el::CostBench bench([&] { return clock(); }, test_options(100));
    run_to_end(bench, {1300, 13, 7, 3});
    const el::CostFigures& f = bench.figures();
    CHECK(f.time[el::kCostOneHot].median_ms == 7.0);          // 7 slices of one row
    CHECK(f.time[el::kCostDenseForward].median_ms == 21.0);   // 3 K blocks x 7 rows
    CHECK(f.time[el::kCostDenseBackward].median_ms == 1300.0);
    CHECK(f.time[el::kCostGather].median_ms == 1.0);          // one call, one tick
    CHECK(f.calls_per_sample[el::kCostGather] == 1);
    CHECK(f.forward_ratio() == 28.0);
    CHECK(f.backward_ratio() == 1300.0);
}

TEST_CASE("a sliced route shorter than whole_route_ms is timed whole from its next repeat", "[cost][core]") {
    // As above, a tick per read: the first repeat sums its slices (7, 21 and 1300 ticks); under
    // whole_route_ms (30) the one-hot block and the dense forward are timed whole after it, one slice
    // repeated until it lasts min_sample_ms (never, at one tick an attempt: to the cap, the tick over
    // the calls); the dense backward, over it, stays sliced. The results agree as before.
    FakeClock clock;
    el::CostBench::Options o = test_options(100);
    o.whole_route_ms = 30, o.min_sample_ms = 2;
    el::CostBench bench([&] { return clock(); }, o);
    run_to_end(bench, {1300, 13, 7, 3});
    const el::CostFigures& f = bench.figures();
    for (auto [route, sliced] : {std::pair{el::kCostOneHot, 7.0}, std::pair{el::kCostDenseForward, 21.0}}) {
        CAPTURE(el::cost_route_name(route));
        const double whole = 1.0 / f.calls_per_sample[route];
        CHECK(f.calls_per_sample[route] > 1);
        CHECK(f.samples_ms[route] == std::vector<double>{sliced, whole, whole});
    }
    CHECK(f.samples_ms[el::kCostDenseBackward] == std::vector<double>{1300.0, 1300.0, 1300.0});
    CHECK(f.checked);
    CHECK(f.forward_equal);
    CHECK(f.backward_equal);
}

TEST_CASE("short routes repeat until a sample is long enough for the clock", "[cost][core]") {
    FakeClock clock;
    clock.tick = 0.25;
    el::CostBench::Options o = test_options(4000000);
    o.min_sample_ms = 2.0;  // never reached: every attempt lasts one tick
    el::CostBench bench([&] { return clock(); }, o);
    run_to_end(bench, {50, 4, 3, 1});
    // Each attempt is timed between two reads: 0.25 ms however many calls, so the
    // calls double until the cap; the sample is the elapsed time over the calls.
    const el::CostFigures& f = bench.figures();
    CHECK(f.calls_per_sample[el::kCostGather] == (1 << 22));
    CHECK(f.time[el::kCostGather].median_ms == Approx(0.25 / (1 << 22)));
}

TEST_CASE("a sliced route shorter than the clock resolves is timed again whole; the results still agree", "[cost][core]") {
    // One slice per route (slice_work 4,000,000), each read of the clock a quarter of a millisecond:
    // the one-hot block and the two dense routes took one tick, under min_sample_ms, and came out
    // as that tick (in a browser, whose clock reads 0.1 ms apart, as 0).
    FakeClock clock;
    clock.tick = 0.25;
    el::CostBench::Options o = test_options(4000000);
    o.min_sample_ms = 1.0;
    el::CostBench bench([&] { return clock(); }, o);
    run_to_end(bench, {300, 8, 5, 2});
    const el::CostFigures& f = bench.figures();
    for (int route : {int(el::kCostOneHot), int(el::kCostDenseForward), int(el::kCostDenseBackward)}) {
        CAPTURE(el::cost_route_name(route));
        // Every attempt lasts one tick, so the calls double to the cap; the sample is per call.
        CHECK(f.calls_per_sample[route] == (1 << 16));
        CHECK(f.time[route].median_ms == Approx(0.25 / (1 << 16)));
    }
    // Every call of the dense backward makes dW from zero: repeated, it still holds onehot^T @ G.
    CHECK(f.checked);
    CHECK(f.forward_equal);
    CHECK(f.backward_equal);
    std::vector<float> dW(size_t(300 * 8), 0.0f);
    el::embedding_backward(dW.data(), bench.G(), bench.ids(), 5, 8);
    CHECK(std::vector<float>(bench.dense_grad(), bench.dense_grad() + 300 * 8) == dW);
}

TEST_CASE("the agreement checks catch a spoiled result", "[cost][core]") {
    const int route = GENERATE(int(el::kCostDenseForward), int(el::kCostGather), int(el::kCostDenseBackward),
                               int(el::kCostScatterAdd));
    CAPTURE(el::cost_route_name(route));
    FakeClock clock;
    el::CostBench::Options o = test_options(1000);
    o.corrupt_route = route;
    el::CostBench bench([&] { return clock(); }, o);
    run_to_end(bench, {700, 9, 5, 1});
    const el::CostFigures& f = bench.figures();
    CHECK(f.checked);
    const bool forward = route == el::kCostDenseForward || route == el::kCostGather;
    CHECK(f.forward_equal == !forward);
    CHECK(f.backward_equal == forward);
    CHECK_THAT(f.check_text(), Catch::Matchers::Contains(forward ? "forward outputs differ at b = "
                                                               : "gradients differ at row "));
}

TEST_CASE("the benchmark refuses shapes it cannot hold, naming the memory", "[cost][core]") {
    CHECK(el::check_cost_shape({50000, 128, 256, 5}).ok());
    CHECK(el::check_cost_shape({100000, 16, 256, 1}).ok());
    const el::Status one_hot = el::check_cost_shape({100000, 8, 1024, 1});
    CHECK_THAT(one_hot.error, Catch::Matchers::Contains("409.6 MB"));
    const el::Status total = el::check_cost_shape({100000, 512, 1, 1});
    CHECK_THAT(total.error, Catch::Matchers::Contains("614.8 MB"));
    CHECK_THAT(el::check_cost_shape({0, 8, 8, 1}).error, Catch::Matchers::Contains("V = 0 is out of range"));
    CHECK_THAT(el::check_cost_shape({8, 8, 8, 0}).error, Catch::Matchers::Contains("repeats = 0"));
    FakeClock clock;
    el::CostBench bench([&] { return clock(); });
    CHECK(!bench.start({100000, 8, 1024, 1}, 1).ok());
    CHECK(!bench.running());
}

TEST_CASE("cancel stops the run and releases the buffers", "[cost][core]") {
    FakeClock clock;
    el::CostBench bench([&] { return clock(); }, test_options(100));
    REQUIRE(bench.start({1300, 13, 7, 3}, 1).ok());
    for (int i = 0; i < 50; i++) bench.step(0.0);
    CHECK(bench.running());
    CHECK(bench.progress() > 0.0);
    bench.cancel();
    CHECK(!bench.running());
    CHECK(!bench.done());
    CHECK(bench.W() == nullptr);
    CHECK(bench.dense_grad() == nullptr);
}

TEST_CASE("without keep_buffers the run releases its buffers at the end", "[cost][core]") {
    FakeClock clock;
    el::CostBench::Options o = test_options(100000);
    o.keep_buffers = false;
    el::CostBench bench([&] { return clock(); }, o);
    REQUIRE(bench.start({300, 5, 4, 1}, 1).ok());
    while (bench.step(10.0)) {}
    CHECK(bench.done());
    CHECK(bench.figures().forward_equal);
    CHECK(bench.W() == nullptr);
}
