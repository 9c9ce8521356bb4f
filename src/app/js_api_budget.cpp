// The deeper tier's part of window.embeddingLab (web/glue.js): the parameter-budget run's state
// and results (the shape of frequency()), starting it with settings, cancelling it.
// Answers are JSON text, valid until the next call of any function in this file.
#include <emscripten.h>

#include <span>
#include <string>

#include "i18n/i18n.h"
#include "state/json_writer.h"
#include "main.h"

namespace el {

static std::string g_budget_json;
// The variants by name in TableKind order, as in links and tests: not the page's words (table_kind_name).
static const char* const kVariantKeys[kTableKinds] = {"full", "hashed", "factorised", "split"};

static void BudgetFloats(std::string& j, const char* key, std::span<const float> v) {
    j += '"', j += key, j += "\":[";
    for (size_t i = 0; i < v.size(); i++) j += (i ? "," : "") + json_number(v[i]);
    j += "],";
}

// The settings by the names startBudget() takes.
static std::string SettingsJson(const BudgetSettings& b) {
    return "{\"V\":" + std::to_string(b.V) + ",\"d\":" + std::to_string(b.d) + ",\"k\":" + std::to_string(b.buckets) +
           ",\"r\":" + std::to_string(b.rank) + ",\"N\":" + std::to_string(b.own_rows) +
           ",\"shared\":" + std::to_string(b.split_buckets) + ",\"zipf\":" + json_number(b.zipf_exponent) +
           ",\"seed\":" + std::to_string(b.seed) + ",\"steps\":" + std::to_string(b.steps) + "}";
}

// `arrays`: each variant's curves too (evalSteps, loss, accuracy, dataAccuracy): 40,000 numbers after
// 10,000 steps, about a second to write; the text view reads the rest on every redraw.
static const char* BudgetJson(bool arrays) {
    const BudgetLab& lab = g_app.budget_lab;
    const BudgetExperiment& run = lab.run;
    const BudgetState& s = run.state;
    std::string& j = g_budget_json;
    j = "{\"loaded\":true,\"running\":" + std::string(run.running ? "true" : "false") +
        ",\"finished\":" + (run.finished ? "true" : "false") + ",\"cancelled\":" + (run.cancelled ? "true" : "false") +
        ",\"stepsDone\":" + std::to_string(s.steps_done) + ",\"target\":" + std::to_string(run.target) +
        ",\"msSpent\":" + json_number(lab.ms) + ",\"longestSliceMs\":" + json_number(lab.longest_slice_ms) +
        ",\"error\":" + json_string(run.error) + ",\"settings\":" + SettingsJson(g_app.state.budget) +
        // The canvas's words for this lab in the page's language: the text view's labels (text_view.js).
        ",\"words\":{\"title\":" + json_string(TR(deeper_budget_title)) + ",\"k\":" + json_string(TR(deeper_buckets)) +
        ",\"r\":" + json_string(TR(deeper_rank)) + ",\"N\":" + json_string(TR(deeper_top_n)) +
        ",\"shared\":" + json_string(TR(deeper_shared)) + ",\"parameters\":" + json_string(TR(deeper_col_parameters)) +
        ",\"finished\":" + json_string(TR(deeper_run_finished)) + "},";
    if (run.target > 0) {
        j += "\"runSettings\":" + SettingsJson(run.settings) + ",\"V\":" + std::to_string(s.config.V) +
             ",\"classes\":" + std::to_string(s.config.C) + ",\"headEnd\":" + std::to_string(s.head_end) +
             ",\"middleEnd\":" + std::to_string(s.middle_end) + ",\"variants\":[";
        for (size_t k = 0; k < s.runs.size(); k++) {
            const BudgetRun& r = s.runs[k];
            j += (k ? ",{" : "{") + std::string("\"name\":") + json_string(kVariantKeys[int(r.kind)]) +
                 ",\"label\":" + json_string(table_kind_name(r.kind)) +
                 ",\"tableParameters\":" + std::to_string(r.table_parameters) +
                 ",\"parameters\":" + std::to_string(r.parameters) + ",";
            if (arrays) {
                j += "\"evalSteps\":[";
                for (size_t i = 0; i < r.eval_steps.size(); i++) j += (i ? "," : "") + std::to_string(r.eval_steps[i]);
                j += "],";
                BudgetFloats(j, "loss", r.loss_history);
                BudgetFloats(j, "accuracy", r.accuracy);
                BudgetFloats(j, "dataAccuracy", r.data_accuracy);
            }
            BudgetFloats(j, "groupAccuracy", r.group_accuracy);
            j.back() = '}';
        }
        j += "],\"outcome\":[";
        const std::vector<std::string> lines = budget_outcome(run);
        for (size_t i = 0; i < lines.size(); i++) j += (i ? "," : "") + json_string(lines[i]);
        j += "],";
    }
    j.back() = '}';
    return j.c_str();
}

}  // namespace el

using namespace el;

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* el_budget_json(int arrays) { return BudgetJson(arrays != 0); }

// Starts a run with the budget keys of `fragment` (bV=..&bk=.., read by the share link's field
// table, so a bad value is refused with the same message a link gets) on top of the defaults.
// Answers {ok, error}; nothing changes when a value is refused.
EMSCRIPTEN_KEEPALIVE const char* el_budget_start(const char* fragment) {
    AppState parsed;
    const LinkMessages m = decode_link(fragment ? fragment : "", parsed);
    std::string error;
    for (const std::string& e : m.errors) error += (error.empty() ? "" : "; ") + e;
    for (const std::string& n : m.notices) error += (error.empty() ? "" : "; ") + n;  // unknown keys: refused here
    BudgetExperiment trial;  // checked first, so a refused start leaves the last run as it was
    if (error.empty()) error = budget_run_start(parsed.budget, trial).error;
    if (error.empty()) {
        g_app.state.budget = parsed.budget;
        Commit(g_app, "budget settings");
        StartBudgetRun(g_app);
    }
    WakeUp();
    g_budget_json = "{\"ok\":" + std::string(error.empty() ? "true" : "false") + ",\"error\":" + json_string(error) + "}";
    return g_budget_json.c_str();
}

EMSCRIPTEN_KEEPALIVE void el_budget_cancel() {
    CancelBudgetRun(g_app);
    WakeUp();
}

EMSCRIPTEN_KEEPALIVE void el_load_deeper_tier() {}  // loaded already

}  // extern "C"
