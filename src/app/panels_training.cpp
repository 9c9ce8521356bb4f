// The step inspector: optimizer steps on W, and per row whether the step touched it
// (nonzero gradient), changed it (any value moved), and why it moved without gradient.
//
// [SECTION] Optimizer settings
// [SECTION] Step buttons and counts
// [SECTION] Rows: touched, changed, why
// [SECTION] Optimizer state of one row
// [SECTION] Walk-throughs
// [SECTION] Follow-up: one step on 64 ids
// [SECTION] Training panel

#include <algorithm>
#include <cstdio>
#include <string>

#include "browser.h"
#include "panels.h"
#include "state/parse.h"
#include "state/presets.h"
#include "text_input.h"
#include "widgets.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Optimizer settings
//-----------------------------------------------------------------------------

// The choices a learner picks from; each sets the optimizer kind and switches on the
// setting it is named for (momentum, decay), keeping the other hyperparameters.
enum class Recipe { Sgd, SgdMomentum, SgdL2, Adam, AdamW, LazySgd, LazyAdam };
static const char* const kRecipeNames[] = {"SGD",   "SGD + momentum", "SGD + L2 decay", "Adam",
                                           "AdamW", "lazy SGD (momentum)", "lazy Adam"};

static Recipe CurrentRecipe(const OptimizerConfig& c) {
    switch (c.kind) {
        case OptimizerKind::kSGD:
            return c.momentum > 0 ? Recipe::SgdMomentum : c.weight_decay > 0 ? Recipe::SgdL2 : Recipe::Sgd;
        case OptimizerKind::kAdam: return Recipe::Adam;
        case OptimizerKind::kAdamW: return Recipe::AdamW;
        case OptimizerKind::kLazySGD: return Recipe::LazySgd;
        case OptimizerKind::kLazyAdam: return Recipe::LazyAdam;
    }
    return Recipe::Sgd;
}

static void ApplyRecipe(OptimizerConfig& c, Recipe r) {
    switch (r) {
        case Recipe::Sgd: c.kind = OptimizerKind::kSGD, c.momentum = 0, c.weight_decay = 0, c.nesterov = false; break;
        case Recipe::SgdMomentum:
            c.kind = OptimizerKind::kSGD;
            if (c.momentum == 0) c.momentum = 0.9f;
            break;
        case Recipe::SgdL2:
            c.kind = OptimizerKind::kSGD, c.momentum = 0, c.nesterov = false;
            if (c.weight_decay == 0) c.weight_decay = 0.1f;
            break;
        case Recipe::Adam: c.kind = OptimizerKind::kAdam; break;
        case Recipe::AdamW:
            c.kind = OptimizerKind::kAdamW;
            if (c.weight_decay == 0) c.weight_decay = 0.1f;
            break;
        case Recipe::LazySgd:
            c.kind = OptimizerKind::kLazySGD, c.weight_decay = 0;
            if (c.momentum == 0) c.momentum = 0.9f;
            break;
        case Recipe::LazyAdam: c.kind = OptimizerKind::kLazyAdam, c.weight_decay = 0; break;
    }
}

// A number field: true when the learner changed it.
static bool NumberField(const char* label, const char* rect, float* v, float css_width, const char* help) {
    ImGui::SetNextItemWidth(Px(css_width));
    const bool changed = InputDecimal(label, v, "%g");
    RecordItemRect(rect);
    RegisterTextField(TextFieldKind::Decimal);
    if (help) HelpMarker(help);
    return changed;
}

static void ShowOptimizerSettings(App& app) {
    AppState& s = app.state;
    OptimizerConfig& c = s.optimizer;
    bool edited = false;
    const Recipe current = CurrentRecipe(c);
    ImGui::SetNextItemWidth(Px(200));
    if (ImGui::BeginCombo("optimizer", kRecipeNames[int(current)])) {
        for (int i = 0; i < int(std::size(kRecipeNames)); i++) {
            if (ImGui::Selectable(kRecipeNames[i], i == int(current))) ApplyRecipe(c, Recipe(i)), edited = true;
            RecordItemRect((std::string("opt:") + kRecipeNames[i]).c_str());
        }
        ImGui::EndCombo();
    }
    RecordItemRect("optimizer");
    HelpMarker("Lazy variants update only the batch's rows (values and state). Lazy Adam is PyTorch's SparseAdam: "
               "every row in the sparse gradient, even one whose terms sum to 0, and eps added to sqrt(v) before "
               "the bias correction (lr*sqrt(1-b2^t)/(1-b1^t) * m/(sqrt(v)+eps)). PyTorch has no lazy SGD: its "
               "SGD with momentum on sparse gradients keeps moving every row it has touched, like dense SGD. "
               "Dense optimizers run their formula on every row of W.");

    const bool sgd = c.kind == OptimizerKind::kSGD || c.kind == OptimizerKind::kLazySGD;
    const bool lazy = c.kind == OptimizerKind::kLazySGD || c.kind == OptimizerKind::kLazyAdam;
    edited |= NumberField("lr", "opt:lr", &c.lr, 90, nullptr);
    if (sgd) {
        ImGui::SameLine();
        edited |= NumberField("momentum", "opt:momentum", &c.momentum, 70,
                              "mu: b <- mu*b + (1 - tau)*g (on the first step b = g, as PyTorch does), then "
                              "W <- W - lr*b. A row keeps moving while b != 0.");
        edited |= NumberField("dampening", "opt:dampening", &c.dampening, 70,
                              "tau: b <- mu*b + (1 - tau)*g, so (1 - tau) of g enters b. Not on the first step, "
                              "where PyTorch sets b = g.");
        ImGui::SameLine();
        edited |= ImGui::Checkbox("nesterov", &c.nesterov);
        RecordItemRect("opt:nesterov");
        HelpMarker("Step along g + mu*b instead of b. Needs momentum > 0 and dampening 0.");
    } else {
        ImGui::SameLine();
        edited |= NumberField("beta1", "opt:beta1", &c.beta1, 70, "m <- b1*m + (1-b1)*g: Adam's running mean of g.");
        edited |= NumberField("beta2", "opt:beta2", &c.beta2, 90, "v <- b2*v + (1-b2)*g^2: running mean of g^2.");
        ImGui::SameLine();
        edited |= NumberField("eps", "opt:eps", &c.eps, 70, "W <- W - lr*m_hat/(sqrt(v_hat) + eps).");
    }
    ImGui::BeginDisabled(lazy);
    const char* wd_help = c.kind == OptimizerKind::kAdamW
                              ? "lambda, decoupled: W <- W - lr*lambda*W on every row, every step."
                              : "lambda, coupled L2: g <- g + lambda*W on every row, so untouched rows get "
                                "gradient too.";
    edited |= NumberField("weight decay", "opt:wd", &c.weight_decay, 70, lazy ? nullptr : wd_help);
    ImGui::EndDisabled();
    if (lazy) ImGui::SameLine(), ImGui::TextDisabled("(none: lazy steps leave untouched rows alone)");

    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("loss:");
    ImGui::SameLine();
    if (ImGui::RadioButton("upstream G", s.loss == LossKind::Upstream)) s.loss = LossKind::Upstream, edited = true;
    RecordItemRect("loss:upstream");
    HelpMarker("L = sum_b g_b . out[b], so dL/dout[b] = g_b: the G you edit in the backward panel.");
    ImGui::SameLine();
    if (ImGui::RadioButton("MSE to targets", s.loss == LossKind::Mse)) s.loss = LossKind::Mse, edited = true;
    RecordItemRect("loss:mse");
    HelpMarker("L = mean over b, c of (W[ids[b]][c] - T[ids[b]][c])^2, where T holds one fixed random target row "
               "per id (uniform in [-1, 1], from seed + 1).");
    if (edited) Commit(app, "optimizer settings");
    ErrorText(check_optimizer_config(c).error);
}

//-----------------------------------------------------------------------------
// [SECTION] Step buttons and counts
//-----------------------------------------------------------------------------

static void ShowStepButtons(App& app) {
    TrainingLab& lab = app.training;
    if (ImGui::Button("Step")) TrainingSteps(app, 1);
    RecordItemRect("train:step");
    ImGui::SameLine();
    char label[32];
    std::snprintf(label, sizeof label, "Step x %d", lab.step_n);
    if (ImGui::Button(label)) TrainingSteps(app, lab.step_n);
    RecordItemRect("train:stepn");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(Px(60));
    if (ImGui::InputInt("##n", &lab.step_n, 0)) lab.step_n = std::clamp(lab.step_n, 1, kMaxStepsAtOnce);
    RecordItemRect("train:n");
    RegisterTextField(TextFieldKind::Decimal);
    ImGui::SameLine();
    if (ImGui::Button("Reset")) TrainingReset(app);
    RecordItemRect("train:reset");
    HelpMarker("Reset puts W back as it was before the first step and clears the optimizer's state. "
               "Change the batch in the Ids panel between steps.");
    ErrorText(lab.error);
}

static int CountTouchedUnchanged(const StepReport& r) {
    int n = 0;
    for (int k : r.touched_rows) n += !std::binary_search(r.changed_rows.begin(), r.changed_rows.end(), k);
    return n;
}

static void ShowCounts(const App& app) {
    const TrainingSession& t = app.training.session;
    const StepReport& r = t.last;
    const int V = app.state.V;
    ImGui::Text("%s, step t = %d, loss %.4g", optimizer_name(t.config.kind), t.optimizer.steps(), double(t.last_loss));
    ImGui::Text("This step: %d of V = %d rows touched, %d changed.", int(r.touched_rows.size()), V,
                int(r.changed_rows.size()));
    RecordItemRect("train:counts");
    const int changed_untouched = int(r.changed_untouched_rows().size());
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(changed_untouched ? ErrorColor() : DimColor()),
                       "changed but untouched: %d this step, %lld since reset", changed_untouched,
                       t.changed_untouched);
    RecordItemRect("train:changed-untouched");
    ImGui::TextDisabled("touched but unchanged: %d this step, %lld since reset", CountTouchedUnchanged(r),
                        t.touched_unchanged);
    HelpMarker("A touched row can stay put when its update rounds away (a tiny lr against a large value).");
    int64_t nonzero = 0;
    for (float v : app.state.W) nonzero += v != 0.0f;
    if (!app.training.page_renormed_rows.empty()) {
        std::string rows;
        for (int k : app.training.page_renormed_rows) rows += (rows.empty() ? "" : ", ") + std::to_string(k);
        ImGui::TextDisabled("max_norm: the forward pass after this step rescaled row(s) %s to just below norm %g "
                            "(by max_norm / (norm + 1e-7)).",
                            rows.c_str(), double(app.state.lookup.max_norm.value_or(0.0f)));
    }
    ImGui::TextDisabled("The gradient was zero in %d of %d rows; W itself stays dense (%lld of %lld cells nonzero).",
                        V - int(r.touched_rows.size()), V, (long long)nonzero, (long long)app.state.W.size());
}

//-----------------------------------------------------------------------------
// [SECTION] Rows: touched, changed, why
//-----------------------------------------------------------------------------

static std::string RowWhy(const TrainingSession& t, int k) {
    const bool rescaled = std::binary_search(t.rescaled_rows.begin(), t.rescaled_rows.end(), k);
    const uint8_t reasons = t.last.row_reasons[size_t(k)];
    const bool changed = std::binary_search(t.last.changed_rows.begin(), t.last.changed_rows.end(), k);
    std::string why = changed ? row_reason_text(reasons) : reasons & kRowGradient ? "gradient, but no value moved" : "";
    if (rescaled) why = why.empty() ? "max_norm rescale (forward)" : "max_norm rescale (forward) + " + why;
    return why;
}

static void ShowRowTable(App& app) {
    const TrainingSession& t = app.training.session;
    const AppState& s = app.state;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_SizingFixedFit;
    const float row_h = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
    const float height = std::min(row_h * float(s.V + 1) + Px(4), Px(260));
    if (!ImGui::BeginTable("##rows", 5, flags, ImVec2(0, height))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("id");
    ImGui::TableSetupColumn("touched");
    ImGui::TableSetupColumn("changed");
    ImGui::TableSetupColumn("why it moved", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("updates");
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(s.V);
    while (clipper.Step()) {
        for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; k++) {
            const bool touched = std::binary_search(t.last.touched_rows.begin(), t.last.touched_rows.end(), k);
            const bool changed = std::binary_search(t.last.changed_rows.begin(), t.last.changed_rows.end(), k);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            char label[24];
            std::snprintf(label, sizeof label, "%d##row%d", k, k);
            if (ImGui::Selectable(label, app.training.selected_row == k, ImGuiSelectableFlags_SpanAllColumns))
                app.training.selected_row = app.training.selected_row == k ? -1 : k;
            RecordItemRect(("train:row:" + std::to_string(k)).c_str());
            if (ImGui::IsItemHovered() && ImGui::BeginTooltip()) {
                ImGui::Text("W[%d] =", k);
                ImGui::SameLine();
                VectorText(s.W.data() + size_t(k) * s.d, s.d);
                ImGui::TextDisabled("click to show its optimizer state below");
                ImGui::EndTooltip();
            }
            ImGui::TableNextColumn();
            if (touched) {
                ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(GoodColor()), "touched");
                RecordItemRect(("mark:touched:" + std::to_string(k)).c_str());
            }
            ImGui::TableNextColumn();
            if (changed) {
                ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(touched ? GoodColor() : ErrorColor()), "changed");
                RecordItemRect(("mark:changed:" + std::to_string(k)).c_str());
            }
            ImGui::TableNextColumn();
            const std::string why = RowWhy(t, k);
            if (!why.empty()) {
                if (changed && !touched) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ErrorColor()), "%s", why.c_str());
                else ImGui::TextDisabled("%s", why.c_str());
                if (!touched) RecordItemRect(("mark:why:" + std::to_string(k)).c_str());
            }
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%d / %d", t.optimizer.row_update_count(k), t.optimizer.row_touch_count(k));
        }
    }
    ImGui::EndTable();
    ImGui::TextDisabled("updates: steps that changed the row / steps that gave it gradient");
}

//-----------------------------------------------------------------------------
// [SECTION] Optimizer state of one row
//-----------------------------------------------------------------------------

static void StateLine(const char* name, std::span<const float> v, const char* missing) {
    ImGui::TextUnformatted(name);
    ImGui::SameLine();
    if (v.empty()) ImGui::TextDisabled("%s", missing);
    else VectorText(v.data(), int(v.size()));
}

static void ShowRowState(App& app) {
    const int k = app.training.selected_row;
    if (k < 0 || k >= app.state.V) {
        ImGui::TextDisabled("Click a row to see its optimizer state.");
        return;
    }
    const Optimizer& opt = app.training.session.optimizer;
    ImGui::Text("Row %d", k);
    ImGui::SameLine();
    VectorText(app.state.W.data() + size_t(k) * app.state.d, app.state.d);
    RecordItemRect("train:state");
    StateLine("momentum b:", opt.momentum_row(k), "(none: no momentum)");
    StateLine("Adam m:", opt.exp_avg_row(k), "(none: not Adam)");
    StateLine("Adam v:", opt.exp_avg_sq_row(k), "(none: not Adam)");
}

//-----------------------------------------------------------------------------
// [SECTION] Walk-throughs
//-----------------------------------------------------------------------------

struct WalkThrough {
    const char* preset;  // a preset of src/state/presets.cpp
    const char* what_to_do;
};

static const WalkThrough kWalkThroughs[] = {
    {"momentum", "Step once with ids 1, 2. Change the batch to 2 and Step again: row 1 has no gradient, yet it "
                 "moves by lr*mu*b (b = its last gradient), marked 'momentum carry-over'."},
    {"adamw", "Step once: rows 1 and 2 take an Adam step, and every other row is scaled by (1 - lr*lambda) = "
              "0.999, marked 'weight decay'."},
    {"lazyadam", "Step with ids 1, 2, change the batch to 3 and Step: rows 1 and 2 stay exactly as they were "
                 "although their m is not zero. Pick Adam instead and they move."},
    {"padsgd", "Id 0 is padding_idx: looked up twice, its gradient is still zero, so SGD never moves row 0. "
               "Step as often as you like."},
    {"maxnorm", "The forward pass rescales each looked-up row whose norm is above max_norm = 1 to just below 1, in W "
                "itself: row 2 (norm 2.24) is rescaled as soon as the page looks it up; row 1 (0.83) is not; "
                "row 0 (1.20) is not looked up, so it keeps its norm. Step: whenever the update pushes row 2 "
                "above 1 again, the next forward pass pulls it back."},
};

static void ShowWalkThroughs() {
    for (const WalkThrough& w : kWalkThroughs) {
        const Preset* preset = nullptr;
        for (const Preset& p : presets())
            if (std::string(p.name) == w.preset) preset = &p;
        if (!preset) continue;
        ImGui::PushID(w.preset);
        if (ImGui::SmallButton("Load")) browser_open_link(preset->link);
        RecordItemRect((std::string("walk:") + w.preset).c_str());
        ImGui::SameLine();
        ImGui::TextUnformatted(preset->title);
        ImGui::Indent(Px(12));
        ImGui::PushStyleColor(ImGuiCol_Text, DimColor());
        ImGui::TextWrapped("%s", w.what_to_do);
        ImGui::PopStyleColor();
        ImGui::Unindent(Px(12));
        ImGui::PopID();
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Follow-up: one step on 64 ids
//-----------------------------------------------------------------------------

static void ShowFollowUp(App& app) {
    TrainingLab& lab = app.training;
    ImGui::TextWrapped("Only the rows the 64 ids indexed can get nonzero gradient, but momentum or weight decay "
                       "can move more rows than the batch touched (momentum only after a first step). Ask the "
                       "current optimizer (a copy of it: W is not changed).");
    if (ImGui::Button(lab.follow_up_asked ? "Another batch of 64" : "Step once on 64 random ids"))
        AskFollowUp(app, lab.follow_up_asked);
    RecordItemRect("followup:ask");
    if (!lab.follow_up_asked) return;
    if (!lab.follow_up_error.empty()) return ErrorText(lab.follow_up_error);
    const FollowUpAnswer& a = lab.follow_up;
    ImGui::Text("%s on B = 64 ids (%d distinct of V = %d):", a.optimizer.c_str(), a.distinct, app.state.V);
    ImGui::Text("touched %d rows, changed %d rows", a.touched, a.changed);
    RecordItemRect("followup:answer");
    if (a.changed_untouched)
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ErrorColor()),
                           "%d of the changed rows had no gradient: optimizer state or decay moved them",
                           a.changed_untouched);
    else
        ImGui::TextDisabled("every changed row had gradient%s", a.fresh ? " (a fresh optimizer carries nothing yet)" : "");
}

//-----------------------------------------------------------------------------
// [SECTION] Training panel
//-----------------------------------------------------------------------------

void ShowTrainingPanel(App& app) {
    ImGui::SeparatorText("Training: which rows does a step change?");
    ImGui::TextWrapped("Step looks up the batch, takes the loss's gradient (nonzero only in rows the batch "
                       "touched) and lets the optimizer update W. Watch which rows move, and why.");
    BeginLocked(app, kLockOptimizer);
    ShowOptimizerSettings(app);
    EndLocked(app, kLockOptimizer);
    BeginLocked(app, kLockTable);  // a step changes W
    ShowStepButtons(app);
    EndLocked(app, kLockTable);
    const TrainingSession& t = app.training.session;
    if (!t.notice.empty()) ImGui::TextDisabled("(%s)", t.notice.c_str());
    if (TrainingMarksCurrent(app)) {
        ShowCounts(app);
        ShowRowTable(app);
        ShowRowState(app);
    } else {
        ImGui::TextDisabled(t.active ? "W changed since the last step: Step to see new marks."
                                     : "No step taken yet: press Step.");
    }
    SectionOpenOverride();
    if (ImGui::CollapsingHeader("Walk-throughs", ImGuiTreeNodeFlags_DefaultOpen)) ShowWalkThroughs();
    SectionOpenOverride();
    if (ImGui::CollapsingHeader("After one step on 64 ids, which rows changed?", ImGuiTreeNodeFlags_DefaultOpen))
        ShowFollowUp(app);
}

}  // namespace el
