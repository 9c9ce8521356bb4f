// The training lab's part of window.embeddingLab (web/glue.js): step(n), the last step's
// report, one row's optimizer state, the follow-up question and the frequency run.
// Answers are JSON text, valid until the next call of any function in this file.
#include <emscripten.h>

#include <cmath>
#include <cstdio>
#include <span>
#include <string>

#include "state/json_writer.h"
#include "main.h"
#include "panels.h"

namespace el {

static std::string g_training_json;

template <typename T>
static void Ints(std::string& j, const char* key, const std::vector<T>& v) {
    j += '"', j += key, j += "\":[";
    for (size_t i = 0; i < v.size(); i++) j += (i ? "," : "") + std::to_string(int(v[i]));
    j += "],";
}

static void Floats(std::string& j, const char* key, std::span<const float> v) {
    j += '"', j += key, j += "\":[";
    for (size_t i = 0; i < v.size(); i++) j += (i ? "," : "") + json_number(v[i]);
    j += "],";
}

// The last step's StepReport and the session's counts; with `arrays` its rows too (rowReasons has one
// per row of W: 1.4 MB, 31 ms to write at V = 100,000; the text view reads the rest on every redraw).
static const char* TrainingJson(bool arrays = true) {
    const TrainingLab& lab = g_app.training;
    const TrainingSession& t = lab.session;
    std::string& j = g_training_json;
    j = "{";
    if (arrays) {
        Ints(j, "touchedRows", t.last.touched_rows);
        Ints(j, "changedRows", t.last.changed_rows);
        Ints(j, "changedUntouchedRows", t.last.changed_untouched_rows());
        // Each row as the rows table says it: rescaled by max_norm, and why it moved ("not updated" where
        // the table's column is empty).
        const int V = int(t.last.row_reasons.size());
        std::vector<int> rescaled;
        for (int k = 0; k < V; k++)
            if (RowRescaled(lab, k)) rescaled.push_back(k);
        Ints(j, "rescaledRows", rescaled);
        j += "\"rowReasons\":[";
        for (int k = 0; k < V; k++) {
            const std::string why = RowWhy(lab, k);
            j += (k ? "," : "") + json_string(why.empty() ? TR(labs_reason_none) : why);
        }
        j += "],";
    }
    j += "\"active\":" + std::string(t.active ? "true" : "false") + ",";
    j += "\"marksCurrent\":" + std::string(TrainingMarksCurrent(g_app) ? "true" : "false") + ",";
    j += "\"step\":" + std::to_string(t.optimizer.steps()) + ",";
    j += "\"loss\":" + json_number(t.last_loss) + ",";
    j += "\"touchedUnchangedTotal\":" + std::to_string(t.touched_unchanged) + ",";
    j += "\"changedUntouchedTotal\":" + std::to_string(t.changed_untouched) + ",";
    j += "\"notice\":" + json_string(t.notice) + ",";
    j += "\"error\":" + json_string(lab.error) + "}";
    return j.c_str();
}

}  // namespace el

using namespace el;

extern "C" {

// n optimizer steps with the page's settings (as n clicks of Step); answers TrainingJson.
EMSCRIPTEN_KEEPALIVE const char* el_step_json(int n) {
    TrainingSteps(g_app, n);
    WakeUp();
    return TrainingJson();
}

EMSCRIPTEN_KEEPALIVE const char* el_training_json(int arrays) { return TrainingJson(arrays != 0); }

EMSCRIPTEN_KEEPALIVE void el_training_reset() {
    TrainingReset(g_app);
    WakeUp();
}

// The rows table as the text view shows it (TrainingRowsJson).
EMSCRIPTEN_KEEPALIVE const char* el_training_rows_json() { return (g_training_json = TrainingRowsJson(g_app)).c_str(); }

// Row k's optimizer state: {momentum, expAvg, expAvgSq}, empty arrays where there is none.
EMSCRIPTEN_KEEPALIVE const char* el_optimizer_row_json(int k) {
    const Optimizer& opt = g_app.training.session.optimizer;
    std::string& j = g_training_json;
    if (!g_app.training.session.active || k < 0 || k >= g_app.training.session.V) return "null";
    j = "{";
    Floats(j, "momentum", opt.momentum_row(k));
    Floats(j, "expAvg", opt.exp_avg_row(k));
    Floats(j, "expAvgSq", opt.exp_avg_sq_row(k));
    j += "\"updates\":" + std::to_string(opt.row_update_count(k)) + ",\"touches\":" +
         std::to_string(opt.row_touch_count(k)) + "}";
    return j.c_str();
}

// "After one step on 64 ids, which rows changed?" (redraw != 0: a new batch).
EMSCRIPTEN_KEEPALIVE const char* el_follow_up_json(int redraw) {
    AskFollowUp(g_app, redraw != 0);
    WakeUp();
    const FollowUpAnswer& a = g_app.training.follow_up;
    std::string& j = g_training_json;
    j = "{\"B\":" + std::to_string(a.B) + ",\"distinct\":" + std::to_string(a.distinct) +
        ",\"touched\":" + std::to_string(a.touched) + ",\"changed\":" + std::to_string(a.changed) +
        ",\"changedUntouched\":" + std::to_string(a.changed_untouched) +
        ",\"touchedUnchanged\":" + std::to_string(a.touched_unchanged) + ",\"optimizer\":" + json_string(a.optimizer) +
        ",\"fresh\":" + (a.fresh ? "true" : "false") + ",\"error\":" + json_string(g_app.training.follow_up_error) + "}";
    return j.c_str();
}

// The frequency run's progress and, with `arrays`, what its plots show: V numbers per array
// (V = 5,000: 140 ms to write; the text view reads the rest on every redraw).
EMSCRIPTEN_KEEPALIVE const char* el_frequency_json(int arrays) {
    const FrequencyRun& run = g_app.training.frequency;
    const FrequencyState& s = run.state;
    std::string& j = g_training_json;
    j = "{\"running\":" + std::string(run.running ? "true" : "false") +
        ",\"finished\":" + (run.finished ? "true" : "false") + ",\"stepsDone\":" + std::to_string(s.steps_done) +
        ",\"target\":" + std::to_string(run.target) + ",\"msSpent\":" + json_number(g_app.training.frequency_ms) +
        ",\"error\":" + json_string(run.error) + ",";
    if (run.target > 0) {
        j += "\"V\":" + std::to_string(s.config.V) + ",\"headId\":" + std::to_string(run.head_id) +
             ",\"tailId\":" + std::to_string(run.tail_id) + ",\"optimizer\":" + json_string(optimizer_name(s.config.optimizer.kind)) +
             ",\"scaleGradByFreq\":" + (s.config.lookup.scale_grad_by_freq ? "true" : "false") + ",";
        if (arrays) {
            Ints(j, "rowSeen", s.row_seen);
            Ints(j, "rowTouches", s.row_touches);
            Ints(j, "rowUpdates", s.row_updates);
            Floats(j, "rowError", s.row_error);
            Ints(j, "rowCorrect", s.row_correct);  // 1 where the id's logits pick its own class
        }
        j += "\"normPoints\":" + std::to_string(run.head_norm.size()) + ",";
    }
    j.back() = '}';
    return j.c_str();
}

// What the frequency plots show, as the text view's table (FrequencyTableJson).
EMSCRIPTEN_KEEPALIVE const char* el_frequency_table_json() { return (g_training_json = FrequencyTableJson(g_app)).c_str(); }

EMSCRIPTEN_KEEPALIVE void el_frequency_start() {
    StartFrequencyRun(g_app);
    WakeUp();
}

EMSCRIPTEN_KEEPALIVE void el_frequency_cancel() {
    CancelFrequencyRun(g_app);
    WakeUp();
}

}  // extern "C"
