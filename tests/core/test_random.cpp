// The deterministic generators: published reference outputs, and the distributions'
// shapes (the same numbers must come out natively and as wasm).
#include <catch2/catch.hpp>

#include <cmath>

#include "core/random.h"

using Catch::Matchers::WithinAbs;

TEST_CASE("splitmix64 and xoshiro256** give their reference outputs", "[random]") {
    uint64_t state = 1234567;  // reference values of splitmix64 from seed 1234567
    CHECK(el::splitmix64(state) == 6457827717110365317ULL);
    CHECK(el::splitmix64(state) == 3203168211198807973ULL);
    CHECK(el::splitmix64(state) == 9817491932198370423ULL);
    el::Rng rng = el::Rng::from_state(1, 2, 3, 4);  // xoshiro256** from state {1, 2, 3, 4}
    CHECK(rng.next_u64() == 11520ULL);
    CHECK(rng.next_u64() == 0ULL);
    CHECK(rng.next_u64() == 1509978240ULL);
    CHECK(rng.next_u64() == 1215971899390074240ULL);
}

TEST_CASE("a seed reproduces its stream; uniform, below and normal have the right shape", "[random]") {
    const uint64_t seed = GENERATE(0u, 1u, 42u);
    CAPTURE(seed);
    el::Rng a(seed), b(seed), c(seed + 1);
    CHECK(a.next_u64() == b.next_u64());
    CHECK(a.next_u64() != c.next_u64());
    const int n = 100000;
    double sum = 0, sum_sq = 0, usum = 0;
    int counts[7] = {};
    for (int i = 0; i < n; i++) {
        const double u = a.uniform();
        REQUIRE(u >= 0.0);
        REQUIRE(u < 1.0);
        usum += u;
        const int k = a.below(7);
        REQUIRE(k >= 0);
        REQUIRE(k < 7);
        counts[k]++;
        const double z = a.normal();
        sum += z, sum_sq += z * z;
    }
    CHECK_THAT(usum / n, WithinAbs(0.5, 0.01));
    for (int count : counts) CHECK_THAT(double(count) / n, WithinAbs(1.0 / 7, 0.01));
    CHECK_THAT(sum / n, WithinAbs(0.0, 0.02));
    CHECK_THAT(sum_sq / n, WithinAbs(1.0, 0.03));
}

TEST_CASE("Zipf: P(k) proportional to (k+1)^-s, sampled frequencies match", "[random][zipf]") {
    const double s = GENERATE(0.0, 1.0, 2.0);
    CAPTURE(s);
    const el::ZipfSampler zipf(10, s);
    double total = 0;
    for (int k = 0; k < 10; k++) total += std::pow(k + 1.0, -s);
    for (int k = 0; k < 10; k++) CHECK_THAT(zipf.probability(k), WithinAbs(std::pow(k + 1.0, -s) / total, 1e-12));
    el::Rng rng(5);
    int counts[10] = {};
    const int n = 200000;
    for (int i = 0; i < n; i++) {
        const int k = zipf.sample(rng);
        REQUIRE(k >= 0);
        REQUIRE(k < 10);
        counts[k]++;
    }
    for (int k = 0; k < 10; k++) CHECK_THAT(double(counts[k]) / n, WithinAbs(zipf.probability(k), 0.005));
}
