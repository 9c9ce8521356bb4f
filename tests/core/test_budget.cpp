// The deeper tier's experiments (issue 16): the parameter-budget run, raw vs tanh rows, and
// the parameter counts and composed map of "it compresses the input".
#include <catch2/catch.hpp>

#include <cmath>

#include "core/budget.h"
#include "core/frequency.h"
#include "tensor_test_util.h"

using Catch::Matchers::WithinAbs;

static el::BudgetConfig small_budget() {
    el::BudgetConfig c;
    c.V = 60, c.d = 6, c.C = 3, c.B = 16, c.zipf_exponent = 1.1, c.seed = 4;
    c.buckets = 12, c.rank = 2, c.own_rows = 6, c.split_buckets = 6, c.eval_every = 10;
    return c;
}

TEST_CASE("budget experiment: parameter counts of each variant at its budget", "[budget]") {
    el::BudgetState s;
    const el::BudgetConfig c = small_budget();
    REQUIRE(el::budget_init(c, s).ok());
    const int64_t head = int64_t(c.d) * c.C + c.C;
    using el::TableKind;
    CHECK(s.runs[size_t(TableKind::kFull)].table_parameters == el::full_table_parameters(c.V, c.d));
    CHECK(s.runs[size_t(TableKind::kHashed)].table_parameters == el::hashed_table_parameters(c.buckets, c.d));
    CHECK(s.runs[size_t(TableKind::kFactorised)].table_parameters ==
          el::factorised_table_parameters(c.V, c.rank, c.d));
    CHECK(s.runs[size_t(TableKind::kSplit)].table_parameters ==
          el::split_table_parameters(c.own_rows, c.split_buckets, c.d));
    for (const el::BudgetRun& run : s.runs) {
        CHECK(run.parameters == run.table_parameters + head);
        CHECK(run.eval_steps == std::vector<int>{0});  // measured once at the start
    }
    // the split's own rows go to the most probable ids (Zipf: ids 0, 1, 2, ...)
    const el::RowMap& split = s.runs[size_t(TableKind::kSplit)].map;
    for (int i = 0; i < c.own_rows; i++) CHECK(split.row_of[size_t(i)] == i);
    CHECK(s.head_end == 20);
    CHECK(s.middle_end == 40);
    CHECK(std::string(el::table_kind_name(TableKind::kFactorised)) == "factorised");
}

TEST_CASE("budget experiment: seeded, and resumable in chunks with the same results", "[budget]") {
    const el::BudgetConfig c = small_budget();
    el::BudgetState once, in_parts, other_seed;
    REQUIRE(el::budget_init(c, once).ok());
    REQUIRE(el::budget_step(once, 60).ok());
    REQUIRE(el::budget_init(c, in_parts).ok());
    for (int chunk : {7, 13, 0, 40}) REQUIRE(el::budget_step(in_parts, chunk).ok());
    el::BudgetConfig c2 = c;
    c2.seed = 5;
    REQUIRE(el::budget_init(c2, other_seed).ok());
    REQUIRE(el::budget_step(other_seed, 60).ok());
    CHECK(once.steps_done == 60);
    for (size_t k = 0; k < el::kTableKinds; k++) {
        CAPTURE(k);
        const el::BudgetRun &a = once.runs[k], &b = in_parts.runs[k];
        CHECK(a.loss_history.size() == 60u);
        CHECK(a.loss_history == b.loss_history);
        CHECK(a.accuracy == b.accuracy);
        CHECK(a.eval_steps == std::vector<int>{0, 10, 20, 30, 40, 50, 60});
        CHECK(a.eval_steps == b.eval_steps);
        CHECK(a.table.values() == b.table.values());
        CHECK(a.loss_history != other_seed.runs[k].loss_history);
    }
}

TEST_CASE("budget experiment: the full table starts where the frequency experiment starts", "[budget]") {
    const el::BudgetConfig c = small_budget();
    el::BudgetState budget;
    REQUIRE(el::budget_init(c, budget).ok());
    el::FrequencyConfig f;
    f.V = c.V, f.d = c.d, f.C = c.C, f.B = c.B, f.zipf_exponent = c.zipf_exponent, f.seed = c.seed;
    el::FrequencyState frequency;
    REQUIRE(el::frequency_init(f, frequency).ok());
    CHECK(budget.labels == frequency.labels);
    CHECK(budget.runs[0].table.values() == frequency.W.values());
    CHECK(budget.runs[0].head.values() == frequency.head.values());
}

TEST_CASE("budget experiment: budget_labels draws the labels budget_init draws", "[budget]") {
    for (uint64_t seed : {1u, 4u, 99u}) {
        el::BudgetConfig c = small_budget();
        c.seed = seed;
        el::BudgetState state;
        REQUIRE(el::budget_init(c, state).ok());
        std::vector<int> labels;
        REQUIRE(el::budget_labels(c, labels).ok());
        CHECK(labels == state.labels);
        CHECK(labels.size() == size_t(c.V));
    }
    el::BudgetConfig bad = small_budget();
    bad.V = 0;
    std::vector<int> labels;
    CHECK_FALSE(el::budget_labels(bad, labels).ok());
}

TEST_CASE("budget experiment: every variant learns, and the record adds up", "[budget]") {
    el::BudgetConfig c = small_budget();
    c.eval_every = 100;
    el::BudgetState s;
    REQUIRE(el::budget_init(c, s).ok());
    REQUIRE(el::budget_step(s, 400).ok());
    for (const el::BudgetRun& run : s.runs) {
        CAPTURE(el::table_kind_name(run.kind));
        // the loss of the last 50 batches is below that of the first 50, for every variant
        double first = 0, last = 0;
        for (int i = 0; i < 50; i++) first += run.loss_history[size_t(i)], last += run.loss_history[size_t(350 + i)];
        CHECK(last < first);
        // the data-weighted accuracy beats guessing one class for everything
        CHECK(run.data_accuracy.back() > 1.0f / float(c.C));
        // accuracy is the mean of row_correct, and the groups' accuracies average to it
        double correct = 0;
        for (uint8_t ok : run.row_correct) correct += ok;
        CHECK_THAT(run.accuracy.back(), WithinAbs(correct / c.V, 1e-6));
        CHECK_THAT((run.group_accuracy[0] + run.group_accuracy[1] + run.group_accuracy[2]) / 3.0,
                   WithinAbs(run.accuracy.back(), 1e-6));  // three groups of 20
    }
    // the full table has room for every id: its head group is learnt at least as well as guessing
    CHECK(s.runs[0].group_accuracy[0] > 1.0f / float(c.C));
    // evaluating twice at the same step records once
    REQUIRE(el::budget_evaluate(s).ok());
    CHECK(s.runs[0].eval_steps.size() == 5u);
}

TEST_CASE("budget experiment: bad settings give error values", "[budget][errors]") {
    el::BudgetState s;
    auto error_of = [&](auto change) {
        el::BudgetConfig c = small_budget();
        change(c);
        return el::budget_init(c, s).error;
    };
    CHECK_THAT(error_of([](el::BudgetConfig& c) { c.buckets = 0; }), Catch::Contains("buckets"));
    CHECK_THAT(error_of([](el::BudgetConfig& c) { c.buckets = 61; }), Catch::Contains("buckets"));
    CHECK_THAT(error_of([](el::BudgetConfig& c) { c.rank = 7; }), Catch::Contains("rank r"));
    CHECK_THAT(error_of([](el::BudgetConfig& c) { c.own_rows = 58; }), Catch::Contains("must not exceed V"));
    CHECK_THAT(error_of([](el::BudgetConfig& c) { c.split_buckets = 0; }), Catch::Contains("shared bucket"));
    CHECK_THAT(error_of([](el::BudgetConfig& c) { c.V = 1; }), Catch::Contains("V must"));
    CHECK_THAT(error_of([](el::BudgetConfig& c) { c.eval_every = 0; }), Catch::Contains("every"));
    CHECK_THAT(error_of([](el::BudgetConfig& c) { c.optimizer.lr = -1; }), Catch::Contains("learning rate"));
    el::BudgetState fresh;
    CHECK_THAT(el::budget_step(fresh, 1).error, Catch::Contains("budget_init"));
    REQUIRE(el::budget_init(small_budget(), s).ok());
    CHECK_THAT(el::budget_step(s, -1).error, Catch::Contains("0 to 10000"));
}

TEST_CASE("raw rows reach any target; tanh rows only (-1, 1), saturating on the way", "[activation]") {
    el::RowsActivationConfig config;
    config.targets = {-2.0f, -0.5f, 0.0f, 0.3f, 0.9f, 1.5f};
    config.steps = 600;
    el::RowsActivationResult r;
    REQUIRE(el::rows_activation(config, r).ok());
    CHECK(r.targets_outside == 2);
    REQUIRE(r.raw_fit.size() == 6u);
    REQUIRE(r.raw_loss_history.size() == 600u);
    CHECK(r.raw_loss < 1e-3f);
    for (size_t i = 0; i < 6; i++) {
        CAPTURE(i);
        CHECK_THAT(r.raw_fit[i], WithinAbs(config.targets[i], 0.05));
        CHECK(std::fabs(r.tanh_fit[i]) < 1.0f);  // tanh never leaves (-1, 1)
        CHECK_THAT(r.tanh_slope[i], WithinAbs(1.0 - double(r.tanh_fit[i]) * r.tanh_fit[i], 1e-6));
    }
    // the reachable targets are fitted by tanh too
    for (size_t i = 1; i <= 4; i++) CHECK_THAT(r.tanh_fit[i], WithinAbs(config.targets[i], 0.05));
    // for the two outside, the row keeps growing and the slope falls towards 0
    CHECK(r.tanh_rows[0] < -1.5f);
    CHECK(r.tanh_rows[5] > 1.5f);
    CHECK(r.tanh_slope[0] < 0.2f);
    CHECK(r.tanh_slope[5] < 0.2f);
    // whatever is left of the tanh loss is at least the distance of the unreachable targets to +-1
    CHECK(r.tanh_loss >= ((2.0f - 1.0f) * (2.0f - 1.0f) + (1.5f - 1.0f) * (1.5f - 1.0f)) / 6.0f);
}

TEST_CASE("rows_activation: bad settings give error values", "[activation][errors]") {
    el::RowsActivationResult r;
    el::RowsActivationConfig config;
    CHECK_THAT(el::rows_activation(config, r).error, Catch::Contains("targets"));
    config.targets = {1.0f, NAN};
    CHECK_THAT(el::rows_activation(config, r).error, Catch::Contains("finite"));
    config.targets = {1.0f};
    config.steps = 0;
    CHECK_THAT(el::rows_activation(config, r).error, Catch::Contains("steps"));
    config.steps = 10;
    config.lr = 0;
    CHECK_THAT(el::rows_activation(config, r).error, Catch::Contains("learning rate"));
}

TEST_CASE("parameter counts: a one-hot dense layer V*h against an embedding V*d + d*h", "[compress]") {
    const el::DenseVsEmbeddingCounts c = el::dense_vs_embedding_counts(10000, 32, 256);
    CHECK(c.dense == 2560000);
    CHECK(c.embedding == 320000 + 8192);
    const el::DenseVsEmbeddingCounts wide = el::dense_vs_embedding_counts(100, 64, 16);  // d > h: more, not fewer
    CHECK(wide.embedding > wide.dense);
}

TEST_CASE("embedding then a layer is the dense layer with weight W_emb @ W_1, rank <= d", "[compress]") {
    const int V = GENERATE(5, 40), d = GENERATE(1, 3, 8), h = GENERATE(2, 12);
    CAPTURE(V, d, h);
    el::ComposedMapResult r;
    REQUIRE(el::composed_map(V, d, h, 3, r).ok());
    CHECK(r.counts.dense == int64_t(V) * h);
    CHECK(r.counts.embedding == int64_t(V) * d + int64_t(d) * h);
    float largest = 0;
    for (float x : r.through_dense) largest = std::max(largest, std::fabs(x));
    CHECK(r.max_abs_difference <= 1e-6f * std::max(1.0f, largest));  // the same outputs, up to float rounding
    CHECK(r.rank <= d);
    CHECK(r.rank == std::min({V, d, h}));  // random factors: the rank is as large as it can be
}

TEST_CASE("numerical_rank of known matrices", "[compress]") {
    CHECK(el::numerical_rank({1, 0, 0, 1}, 2, 2) == 2);
    CHECK(el::numerical_rank({1, 2, 2, 4}, 2, 2) == 1);
    CHECK(el::numerical_rank({0, 0, 0, 0, 0, 0}, 2, 3) == 0);
    CHECK(el::numerical_rank({1, 2, 3, 2, 4, 6, 1, 0, 1}, 3, 3) == 2);
    el::ComposedMapResult r;
    CHECK_THAT(el::composed_map(0, 2, 2, 1, r).error, Catch::Contains("V must"));
    CHECK_THAT(el::composed_map(5, 0, 2, 1, r).error, Catch::Contains("d must"));
    CHECK_THAT(el::composed_map(5, 2, 999, 1, r).error, Catch::Contains("h must"));
}
