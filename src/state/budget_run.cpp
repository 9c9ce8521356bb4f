#include "budget_run.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "core/table_variants.h"

namespace el {

//-----------------------------------------------------------------------------
// The parameter-budget run
//-----------------------------------------------------------------------------

BudgetConfig budget_config(const BudgetSettings& b) {
    BudgetConfig c;
    c.V = b.V, c.d = b.d, c.C = kBudgetClasses, c.B = kBudgetBatch;
    c.zipf_exponent = b.zipf_exponent;
    c.seed = b.seed;
    c.buckets = b.buckets, c.rank = b.rank, c.own_rows = b.own_rows, c.split_buckets = b.split_buckets;
    c.hash_seed = kBudgetHashSeed;
    c.eval_every = kBudgetEvalEvery;
    c.optimizer = OptimizerConfig{OptimizerKind::kAdam, 0.05f};
    return c;
}

// The page's own limits (the core accepts more than a frame can afford), named as the panel names them.
static Status check_budget_settings(const BudgetSettings& b) {
    auto range = [](const char* name, double v, double lo, double hi) {
        char text[160];
        std::snprintf(text, sizeof text, "%s must run from %g to %g here, not %g", name, lo, hi, v);
        return v >= lo && v <= hi ? Status::Ok() : Status::Fail(text);
    };
    if (Status s = range("V", b.V, 2, kMaxBudgetV); !s.ok()) return s;
    if (Status s = range("d", b.d, 1, kMaxBudgetD); !s.ok()) return s;
    if (Status s = range("steps", b.steps, 1, kMaxBudgetSteps); !s.ok()) return s;
    if (Status s = range("Zipf s", b.zipf_exponent, 0, kMaxZipfExponent); !s.ok()) return s;
    return Status::Ok();
}

Status budget_run_start(const BudgetSettings& settings, BudgetExperiment& run) {
    if (Status st = check_budget_settings(settings); !st.ok()) return st;
    BudgetExperiment r;
    r.settings = settings;
    if (Status st = budget_init(budget_config(settings), r.state); !st.ok()) return st;
    r.target = settings.steps;
    r.running = true;
    run = std::move(r);
    return Status::Ok();
}

Status budget_run_chunk(BudgetExperiment& run, int steps) {
    if (!run.running) return Status::Ok();
    const int n = std::clamp(run.target - run.state.steps_done, 0, std::max(0, steps));
    if (Status st = budget_step(run.state, n); !st.ok()) {
        run.running = false, run.error = st.error;
        return st;
    }
    if (run.state.steps_done >= run.target) {
        run.running = false, run.finished = true;
        if (Status st = budget_evaluate(run.state); !st.ok()) return run.error = st.error, st;
    }
    return Status::Ok();
}

void budget_run_cancel(BudgetExperiment& run) {
    if (!run.running) return;
    run.running = false, run.cancelled = true;
    (void)budget_evaluate(run.state);  // the plots and the text show where it stopped
}

//-----------------------------------------------------------------------------
// The measured outcome, in words
//-----------------------------------------------------------------------------

const char* budget_group_name(int group) {
    static const char* const names[] = {"head", "middle", "tail"};
    return group >= 0 && group < 3 ? names[group] : "?";
}

// "best factorised 52.3%, 37.1 points ahead of hashed 15.2%; lowest split 10.8%", from one number
// per variant (equal numbers keep TableKind order, and a gap of 0.0 points says they are equal).
static std::string ranking(const std::array<float, kTableKinds>& value) {
    std::array<int, kTableKinds> order{};
    for (int k = 0; k < kTableKinds; k++) order[size_t(k)] = k;
    for (size_t i = 1; i < order.size(); i++)  // insertion sort, largest first
        for (size_t j = i; j > 0 && value[size_t(order[j])] > value[size_t(order[j - 1])]; j--)
            std::swap(order[j], order[j - 1]);
    const float best = value[size_t(order[0])], next = value[size_t(order[1])], lowest = value[size_t(order[3])];
    char text[200];
    std::snprintf(text, sizeof text, "best %s %.1f%%, %.1f points ahead of %s %.1f%%; lowest %s %.1f%%",
                  table_kind_name(TableKind(order[0])), 100.0 * double(best), 100.0 * double(best - next),
                  table_kind_name(TableKind(order[1])), 100.0 * double(next), table_kind_name(TableKind(order[3])),
                  100.0 * double(lowest));
    return text;
}

std::vector<std::string> budget_outcome(const BudgetExperiment& run) {
    const BudgetState& s = run.state;
    std::vector<std::string> lines;
    for (const BudgetRun& r : s.runs)
        if (r.accuracy.empty()) return lines;
    const int measured_at = s.runs[0].eval_steps.back();
    std::array<float, kTableKinds> all{}, weighted{};
    std::string overall;
    for (int k = 0; k < kTableKinds; k++) {
        all[size_t(k)] = s.runs[size_t(k)].accuracy.back();
        weighted[size_t(k)] = s.runs[size_t(k)].data_accuracy.back();
    }
    lines.push_back("Measured after " + std::to_string(measured_at) + " of " + std::to_string(run.target) +
                    " steps" + (run.cancelled ? " (cancelled)" : "") + ", over all " + std::to_string(s.config.V) +
                    " ids: " + ranking(all) + ".");
    const int group_size[3] = {s.head_end, s.middle_end - s.head_end, s.config.V - s.middle_end};
    for (int g = 0; g < 3; g++) {
        std::array<float, kTableKinds> group{};
        for (int k = 0; k < kTableKinds; k++) group[size_t(k)] = s.runs[size_t(k)].group_accuracy[size_t(g)];
        std::string name = budget_group_name(g);
        name[0] = char(name[0] - 'a' + 'A');
        lines.push_back(name + " ids (" + std::to_string(group_size[g]) + " ids by frequency rank): " +
                        ranking(group) + ".");
    }
    lines.push_back("Weighted by how often each id is drawn (what the batches see): " + ranking(weighted) + ".");
    return lines;
}

//-----------------------------------------------------------------------------
// The self-check's question on hashing collisions
//-----------------------------------------------------------------------------

Status hashing_question(const BudgetSettings& settings, HashingQuestion& out) {
    RowMap map;
    if (settings.buckets < 1 || settings.buckets > settings.V)
        return Status::Fail("the hashed table needs 1 to V = " + std::to_string(settings.V) + " buckets");
    if (Status st = hashed_map(settings.V, settings.buckets, kBudgetHashSeed, false, map); !st.ok()) return st;
    HashingQuestion q;
    q.V = settings.V, q.k = settings.buckets, q.row = map.row_of[0];
    for (int i = 1; i < map.V; i++)
        if (map.row_of[size_t(i)] == q.row) q.sharing.push_back(i);
    q.colliding = colliding_ids(map);
    q.question = "The budget experiment hashes V = " + std::to_string(q.V) + " ids into k = " + std::to_string(q.k) +
                 " rows. Which ids read the same row as id 0, the most frequent id?";
    // Each id's class is drawn from the run's seed: how many of the sharing ids agree with id 0.
    std::vector<int> labels;
    int same_class = -1;
    if (budget_labels(budget_config(settings), labels).ok()) {
        same_class = 0;
        for (int id : q.sharing) same_class += labels[size_t(id)] == labels[0];
    }
    std::string ids;
    const size_t shown = std::min<size_t>(q.sharing.size(), 24);
    for (size_t i = 0; i < shown; i++) ids += (i ? ", " : "") + std::to_string(q.sharing[i]);
    if (shown < q.sharing.size()) ids += ", ... (" + std::to_string(q.sharing.size() - shown) + " more)";
    if (q.sharing.empty())
        q.answer = "None: id 0 has row " + std::to_string(q.row) + " to itself with this hash seed.";
    else
        q.answer = std::to_string(q.sharing.size()) + " other ids read row " + std::to_string(q.row) + ": " + ids +
                   ". Their gradients all add into that one row, so it settles where id 0 (drawn most often) pulls it" +
                   (same_class >= 0 ? "; " + std::to_string(same_class) + " of them have id 0's class, the rest are "
                                      "classified as id 0 is, right or wrong."
                                    : ".");
    q.answer += " In all " + std::to_string(q.colliding) + " of the " + std::to_string(q.V) +
                " ids share their row with another id (with k < V some must: there are more ids than rows).";
    out = std::move(q);
    return Status::Ok();
}

//-----------------------------------------------------------------------------
// Activation on the rows
//-----------------------------------------------------------------------------

RowsActivationConfig rows_activation_config(const RowsActivationSettings& a) {
    RowsActivationConfig c;
    c.targets.resize(kActivationIds);
    for (int i = 0; i < kActivationIds; i++)
        c.targets[size_t(i)] = float(-a.spread + 2.0 * a.spread * i / (kActivationIds - 1));
    c.steps = a.steps;
    c.lr = 0.05f;
    c.seed = 1;
    return c;
}

}  // namespace el
