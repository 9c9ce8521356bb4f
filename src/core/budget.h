// The deeper tier's experiments (issue 16), pure and resumable like frequency.h:
//   budget_*            the frequency task (Zipf ids, embedding + linear head, cross-entropy,
//                       Adam) trained side by side with four tables: full, hashed at k buckets,
//                       factorised at rank r, split at top N; a few steps a call
//   rows_activation     the same targets fitted by raw rows and by tanh(rows)
//   dense_vs_embedding  parameter counts of a one-hot dense layer vs embedding + layer, and the
//                       composed map's weight W_emb @ W_1 (rank <= d)
// Each records what it measured; nothing here decides what the numbers mean.
// Letters: V = ids, d = width, B = ids per step, C = classes, k = buckets, r = rank,
// N = ids with their own row, h = width of the first dense layer.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "optim.h"
#include "random.h"
#include "table_variants.h"
#include "tensor.h"

namespace el {

// ---------------------------------------------------------------------------
// The parameter-budget experiment.

enum class TableKind { kFull, kHashed, kFactorised, kSplit };
constexpr int kTableKinds = 4;
const char* table_kind_name(TableKind kind);  // "full", "hashed", "factorised", "split"

struct BudgetConfig {
    int V = 200, d = 8, C = 4, B = 32;
    double zipf_exponent = 1.1;
    uint64_t seed = 1;
    int buckets = 32;        // k of the hashed table
    int rank = 2;            // r of the factorised table
    int own_rows = 16;       // N of the split: the N most probable ids under the Zipf distribution
                             // (ids 0..N-1, by_rank's first N) get their own row
    int split_buckets = 16;  // shared buckets of the split for the other V - N ids
    uint64_t hash_seed = 7;  // seeds hash_bucket for both the hashed table and the split
    int eval_every = 25;     // steps between accuracy measurements (and at step 0)
    OptimizerConfig optimizer{OptimizerKind::kAdam, 0.05f};
};

// One variant's model and measurements.
struct BudgetRun {
    TableKind kind = TableKind::kFull;
    int64_t table_parameters = 0;  // the table alone
    int64_t parameters = 0;        // table + head (d,C) + bias (1,C)
    RowMap map;                    // hashed and split: which row each id reads
    Tensor table;                  // full (V,d), hashed (k,d), split (N+k,d), factorised A (V,r)
    Tensor P;                      // factorised only: (r,d)
    Tensor head, bias;             // (d,C), (1,C)
    Optimizer opt_table, opt_P, opt_head, opt_bias;
    std::vector<float> loss_history;   // (steps_done,) batch loss of each step
    std::vector<int> eval_steps;       // steps at which accuracy was measured
    std::vector<float> accuracy;       // (eval_steps,) fraction of the V ids classified right
    std::vector<float> data_accuracy;  // (eval_steps,) the same weighted by each id's Zipf probability
    std::vector<uint8_t> row_correct;  // (V,) at the last measurement
    std::array<float, 3> group_accuracy{};  // head, middle, tail ids at the last measurement
};

struct BudgetState {
    BudgetConfig config;
    std::vector<int> labels;  // (V,) the class of each id
    std::vector<int> by_rank; // (V,) ids from most to least probable
    // Frequency ranks [0, head_end) are head ids, [head_end, middle_end) middle, the rest tail:
    // three groups of (about) V/3 ranks each.
    int head_end = 0, middle_end = 0;
    Rng rng;
    ZipfSampler zipf;
    std::array<BudgetRun, kTableKinds> runs;  // indexed by TableKind
    int steps_done = 0;
};

// Checks the settings (k, N + k and r against V and d, so each variant is a real budget)
// and sets every run up from the seed. The full table and the head start from the same
// numbers as in the frequency experiment with the same seed.
Status budget_init(const BudgetConfig& config, BudgetState& state);
// Only the labels budget_init draws (V,), without building the tables.
Status budget_labels(const BudgetConfig& config, std::vector<int>& labels);
// `steps` more steps (0..10000) for every variant, each on the same batches.
Status budget_step(BudgetState& state, int steps);
// Measures accuracy now (every id once) and appends it unless already measured at this step.
Status budget_evaluate(BudgetState& state);

// ---------------------------------------------------------------------------
// Activation on the rows: pred_i = E[i] (raw) or pred_i = tanh(E[i]), E (V,1), fitted to the
// same targets with MSE and Adam, full batch.

struct RowsActivationConfig {
    std::vector<float> targets;  // (V,)
    int steps = 300;
    float lr = 0.05f;
    uint64_t seed = 1;  // E starts N(0, 0.5^2), the same numbers for both
};

struct RowsActivationResult {
    std::vector<float> raw_fit, tanh_fit;  // (V,) the predictions after training
    std::vector<float> tanh_rows;          // (V,) E[i] of the tanh model, before tanh
    std::vector<float> tanh_slope;         // (V,) 1 - tanh(E[i])^2, the factor on its gradient
    std::vector<float> raw_loss_history, tanh_loss_history;  // (steps,) MSE before each step
    float raw_loss = 0, tanh_loss = 0;                        // final MSE
    int targets_outside = 0;  // targets with |t| >= 1: out of tanh's reach (-1, 1)
};

Status rows_activation(const RowsActivationConfig& config, RowsActivationResult& out);

// ---------------------------------------------------------------------------
// "It compresses the input": a dense layer on one-hot ids, (V,h) weights, against an
// embedding (V,d) followed by a (d,h) layer. Biases left out of both.

struct DenseVsEmbeddingCounts {
    int64_t dense = 0;      // V * h
    int64_t embedding = 0;  // V * d + d * h
};
DenseVsEmbeddingCounts dense_vs_embedding_counts(int V, int d, int h);

struct ComposedMapResult {
    int V = 0, d = 0, h = 0;
    DenseVsEmbeddingCounts counts;
    std::vector<float> composed_weight;   // (V,h) W_emb @ W_1: the dense layer the pair equals
    std::vector<float> through_embedding; // (V,h) onehot(i) -> E[i] -> E[i] @ W_1, every id i
    std::vector<float> through_dense;     // (V,h) onehot(i) @ (W_emb @ W_1), every id i
    float max_abs_difference = 0;         // between the two: float rounding only
    int rank = 0;                         // numerical rank of W_emb @ W_1, <= min(V, d, h)
};

// W_emb (V,d) and W_1 (d,h) N(0,1) from the seed; V*h at most kMaxOneHotFloats.
Status composed_map(int V, int d, int h, uint64_t seed, ComposedMapResult& out);

// The numerical rank of a (rows,cols) matrix: Gaussian elimination with full pivoting in
// double, pivots below tol * the largest |entry| counted as zero.
int numerical_rank(const std::vector<float>& M, int rows, int cols, double tol = 1e-5);

}  // namespace el
