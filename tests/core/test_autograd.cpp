// The autograd engine: forward values by hand, accumulation, zeroing, error values,
// and a finite-difference check of every op (the embedding ops in test_embedding_options.cpp).
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>

#include "core/autograd.h"
#include "core/gradcheck.h"
#include "core/tensor.h"
#include "tensor_test_util.h"

using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using el::Tensor;
using test_util::random_tensor;
using test_util::weighted_sum;

// Runs the finite-difference check on each parameter and requires it to pass.
static void require_gradients_match(const std::function<Tensor()>& loss, std::vector<Tensor> params,
                                    int skip_row = -1) {
    for (size_t p = 0; p < params.size(); p++) {
        el::GradCheckOptions options;
        options.skip_row = skip_row;
        el::GradCheckResult r;
        REQUIRE(el::gradient_check(loss, params[p], options, r).ok());
        CAPTURE(p, r.max_abs_error, r.checked, r.failing);
        if (!r.failing.empty()) {
            INFO("first failing number: analytic " << r.analytic[size_t(r.failing[0])] << ", numeric "
                                                   << r.numeric[size_t(r.failing[0])]);
            REQUIRE(r.passed());
        }
        REQUIRE(r.passed());
    }
}

TEST_CASE("forward values of the ops, computed by hand", "[autograd][forward]") {
    const Tensor a = Tensor::from(2, 3, {1, 2, 3, 4, 5, 6});
    const Tensor b = Tensor::from(3, 2, {1, 0, 0, 1, 2, -1});
    SECTION("matmul") {  // [1+6, 2-3], [4+12, 5-6]
        CHECK(el::matmul(a, b).values() == std::vector<float>{7, -1, 16, -1});
    }
    SECTION("add and mul with a row broadcast and a scalar") {
        const Tensor row = Tensor::from(1, 3, {10, 20, 30});
        CHECK(el::add(a, row).values() == std::vector<float>{11, 22, 33, 14, 25, 36});
        CHECK(el::mul(a, row).values() == std::vector<float>{10, 40, 90, 40, 100, 180});
        CHECK(el::mul(a, Tensor::scalar(-2)).values() == std::vector<float>{-2, -4, -6, -8, -10, -12});
    }
    SECTION("sum, mean, relu, tanh") {
        CHECK(el::sum(a).item() == 21.0f);
        CHECK(el::mean(a).item() == 3.5f);
        const Tensor x = Tensor::from(1, 4, {-1.5f, -0.0f, 0.5f, 2.0f});
        CHECK(el::relu(x).values() == std::vector<float>{0, 0, 0.5f, 2.0f});
        CHECK_THAT(el::tanh(x).values()[3], WithinRel(float(std::tanh(2.0)), 1e-6f));
    }
    SECTION("linear is x @ weight + bias with weight stored (in,out)") {
        const Tensor bias = Tensor::from(1, 2, {0.5f, -0.5f});
        CHECK(el::linear(a, b, bias).values() == std::vector<float>{7.5f, -1.5f, 16.5f, -1.5f});
    }
    SECTION("mse_loss is the mean squared difference") {  // ((1-0)^2 + (2-4)^2) / 2
        CHECK(el::mse_loss(Tensor::from(1, 2, {1, 2}), Tensor::from(1, 2, {0, 4})).item() == 2.5f);
    }
    SECTION("cross_entropy is the mean of log-sum-exp minus the target logit") {
        const Tensor logits = Tensor::from(2, 3, {1, 2, 3, 1, 1, 1});
        const double row0 = std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0)) - 3.0;
        const double row1 = std::log(3.0);
        CHECK_THAT(el::cross_entropy(logits, {2, 0}).item(), WithinRel(float((row0 + row1) / 2), 1e-6f));
    }
    SECTION("cross_entropy stays finite for huge logits (the row max is subtracted)") {
        const Tensor logits = Tensor::from(1, 2, {1000, 0});
        CHECK_THAT(el::cross_entropy(logits, {0}).item(), WithinAbs(0.0, 1e-6));
        CHECK_THAT(el::cross_entropy(logits, {1}).item(), WithinRel(1000.0f, 1e-6f));
    }
}

TEST_CASE("backward of hand-written expressions", "[autograd][backward]") {
    SECTION("a tensor used three times gets three gradient terms: d/dx sum(x*x + x) = 2x + 1") {
        Tensor x = Tensor::from(1, 3, {0.5f, -2.0f, 3.0f});
        REQUIRE(el::sum(el::add(el::mul(x, x), x)).backward().ok());
        CHECK(x.grads() == std::vector<float>{2.0f, -3.0f, 7.0f});
    }
    SECTION("bias gradient of a row broadcast is the column sum of the upstream gradient") {
        Tensor x = Tensor::from(2, 2, {1, 2, 3, 4});
        Tensor bias = Tensor::from(1, 2, {0, 0});
        REQUIRE(weighted_sum(el::add(x, bias), Tensor::from(2, 2, {1, 10, 100, 1000})).backward().ok());
        CHECK(bias.grads() == std::vector<float>{101, 1010});
        CHECK(x.grads() == std::vector<float>{1, 10, 100, 1000});
    }
    SECTION("mse_loss: dL/dpred = 2(pred - target)/n") {
        Tensor pred = Tensor::from(1, 2, {1, 2});
        REQUIRE(el::mse_loss(pred, Tensor::from(1, 2, {0, 4})).backward().ok());
        CHECK(pred.grads() == std::vector<float>{1.0f, -2.0f});
    }
    SECTION("cross_entropy: dlogits = (softmax - onehot) / B") {
        Tensor logits = Tensor::from(1, 2, {0, 0});
        REQUIRE(el::cross_entropy(logits, {1}).backward().ok());
        CHECK(logits.grads() == std::vector<float>{0.5f, -0.5f});
    }
    SECTION("gradients accumulate over backward calls until zero_grad") {
        Tensor x = Tensor::from(1, 2, {1.5f, -1.0f});
        auto loss = [&] { return el::sum(el::mul(x, Tensor::from(1, 2, {3, 5}))); };
        REQUIRE(loss().backward().ok());
        CHECK(x.grads() == std::vector<float>{3, 5});
        REQUIRE(loss().backward().ok());
        CHECK(x.grads() == std::vector<float>{6, 10});
        x.zero_grad();
        CHECK(x.grads() == std::vector<float>{0, 0});
    }
    SECTION("backward twice through the same graph adds exactly one more gradient to the leaves") {
        Tensor x = Tensor::from(1, 2, {1.5f, -1.0f});
        const Tensor loss = el::sum(el::mul(el::tanh(x), Tensor::from(1, 2, {3, 5})));
        REQUIRE(loss.ok());
        Tensor L = loss;
        REQUIRE(L.backward().ok());
        const std::vector<float> once = x.grads();
        REQUIRE(L.backward().ok());
        CHECK(x.grads() == std::vector<float>{2 * once[0], 2 * once[1]});
    }
    SECTION("a diamond graph visits the shared node once per reverse sweep") {
        Tensor x = Tensor::from(1, 1, {2.0f});
        const Tensor h = el::mul(x, Tensor::scalar(3));  // h = 3x, used twice below
        REQUIRE(el::add(el::mul(h, h), h).backward().ok());  // L = h^2 + h, dL/dx = (2h + 1) * 3
        CHECK(x.grads() == std::vector<float>{39.0f});
    }
}

TEST_CASE("every op passes a finite-difference check", "[autograd][gradcheck]") {
    const uint64_t seed = GENERATE(1u, 2u, 3u);
    const int M = GENERATE(1, 3), N = GENERATE(1, 4);
    CAPTURE(seed, M, N);
    Tensor a = random_tensor(M, N, seed);
    Tensor b = random_tensor(M, N, seed + 100);
    const Tensor R = random_tensor(M, N, seed + 200);

    SECTION("matmul") {
        Tensor c = random_tensor(N, 5, seed + 300);
        const Tensor R5 = random_tensor(M, 5, seed + 400);
        require_gradients_match([&] { return weighted_sum(el::matmul(a, c), R5); }, {a, c});
    }
    SECTION("add and mul, same shape") {
        require_gradients_match([&] { return weighted_sum(el::add(a, b), R); }, {a, b});
        require_gradients_match([&] { return weighted_sum(el::mul(a, b), R); }, {a, b});
    }
    SECTION("add and mul, broadcast row and scalar") {
        Tensor row = random_tensor(1, N, seed + 500);
        Tensor s = random_tensor(1, 1, seed + 600);
        require_gradients_match([&] { return weighted_sum(el::add(a, row), R); }, {a, row});
        require_gradients_match([&] { return weighted_sum(el::mul(a, row), R); }, {a, row});
        require_gradients_match([&] { return weighted_sum(el::mul(a, s), R); }, {a, s});
    }
    SECTION("sum and mean") {
        require_gradients_match([&] { return el::mul(el::sum(a), el::sum(a)); }, {a});
        require_gradients_match([&] { return el::mul(el::mean(a), el::mean(a)); }, {a});
    }
    SECTION("relu, away from its kink") {
        for (float& x : a.values())
            if (std::fabs(x) < 0.05f) x = x < 0 ? -0.5f : 0.5f;
        require_gradients_match([&] { return weighted_sum(el::relu(a), R); }, {a});
    }
    SECTION("tanh") { require_gradients_match([&] { return weighted_sum(el::tanh(a), R); }, {a}); }
    SECTION("linear") {
        Tensor weight = random_tensor(N, 2, seed + 700);
        Tensor bias = random_tensor(1, 2, seed + 800);
        const Tensor R2 = random_tensor(M, 2, seed + 900);
        require_gradients_match([&] { return weighted_sum(el::linear(a, weight, bias), R2); }, {a, weight, bias});
    }
    SECTION("mse_loss, both inputs") { require_gradients_match([&] { return el::mse_loss(a, b); }, {a, b}); }
    SECTION("cross_entropy") {
        const std::vector<int> targets = test_util::random_ids(M, N, seed + 1000);
        require_gradients_match([&] { return el::cross_entropy(a, targets); }, {a});
    }
    SECTION("one_hot @ W (the one-hot route built from two ops)") {
        Tensor W = random_tensor(6, N, seed + 1100);
        const std::vector<int> ids = test_util::random_ids(M, 6, seed + 1200);
        require_gradients_match([&] { return weighted_sum(el::matmul(el::one_hot(ids, 6), W), R); }, {W});
    }
}

TEST_CASE("the finite-difference check can fail: a wrong backward is caught", "[autograd][gradcheck]") {
    Tensor a = random_tensor(2, 3, 7);
    const Tensor R = random_tensor(2, 3, 8);
    // forward is a*R summed, but the loss we hand the checker doubles after backward is taken
    int calls = 0;
    auto loss = [&] {
        Tensor L = weighted_sum(a, R);
        return calls++ == 0 ? L : el::mul(L, Tensor::scalar(2));
    };
    el::GradCheckResult r;
    REQUIRE(el::gradient_check(loss, a, {}, r).ok());
    CHECK_FALSE(r.passed());
    CHECK(r.failing.size() == 6);
}

TEST_CASE("bad shapes give error values that travel through a chain of ops", "[autograd][errors]") {
    const Tensor a = Tensor::from(2, 3, {1, 2, 3, 4, 5, 6});
    SECTION("matmul with mismatched inner sizes") {
        const Tensor bad = el::matmul(a, a);
        CHECK_FALSE(bad.ok());
        CHECK_THAT(bad.status().error, Catch::Contains("(2,3) @ (2,3)"));
        // the first error reaches the end of the chain unchanged
        CHECK(el::mean(el::relu(el::add(bad, a))).status().error == bad.status().error);
    }
    SECTION("add with a shape that does not broadcast") {
        CHECK_THAT(el::add(a, Tensor::from(2, 1, {1, 2})).status().error, Catch::Contains("(2,1)"));
    }
    SECTION("a tensor built from the wrong count of numbers") {
        CHECK_THAT(Tensor::from(2, 2, {1, 2, 3}).status().error, Catch::Contains("needs 4 numbers, got 3"));
        CHECK_FALSE(Tensor::zeros(0, 3).ok());
        CHECK_THAT(Tensor::zeros(100001, 512).status().error, Catch::Contains("more than the 51200000 numbers"));
    }
    SECTION("mse_loss of different shapes, cross_entropy with bad targets") {
        CHECK_FALSE(el::mse_loss(a, Tensor::from(1, 3, {1, 2, 3})).ok());
        CHECK_THAT(el::cross_entropy(a, {0}).status().error, Catch::Contains("one target per row"));
        CHECK_THAT(el::cross_entropy(a, {0, 3}).status().error, Catch::Contains("id 3"));
        CHECK_THAT(el::cross_entropy(a, {-1, 0}).status().error, Catch::Contains("id -1"));
    }
    SECTION("backward from a non-scalar or a failed tensor") {
        CHECK_THAT(el::relu(a).backward().error, Catch::Contains("scalar"));
        CHECK_FALSE(Tensor::failed("x").backward().ok());
        CHECK(std::isnan(Tensor::failed("x").item()));
    }
    SECTION("one_hot with bad ids or an over-limit block") {
        CHECK_THAT(el::one_hot({0, 5}, 5).status().error, Catch::Contains("id 5"));
        CHECK_THAT(el::one_hot({}, 5).status().error, Catch::Contains("empty"));
        CHECK_THAT(el::one_hot(std::vector<int>(1024, 0), 100000).status().error, Catch::Contains("409.6 MB"));
    }
}

// Tensors share their nodes by count (tensor.h's NodeRef): a node lives while a tensor or a
// node built from it holds it, and goes with the last holder (ASan's leak check runs this too).
TEST_CASE("a node lives while a tensor or a later node holds it, and goes with the last", "[autograd][lifetime]") {
    Tensor a = Tensor::from(1, 2, {1.0f, 2.0f});
    el::TensorNode* an = a.node();
    REQUIRE(an->refs == 1);
    Tensor copy = a;
    REQUIRE(an->refs == 2);
    Tensor loss = el::sum(el::mul(a, a));  // mul holds a twice (both parents), sum holds mul
    REQUIRE(an->refs == 4);
    a = Tensor();   // the handles let go: the graph still holds the leaf
    copy = Tensor();
    REQUIRE(an->refs == 2);
    REQUIRE(loss.backward().ok());
    CHECK(an->grad == std::vector<float>{2.0f, 4.0f});  // d(sum a*a)/da = 2a, through the kept leaf
    Tensor moved = std::move(loss);
    CHECK(!loss.ok());
    CHECK(moved.item() == 5.0f);
}
