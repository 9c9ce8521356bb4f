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
#include <vector>

#include "browser.h"
#include "i18n/i18n.h"
#include "panels.h"
#include "platform_web.h"
#include "state/json_writer.h"
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
// The English names also name the choices' rectangles for the browser tests (opt:SGD + momentum).
static const char* const kRecipeNames[] = {"SGD",   "SGD + momentum", "SGD + L2 decay", "Adam",
                                           "AdamW", "lazy SGD (momentum)", "lazy Adam"};
static const char* RecipeLabel(int i) {
    switch (Recipe(i)) {
        case Recipe::SgdMomentum: return TR(labs_recipe_sgd_momentum);
        case Recipe::SgdL2: return TR(labs_recipe_sgd_l2);
        case Recipe::LazySgd: return TR(labs_recipe_lazy_sgd);
        case Recipe::LazyAdam: return TR(labs_recipe_lazy_adam);
        default: return kRecipeNames[i];  // SGD, Adam, AdamW: names in every language
    }
}

static Recipe CurrentRecipe(const OptimizerConfig& c);
// (The counts after a step said "SGD" with momentum on, the step's subject in its walk-through.)
const char* OptimizerLabel(const OptimizerConfig& c) { return RecipeLabel(int(CurrentRecipe(c))); }

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

static void ShowOptimizerSettings(App& app) {
    AppState& s = app.state;
    OptimizerConfig& c = s.optimizer;
    bool edited = false;
    std::string refused;
    const Recipe current = CurrentRecipe(c);
    // 200 px, or what the line leaves beside its label and "(?)" (at 320 px the "(?)" ran under the scrollbar)
    ImGui::SetNextItemWidth(std::min(Px(200), ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(TR(labs_optimizer)).x - Px(40)));
    if (ImGui::BeginCombo(format("%s###optimizer", TR(labs_optimizer)).c_str(), RecipeLabel(int(current)))) {
        for (int i = 0; i < int(std::size(kRecipeNames)); i++) {
            if (ImGui::Selectable(RecipeLabel(i), i == int(current))) ApplyRecipe(c, Recipe(i)), edited = true;
            RecordItemRect((std::string("opt:") + kRecipeNames[i]).c_str());
        }
        ImGui::EndCombo();
    }
    RecordItemRect("optimizer");
    NameItem(TR(labs_optimizer), RecipeLabel(int(current)));
    HelpMarker(TR(labs_optimizer_help));

    const bool sgd = c.kind == OptimizerKind::kSGD || c.kind == OptimizerKind::kLazySGD;
    const bool lazy = c.kind == OptimizerKind::kLazySGD || c.kind == OptimizerKind::kLazyAdam;
    edited |= SettingField(s, "lr", "lr", "opt:lr", 90, nullptr, refused);
    if (sgd) {
        ImGui::SameLine();
        edited |= SettingField(s, "mom", TR(labs_momentum), "opt:momentum", 70, TR(labs_momentum_help), refused);
        edited |= SettingField(s, "damp", "dampening", "opt:dampening", 70, TR(labs_dampening_help), refused);
        ImGui::SameLine();
        edited |= ImGui::Checkbox("nesterov", &c.nesterov);
        RecordItemRect("opt:nesterov");
        HelpMarker(TR(labs_nesterov_help));
    } else {
        ImGui::SameLine();
        edited |= SettingField(s, "b1", "beta1", "opt:beta1", 70, TR(labs_beta1_help), refused);
        edited |= SettingField(s, "b2", "beta2", "opt:beta2", 90, TR(labs_beta2_help), refused);
        ImGui::SameLine();
        edited |= SettingField(s, "eps", "eps", "opt:eps", 70, TR(labs_eps_help), refused);
    }
    ImGui::BeginDisabled(lazy);
    const char* wd_help = c.kind == OptimizerKind::kAdamW ? TR(labs_decay_decoupled_help) : TR(labs_decay_coupled_help);
    edited |= SettingField(s, "wd", TR(labs_weight_decay), "opt:wd", 70, lazy ? nullptr : wd_help, refused);
    ImGui::EndDisabled();
    if (lazy) {  // beside the field if it fits, else under it; wrapped at the panel's edge (it was cut there)
        SameLineIfFits(ImGui::CalcTextSize(TR(labs_decay_none_lazy)).x / Px(1));
        TextWrappedColored(ImGui::GetColorU32(ImGuiCol_TextDisabled), "%s", TR(labs_decay_none_lazy));
    }

    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(TR(labs_loss_label));
    // Each choice beside the last where it fits with its "(?)", else on a line of its own (cut at 320 px)
    const auto beside = [](const char* label) { SameLineIfFits(ImGui::CalcTextSize(label).x / Px(1) + 60); };
    beside(TR(labs_loss_upstream));
    if (ImGui::RadioButton(TR(labs_loss_upstream), s.loss == LossKind::Upstream)) s.loss = LossKind::Upstream, edited = true;
    RecordItemRect("loss:upstream");
    NameItem(TR(labs_loss_upstream), s.loss == LossKind::Upstream ? TR(page_checked) : TR(page_not_checked));  // (ImGui says no state)
    HelpMarker(TR(labs_loss_upstream_help));
    beside(TR(labs_loss_mse));
    if (ImGui::RadioButton(TR(labs_loss_mse), s.loss == LossKind::Mse)) s.loss = LossKind::Mse, edited = true;
    RecordItemRect("loss:mse");
    NameItem(TR(labs_loss_mse), s.loss == LossKind::Mse ? TR(page_checked) : TR(page_not_checked));
    HelpMarker(TR(labs_loss_mse_help));
    if (edited) Commit(app, "optimizer settings");
    ErrorText(refused);
    ErrorText(training_optimizer_check(s).error);
}

//-----------------------------------------------------------------------------
// [SECTION] Step buttons and counts
//-----------------------------------------------------------------------------

static void ShowStepButtons(App& app) {
    TrainingLab& lab = app.training;
    if (ImGui::Button(TR(labs_step))) TrainingSteps(app, 1);
    RecordItemRect("train:step");
    ImGui::SameLine();
    ImGui::BeginDisabled(lab.step_n_refused);
    if (ImGui::Button(format(TR(labs_step_n), lab.step_n).c_str())) TrainingSteps(app, lab.step_n);
    ImGui::EndDisabled();
    RecordItemRect("train:stepn");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(Px(60));
    std::string refused;
    InputWhole(format("##%s", TR(labs_steps)).c_str(), &lab.step_n, 1, kMaxStepsAtOnce, refused);
    lab.step_n_refused = !refused.empty();
    RecordItemRect("train:n");
    RegisterTextField(TextFieldKind::Decimal);
    SameLineIfFits(ButtonWidth(TR(labs_reset)) + 30);  // and its "(?)": on a German phone it ran off the edge
    if (ImGui::Button(TR(labs_reset))) TrainingReset(app);
    RecordItemRect("train:reset");
    HelpMarker(TR(labs_reset_help));
    ErrorText(refused);
    ErrorText(lab.error);
}

std::string StepTimes(App& app, std::string_view n) {
    int64_t steps = 0;
    if (std::string e = check_whole(n, 1, kMaxStepsAtOnce, steps); !e.empty()) return TR(labs_steps) + (": " + e);
    app.training.step_n = int(steps);
    TrainingSteps(app, app.training.step_n);  // its error, if any, is the lab's (training(), as after Step)
    return "";
}

static bool Has(const std::vector<int>& rows, int k) { return std::binary_search(rows.begin(), rows.end(), k); }  // rows sorted

static int CountTouchedUnchanged(const StepReport& r) {
    int n = 0;
    for (int k : r.touched_rows) n += !Has(r.changed_rows, k);
    return n;
}

static void ShowCounts(const App& app) {
    const TrainingSession& t = app.training.session;
    const StepReport& r = t.last;
    const int V = app.state.V;
    ImGui::PushTextWrapPos(0.0f);  // wrapped: a phone's column is narrower than these lines (German's more so)
    for (const std::string& line : LastStepCounts(app)) ImGui::TextUnformatted(line.c_str());
    RecordItemRect("train:counts");
    const int changed_untouched = int(r.changed_untouched_rows().size());
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(changed_untouched ? ErrorColor() : DimColor()),
                       TR(labs_counts_changed_untouched), changed_untouched, t.changed_untouched);
    RecordItemRect("train:changed-untouched");
    // The marker "(?)" after its last word, the lines wrapped short of the edge by its width (wrapped
    // as one text, the marker sat after the first line, mid-sentence).
    {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));  // lines as a text's
        NumberRow row;
        row.right -= ImGui::CalcTextSize("(?)").x + ImGui::GetStyle().ItemSpacing.x;
        row.Words(format(TR(labs_counts_touched_unchanged), CountTouchedUnchanged(r), t.touched_unchanged).c_str(), 0.0f);
        ImGui::PopStyleVar();
        ImGui::PopStyleColor();
        HelpMarker(TR(labs_counts_touched_unchanged_help));
    }
    int64_t nonzero = 0;
    for (float v : app.state.W) nonzero += v != 0.0f;
    if (!app.training.page_renormed_rows.empty()) {
        std::string rows;
        for (int k : app.training.page_renormed_rows) rows += (rows.empty() ? "" : ", ") + std::to_string(k);
        ImGui::TextDisabled(TR(labs_counts_renormed), rows.c_str(), double(app.state.lookup.max_norm.value_or(0.0f)));
    }
    ImGui::TextDisabled(TR(labs_counts_dense), format_count(V - int(r.touched_rows.size())).c_str(), format_count(V).c_str(),
                        format_count(int64_t(nonzero)).c_str(), format_count(int64_t(app.state.W.size())).c_str());
    ImGui::PopTextWrapPos();
}

//-----------------------------------------------------------------------------
// [SECTION] Rows: touched, changed, why
//-----------------------------------------------------------------------------

std::string TrainingRowsJson(const App& app) {
    const TrainingSession& t = app.training.session;
    const Optimizer& opt = t.optimizer;
    const int V = t.active ? t.V : 0;
    const OptimizerKind kind = opt.config().kind;
    const bool adam = kind == OptimizerKind::kAdam || kind == OptimizerKind::kAdamW || kind == OptimizerKind::kLazyAdam;
    CellsJson table(TR(labs_updates_note));
    const auto cell = [&table](std::string_view text) { table.cell(text); };
    for (const char* header : {TR(labs_col_id), TR(labs_col_touched), TR(labs_col_changed), TR(labs_col_why), TR(labs_col_updates)})
        cell(header);
    const std::string_view momentum = TR(labs_state_momentum);
    if (adam) cell("Adam m"), cell("Adam v");
    else cell(momentum.substr(0, momentum.find(':')));
    const char* none = adam ? TR(labs_state_not_adam) : TR(labs_state_no_momentum);
    const auto state = [&](std::span<const float> v) { cell(v.empty() ? none : VectorString(v.data(), int(v.size()))); };
    int listed = 0;
    for (int k = 0; k < V && listed < 64; k++) {
        const bool touched = Has(t.last.touched_rows, k), changed = Has(t.last.changed_rows, k);
        if (V > 64 && !touched && !changed && !RowRescaled(app.training, k)) continue;
        listed++;
        cell(std::to_string(k));
        cell(touched ? TR(labs_mark_touched) : "");
        cell(changed ? TR(labs_mark_changed) : "");
        cell(RowWhy(app.training, k));
        cell(std::to_string(opt.row_update_count(k)) + " / " + std::to_string(opt.row_touch_count(k)));
        if (adam) state(opt.exp_avg_row(k)), state(opt.exp_avg_sq_row(k));
        else state(opt.momentum_row(k));
    }
    return table.end(adam ? 7 : 6, V - listed);
}

static void ShowRowTable(App& app) {
    const TrainingSession& t = app.training.session;
    const AppState& s = app.state;
    const float row_h = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
    const float height = std::min(row_h * float(s.V + 1) + Px(4), Px(260));
    if (!BeginSidewaysTable("##rows", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY, 0, height)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    HeaderRow({TR(labs_col_id), TR(labs_col_touched), TR(labs_col_changed), TR(labs_col_why), TR(labs_col_updates)});
    ImGuiListClipper clipper;
    clipper.Begin(s.V);
    while (clipper.Step()) {
        for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; k++) {
            const bool touched = Has(t.last.touched_rows, k), changed = Has(t.last.changed_rows, k);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            char label[24];
            std::snprintf(label, sizeof label, "%d##row%d", k, k);
            if (ImGui::Selectable(label, app.training.selected_row == k, ImGuiSelectableFlags_SpanAllColumns))
                app.training.selected_row = app.training.selected_row == k ? -1 : k;
            RecordItemRect(("train:row:" + std::to_string(k)).c_str());
            if (ImGui::IsItemHovered() && BeginWrappedTooltip()) {
                ImGui::Text("W[%d] =", k);
                ImGui::SameLine();
                VectorText(s.W.data() + size_t(k) * s.d, s.d);
                ImGui::TextDisabled("%s", TR(labs_row_tooltip));
                EndWrappedTooltip();
            }
            ImGui::TableNextColumn();
            if (touched) {
                ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(GoodColor()), "%s", TR(labs_mark_touched));
                RecordItemRect(("mark:touched:" + std::to_string(k)).c_str());
            }
            ImGui::TableNextColumn();
            if (changed) {
                ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(touched ? GoodColor() : ErrorColor()), "%s",
                                   TR(labs_mark_changed));
                RecordItemRect(("mark:changed:" + std::to_string(k)).c_str());
            }
            ImGui::TableNextColumn();
            const std::string why = RowWhy(app.training, k);
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
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", TR(labs_updates_note));
    ImGui::PopTextWrapPos();
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
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", TR(labs_state_pick));
        ImGui::PopTextWrapPos();
        return;
    }
    const Optimizer& opt = app.training.session.optimizer;
    ImGui::Text(TR(labs_state_row), k);
    ImGui::SameLine();
    VectorText(app.state.W.data() + size_t(k) * app.state.d, app.state.d);
    RecordItemRect("train:state");
    StateLine(TR(labs_state_momentum), opt.momentum_row(k), TR(labs_state_no_momentum));
    StateLine("Adam m:", opt.exp_avg_row(k), TR(labs_state_not_adam));
    StateLine("Adam v:", opt.exp_avg_sq_row(k), TR(labs_state_not_adam));
}

//-----------------------------------------------------------------------------
// [SECTION] Walk-throughs
//-----------------------------------------------------------------------------

struct WalkThrough {
    const char* preset;  // a preset of src/state/presets.cpp
    Msg what_to_do;
};

static const WalkThrough kWalkThroughs[] = {
    {"momentum", Msg::labs_walk_momentum}, {"adamw", Msg::labs_walk_adamw}, {"lazyadam", Msg::labs_walk_lazyadam},
    {"padsgd", Msg::labs_walk_padsgd},     {"maxnorm", Msg::labs_walk_maxnorm},
};

static void ShowWalkThroughs(const App& app) {
    for (const WalkThrough& w : kWalkThroughs) {
        const Preset* preset = nullptr;
        for (const Preset& p : presets())
            if (std::string(p.name) == w.preset) preset = &p;
        if (!preset) continue;
        ImGui::PushID(w.preset);
        if (SmallButton(TR(labs_walk_load))) browser_open_link(LinkKeepingPage(app, preset->link).c_str());
        RecordItemRect((std::string("walk:") + w.preset).c_str());
        NameItem(TR(labs_walk_load), tr(preset->title));  // which one (five buttons say "Load")
        ImGui::SameLine();
        TextWrapped("%s", tr(preset->title));  // wrapped beside the button: a phone's column is narrow
        ImGui::Indent(Px(12));
        ImGui::PushStyleColor(ImGuiCol_Text, DimColor());
        TextWrapped("%s", tr(w.what_to_do));
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
    TextWrapped("%s", TR(labs_followup_text));
    if (ImGui::Button(lab.follow_up_asked ? TR(labs_followup_again) : TR(labs_followup_ask)))
        AskFollowUp(app, lab.follow_up_asked);
    RecordItemRect("followup:ask");
    if (!lab.follow_up_asked) return;
    if (!lab.follow_up_error.empty()) return ErrorText(lab.follow_up_error);
    const FollowUpAnswer& a = lab.follow_up;
    ImGui::PushTextWrapPos(0.0f);
    struct PopWrap { ~PopWrap() { ImGui::PopTextWrapPos(); } } pop_wrap;  // every way out of this function
    ImGui::Text(TR(labs_followup_batch), a.optimizer.c_str(), a.distinct, app.state.V);
    ImGui::Text(TR(labs_followup_counts), a.touched, a.changed);
    RecordItemRect("followup:answer");
    if (a.changed_untouched)
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ErrorColor()),
                           TR(labs_followup_untouched), a.changed_untouched);
    else
        ImGui::TextDisabled("%s", a.fresh ? TR(labs_followup_all_gradient_fresh) : TR(labs_followup_all_gradient));
}

//-----------------------------------------------------------------------------
// [SECTION] Training panel
//-----------------------------------------------------------------------------

void ShowTrainingPanel(App& app) {
    ImGui::SeparatorText(TR(labs_training_title));
    TextWrapped("%s", TR(labs_training_intro));
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
        ImGui::TextDisabled("%s", t.active ? TR(labs_marks_stale) : TR(labs_marks_none));
    }
    SectionOpenOverride();
    if (HeaderToggleOnTap(ImGui::CollapsingHeader(format("%s###walk_throughs", TR(labs_walk_title)).c_str(), ImGuiTreeNodeFlags_DefaultOpen)))
        ShowWalkThroughs(app);
    SectionOpenOverride();
    if (HeaderToggleOnTap(ImGui::CollapsingHeader(format("%s###follow_up_64", TR(labs_followup_title)).c_str(),
                                                  ImGuiTreeNodeFlags_DefaultOpen)))
        ShowFollowUp(app);
}

}  // namespace el
