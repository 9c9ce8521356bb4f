// Deterministic random numbers for the lesson's experiments.
//
// Our own generators, not std:: distributions: those are allowed to differ between
// standard libraries (libstdc++ natively, libc++ under Emscripten), and a shared seed
// must reproduce the same run in the browser and in the tests.
//   splitmix64    seeds the state (and is a fine generator on its own)
//   xoshiro256**  the stream (Blackman & Vigna, https://prng.di.unimi.it/)
//   normal        Box-Muller in double, one pair per two draws
//   Zipf          P(k) proportional to 1/(k+1)^s over k = 0..V-1, by inverse CDF
// The integer streams are bit-identical everywhere. normal() and the Zipf table go
// through log/cos/pow, which libms may round differently in the last bit of a double;
// after rounding to float (or comparing with a uniform) that almost never shows.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace el {

// One splitmix64 step: advances `state` and returns the next output.
inline uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

class Rng {
public:
    explicit Rng(uint64_t seed = 0) { reseed(seed); }

    // A generator with the given xoshiro256** state (for reference test vectors); not all zero.
    static Rng from_state(uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3) {
        Rng rng;
        rng.s_[0] = s0, rng.s_[1] = s1, rng.s_[2] = s2, rng.s_[3] = s3;
        return rng;
    }

    void reseed(uint64_t seed) {
        uint64_t sm = seed;
        for (uint64_t& word : s_) word = splitmix64(sm);
        has_spare_ = false;
    }

    // xoshiro256**: 64 random bits.
    uint64_t next_u64() {
        const uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform in [0, 1) with 53 random bits.
    double uniform() { return double(next_u64() >> 11) * 0x1.0p-53; }

    // Uniform integer in [0, n), 1 <= n < 2^31 (multiply-shift on the top 32 bits; the
    // bias of skipping rejection is below n / 2^32, irrelevant at n <= 100000).
    int below(int n) { return int(((next_u64() >> 32) * uint64_t(n)) >> 32); }

    // Standard normal by Box-Muller; the second value of each pair is kept for the next call.
    double normal() {
        if (has_spare_) {
            has_spare_ = false;
            return spare_;
        }
        double u1 = uniform();
        while (u1 <= 0.0) u1 = uniform();  // log(0) is -inf
        const double u2 = uniform();
        const double radius = std::sqrt(-2.0 * std::log(u1));
        const double angle = 6.283185307179586 * u2;
        spare_ = radius * std::sin(angle);
        has_spare_ = true;
        return radius * std::cos(angle);
    }

private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t s_[4] = {};
    double spare_ = 0.0;
    bool has_spare_ = false;
};

// Ids 0..V-1 drawn with P(k) = (k+1)^-s / sum_j (j+1)^-s; s = 0 is uniform.
class ZipfSampler {
public:
    ZipfSampler() = default;
    ZipfSampler(int V, double exponent) : cdf_(size_t(std::max(V, 1))) {
        double total = 0.0;
        for (size_t k = 0; k < cdf_.size(); k++) cdf_[k] = total += std::pow(double(k + 1), -exponent);
        for (double& c : cdf_) c /= total;
        cdf_.back() = 1.0;
    }
    int V() const { return int(cdf_.size()); }
    // Probability of id k (for plotting the expected frequency beside the counts).
    double probability(int k) const { return cdf_[size_t(k)] - (k > 0 ? cdf_[size_t(k) - 1] : 0.0); }
    int sample(Rng& rng) const {
        const double u = rng.uniform();
        return int(std::upper_bound(cdf_.begin(), cdf_.end(), u) - cdf_.begin());
    }

private:
    std::vector<double> cdf_;  // (V,) running sum of the probabilities
};

}  // namespace el
