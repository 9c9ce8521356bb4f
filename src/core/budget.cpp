#include "budget.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "autograd.h"
#include "embedding.h"
#include "embedding_autograd.h"
#include "embedding_options.h"
#include "frequency.h"
#include "i18n/i18n.h"
#include "limits.h"
#include "matmul.h"

namespace el {

// ---------------------------------------------------------------------------
// The parameter-budget experiment

const char* table_kind_name(TableKind kind) {
    switch (kind) {
        case TableKind::kFull: return TR(deeper_kind_full);
        case TableKind::kHashed: return TR(deeper_kind_hashed);
        case TableKind::kFactorised: return TR(deeper_kind_factorised);
        case TableKind::kSplit: return TR(deeper_kind_split);
    }
    return "?";
}

static Status check_budget_config(const BudgetConfig& c) {
    if (Status st = check_frequency_task(c.V, c.d, c.C, c.B, c.zipf_exponent); !st.ok()) return st;
    if (c.buckets < 1 || c.buckets > c.V)
        return Status::Fail(format(TR(deeper_check_buckets), c.V, c.buckets));
    if (c.rank < 1 || c.rank > c.d)
        return Status::Fail(format(TR(deeper_check_rank), c.d, c.rank));
    if (c.own_rows < 0 || c.own_rows > c.V)
        return Status::Fail(format(TR(deeper_check_own_rows), c.V, c.own_rows));
    if (c.split_buckets < 0 || c.own_rows + c.split_buckets > c.V)
        return Status::Fail(format(TR(deeper_check_split_total), c.own_rows, c.split_buckets, c.V));
    if (c.split_buckets == 0 && c.own_rows < c.V)
        return Status::Fail(TR(deeper_check_split_shared));
    if (c.eval_every < 1 || c.eval_every > 10000) return Status::Fail("measure accuracy every 1 to 10000 steps");
    return check_optimizer_config(c.optimizer);
}

static Tensor normal_tensor(int rows, int cols, double scale, Rng& rng) {
    Tensor t = Tensor::zeros(rows, cols);
    for (float& x : t.values()) x = float(scale * rng.normal());
    return t;
}

// The variant's lookup: (B,) ids -> (B,d) rows.
static Tensor lookup(const BudgetRun& run, const std::vector<int>& ids) {
    switch (run.kind) {
        case TableKind::kFull: return embedding(run.table, ids);
        case TableKind::kHashed:
        case TableKind::kSplit: return mapped_embedding(run.table, run.map, ids);
        case TableKind::kFactorised: return factorised_embedding(run.table, run.P, ids);
    }
    return Tensor::failed("unknown table kind");
}

// The same draws, in the same order, as frequency_init: the full table's seed, the head, the labels.
static void draw_task(const BudgetConfig& c, Rng& rng, uint64_t& table_seed, Tensor& head, std::vector<int>& labels) {
    rng.reseed(c.seed);
    table_seed = rng.next_u64();
    head = normal_tensor(c.d, c.C, 1.0 / std::sqrt(double(c.d)), rng);
    labels.resize(size_t(c.V));
    for (int& label : labels) label = rng.below(c.C);
}

Status budget_labels(const BudgetConfig& config, std::vector<int>& labels) {
    if (Status s = check_budget_config(config); !s.ok()) return s;
    Rng rng;
    uint64_t table_seed;
    Tensor head;
    draw_task(config, rng, table_seed, head, labels);
    return Status::Ok();
}

Status budget_init(const BudgetConfig& config, BudgetState& state) {
    const BudgetConfig& c = config;
    if (Status s = check_budget_config(c); !s.ok()) return s;
    BudgetState s;
    s.config = c;
    uint64_t table_seed;
    Tensor head;
    draw_task(c, s.rng, table_seed, head, s.labels);
    const Tensor full = init_embedding_table(c.V, c.d, table_seed);
    s.zipf = ZipfSampler(c.V, c.zipf_exponent);
    std::vector<double> probability(size_t(c.V));
    for (int i = 0; i < c.V; i++) probability[size_t(i)] = s.zipf.probability(i);
    s.by_rank = most_frequent_ids(probability, c.V);
    s.head_end = (c.V + 2) / 3, s.middle_end = (2 * c.V + 2) / 3;

    for (int kind = 0; kind < kTableKinds; kind++) {
        BudgetRun& run = s.runs[size_t(kind)];
        run.kind = TableKind(kind);
        int table_rows = c.V, table_cols = c.d;
        switch (run.kind) {
            case TableKind::kFull: run.table = Tensor::from(c.V, c.d, full.values()); break;
            case TableKind::kHashed:
                if (Status st = hashed_map(c.V, c.buckets, c.hash_seed, false, run.map); !st.ok()) return st;
                table_rows = c.buckets;
                run.table = normal_tensor(table_rows, c.d, 1.0, s.rng);
                break;
            case TableKind::kSplit: {
                const std::vector<int> own(s.by_rank.begin(), s.by_rank.begin() + c.own_rows);
                if (Status st = split_map(c.V, own, c.split_buckets, c.hash_seed, run.map); !st.ok()) return st;
                table_rows = run.map.rows;
                run.table = normal_tensor(table_rows, c.d, 1.0, s.rng);
                break;
            }
            case TableKind::kFactorised:
                table_cols = c.rank;
                run.table = normal_tensor(c.V, c.rank, 1.0, s.rng);                      // A (V,r)
                run.P = normal_tensor(c.rank, c.d, 1.0 / std::sqrt(double(c.rank)), s.rng);  // rows of A@P ~ N(0,1)
                if (Status st = run.opt_P.init(c.optimizer, c.rank, c.d); !st.ok()) return st;
                break;
        }
        run.table_parameters = int64_t(table_rows) * table_cols + (run.P.ok() ? run.P.size() : 0);
        run.parameters = run.table_parameters + int64_t(c.d) * c.C + c.C;
        run.head = Tensor::from(c.d, c.C, head.values());
        run.bias = Tensor::zeros(1, c.C);
        if (Status st = run.opt_table.init(c.optimizer, table_rows, table_cols); !st.ok()) return st;
        if (Status st = run.opt_head.init(c.optimizer, c.d, c.C); !st.ok()) return st;
        if (Status st = run.opt_bias.init(c.optimizer, 1, c.C); !st.ok()) return st;
    }
    state = std::move(s);
    return budget_evaluate(state);
}

Status budget_step(BudgetState& state, int steps) {
    if (!state.runs[0].table.ok()) return Status::Fail("the budget experiment is not set up: call budget_init first");
    if (steps < 0 || steps > 10000) return Status::Fail("run 0 to 10000 steps at a time");
    const BudgetConfig& c = state.config;
    std::vector<int> ids(static_cast<size_t>(c.B)), targets(static_cast<size_t>(c.B));
    for (int step = 0; step < steps; step++) {
        for (int b = 0; b < c.B; b++) {  // one batch, shared by every variant
            ids[size_t(b)] = state.zipf.sample(state.rng);
            targets[size_t(b)] = state.labels[size_t(ids[size_t(b)])];
        }
        for (BudgetRun& run : state.runs) {
            Tensor loss = cross_entropy(linear(lookup(run, ids), run.head, run.bias), targets);
            if (Status s = loss.backward(); !s.ok()) return s;
            StepReport report;
            if (Status s = run.opt_table.step(run.table, report); !s.ok()) return s;
            if (run.P.ok())
                if (Status s = run.opt_P.step(run.P, report); !s.ok()) return s;
            if (Status s = run.opt_head.step(run.head, report); !s.ok()) return s;
            if (Status s = run.opt_bias.step(run.bias, report); !s.ok()) return s;
            run.table.zero_grad(), run.head.zero_grad(), run.bias.zero_grad();
            if (run.P.ok()) run.P.zero_grad();
            run.loss_history.push_back(loss.item());
        }
        state.steps_done++;
        if (state.steps_done % c.eval_every == 0)
            if (Status s = budget_evaluate(state); !s.ok()) return s;
    }
    return Status::Ok();
}

Status budget_evaluate(BudgetState& state) {
    if (!state.runs[0].table.ok()) return Status::Fail("the budget experiment is not set up: call budget_init first");
    const int V = state.config.V, C = state.config.C;
    for (BudgetRun& run : state.runs) {
        if (!run.eval_steps.empty() && run.eval_steps.back() == state.steps_done) continue;
        run.row_correct.assign(size_t(V), 0);
        for (int start = 0; start < V; start += kMaxB) {  // every id once, in chunks the lookup accepts
            const int n = std::min(kMaxB, V - start);
            std::vector<int> ids(static_cast<size_t>(n));
            for (int i = 0; i < n; i++) ids[size_t(i)] = start + i;
            const Tensor logits = linear(lookup(run, ids), run.head, run.bias);
            if (!logits.ok()) return logits.status();
            for (int i = 0; i < n; i++) {
                const float* logits_i = logits.data() + int64_t(i) * C;
                const int best = int(std::max_element(logits_i, logits_i + C) - logits_i);
                run.row_correct[size_t(start + i)] = best == state.labels[size_t(start + i)];
            }
        }
        double correct = 0, weighted = 0;
        std::array<double, 3> group_correct{}, group_size{};
        for (int rank = 0; rank < V; rank++) {
            const int id = state.by_rank[size_t(rank)];
            const int group = rank < state.head_end ? 0 : rank < state.middle_end ? 1 : 2;
            const bool ok = run.row_correct[size_t(id)];
            correct += ok, weighted += ok ? state.zipf.probability(id) : 0.0;
            group_correct[size_t(group)] += ok, group_size[size_t(group)] += 1;
        }
        for (size_t g = 0; g < 3; g++)
            run.group_accuracy[g] = group_size[g] > 0 ? float(group_correct[g] / group_size[g]) : 0.0f;
        run.eval_steps.push_back(state.steps_done);
        run.accuracy.push_back(float(correct / V));
        run.data_accuracy.push_back(float(weighted));
    }
    return Status::Ok();
}

// ---------------------------------------------------------------------------
// Activation on the rows

Status rows_activation(const RowsActivationConfig& config, RowsActivationResult& out) {
    const int V = int(config.targets.size());
    if (V < 1 || V > kMaxB) return Status::Fail("give 1 to " + std::to_string(kMaxB) + " targets");
    for (float t : config.targets)
        if (!std::isfinite(t)) return Status::Fail("every target must be a finite number");
    if (config.steps < 1 || config.steps > 10000) return Status::Fail("train for 1 to 10000 steps");
    if (!(config.lr > 0.0f && config.lr <= 10.0f)) return Status::Fail("the learning rate must run from 0 (excluded) to 10");
    const Tensor targets = Tensor::from(V, 1, config.targets);
    Rng rng(config.seed);
    const Tensor start = normal_tensor(V, 1, 0.5, rng);
    RowsActivationResult r;
    for (const bool with_tanh : {false, true}) {
        Tensor E = Tensor::from(V, 1, start.values());  // (V,1) one number per id
        Optimizer opt;
        if (Status s = opt.init({OptimizerKind::kAdam, config.lr}, V, 1); !s.ok()) return s;
        std::vector<float>& history = with_tanh ? r.tanh_loss_history : r.raw_loss_history;
        for (int step = 0; step < config.steps; step++) {
            Tensor loss = mse_loss(with_tanh ? tanh(E) : E, targets);
            if (Status s = loss.backward(); !s.ok()) return s;
            StepReport report;
            if (Status s = opt.step(E, report); !s.ok()) return s;
            E.zero_grad();
            history.push_back(loss.item());
        }
        const Tensor fit = with_tanh ? tanh(E) : E;
        (with_tanh ? r.tanh_fit : r.raw_fit) = fit.values();
        (with_tanh ? r.tanh_loss : r.raw_loss) = mse_loss(fit, targets).item();
        if (with_tanh) {
            r.tanh_rows = E.values();
            for (float y : fit.values()) r.tanh_slope.push_back(1.0f - y * y);
        }
    }
    for (float t : config.targets) r.targets_outside += std::fabs(t) >= 1.0f;
    out = std::move(r);
    return Status::Ok();
}

// ---------------------------------------------------------------------------
// "It compresses the input"

DenseVsEmbeddingCounts dense_vs_embedding_counts(int V, int d, int h) {
    return {int64_t(V) * h, int64_t(V) * d + int64_t(d) * h};
}

int numerical_rank(const std::vector<float>& M, int rows, int cols, double tol) {
    std::vector<double> a(M.begin(), M.end());
    double largest = 0;
    for (double x : a) largest = std::max(largest, std::fabs(x));
    if (largest == 0 || !std::isfinite(largest)) return 0;
    std::vector<int> row_order(static_cast<size_t>(rows)), col_order(static_cast<size_t>(cols));
    for (int i = 0; i < rows; i++) row_order[size_t(i)] = i;
    for (int j = 0; j < cols; j++) col_order[size_t(j)] = j;
    int rank = 0;
    for (; rank < std::min(rows, cols); rank++) {
        // full pivoting: the largest remaining entry
        int pr = rank, pc = rank;
        double best = 0;
        for (int i = rank; i < rows; i++)
            for (int j = rank; j < cols; j++) {
                const double x = std::fabs(a[size_t(row_order[size_t(i)]) * cols + size_t(col_order[size_t(j)])]);
                if (x > best) best = x, pr = i, pc = j;
            }
        if (best <= tol * largest) break;
        std::swap(row_order[size_t(rank)], row_order[size_t(pr)]);
        std::swap(col_order[size_t(rank)], col_order[size_t(pc)]);
        const double* pivot_row = &a[size_t(row_order[size_t(rank)]) * cols];
        const double pivot = pivot_row[col_order[size_t(rank)]];
        for (int i = rank + 1; i < rows; i++) {
            double* row_i = &a[size_t(row_order[size_t(i)]) * cols];
            const double factor = row_i[col_order[size_t(rank)]] / pivot;
            for (int j = 0; j < cols; j++) row_i[j] -= factor * pivot_row[j];
        }
    }
    return rank;
}

Status composed_map(int V, int d, int h, uint64_t seed, ComposedMapResult& out) {
    if (V < 1 || V > 1000) return Status::Fail("V must run from 1 to 1000 for the composed map");
    if (d < 1 || d > 256) return Status::Fail("d must run from 1 to 256 for the composed map");
    if (h < 1 || h > 256) return Status::Fail("h must run from 1 to 256 for the composed map");
    Rng rng(seed);
    const Tensor W_emb = normal_tensor(V, d, 1.0, rng);  // (V,d)
    const Tensor W_1 = normal_tensor(d, h, 1.0, rng);    // (d,h)
    ComposedMapResult r;
    r.V = V, r.d = d, r.h = h;
    r.counts = dense_vs_embedding_counts(V, d, h);
    r.composed_weight.resize(size_t(V) * size_t(h));
    matmul_forward_naive(r.composed_weight.data(), W_emb.data(), W_1.data(), V, d, h);  // (V,d) @ (d,h)
    r.through_embedding.resize(size_t(V) * size_t(h));
    r.through_dense.resize(size_t(V) * size_t(h));
    std::vector<int> ids(1);
    std::vector<float> row(static_cast<size_t>(d)), onehot(static_cast<size_t>(V));
    for (int i = 0; i < V; i++) {  // every id through both models, one at a time
        ids[0] = i;
        embedding_forward(row.data(), W_emb.data(), ids.data(), 1, d);  // E[i]
        matmul_forward_naive(r.through_embedding.data() + int64_t(i) * h, row.data(), W_1.data(), 1, d, h);
        one_hot(onehot.data(), ids.data(), 1, V);  // onehot(i) (1,V)
        matmul_forward_naive(r.through_dense.data() + int64_t(i) * h, onehot.data(), r.composed_weight.data(), 1, V,
                             h);
    }
    for (size_t j = 0; j < r.through_dense.size(); j++)
        r.max_abs_difference = std::max(r.max_abs_difference, std::fabs(r.through_embedding[j] - r.through_dense[j]));
    r.rank = numerical_rank(r.composed_weight, V, h);
    out = std::move(r);
    return Status::Ok();
}

}  // namespace el
