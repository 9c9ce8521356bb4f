// The lesson's panels: the table, the ids, the forward routes and the backward pass.
// One Show...Panel(App&) each, as in imgui_demo.cpp.
//
// [SECTION] Table panel
// [SECTION] Ids panel
// [SECTION] Forward panel
// [SECTION] Backward panel

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/embedding_bag.h"
#include "core/random.h"
#include "i18n/i18n.h"
#include "panels.h"
#include "platform_web.h"
#include "picture_ui.h"
#include "state/teach.h"
#include "state/json_writer.h"
#include "state/parse.h"
#include "text_input.h"
#include "themes.h"
#include "widgets.h"

namespace el {

static ImVec4 Color(ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); }

// The panels' own scratch, read by nothing else (not in links).
static int g_table_scroll_row = -1;  // the table grid scrolls here once (overview clicks)
static struct RandomBatch {          // the ids panel's random batch generator
    int B = 8;
    float zipf = 0.0f;  // 0 = uniform
    int seed = 1;
} g_random;


//-----------------------------------------------------------------------------
// [SECTION] Table panel
//-----------------------------------------------------------------------------

static void ShowTableSize(App& app) {
    AppState& s = app.state;
    if (is_hidden(s, kHideResize)) return;
    BeginLocked(app, kLockSize);
    // Each size refused as it is typed past its own range ('4294967300' quoted with 1 to 100000, not
    // int's range); Resize checks the two together (V x d cells).
    std::string refused;
    ImGui::SetNextItemWidth(Px(90));
    // Enter in either field resizes, as in the text view (the keyboard had to go on to Resize).
    const auto ended_by_enter = [] { return ImGui::IsItemDeactivated() && ImGui::IsKeyPressed(ImGuiKey_Enter, false); };
    InputWhole("V", &app.text.size.V, 1, kMaxV, refused);
    bool enter = ended_by_enter();
    RecordItemRect("V");
    RegisterTextField(TextFieldKind::Decimal);
    HelpMarker(format(TR(lesson_table_v_help), format_count(kMaxV).c_str()).c_str());
    SameLineIfFits(110);
    ImGui::SetNextItemWidth(Px(70));
    InputWhole("d", &app.text.size.d, 1, kMaxD, refused);
    enter |= ended_by_enter();
    RecordItemRect("d");
    RegisterTextField(TextFieldKind::Decimal);
    HelpMarker(format(TR(lesson_table_d_help), format_count(kMaxD).c_str(), format_count(kMaxTableCells).c_str()).c_str());
    SameLineIfFits(ButtonWidth(TR(lesson_table_resize)));  // German's "Größe ändern" ran past a phone's edge
    SizeField& size = app.text.size;
    // Not while a field holds refused text ("4.5"): size.V would be the last whole number typed ("4").
    const bool can = refused.empty() && (size.V != s.V || size.d != s.d);
    ImGui::BeginDisabled(!can);
    if (ImGui::Button(TR(lesson_table_resize)) || (enter && can)) EditSize(app, size.V, size.d);
    RecordItemRect("resize");
    ImGui::EndDisabled();
    EndLocked(app, kLockSize);
    ErrorText(refused);
    ErrorText(size.error);
}

// A fill's button: its name in the page's language (the link keeps table_init_name).
static const char* FillLabel(TableInit init) {
    switch (init) {
        case TableInit::Example: return TR(lesson_fill_example);
        case TableInit::Normal: return TR(lesson_fill_normal);
        case TableInit::Uniform: return TR(lesson_fill_uniform);
        case TableInit::Zeros: return TR(lesson_fill_zeros);
    }
    return table_init_name(init);
}

// The generator of W: a fill and its seed.
static void ShowTableFill(App& app) {
    AppState& s = app.state;
    if (is_hidden(s, kHideFill)) return;
    BeginLocked(app, kLockTable);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(TR(lesson_table_fill));
    for (TableInit init : {TableInit::Example, TableInit::Normal, TableInit::Uniform, TableInit::Zeros}) {
        SameLineIfFits(70);
        if (ImGui::Button(FillLabel(init))) {
            s.init = init;
            regenerate_table(s);
            Commit(app, "table fill");
        }
        RecordItemRect((std::string("fill:") + table_init_name(init)).c_str());
    }
    SameLineIfFits(140);
    std::string refused;
    ImGui::SetNextItemWidth(Px(80));
    if (SettingInput(s, "seed", TR(lesson_table_seed), refused)) Commit(app, "seed");
    RecordItemRect("table-seed");
    RegisterTextField(TextFieldKind::Decimal);
    HelpMarker(TR(lesson_table_seed_help));
    EndLocked(app, kLockTable);
    ErrorText(refused);
}

// PyTorch's nn.Embedding options, applied by both routes.
static void ShowLookupOptions(App& app) {
    EmbeddingOptions& o = app.state.lookup;
    if (is_hidden(app.state, kHideOptions)) return;
    SectionOpenOverride();
    if (std::exchange(app.open_lookup_options, false)) ImGui::SetNextItemOpen(true);
    const bool open = HeaderToggleOnTap(ImGui::TreeNode(format("%s###lookup_options", TR(lesson_options_title)).c_str()), true);
    RecordItemRect("lookup-options");
    if (!open) return;
    BeginLocked(app, kLockOptions);
    bool changed = false;
    std::string refused;
    bool has_padding = o.padding_idx.has_value();
    if (ImGui::Checkbox("padding_idx", &has_padding)) o.padding_idx = has_padding ? std::optional<int>(0) : std::nullopt, changed = true;
    RecordItemRect("option:padding");
    if (o.padding_idx) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(Px(80));
        changed |= SettingInput(app.state, "pad", "##padding_idx", refused);
        RecordItemRect("option:pad");
        RegisterTextField(TextFieldKind::Signed);  // -V to V - 1
    }
    HelpMarker(TR(lesson_options_padding_help));
    bool has_max_norm = o.max_norm.has_value();
    if (ImGui::Checkbox("max_norm", &has_max_norm)) o.max_norm = has_max_norm ? std::optional<double>(1.0) : std::nullopt, changed = true;
    if (o.max_norm) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(Px(80));
        changed |= SettingInput(app.state, "maxnorm", "##max_norm", refused);
        RecordItemRect("option:maxnorm");
        RegisterTextField(TextFieldKind::Decimal);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(Px(60));
        changed |= SettingInput(app.state, "normtype", "norm_type", refused);
        RecordItemRect("option:normtype");
        RegisterTextField(TextFieldKind::Decimal);
    }
    HelpMarker(TR(lesson_options_max_norm_help));
    ErrorText(refused);
    changed |= ImGui::Checkbox("scale_grad_by_freq", &o.scale_grad_by_freq);
    HelpMarker(TR(lesson_options_scale_help));
    ImGui::SameLine();
    changed |= ImGui::Checkbox("sparse", &o.sparse);
    HelpMarker(TR(lesson_options_sparse_help));
    EndLocked(app, kLockOptions);
    if (changed) Commit(app, "lookup options");
    ImGui::TreePop();
}

// The whole table downsampled into a strip; a click scrolls the grid there.
static void ShowTableOverview(App& app) {
    const AppState& s = app.state;
    if (s.V <= 12 || app.derived.table_overview.empty() || is_hidden(s, kHideOverview)) return;
    const int R = std::min(s.V, kOverviewRows), C = std::min(s.d, kOverviewCols);
    const float w = std::min(ImGui::GetContentRegionAvail().x, Px(320)), h = Px(48);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##overview", ImVec2(w, h));
    RecordItemRect("table-overview");
    if (ImGui::IsItemClicked()) {
        const float t = (ImGui::GetIO().MousePos.x - p.x) / w;
        g_table_scroll_row = std::clamp(int(t * float(s.V)), 0, s.V - 1);
    }
    ItemTooltip(TR(lesson_overview_tooltip), s.V);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            dl->AddRectFilled(ImVec2(p.x + w * r / R, p.y + h * c / C), ImVec2(p.x + w * (r + 1) / R, p.y + h * (c + 1) / C),
                              HeatColor(app.derived.table_overview[size_t(r) * C + c], app.derived.table_abs_max));
    for (int id : s.ids) {  // where the batch's rows are
        const float x = p.x + w * (float(id) + 0.5f) / float(s.V);
        dl->AddLine(ImVec2(x, p.y - Px(3)), ImVec2(x, p.y + h + Px(3)), GoodColor(), Px(1.5f));
    }
}

void ShowTablePanel(App& app) {
    AppState& s = app.state;
    ImGui::SeparatorText(TR(lesson_table_title));
    TextWrapped(TR(lesson_table_intro), format_count(int64_t(s.V) * s.d).c_str());
    ShowTableSize(app);
    ShowTableFill(app);
    ShowLookupOptions(app);
    int add_id = -1;
    // Locked: drawn read-only (no editor, no drag), its cells' tooltips kept; a click says why.
    const bool table_locked = BeginLocked(app, kLockTable, false);
    if (table_locked) ImGui::TextDisabled("%s", TR(lesson_read_only_locked));
    GridSpec g{"W", TR(lesson_row_id), s.V, s.d, table_locked ? nullptr : s.W.data(), s.W.data(), app.derived.table_abs_max};
    g.row_buttons = check_unlocked(s, kLockIds).ok();
    g.scroll_to_row = &g_table_scroll_row;
    std::vector<int> looked_up = s.ids;  // the rows the batch looks up, marked
    std::sort(looked_up.begin(), looked_up.end());
    looked_up.erase(std::unique(looked_up.begin(), looked_up.end()), looked_up.end());
    g.marked_rows = &looked_up;
    g.marked_tooltip = TR(lesson_table_marked_tooltip);
    g.dim_unmarked = false;
    g.highlight_row = HighlightedId(app);
    int hovered_row = -1;
    g.hovered_row = &hovered_row;
    if (CellGrid(g, &app.table_editor, &add_id)) Commit(app, "table cell");
    if (hovered_row >= 0) NoteHoveredId(app, hovered_row);
    EndLocked(app, kLockTable, false);
    HeatLegend(app.derived.table_abs_max);
    ShowTableOverview(app);
    if (add_id >= 0 && s.B() < kMaxB) {
        std::vector<int> ids = s.ids;
        ids.push_back(add_id);
        SetIds(app, ids);
    }
    if (app.derived.table_nonfinite)
        ErrorText(format(app.derived.table_nonfinite == 1 ? TR(lesson_table_nonfinite_one) : TR(lesson_table_nonfinite_many),
                         int(app.derived.table_nonfinite)));
}

//-----------------------------------------------------------------------------
// [SECTION] Ids panel
//-----------------------------------------------------------------------------

// Each distinct id with its count; clicking a chip removes one use of it.
static void ShowIdChips(App& app) {
    const AppState& s = app.state;
    const std::vector<IdCount> counts = count_ids(s.ids);
    // A chip pressed from the keyboard may be gone the next frame (its last use removed): the
    // keyboard focus goes to the chip now in its place, so Tab carries on from there.
    static int refocus_index = -1;
    int shown = 0;
    for (auto [id, n] : counts) {
        if (shown++ >= 24) {
            ImGui::TextDisabled(TR(lesson_ids_more_distinct), int(counts.size()) - 24);
            break;
        }
        if (shown > 1) SameLineIfFits(80);
        // The id, not the count, names the chip: "id 2 x3" becoming "id 2 x2" keeps its focus.
        const std::string label = (n > 1 ? format(TR(lesson_chip_repeated), id, n) : format(TR(lesson_chip), id)) +
                                  "###chip" + std::to_string(id);
        const int index = shown - 1;
        if (index == std::min(refocus_index, int(std::min<size_t>(counts.size(), 24)) - 1))
            ImGui::SetKeyboardFocusHere(), refocus_index = -1;
        // The highlighted id's chip: the linked colour whether hovered or not (hovering lights it),
        // its number black or white, whichever reads on it (white was 3.0:1 on the dark theme's blue, 1.2:1
        // on the high-contrast yellow).
        const bool lit = id == HighlightedId(app);
        if (lit) {
            const ImU32 fill = LinkedColor();
            for (ImGuiCol c : {ImGuiCol_Button, ImGuiCol_ButtonHovered, ImGuiCol_ButtonActive}) ImGui::PushStyleColor(c, fill);
            ImGui::PushStyleColor(ImGuiCol_Text, ReadableTextOn(fill));
        }
        const bool clicked = SmallButton(label.c_str());
        if (lit) ImGui::PopStyleColor(4);
        if (clicked && s.B() > 1) {
            if (ItemKeyboardFocused()) refocus_index = index;
            std::vector<int> ids = s.ids;
            ids.erase(std::find(ids.begin(), ids.end(), id));
            SetIds(app, ids);
            return;
        }
        if (ImGui::IsItemHovered() || ItemKeyboardFocused()) NoteHoveredId(app, id);
        RecordItemRect((std::string("chip:") + std::to_string(id)).c_str());
        ItemTooltip(s.B() > 1 ? TR(lesson_chip_uses_removable) : TR(lesson_chip_uses), n);
    }
    ImGui::TextDisabled(TR(lesson_ids_count), s.B(), int(counts.size()));
}

static void DrawWithRandomSettings(App& app);

// A random batch of B ids, uniform or Zipf (a few frequent ids, a long tail).
static void ShowRandomBatch(App& app) {
    if (is_hidden(app.state, kHideRandom)) return;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(TR(lesson_random_title));
    ImGui::SameLine();
    std::string refused;  // Draw waits until every field holds what it shows
    ImGui::SetNextItemWidth(Px(60));
    InputWhole("B", &g_random.B, 1, kMaxB, refused);
    RecordItemRect("random:B");
    RegisterTextField(TextFieldKind::Decimal);
    SameLineIfFits(150);
    ImGui::SetNextItemWidth(Px(70));
    NumberInput("Zipf s", display_float(g_random.zipf), refused,
                [](const char* text) { return check_decimal_shown(text, 0.0f, kMaxRandomZipf, g_random.zipf); });
    RecordItemRect("random:zipf");
    RegisterTextField(TextFieldKind::Decimal);
    HelpMarker(TR(lesson_random_zipf_help));
    SameLineIfFits(110);
    ImGui::SetNextItemWidth(Px(60));
    InputWhole(format("%s##batch", TR(lesson_random_seed)).c_str(), &g_random.seed, 0, INT32_MAX, refused);
    RecordItemRect("random:seed");
    RegisterTextField(TextFieldKind::Decimal);
    SameLineIfFits(60);
    ImGui::BeginDisabled(!refused.empty());
    if (ImGui::Button(TR(lesson_random_draw))) DrawWithRandomSettings(app);
    RecordItemRect("draw-batch");
    ImGui::EndDisabled();
    ErrorText(refused);
}

static void DrawWithRandomSettings(App& app) {
    Rng rng(uint64_t(g_random.seed));
    const ZipfSampler zipf(app.state.V, double(g_random.zipf));
    std::vector<int> ids(size_t(g_random.B));
    for (int& id : ids) id = zipf.sample(rng);
    SetIds(app, ids);
}

// The text view's random batch (web/text_view.js): B, Zipf s and the seed as typed, read and checked
// as the canvas's fields check them, with a message naming the one that is wrong, kept for the
// canvas's fields, then Draw: "" or why not.
std::string DrawRandomBatch(App& app, std::string_view B, std::string_view s, std::string_view seed) {
    if (Status locked = check_unlocked(app.state, kLockIds); !locked.ok()) return locked.error;
    RandomBatch next;
    int64_t b = 0, n = 0;
    // Every field that cannot be read is named ("B: ...; seed: ..."), not only the first.
    std::string why;
    for (const auto& [name, e] : {std::pair<std::string, std::string>{"B", check_whole(B, 1, kMaxB, b)},
                                  {"Zipf s", check_decimal_shown(s, 0.0f, kMaxRandomZipf, next.zipf)},
                                  {TR(lesson_random_seed), check_whole(seed, 0, INT32_MAX, n)}})
        if (!e.empty()) why += (why.empty() ? "" : "; ") + name + ": " + e;
    if (!why.empty()) return why;
    next.B = int(b), next.seed = int(n);
    g_random = next;
    DrawWithRandomSettings(app);
    return "";
}

std::string RandomBatchJson() {
    return "[" + json_string(TR(lesson_random_title)) + "," + json_string(TR(lesson_random_zipf_help)) + "," +
           json_string(TR(lesson_random_seed)) + "," + json_string(TR(lesson_random_draw)) + ",\"" + std::to_string(g_random.B) +
           "\"," + json_string(display_float(g_random.zipf)) + ",\"" + std::to_string(g_random.seed) + "\"]";
}

// EmbeddingBag: cut the batch into bags at the offsets and reduce each bag to one row.
static void ShowBagSettings(App& app) {
    AppState& s = app.state;
    if (is_hidden(s, kHideBag)) return;
    int mode = int(s.bag);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("EmbeddingBag:");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(Px(80));
    const char* const modes[] = {TR(lesson_bag_none), kBagNames[1], kBagNames[2], kBagNames[3]};  // sum, mean, max: PyTorch's names
    if (ImGui::Combo("##bag", &mode, modes, int(BagChoice::Max) + 1)) s.bag = BagChoice(mode), Commit(app, "bag mode");
    RecordItemRect("bag-mode");
    NameItem("EmbeddingBag", modes[mode]);
    HelpMarker(TR(lesson_bag_help));
    if (s.bag == BagChoice::None) return;
    SameLineIfFits(160);
    ImGui::SetNextItemWidth(Px(110));
    auto& field = app.text.offsets;
    if (ImGui::InputText("offsets", field.text, sizeof field.text)) {
        std::vector<int> offsets;
        std::string notice;  // "0,,2" taken as 0, 2, with a word, as the ids field does
        const Status st = parse_offsets(field.text, s.B(), offsets, &notice);
        field.error = st.ok() ? "" : format(TR(lesson_offsets_error), st.error.c_str(), format_ids_brief(s.offsets).c_str());
        field.notice = st.ok() ? notice : "";
        if (st.ok()) s.offsets = offsets, Commit(app, "bag offsets");
        if (!field.notice.empty()) field.shown = format_ids(s.offsets);  // the text stays as typed, with its word
    }
    const bool typing = ImGui::IsItemActive();
    RecordItemRect("offsets");
    RegisterTextField(TextFieldKind::Text), NameTextField("offsets", field.text);
    ErrorText(field.error);
    if (!typing && !field.notice.empty()) TextWrappedColored(ImGui::GetColorU32(ImGuiCol_TextDisabled), "%s", field.notice.c_str());
}

void ShowIdsPanel(App& app) {
    ImGui::SeparatorText(TR(lesson_ids_title));
    BeginLocked(app, kLockIds);
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x - Px(30), Px(320)));
    auto& field = app.text.ids;
    static IdsEditStart start;
    // Opened by a finger, the batch is selected whole (typed ids replace it, as a W cell's value): a phone
    // has no Ctrl+A, and its own Select all finds nothing in the empty <input> over the field. A tap in
    // the open field places the caret (glue.js passes taps on that <input> to the field).
    if (ImGui::InputText("##ids", field.text, sizeof field.text, TouchInput() ? ImGuiInputTextFlags_AutoSelectAll : 0)) {
        if (!start.valid) start = {true, app.state.d, app.state.upstream, app.state.offsets};
        EditIds(app, field.text, &start);
    }
    const bool typing = ImGui::IsItemActive();  // "1, 2," on the way to "1, 2, 3" needs no word yet
    if (!typing && start.valid) start = {};
    RecordItemRect("ids");
    RegisterTextField(TextFieldKind::Text), NameTextField("ids", field.text);
    HelpMarker(TR(lesson_ids_help));
    ErrorText(field.error);
    if (!typing && !field.notice.empty()) TextWrappedColored(ImGui::GetColorU32(ImGuiCol_TextDisabled), "%s", field.notice.c_str());
    ShowIdChips(app);
    ShowRandomBatch(app);
    EndLocked(app, kLockIds);
    BeginLocked(app, kLockOptions | kLockIds);  // the bag mode is an option, the offsets cut the batch
    ShowBagSettings(app);
    EndLocked(app, kLockOptions | kLockIds);
}

//-----------------------------------------------------------------------------
// [SECTION] Forward panel
//-----------------------------------------------------------------------------

constexpr int kShownPositions = 12;  // batch positions written out; the rest are summarised
constexpr int kShownColumns = 12;

// The routes' numbers as text, made once per computed result. format_float finds the shortest text
// that reads back as the same float (up to 9 rounds of printf and reading back): redone every frame
// for the ~300 numbers shown, it was most of the UI's time at a large shape (profiled: 100,000 x 16,
// B = 256).
struct RouteTexts {
    uint64_t revision = 0;            // app.commits.derived they were made from (0: never)
    int B = -1, d = -1;
    std::vector<std::string> gather;  // (shown b): "[W[ids[b]][0], W[ids[b]][1], ...]"
    std::vector<std::string> matmul;  // (shown b, shown c): out[b][c] by the matmul route
    std::vector<std::string> names;   // (shown b, shown c): "matmul:b:c", its widget rectangle
};

static const RouteTexts& ShownRouteTexts(const App& app) {
    static RouteTexts t;
    const LessonResult& r = app.derived.result;
    if (t.revision == app.commits.derived && t.B == r.B && t.d == r.d) return t;
    t.revision = app.commits.derived, t.B = r.B, t.d = r.d;
    const int rows = std::min(r.B, kShownPositions), cols = r.matmul.empty() ? 0 : std::min(r.d, kShownColumns);
    t.gather.assign(size_t(rows), std::string());
    t.matmul.assign(size_t(rows) * size_t(cols), std::string());
    t.names.assign(size_t(rows) * size_t(cols), std::string());
    for (int b = 0; b < rows; b++) {
        t.gather[size_t(b)] = VectorString(&r.gather[size_t(b) * r.d], r.d);
        for (int c = 0; c < cols; c++) {
            t.matmul[size_t(b * cols + c)] = display_float(r.matmul[size_t(b) * r.d + c]);
            t.names[size_t(b * cols + c)] = "matmul:" + std::to_string(b) + ":" + std::to_string(c);
        }
    }
    return t;
}

static void ShowGatherRoute(const App& app) {
    const AppState& s = app.state;
    const LessonResult& r = app.derived.result;
    ImGui::TextUnformatted(TR(lesson_gather_title));
    ImGui::TextDisabled(TR(lesson_gather_copies), r.d);
    const RouteTexts& texts = ShownRouteTexts(app);
    for (int b = 0; b < std::min(r.B, kShownPositions); b++) {
        ImGui::Text("W[%d] =", s.ids[size_t(b)]);
        ImGui::SameLine();
        NumbersText(texts.gather[size_t(b)].c_str());
        RecordItemRect(format("gather:%d", b).c_str());
    }
    if (r.B > kShownPositions) ImGui::TextDisabled(TR(lesson_more_positions), r.B - kShownPositions);
}

// e_i drawn with its single 1 highlighted and every 0 dimmed.
static void ShowOneHotRow(const LessonResult& r, int id) {
    const int shown = std::min(r.V, 16);
    ImGui::Text("e_%d = [", id);
    ImGui::SameLine(0, Px(3));
    NumberRow row;
    const float digit = ImGui::CalcTextSize("0").x, closing = ImGui::CalcTextSize("]").x;
    for (int v = 0; v < shown; v++) {
        row.Next(digit + (v + 1 == shown && r.V == shown ? Px(3) + closing : 0.0f), Px(3));  // "]" stays with the last
        if (v == id) ImGui::TextColored(Color(GoodColor()), "1");
        else ImGui::TextColored(Color(DimColor()), "0");
    }
    if (r.V > shown) {
        ImGui::PushStyleColor(ImGuiCol_Text, DimColor());
        row.Words(id >= shown ? format(TR(lesson_onehot_tail_id), id, r.V - 1).c_str()
                              : format(TR(lesson_onehot_tail), r.V - shown).c_str(), Px(3));
        ImGui::PopStyleColor();
    } else {
        ImGui::SameLine(0, Px(3));
        ImGui::TextUnformatted("]");
    }
}

// The sum one output of the matmul route computes, written out term by term.
static void SumTooltip(const App& app, int b, int c) {
    const AppState& s = app.state;
    const LessonResult& r = app.derived.result;
    const int id = s.ids[size_t(b)];
    std::string sum;
    const int shown = std::min(r.V, 6);
    const std::vector<float>& W = lookup_table(r, app.state);
    for (int v = 0; v < shown; v++) sum += (v ? " + " : "") + std::string(v == id ? "1*" : "0*") + display_float(W[size_t(v) * r.d + c]);
    if (id >= shown) sum += " + ... + 1*" + display_float(W[size_t(id) * r.d + c]);
    if (r.V > shown) sum += format(TR(lesson_sum_more_terms), r.V);
    ImGui::Text(TR(lesson_sum_formula), b, c, id, c);
    TextWrappedUnformatted(sum.data(), sum.data() + sum.size());  // broken between terms
    ImGui::Text(TR(lesson_sum_result), display_float(r.matmul[size_t(b) * r.d + c]).c_str(), r.V - 1, r.V);
}

static void ShowMatmulRoute(const App& app) {
    const AppState& s = app.state;
    const LessonResult& r = app.derived.result;
    ImGui::TextUnformatted(TR(lesson_matmul_title));
    ImGui::TextDisabled(TR(lesson_matmul_cost), r.V);
    if (!r.one_hot_skipped.empty()) return;  // over its work limit (the panel says so above)
    const RouteTexts& texts = ShownRouteTexts(app);
    const int cols = std::min(r.d, kShownColumns);
    for (int b = 0; b < std::min(r.B, kShownPositions); b++) {
        ImGui::PushID(b);
        ShowOneHotRow(r, s.ids[size_t(b)]);
        ImGui::TextUnformatted("  @ W =");
        ImGui::SameLine();
        NumberRow row;
        for (int c = 0; c < cols; c++) {
            const std::string& text = texts.matmul[size_t(b * cols + c)];
            row.Next(ImGui::CalcTextSize(text.c_str()).x);
            const float v = r.matmul[size_t(b) * r.d + c];
            const bool differs = !same_value(v, r.gather[size_t(b) * r.d + c]);
            ImGui::TextColored(Color(differs ? ErrorColor() : ImGui::GetColorU32(ImGuiCol_Text)), "%s", text.c_str());
            RecordItemRect(texts.names[size_t(b * cols + c)].c_str());
            if (BeginWrappedItemTooltip()) {
                SumTooltip(app, b, c);
                EndWrappedTooltip();
            }
        }
        if (r.d > kShownColumns) row.Next(ImGui::CalcTextSize("...").x), ImGui::TextDisabled("...");
        ImGui::PopID();
    }
    if (r.B > kShownPositions) ImGui::TextDisabled(TR(lesson_more_positions), r.B - kShownPositions);
}

static void ShowForwardSummary(const App& app) {
    const LessonResult& r = app.derived.result;
    ImGui::PushTextWrapPos(0.0f);  // a long line wraps on a phone instead of running off the panel
    if (r.one_hot_skipped.empty()) {  // (when it is not, the panel says why above)
        if (r.equal)
            ImGui::TextColored(Color(GoodColor()), TR(lesson_forward_identical), r.B * r.d);
        else
            ImGui::TextColored(Color(ErrorColor()), TR(lesson_forward_differ), int(r.differing_outputs.size()));
        RecordItemRect("badge");
    }
    if (!r.renormed_rows.empty())
        TextWrapped(TR(lesson_forward_renormed), int(r.renormed_rows.size()));
    ImGui::TextDisabled(TR(lesson_forward_onehot_cost), format_count(r.matmul_mult_adds).c_str(), format_count(r.matmul_zero_mult_adds).c_str());
    ImGui::TextDisabled(TR(lesson_forward_gather_cost), format_count(r.gather_copies).c_str());
    ImGui::TextDisabled(TR(lesson_forward_onehot_block), r.B, format_count(r.V).c_str(), format_count(r.onehot_bytes).c_str());
    ImGui::PopTextWrapPos();
}

// The bags, both ways: embedding_bag, and the bag matrix M times W.
static void ShowBags(const App& app) {
    const AppState& s = app.state;
    const BagView& v = app.derived.bag;
    if (s.bag == BagChoice::None) return;
    ImGui::Spacing();
    ImGui::Text(TR(lesson_bag_count), s.bag == BagChoice::Sum ? "sum" : s.bag == BagChoice::Mean ? "mean" : "max", v.bags);
    if (!v.error.empty()) return ErrorText(v.error);
    for (int j = 0; j < std::min(v.bags, kShownPositions); j++) {
        const int begin = s.offsets[size_t(j)], end = j + 1 < v.bags ? s.offsets[size_t(j) + 1] : s.B();
        std::vector<int> bag(s.ids.begin() + begin, s.ids.begin() + end);
        ImGui::Text(TR(lesson_bag_row), j, format_ids(bag).c_str());
        ImGui::SameLine();
        VectorText(&v.gather[size_t(j) * s.d], s.d);
    }
    if (v.matrix.empty()) {  // max has no matrix route; over the one-hot work limit it is not run (said above)
        if (s.bag == BagChoice::Max) TextWrapped("%s", TR(lesson_bag_max_note));
        return;
    }
    TextWrapped("%s", s.bag == BagChoice::Mean ? TR(lesson_bag_matrix_mean) : TR(lesson_bag_matrix_sum));
    if (v.max_difference == 0.0f) {
        ImGui::TextColored(Color(GoodColor()), "%s", TR(lesson_bag_exact));
    } else {
        TextWrappedColored(GoodColor(), TR(lesson_bag_rounding), double(v.max_difference));  // wraps on a phone
    }
    RecordItemRect("bag-check");
}

void ShowForwardPanel(App& app) {
    const LessonResult& r = app.derived.result;
    ImGui::SeparatorText(TR(lesson_forward_title));
    RecordItemRect("forward-panel");  // the panel's width: the tests check its numbers stay inside
    // Not computed (the last good result stays), or only the gather route: the one-hot one over its work limit.
    ErrorText(app.derived.result_error.empty() ? r.one_hot_skipped
                                               : format(TR(lesson_not_computed), app.derived.result_error.c_str()));
    if (r.B == 0) return;
    ShowForwardPicture(app);
    ImGui::Spacing();
    // Side by side when there is room, one above the other on a phone.
    if (ImGui::GetContentRegionAvail().x / app.dpr >= 520 &&
        ImGui::BeginTable("##routes", 2, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_NoSavedSettings)) {
        ImGui::TableNextColumn();
        ShowGatherRoute(app);
        ImGui::TableNextColumn();
        ShowMatmulRoute(app);
        ImGui::EndTable();
    } else {
        ShowGatherRoute(app);
        ImGui::Spacing();
        ShowMatmulRoute(app);
    }
    ImGui::Spacing();
    ShowForwardSummary(app);
    ShowBags(app);
}

//-----------------------------------------------------------------------------
// [SECTION] Backward panel
//-----------------------------------------------------------------------------

// Ready-made upstream gradients G (B,d), by name: canonical, ones, random, mse. One commit; or why
// not (a name not in the list, the MSE fill without a forward result), nothing changed.
std::string FillUpstream(App& app, std::string_view name) {
    AppState& s = app.state;
    if (name == "canonical") {
        for (int b = 0; b < s.B(); b++)
            for (int c = 0; c < s.d; c++) s.upstream[size_t(b) * s.d + c] = default_upstream(c);
    } else if (name == "ones") {
        std::fill(s.upstream.begin(), s.upstream.end(), 1.0f);
    } else if (name == "random") {
        Rng rng(s.seed + 1000u);
        for (float& g : s.upstream) g = float(std::round(rng.normal() * 100.0) / 1000.0);  // 3 decimals
    } else if (name == "mse") {
        if (app.derived.result.gather.size() != s.upstream.size()) return TR(lesson_fill_g_needs_forward);
        // L = mean over b, c of out[b][c]^2, so dL/dout = 2 * out / (B*d).
        const float scale = 2.0f / float(s.B() * s.d);
        for (size_t i = 0; i < s.upstream.size(); i++) s.upstream[i] = scale * app.derived.result.gather[i];
    } else {
        return format(TR(lesson_fill_g_unknown), std::string(name).c_str());
    }
    Commit(app, "upstream fill");
    return "";
}

static void ShowUpstreamFills(App& app) {
    AppState& s = app.state;
    if (is_hidden(s, kHideUpstreamFills)) return;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(TR(lesson_fill_g));
    const char* fill = nullptr;
    ImGui::SameLine();
    static const float canonical[] = {0.01f, -0.02f, 0.03f};  // default_upstream's first three
    if (SmallButton(VectorString(canonical, 3).c_str())) fill = "canonical";
    RecordItemRect("fill-g:canonical");
    SameLineIfFits(50);
    if (SmallButton(TR(lesson_fill_g_ones))) fill = "ones";
    RecordItemRect("fill-g:ones");
    SameLineIfFits(70);
    if (SmallButton(TR(lesson_fill_g_random))) fill = "random";
    RecordItemRect("fill-g:random");
    SameLineIfFits(90);
    if (SmallButton(TR(lesson_fill_g_mse))) fill = "mse";
    RecordItemRect("fill-g:mse");
    HelpMarker(TR(lesson_fill_g_help));
    if (fill) FillUpstream(app, fill);
}

// Row k = g_b + g_b' + ... for ids used more than once (scaled by 1/c_k with scale_grad_by_freq).
static void ShowAccumulation(const App& app) {
    const AppState& s = app.state;
    const LessonResult& r = app.derived.result;
    int lines = 0;
    for (const auto [id, count] : count_ids(s.ids)) {
        if (count < 2 || id == r.padding_row || lines++ >= 6) continue;
        std::vector<int> bs;  // the positions b whose id is `id`
        for (int b = 0; b < r.B; b++)
            if (s.ids[size_t(b)] == id) bs.push_back(b);
        std::string sum;  // notation: (g_0 + g_2) / 2
        if (s.lookup.scale_grad_by_freq) sum += "(";
        for (size_t i = 0; i < bs.size() && i < 8; i++) sum += (i ? " + g_" : "g_") + std::to_string(bs[i]);
        if (bs.size() > 8) sum += " + ...";
        if (s.lookup.scale_grad_by_freq) sum += ") / " + std::to_string(bs.size());
        TextWrapped(TR(lesson_accum_row), id, sum.c_str(), int(bs.size()), int(bs.size()));
    }
    if (r.padding_row >= 0)
        TextWrapped(TR(lesson_padding_no_grad), r.padding_row);
    if (!r.sparse_indices.empty()) {
        std::string indices;
        for (size_t i = 0; i < r.sparse_indices.size() && i < 12; i++) indices += (i ? ", " : "") + std::to_string(r.sparse_indices[i]);
        if (r.sparse_indices.size() > 12) indices += ", ...";
        TextWrapped(TR(lesson_sparse_pairs), int(r.sparse_indices.size()), indices.c_str());
    }
}

static void ShowGradientChecks(const App& app) {
    const LessonResult& r = app.derived.result;
    // The notes wrap in a narrow column, at spaces (ImGui's wrapping split "7,1e-08" after the comma).
    if (r.one_hot_skipped.empty()) {  // (skipped: no line, nothing to compare; the forward panel says why)
        if (r.grads_equal)
            TextWrappedColored(GoodColor(), "%s", TR(lesson_grad_equal));
        else
            TextWrappedColored(ErrorColor(), "%s", TR(lesson_grad_differ));
        RecordItemRect("grad-check");
    }
    const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    if (!r.fd_checked)
        TextWrappedColored(dim, TR(lesson_fd_not_checked), r.fd_note.c_str());
    else if (!r.fd_passed)
        TextWrappedColored(ErrorColor(), TR(lesson_fd_disagree), r.fd_max_abs_error);
    else if (r.fd_shown_is_scaled)  // scale_grad_by_freq: the gradient shown is deliberately not dL/dW
        TextWrappedColored(GoodColor(), TR(lesson_fd_match_unscaled), r.fd_max_abs_error);
    else
        TextWrappedColored(GoodColor(), TR(lesson_fd_agree), r.fd_max_abs_error);
    // "(?)" beside the line, never wrapped into a column of its own
    HelpMarker(TR(lesson_fd_help));
    if (r.fd_checked && r.fd_passed && r.fd_shown_is_scaled)
        TextWrapped(TR(lesson_fd_scaled_note), r.fd_shown_max_abs_difference);
    if (r.fd_checked && r.fd_skipped_row >= 0)
        TextWrappedColored(dim, TR(lesson_fd_skipped_row), r.fd_skipped_row);
    const int untouched = r.V - int(r.touched_rows.size());
    if (untouched == 0)  // no "other 0 rows": there are none
        TextWrappedColored(dim, TR(lesson_touched_all), r.V, r.V);  // (V = 1 too: no "all 1 rows")
    else
        TextWrappedColored(dim, untouched == 1 ? TR(lesson_touched_one_untouched) : TR(lesson_touched_many_untouched),
                           format_count((long long)r.touched_rows.size()).c_str(), format_count(r.V).c_str(), format_count(untouched).c_str());
    RecordItemRect(untouched == 0 ? "touched-rows:all" : "touched-rows");  // which sentence, for the tests
}

// With a bag on, the dW above is the per-position lookup's; the bag's own backward, below it.
static void ShowBagGradient(const App& app) {
    const AppState& s = app.state;
    const BagView& v = app.derived.bag;
    if (s.bag == BagChoice::None || v.grad.empty()) return;
    ImGui::Spacing();
    TextWrapped(TR(lesson_bag_grad_title), v.bags);
    TextWrapped("%s", s.bag == BagChoice::Max ? TR(lesson_bag_grad_max) : TR(lesson_bag_grad_linear));
    GridSpec gw{"dW_bag", TR(lesson_row_id), s.V, s.d, nullptr, v.grad.data(), v.grad_abs_max};
    gw.marked_rows = &v.grad_touched_rows;
    gw.marked_tooltip = TR(lesson_dw_marked_tooltip);
    CellGrid(gw, nullptr, nullptr);
    RecordItemRect("bag-grad");
}

void ShowBackwardPanel(App& app) {
    AppState& s = app.state;
    const LessonResult& r = app.derived.result;
    ImGui::SeparatorText(TR(lesson_backward_title));
    TextWrapped("%s", TR(lesson_backward_intro));
    const bool g_locked = BeginLocked(app, kLockUpstream, false);
    if (g_locked) ImGui::TextDisabled("%s", TR(lesson_read_only_locked));
    GridSpec g{"G", "b", s.B(), s.d, g_locked ? nullptr : s.upstream.data(), s.upstream.data(),
               app.derived.upstream_abs_max};
    g.drag_step = 0.001f;
    if (CellGrid(g, &app.upstream_editor, nullptr)) Commit(app, "upstream cell");
    EndLocked(app, kLockUpstream, false);
    BeginLocked(app, kLockUpstream);
    ShowUpstreamFills(app);
    EndLocked(app, kLockUpstream);
    if (r.B == 0 || r.grad_scatter.empty()) return;
    if (CardsHideGradient(app)) {
        ImGui::Spacing();
        TextWrapped("%s", TR(lesson_dw_covered));
        RecordItemRect("dW-covered");
        return;
    }

    ImGui::Spacing();
    ShowBackwardPicture(app);
    ImGui::Spacing();
    if (s.bag != BagChoice::None) TextWrapped("%s", TR(lesson_bag_grad_note));  // (a caution, not an error: not in red)
    TextWrapped("%s", s.lookup.scale_grad_by_freq ? TR(lesson_dw_formula_freq) : TR(lesson_dw_formula));
    GridSpec gw{"dW", TR(lesson_row_id), r.V, r.d, nullptr, r.grad_scatter.data(), app.derived.grad_abs_max};
    gw.marked_rows = &r.touched_rows;
    gw.marked_tooltip = TR(lesson_dw_marked_tooltip);
    CellGrid(gw, nullptr, nullptr);
    ShowAccumulation(app);
    ShowGradientChecks(app);
    ShowBagGradient(app);
}

}  // namespace el
