#include "budget_run.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "core/table_variants.h"
#include "i18n/i18n.h"

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
        return v >= lo && v <= hi ? Status::Ok() : Status::Fail(format(TR(deeper_check_range), name, lo, hi, v));
    };
    if (Status s = range("V", b.V, 2, kMaxBudgetV); !s.ok()) return s;
    if (Status s = range("d", b.d, 1, kMaxBudgetD); !s.ok()) return s;
    if (Status s = range(TR(labs_steps), b.steps, 1, kMaxBudgetSteps); !s.ok()) return s;
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
    switch (group) {
        case 0: return TR(deeper_group_head);
        case 1: return TR(deeper_group_middle);
        case 2: return TR(deeper_group_tail);
    }
    return "?";
}

// "best factorised 52.3%, 37.1 points ahead of hashed 15.2%; lowest split 10.8%", from one number
// per variant; equal as shown, "a tie at 100.0%: full, factorised; lowest hashed 53.3%" (it named a
// "best", 0.0 points ahead of another at the same number).
std::string budget_ranking(const std::array<float, kTableKinds>& value) {
    std::array<int, kTableKinds> order{};
    for (int k = 0; k < kTableKinds; k++) order[size_t(k)] = k;
    for (size_t i = 1; i < order.size(); i++)  // insertion sort, largest first
        for (size_t j = i; j > 0 && value[size_t(order[j])] > value[size_t(order[j - 1])]; j--)
            std::swap(order[j], order[j - 1]);
    // Percentages as shown (one decimal), and the gap between the two shown: 99.8 and 90.4 are 9.4 apart.
    const auto shown = [&](int i) { return std::round(1000.0 * double(value[size_t(order[size_t(i)])])) / 10.0; };
    int tied = 1;
    while (tied < kTableKinds && shown(tied) == shown(0)) tied++;
    if (tied == kTableKinds) return format(TR(deeper_ranking_all_tie), shown(0));
    if (tied > 1) {
        std::string names;
        for (int i = 0; i < tied; i++) names += (i ? ", " : "") + std::string(table_kind_name(TableKind(order[size_t(i)])));
        return format(TR(deeper_ranking_tie), shown(0), names.c_str(), table_kind_name(TableKind(order[3])), shown(3));
    }
    return format(TR(deeper_ranking), table_kind_name(TableKind(order[0])), shown(0), shown(0) - shown(1),
                  table_kind_name(TableKind(order[1])), shown(1), table_kind_name(TableKind(order[3])), shown(3));
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
    lines.push_back(format(run.cancelled ? TR(deeper_outcome_all_cancelled) : TR(deeper_outcome_all), measured_at,
                           run.target, s.config.V, budget_ranking(all).c_str()));
    const int group_size[3] = {s.head_end, s.middle_end - s.head_end, s.config.V - s.middle_end};
    for (int g = 0; g < 3; g++) {
        std::array<float, kTableKinds> group{};
        for (int k = 0; k < kTableKinds; k++) group[size_t(k)] = s.runs[size_t(k)].group_accuracy[size_t(g)];
        static const Msg group_line[3] = {Msg::deeper_outcome_head, Msg::deeper_outcome_middle, Msg::deeper_outcome_tail};
        lines.push_back(format(tr(group_line[g]), group_size[g], budget_ranking(group).c_str()));
    }
    lines.push_back(format(TR(deeper_outcome_weighted), budget_ranking(weighted).c_str()));
    return lines;
}

//-----------------------------------------------------------------------------
// The self-check's question on hashing collisions
//-----------------------------------------------------------------------------

Status hashing_question(const BudgetSettings& settings, HashingQuestion& out) {
    RowMap map;
    if (settings.buckets < 1 || settings.buckets > settings.V)
        return Status::Fail(format(TR(labs_hash_buckets_range), settings.V));
    if (Status st = hashed_map(settings.V, settings.buckets, kBudgetHashSeed, false, map); !st.ok()) return st;
    HashingQuestion q;
    q.V = settings.V, q.k = settings.buckets, q.row = map.row_of[0];
    for (int i = 1; i < map.V; i++)
        if (map.row_of[size_t(i)] == q.row) q.sharing.push_back(i);
    q.colliding = colliding_ids(map);
    q.question = format(TR(labs_hash_question), q.V, q.k);
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
    if (shown < q.sharing.size()) ids += format(TR(labs_hash_more), int(q.sharing.size() - shown));
    const int sharing = int(q.sharing.size());
    if (q.sharing.empty()) {
        q.answer = format(TR(labs_hash_answer_none), q.row);
    } else if (sharing == 1) {  // that one id's class, not "0 of them have id 0's class"
        q.answer = format(TR(labs_hash_answer_one), sharing, q.row, ids.c_str());
        if (same_class >= 0)
            q.answer += format(same_class ? TR(labs_hash_answer_one_same) : TR(labs_hash_answer_one_other), q.sharing[0]);
    } else {
        q.answer = same_class >= 0 ? format(TR(labs_hash_answer_many_class), sharing, q.row, ids.c_str(), same_class)
                                   : format(TR(labs_hash_answer_many), sharing, q.row, ids.c_str());
    }
    q.answer += format(TR(labs_hash_answer_all), q.colliding, q.V);
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
