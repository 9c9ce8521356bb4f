// The deeper tier's experiments as the page runs them (issue 16): the parameter-budget run a few
// steps per frame, the words that report what THIS run measured, the self-check question on
// hashing collisions and the activation-on-the-rows targets. Pure C++ on core/budget.h, so the
// tests run the very code the page runs.
//
// Letters as in core/budget.h: V = ids, d = width, C = classes, B = ids per step, k = buckets,
// r = rank, N = ids with their own row.
#pragma once
#include <string>
#include <vector>

#include "app_state.h"
#include "core/budget.h"

namespace el {

// The task around the learner's settings: C = 8 classes, B = 32 ids a step, Adam lr 0.05,
// accuracy measured every 25 steps, hash seed 7 for the hashed table and the split.
BudgetConfig budget_config(const BudgetSettings& b);
constexpr int kBudgetClasses = 8, kBudgetBatch = 32, kBudgetEvalEvery = 25;
constexpr uint64_t kBudgetHashSeed = 7;

// The budget experiment as the page runs it: a few steps per frame until `target`.
struct BudgetExperiment {
    bool running = false, finished = false, cancelled = false;
    BudgetSettings settings;  // what this run was started with
    BudgetState state;
    int target = 0;           // steps to run
    std::string error;
};

// Checks the settings (each against its limit and against each other, naming the setting) and sets
// up a run (nothing runs yet). On error `run` is left as it was.
Status budget_run_start(const BudgetSettings& settings, BudgetExperiment& run);
// Up to `steps` more steps for every variant; measures accuracy when the run reaches its target
// (then running = false, finished = true).
Status budget_run_chunk(BudgetExperiment& run, int steps);
// Stops a running run where it is and measures accuracy there (cancelled = true).
void budget_run_cancel(BudgetExperiment& run);

// What this run measured, in sentences composed from its numbers (which variant ended best
// overall, on head, middle and tail ids and weighted by frequency, and by how much). Empty
// before the first measurement.
std::vector<std::string> budget_outcome(const BudgetExperiment& run);
// One line's ranking of the four tables by a number each (accuracy from 0 to 1), as budget_outcome says it.
std::string budget_ranking(const std::array<float, kTableKinds>& value);
const char* budget_group_name(int group);  // 0 "head", 1 "middle", 2 "tail"

// The self-check's question on hashing collisions, answered from the hash itself: in the
// hashed table of the budget settings, which ids read the same row as the most frequent id 0,
// and how many of them have id 0's class.
struct HashingQuestion {
    std::string question, answer;
    int V = 0, k = 0, row = 0;      // id 0's row
    std::vector<int> sharing;       // the other ids in that row, ascending
    int colliding = 0;              // ids that share their row with any other id
};
Status hashing_question(const BudgetSettings& settings, HashingQuestion& out);

// Activation on the rows: 16 targets evenly from -spread to +spread, seed 1, Adam lr 0.05.
constexpr int kActivationIds = 16;
RowsActivationConfig rows_activation_config(const RowsActivationSettings& a);

// "It compresses the input": the composed map is checked on min(V, 128) ids.
constexpr int kCompressionCheckIds = 128;

}  // namespace el
