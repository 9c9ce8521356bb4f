// Hashed, split and factorised tables (issue 16): each lookup is its one-hot product exactly,
// the gradients pass finite differences, and each agrees bit for bit with the plain table where
// it must (k = V with the identity hash; r = d with P = I).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "core/embedding_autograd.h"
#include "core/embedding_options.h"
#include "core/gradcheck.h"
#include "core/table_variants.h"
#include "tensor_test_util.h"

using test_util::random_ids;
using test_util::random_tensor;
using test_util::weighted_sum;

// The output and the table's gradient of one route, for a weighted-sum loss.
struct RouteResult {
    std::vector<float> out, grad;
};

TEST_CASE("the seeded hash is deterministic, in range, and changes with the seed", "[hashed]") {
    const int k = GENERATE(1, 7, 64);
    CAPTURE(k);
    int moved = 0;
    for (int id = 0; id < 500; id++) {
        const int bucket = el::hash_bucket(id, k, 11);
        CHECK(bucket >= 0);
        CHECK(bucket < k);
        CHECK(bucket == el::hash_bucket(id, k, 11));
        moved += bucket != el::hash_bucket(id, k, 12);
    }
    if (k > 1) CHECK(moved > 500 / 2);  // another seed is another map, not a shifted copy
    // the formula documented in table_variants.h, written out here on its own
    for (int id : {0, 1, 2, 99, 12345}) {
        const uint64_t phi = 0x9e3779b97f4a7c15ULL;
        uint64_t z = (11ULL ^ (uint64_t(id) * phi)) + phi;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        z ^= z >> 31;
        CHECK(el::hash_bucket(id, k, 11) == int(((z >> 32) * uint64_t(k)) >> 32));
    }
    // spread: with 500 ids in 7 buckets every bucket is used
    if (k == 7) {
        std::set<int> used;
        for (int id = 0; id < 500; id++) used.insert(el::hash_bucket(id, k, 11));
        CHECK(used.size() == 7u);
    }
}

TEST_CASE("H has one 1 per row, at the id's bucket, and collisions list the ids sharing a row", "[hashed]") {
    const int V = GENERATE(1, 10, 37), k = GENERATE(1, 4, 37);
    CAPTURE(V, k);
    el::RowMap map;
    REQUIRE(el::hashed_map(V, k, 5, false, map).ok());
    const el::Tensor H = el::row_map_matrix(map);
    REQUIRE(H.ok());
    REQUIRE(H.rows() == V);
    REQUIRE(H.cols() == k);
    for (int i = 0; i < V; i++) {
        float row_sum = 0;
        for (int j = 0; j < k; j++) row_sum += H.at(i, j);
        CHECK(row_sum == 1.0f);
        CHECK(H.at(i, map.row_of[size_t(i)]) == 1.0f);
    }
    // every pair of ids sharing a row appears in exactly one collision group, and no other pair does
    const std::vector<el::SharedRow> shared = el::collisions(map);
    int listed = 0;
    for (const el::SharedRow& s : shared) {
        CHECK(s.ids.size() >= 2u);
        CHECK(std::is_sorted(s.ids.begin(), s.ids.end()));
        for (int id : s.ids) CHECK(map.row_of[size_t(id)] == s.row);
        listed += int(s.ids.size());
    }
    int sharing = 0;
    for (int i = 0; i < V; i++)
        sharing += std::count(map.row_of.begin(), map.row_of.end(), map.row_of[size_t(i)]) >= 2;
    CHECK(listed == sharing);
    CHECK(el::colliding_ids(map) == sharing);
    if (V > k) CHECK(sharing > 0);  // pigeonholes
}

TEST_CASE("hashed lookup equals onehot(ids) @ H @ W_k exactly, forward and gradient", "[hashed][forward][backward]") {
    const int V = GENERATE(5, 50), k = GENERATE(3, 16), d = GENERATE(1, 7, 20), B = GENERATE(1, 9);
    const uint64_t seed = GENERATE(1u, 2u);
    CAPTURE(V, k, d, B, seed);
    el::RowMap map;
    REQUIRE(el::hashed_map(V, k, seed, false, map).ok());
    const std::vector<int> ids = random_ids(B, V, seed + 10);
    const el::Tensor R = random_tensor(B, d, seed + 20);
    auto run = [&](bool one_hot) {
        el::Tensor W = random_tensor(k, d, seed);
        el::Tensor out = one_hot ? el::mapped_embedding_one_hot(W, map, ids) : el::mapped_embedding(W, map, ids);
        REQUIRE(out.ok());
        REQUIRE(weighted_sum(out, R).backward().ok());
        return RouteResult{out.values(), W.grads()};
    };
    const RouteResult gather = run(false), product = run(true);
    CHECK(gather.out == product.out);
    CHECK(gather.grad == product.grad);
    // and the output is the mapped row itself
    const el::Tensor W = random_tensor(k, d, seed);
    for (int b = 0; b < B; b++)
        for (int c = 0; c < d; c++)
            CHECK(gather.out[size_t(b * d + c)] == W.at(map.row_of[size_t(ids[size_t(b)])], c));
}

TEST_CASE("the mapped kernels equal their naive references exactly", "[hashed][split][kernels]") {
    const int V = 40, k = 9, d = GENERATE(1, 5, 16, 33), B = 17;
    CAPTURE(d);
    el::RowMap map;
    REQUIRE(el::hashed_map(V, k, 3, false, map).ok());
    const std::vector<int> ids = random_ids(B, V, 4);
    const el::Tensor W = random_tensor(k, d, 5), G = random_tensor(B, d, 6);
    std::vector<float> out(size_t(B * d)), out_naive(size_t(B * d));
    el::mapped_lookup_forward(out.data(), W.data(), map.row_of.data(), ids.data(), B, d);
    el::mapped_lookup_forward_naive(out_naive.data(), W.data(), map.row_of.data(), ids.data(), B, d);
    CHECK(out == out_naive);
    std::vector<float> dW(size_t(k * d), 0.5f), dW_naive(size_t(k * d), 0.5f);  // backward adds
    el::mapped_lookup_backward(dW.data(), G.data(), map.row_of.data(), ids.data(), B, d);
    el::mapped_lookup_backward_naive(dW_naive.data(), G.data(), map.row_of.data(), ids.data(), B, d);
    CHECK(dW == dW_naive);
}

TEST_CASE("hashed and split tables pass a finite-difference gradient check", "[hashed][split][gradcheck]") {
    const int V = 30, d = 4, B = 12;
    const bool split = GENERATE(false, true);
    CAPTURE(split);
    el::RowMap map;
    if (split) REQUIRE(el::split_map(V, {0, 1, 2, 5}, 6, 9, map).ok());
    else REQUIRE(el::hashed_map(V, 8, 9, false, map).ok());
    const std::vector<int> ids = {0, 1, 1, 2, 5, 7, 7, 7, 11, 20, 29, 3};
    const el::Tensor R = random_tensor(B, d, 2);
    el::Tensor W = random_tensor(map.rows, d, 3);
    el::GradCheckResult r;
    REQUIRE(el::gradient_check([&] { return weighted_sum(el::mapped_embedding(W, map, ids), R); }, W, {}, r).ok());
    CHECK(r.passed());
    CHECK(r.checked == map.rows * d);
    // a row no looked-up id reads gets exactly no gradient
    for (int row = 0; row < map.rows; row++) {
        bool read = false;
        for (int id : ids) read |= map.row_of[size_t(id)] == row;
        if (!read)
            for (int c = 0; c < d; c++) CHECK(r.analytic[size_t(row * d + c)] == 0.0);
    }
}

TEST_CASE("k = V with the identity hash is the plain table, bit for bit", "[hashed][agreement]") {
    const int V = GENERATE(1, 13, 64), d = GENERATE(1, 8, 17), B = GENERATE(1, 20);
    CAPTURE(V, d, B);
    el::RowMap map;
    REQUIRE(el::hashed_map(V, V, 123, true, map).ok());
    for (int i = 0; i < V; i++) REQUIRE(map.row_of[size_t(i)] == i);
    CHECK(el::collisions(map).empty());
    const std::vector<int> ids = random_ids(B, V, 7);
    const el::Tensor R = random_tensor(B, d, 8);
    el::Tensor W_plain = random_tensor(V, d, 9), W_hashed = random_tensor(V, d, 9);
    el::Tensor plain = el::embedding(W_plain, ids), hashed = el::mapped_embedding(W_hashed, map, ids);
    REQUIRE(weighted_sum(plain, R).backward().ok());
    REQUIRE(weighted_sum(hashed, R).backward().ok());
    CHECK(plain.values() == hashed.values());
    CHECK(W_plain.grads() == W_hashed.grads());
}

TEST_CASE("split: the listed ids own rows 0..N-1, the rest share N + hashed buckets", "[split]") {
    const int V = 50, k = 5;
    const std::vector<int> own = {4, 0, 17};
    el::RowMap map;
    REQUIRE(el::split_map(V, own, k, 2, map).ok());
    CHECK(map.rows == 3 + k);
    CHECK(map.own_rows == 3);
    CHECK(map.row_of[4] == 0);
    CHECK(map.row_of[0] == 1);
    CHECK(map.row_of[17] == 2);
    for (int i = 0; i < V; i++) {
        if (i == 4 || i == 0 || i == 17) continue;
        CHECK(map.row_of[size_t(i)] == 3 + el::hash_bucket(i, k, 2));
    }
    for (const el::SharedRow& s : el::collisions(map)) CHECK(s.row >= 3);  // an own row is never shared
    CHECK(el::split_table_parameters(3, k, 8) == el::mapped_table_parameters(map, 8));

    // forward and gradient equal the one-hot product exactly
    const std::vector<int> ids = {4, 4, 1, 17, 49, 0, 23};
    const el::Tensor R = random_tensor(int(ids.size()), 6, 1);
    el::Tensor W1 = random_tensor(map.rows, 6, 2), W2 = random_tensor(map.rows, 6, 2);
    el::Tensor a = el::mapped_embedding(W1, map, ids), b = el::mapped_embedding_one_hot(W2, map, ids);
    REQUIRE(weighted_sum(a, R).backward().ok());
    REQUIRE(weighted_sum(b, R).backward().ok());
    CHECK(a.values() == b.values());
    CHECK(W1.grads() == W2.grads());

    // every id its own row: the plain table, permuted
    std::vector<int> all(V);
    for (int i = 0; i < V; i++) all[size_t(i)] = i;
    REQUIRE(el::split_map(V, all, 0, 2, map).ok());
    CHECK(el::collisions(map).empty());
}

TEST_CASE("most_frequent_ids ranks by count, ties to the smaller id", "[split]") {
    CHECK(el::most_frequent_ids({1, 5, 3, 5, 0}, 3) == std::vector<int>{1, 3, 2});
    CHECK(el::most_frequent_ids({1, 5}, 9) == std::vector<int>{1, 0});
    CHECK(el::most_frequent_ids({1, 5}, 0).empty());
}

TEST_CASE("factorised lookup equals onehot(ids) @ A @ P exactly, forward and gradient", "[factorised][forward][backward]") {
    const int V = GENERATE(4, 40), r = GENERATE(1, 3, 9), d = GENERATE(1, 8, 21), B = GENERATE(1, 13);
    const uint64_t seed = GENERATE(1u, 2u);
    CAPTURE(V, r, d, B, seed);
    const std::vector<int> ids = random_ids(B, V, seed + 3);
    const el::Tensor R = random_tensor(B, d, seed + 4);
    struct Factorised {
        std::vector<float> out, dA, dP;
    };
    auto run = [&](bool one_hot) {
        el::Tensor A = random_tensor(V, r, seed), P = random_tensor(r, d, seed + 1);
        el::Tensor out = one_hot ? el::factorised_embedding_one_hot(A, P, ids) : el::factorised_embedding(A, P, ids);
        REQUIRE(out.ok());
        REQUIRE(weighted_sum(out, R).backward().ok());
        return Factorised{out.values(), A.grads(), P.grads()};
    };
    const Factorised fused = run(false), product = run(true);
    CHECK(fused.out == product.out);
    CHECK(fused.dA == product.dA);
    CHECK(fused.dP == product.dP);
    // the gradient reaches the looked-up rows of A only, and (in general) every number of P
    for (int i = 0; i < V; i++) {
        const bool looked_up = std::find(ids.begin(), ids.end(), i) != ids.end();
        if (!looked_up)
            for (int j = 0; j < r; j++) CHECK(fused.dA[size_t(i * r + j)] == 0.0f);
    }
    for (float g : fused.dP) CHECK(g != 0.0f);
    // and the lookup is row ids[b] of the materialised W = A @ P
    const el::Tensor A = random_tensor(V, r, seed), P = random_tensor(r, d, seed + 1);
    const el::Tensor W = el::matmul(A, P);
    for (int b = 0; b < B; b++)
        for (int c = 0; c < d; c++) CHECK(fused.out[size_t(b * d + c)] == W.at(ids[size_t(b)], c));
}

TEST_CASE("the factorised kernels equal their naive references exactly", "[factorised][kernels]") {
    const int V = 25, r = GENERATE(1, 4, 13), d = GENERATE(1, 8, 19), B = 11;
    CAPTURE(r, d);
    const std::vector<int> ids = random_ids(B, V, 1);
    const el::Tensor A = random_tensor(V, r, 2), P = random_tensor(r, d, 3), G = random_tensor(B, d, 4);
    std::vector<float> out(size_t(B * d)), out_naive(size_t(B * d));
    el::factorised_forward(out.data(), A.data(), P.data(), ids.data(), B, r, d);
    el::factorised_forward_naive(out_naive.data(), A.data(), P.data(), ids.data(), B, r, d);
    CHECK(out == out_naive);
    std::vector<float> dA(size_t(V * r), 0.25f), dA_naive = dA, dP(size_t(r * d), -1.0f), dP_naive = dP;
    el::factorised_backward(dA.data(), dP.data(), G.data(), A.data(), P.data(), ids.data(), B, r, d);
    el::factorised_backward_naive(dA_naive.data(), dP_naive.data(), G.data(), A.data(), P.data(), ids.data(), B, r, d);
    CHECK(dA == dA_naive);
    CHECK(dP == dP_naive);
}

TEST_CASE("the factorised table passes a finite-difference gradient check for A and for P", "[factorised][gradcheck]") {
    const int V = 12, r = 3, d = 5;
    const std::vector<int> ids = {0, 3, 3, 11, 7};
    const el::Tensor R = random_tensor(int(ids.size()), d, 1);
    el::Tensor A = random_tensor(V, r, 2), P = random_tensor(r, d, 3);
    auto loss = [&] { return weighted_sum(el::factorised_embedding(A, P, ids), R); };
    el::GradCheckResult for_A, for_P;
    REQUIRE(el::gradient_check(loss, A, {}, for_A).ok());
    REQUIRE(el::gradient_check(loss, P, {}, for_P).ok());
    CHECK(for_A.passed());
    CHECK(for_P.passed());
    CHECK(for_A.checked == V * r);
    CHECK(for_P.checked == r * d);
}

TEST_CASE("r = d with P = I is the plain table, bit for bit", "[factorised][agreement]") {
    const int V = GENERATE(1, 30), d = GENERATE(1, 6, 17), B = GENERATE(1, 15);
    CAPTURE(V, d, B);
    const std::vector<int> ids = random_ids(B, V, 3);
    const el::Tensor R = random_tensor(B, d, 4);
    el::Tensor W = random_tensor(V, d, 5), A = random_tensor(V, d, 5), P = el::Tensor::zeros(d, d);
    for (int j = 0; j < d; j++) P.at(j, j) = 1.0f;
    el::Tensor plain = el::embedding(W, ids), factorised = el::factorised_embedding(A, P, ids);
    REQUIRE(weighted_sum(plain, R).backward().ok());
    REQUIRE(weighted_sum(factorised, R).backward().ok());
    CHECK(plain.values() == factorised.values());
    CHECK(W.grads() == A.grads());  // dA = G @ I^T scattered: the plain table's dW
}

TEST_CASE("parameter counts of each table", "[hashed][factorised][split][budget]") {
    CHECK(el::full_table_parameters(1000, 16) == 16000);
    CHECK(el::hashed_table_parameters(100, 16) == 1600);
    CHECK(el::factorised_table_parameters(1000, 4, 16) == 4000 + 64);
    CHECK(el::split_table_parameters(50, 100, 16) == 2400);
    el::RowMap map;
    REQUIRE(el::hashed_map(1000, 100, 1, false, map).ok());
    CHECK(el::mapped_table_parameters(map, 16) == el::hashed_table_parameters(100, 16));
}

TEST_CASE("bad table-variant inputs give error values naming the problem", "[hashed][factorised][split][errors]") {
    el::RowMap map;
    CHECK_THAT(el::hashed_map(0, 3, 1, false, map).error, Catch::Contains("V = 0"));
    CHECK_THAT(el::hashed_map(10, 0, 1, false, map).error, Catch::Contains("k = 0"));
    CHECK_THAT(el::split_map(10, {1, 1}, 3, 1, map).error, Catch::Contains("listed twice"));
    CHECK_THAT(el::split_map(10, {10}, 3, 1, map).error, Catch::Contains("out of range"));
    CHECK_THAT(el::split_map(10, {1}, 0, 1, map).error, Catch::Contains("shared bucket"));
    CHECK_THAT(el::row_map_matrix(el::RowMap{}).status().error, Catch::Contains("V = 0"));

    REQUIRE(el::hashed_map(10, 4, 1, false, map).ok());
    const el::Tensor W = random_tensor(4, 3, 1), wrong = random_tensor(5, 3, 1);
    CHECK_THAT(el::mapped_embedding(wrong, map, {1}).status().error, Catch::Contains("points into 4 rows"));
    CHECK_THAT(el::mapped_embedding(W, map, {10}).status().error, Catch::Contains("id 10"));
    CHECK_THAT(el::mapped_embedding(W, map, {}).status().error, Catch::Contains("empty"));
    CHECK_THAT(el::mapped_embedding_one_hot(W, map, {-1}).status().error, Catch::Contains("id -1"));
    CHECK_THAT(el::mapped_embedding(el::Tensor::failed("upstream"), map, {1}).status().error,
               Catch::Contains("upstream"));

    const el::Tensor A = random_tensor(10, 3, 1), P = random_tensor(2, 5, 1);
    CHECK_THAT(el::factorised_embedding(A, P, {1}).status().error, Catch::Contains("rank r"));
    CHECK_THAT(el::factorised_embedding_one_hot(A, random_tensor(3, 5, 1), {12}).status().error,
               Catch::Contains("id 12"));
}
