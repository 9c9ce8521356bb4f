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
#include <map>
#include <string>
#include <vector>

#include "core/embedding_bag.h"
#include "core/random.h"
#include "panels.h"
#include "picture_ui.h"
#include "state/teach.h"
#include "state/parse.h"
#include "text_input.h"
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
    ImGui::SetNextItemWidth(Px(90));
    ImGui::InputInt("V", &app.text.size.V, 0);
    RecordItemRect("V");
    RegisterTextField(TextFieldKind::Decimal);
    static const std::string v_help = "Number of ids = rows of W (1 to " + format_count(kMaxV) + ").";
    HelpMarker(v_help.c_str());
    SameLineIfFits(110);
    ImGui::SetNextItemWidth(Px(70));
    ImGui::InputInt("d", &app.text.size.d, 0);
    RecordItemRect("d");
    RegisterTextField(TextFieldKind::Decimal);
    static const std::string d_help = "Embedding width = columns of W (1 to " + format_count(kMaxD) +
                                      "). V*d may be at most " + format_count(kMaxTableCells) + " numbers.";
    HelpMarker(d_help.c_str());
    SameLineIfFits(60);
    SizeField& size = app.text.size;
    ImGui::BeginDisabled(size.V == s.V && size.d == s.d);
    if (ImGui::Button("Resize")) EditSize(app, size.V, size.d);
    RecordItemRect("resize");
    ImGui::EndDisabled();
    EndLocked(app, kLockSize);
    ErrorText(size.error);
}

// The generator of W: a fill and its seed.
static void ShowTableFill(App& app) {
    AppState& s = app.state;
    if (is_hidden(s, kHideFill)) return;
    BeginLocked(app, kLockTable);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Fill:");
    for (TableInit init : {TableInit::Example, TableInit::Normal, TableInit::Uniform, TableInit::Zeros}) {
        SameLineIfFits(70);
        if (ImGui::Button(table_init_name(init))) {
            s.init = init;
            regenerate_table(s);
            Commit(app, "table fill");
        }
        RecordItemRect((std::string("fill:") + table_init_name(init)).c_str());
    }
    SameLineIfFits(140);
    int seed = int(s.seed);
    ImGui::SetNextItemWidth(Px(80));
    if (ImGui::InputInt("seed", &seed, 0)) s.seed = uint32_t(std::max(0, seed)), Commit(app, "seed");
    RegisterTextField(TextFieldKind::Decimal);
    HelpMarker("Normal N(0,1) and uniform U(-1,1) fills are drawn from this seed: the same seed gives the same "
               "table. The example fill is 0.1, 0.2, 0.3, ... row by row.");
    EndLocked(app, kLockTable);
}

// PyTorch's nn.Embedding options, applied by both routes.
static void ShowLookupOptions(App& app) {
    EmbeddingOptions& o = app.state.lookup;
    if (is_hidden(app.state, kHideOptions)) return;
    SectionOpenOverride();
    if (!ImGui::TreeNode("Lookup options (PyTorch)")) return;
    BeginLocked(app, kLockOptions);
    bool changed = false;
    bool has_padding = o.padding_idx.has_value();
    if (ImGui::Checkbox("padding_idx", &has_padding)) o.padding_idx = has_padding ? std::optional<int>(0) : std::nullopt, changed = true;
    if (o.padding_idx) {
        ImGui::SameLine();
        int p = *o.padding_idx;
        ImGui::SetNextItemWidth(Px(80));
        if (ImGui::InputInt("##pad", &p, 0)) o.padding_idx = std::clamp(p, -app.state.V, app.state.V - 1), changed = true;
        RecordItemRect("option:pad");
        RegisterTextField(TextFieldKind::Decimal);
    }
    HelpMarker("Row p is looked up as usual but never receives gradient. A negative p means p + V.");
    bool has_max_norm = o.max_norm.has_value();
    if (ImGui::Checkbox("max_norm", &has_max_norm)) o.max_norm = has_max_norm ? std::optional<float>(1.0f) : std::nullopt, changed = true;
    if (o.max_norm) {
        ImGui::SameLine();
        float m = *o.max_norm;
        ImGui::SetNextItemWidth(Px(80));
        if (InputDecimal("##maxnorm", &m, "%g") && m > 0) o.max_norm = m, changed = true;
        RecordItemRect("option:maxnorm");
        RegisterTextField(TextFieldKind::Decimal);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(Px(60));
        if (InputDecimal("norm_type", &o.norm_type, "%g")) o.norm_type = std::max(0.1f, o.norm_type), changed = true;
        RecordItemRect("option:normtype");
        RegisterTextField(TextFieldKind::Decimal);
    }
    HelpMarker("Before the lookup, each looked-up row whose norm exceeds max_norm is rescaled in place to "
               "max_norm / (norm + 1e-7) times itself: the forward pass changes W.");
    changed |= ImGui::Checkbox("scale_grad_by_freq", &o.scale_grad_by_freq);
    HelpMarker("Row k's gradient terms are divided by c_k, how often id k occurs in the batch.");
    ImGui::SameLine();
    changed |= ImGui::Checkbox("sparse", &o.sparse);
    HelpMarker("The gradient comes as (index, row) pairs, one per occurrence, instead of a dense V x d matrix. "
               "Not allowed together with scale_grad_by_freq.");
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
    ImGui::SetItemTooltip("All %d rows, downsampled (rows left to right). Click to scroll the table there.", s.V);
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
    ImGui::SeparatorText("Table W  (V rows x d columns)");
    ImGui::TextWrapped("One learned row per id, V*d = %lld parameters. Click a cell to type a value or drag it "
                       "up and down; click a row's label to look that id up.",
                       (long long)s.V * s.d);
    ShowTableSize(app);
    ShowTableFill(app);
    ShowLookupOptions(app);
    int add_id = -1;
    // Locked: drawn read-only (no editor, no drag), its cells' tooltips kept; a click says why.
    const bool table_locked = BeginLocked(app, kLockTable, false);
    if (table_locked) ImGui::TextDisabled("(read-only: locked by the teacher)");
    GridSpec g{"W", "id", s.V, s.d, table_locked ? nullptr : s.W.data(), s.W.data(), app.derived.table_abs_max};
    g.row_buttons = check_unlocked(s, kLockIds).ok();
    g.scroll_to_row = &g_table_scroll_row;
    std::vector<int> looked_up = s.ids;  // the rows the batch looks up, marked
    std::sort(looked_up.begin(), looked_up.end());
    looked_up.erase(std::unique(looked_up.begin(), looked_up.end()), looked_up.end());
    g.marked_rows = &looked_up;
    g.marked_tooltip = "row %d is looked up by the batch";
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
        ErrorText(std::to_string(app.derived.table_nonfinite) + (app.derived.table_nonfinite == 1 ? " cell" : " cells") +
                  " of W not finite (inf or nan): the one-hot route multiplies every cell by e_i, and 0 x inf = nan "
                  "(for the id whose row holds it, 1 x inf = inf).");
}

//-----------------------------------------------------------------------------
// [SECTION] Ids panel
//-----------------------------------------------------------------------------

// Each distinct id with its count; clicking a chip removes one use of it.
static void ShowIdChips(App& app) {
    const AppState& s = app.state;
    std::map<int, int> counts;
    for (int id : s.ids) counts[id]++;
    int shown = 0;
    for (auto [id, n] : counts) {
        if (shown++ >= 24) {
            ImGui::TextDisabled("... and %d more distinct ids", int(counts.size()) - 24);
            break;
        }
        if (shown > 1) SameLineIfFits(80);
        char label[32];
        if (n > 1) std::snprintf(label, sizeof label, "id %d x%d", id, n);
        else std::snprintf(label, sizeof label, "id %d", id);
        const bool lit = id == HighlightedId(app);
        if (lit) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetColorU32(ImGuiCol_NavHighlight));
        const bool clicked = ImGui::SmallButton(label);
        if (lit) ImGui::PopStyleColor();
        if (clicked && s.B() > 1) {
            std::vector<int> ids = s.ids;
            ids.erase(std::find(ids.begin(), ids.end(), id));
            SetIds(app, ids);
            return;
        }
        if (ImGui::IsItemHovered() || ImGui::IsItemFocused()) NoteHoveredId(app, id);
        RecordItemRect((std::string("chip:") + std::to_string(id)).c_str());
        ImGui::SetItemTooltip(s.B() > 1 ? "used %d time(s); click to remove one" : "used %d time(s)", n);
    }
    ImGui::TextDisabled("B = %d ids, %d distinct", s.B(), int(counts.size()));
}

// A random batch of B ids, uniform or Zipf (a few frequent ids, a long tail).
static void ShowRandomBatch(App& app) {
    if (is_hidden(app.state, kHideRandom)) return;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Random batch:");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(Px(60));
    ImGui::InputInt("B", &g_random.B, 0);
    RecordItemRect("random:B");
    RegisterTextField(TextFieldKind::Decimal);
    g_random.B = std::clamp(g_random.B, 1, kMaxB);
    SameLineIfFits(150);
    ImGui::SetNextItemWidth(Px(70));
    InputDecimal("Zipf s", &g_random.zipf, "%.2f");
    RecordItemRect("random:zipf");
    RegisterTextField(TextFieldKind::Decimal);
    g_random.zipf = std::clamp(g_random.zipf, 0.0f, kMaxRandomZipf);
    HelpMarker("s = 0 draws every id equally often; s = 1.1 draws id k with probability proportional to "
               "(k+1)^-s, as words in text: a few ids very often, most rarely.");
    SameLineIfFits(110);
    ImGui::SetNextItemWidth(Px(60));
    ImGui::InputInt("seed##batch", &g_random.seed, 0);
    RecordItemRect("random:seed");
    RegisterTextField(TextFieldKind::Decimal);
    SameLineIfFits(60);
    if (ImGui::Button("Draw")) {
        Rng rng(uint64_t(g_random.seed));
        const ZipfSampler zipf(app.state.V, double(g_random.zipf));
        std::vector<int> ids(size_t(g_random.B));
        for (int& id : ids) id = zipf.sample(rng);
        SetIds(app, ids);
    }
    RecordItemRect("draw-batch");
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
    if (ImGui::Combo("##bag", &mode, kBagNames, int(BagChoice::Max) + 1)) s.bag = BagChoice(mode), Commit(app, "bag mode");
    RecordItemRect("bag-mode");
    HelpMarker("nn.EmbeddingBag looks the ids up and reduces each bag to one row by sum, mean or elementwise max, "
               "without storing the B x d lookups. Bag j holds the ids from offsets[j] to the next offset.");
    if (s.bag == BagChoice::None) return;
    SameLineIfFits(160);
    ImGui::SetNextItemWidth(Px(110));
    TextField<256>& field = app.text.offsets;
    if (ImGui::InputText("offsets", field.text, sizeof field.text)) {
        std::vector<int> offsets;
        Status st = parse_ids(field.text, s.B() + 1, offsets);
        if (st.ok()) st = check_offsets(offsets, s.B(), false);
        field.error = st.ok() ? "" : "offsets: " + st.error + " (still using " + format_ids(s.offsets) + ")";
        if (st.ok()) s.offsets = offsets, Commit(app, "bag offsets");
    }
    RecordItemRect("offsets");
    RegisterTextField(TextFieldKind::Text);
    ErrorText(field.error);
}

void ShowIdsPanel(App& app) {
    ImGui::SeparatorText("Ids  (the batch, B ids)");
    BeginLocked(app, kLockIds);
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x - Px(30), Px(320)));
    TextField<4096>& field = app.text.ids;
    if (ImGui::InputText("##ids", field.text, sizeof field.text)) EditIds(app, field.text);
    RecordItemRect("ids");
    RegisterTextField(TextFieldKind::Text);
    HelpMarker("Ids separated by commas or spaces; an id may repeat. Each must be in 0..V-1.");
    ErrorText(field.error);
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
// that reads back as the same float (up to 9 rounds of printf and strtof, in software long double
// under WebAssembly): redone every frame for the ~300 numbers shown, it was most of the UI's time
// at a large shape (profiled: 100,000 x 16, B = 256).
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
    const int rows = std::min(r.B, kShownPositions), cols = std::min(r.d, kShownColumns);
    t.gather.assign(size_t(rows), std::string());
    t.matmul.assign(size_t(rows) * size_t(cols), std::string());
    t.names.assign(size_t(rows) * size_t(cols), std::string());
    for (int b = 0; b < rows; b++) {
        t.gather[size_t(b)] = VectorString(&r.gather[size_t(b) * r.d], r.d);
        for (int c = 0; c < cols; c++) {
            t.matmul[size_t(b * cols + c)] = format_float(r.matmul[size_t(b) * r.d + c]);
            t.names[size_t(b * cols + c)] = "matmul:" + std::to_string(b) + ":" + std::to_string(c);
        }
    }
    return t;
}

static void ShowGatherRoute(const App& app) {
    const AppState& s = app.state;
    const LessonResult& r = app.derived.result;
    ImGui::TextUnformatted("Gather: out[b] = W[ids[b]]");
    ImGui::TextDisabled("copies d = %d numbers per id", r.d);
    const RouteTexts& texts = ShownRouteTexts(app);
    for (int b = 0; b < std::min(r.B, kShownPositions); b++) {
        ImGui::Text("W[%d] =", s.ids[size_t(b)]);
        ImGui::SameLine();
        ImGui::TextUnformatted(texts.gather[size_t(b)].c_str());
    }
    if (r.B > kShownPositions) ImGui::TextDisabled("... %d more positions", r.B - kShownPositions);
}

// e_i drawn with its single 1 highlighted and every 0 dimmed.
static void ShowOneHotRow(const LessonResult& r, int id) {
    const int shown = std::min(r.V, 16);
    ImGui::Text("e_%d = [", id);
    for (int v = 0; v < shown; v++) {
        ImGui::SameLine(0, Px(3));
        if (v == id) ImGui::TextColored(Color(GoodColor()), "1");
        else ImGui::TextColored(Color(DimColor()), "0");
    }
    ImGui::SameLine(0, Px(3));
    if (r.V > shown) {
        if (id >= shown) ImGui::TextDisabled("... 1 at %d, %d zeros in all]", id, r.V - 1);
        else ImGui::TextDisabled("... %d more zeros]", r.V - shown);
    } else {
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
    for (int v = 0; v < shown; v++) sum += (v ? " + " : "") + std::string(v == id ? "1*" : "0*") + format_float(r.table[size_t(v) * r.d + c]);
    if (id >= shown) sum += " + ... + 1*" + format_float(r.table[size_t(id) * r.d + c]);
    if (r.V > shown) sum += " + ... (" + std::to_string(r.V) + " terms)";
    ImGui::Text("out[%d][%d] = sum over r of e_%d[r] * W[r][%d]", b, c, id, c);
    ImGui::TextUnformatted(sum.c_str());
    ImGui::Text("= %s  (%d of the %d terms are 0 * something)", format_float(r.matmul[size_t(b) * r.d + c]).c_str(),
                r.V - 1, r.V);
}

static void ShowMatmulRoute(const App& app) {
    const AppState& s = app.state;
    const LessonResult& r = app.derived.result;
    ImGui::TextUnformatted("One-hot matmul: out = onehot(ids) @ W");
    ImGui::TextDisabled("%d multiply-adds per output number", r.V);
    const RouteTexts& texts = ShownRouteTexts(app);
    const int cols = std::min(r.d, kShownColumns);
    for (int b = 0; b < std::min(r.B, kShownPositions); b++) {
        ImGui::PushID(b);
        ShowOneHotRow(r, s.ids[size_t(b)]);
        ImGui::TextUnformatted("  @ W =");
        for (int c = 0; c < cols; c++) {
            ImGui::SameLine();
            const float v = r.matmul[size_t(b) * r.d + c];
            const bool differs = !same_value(v, r.gather[size_t(b) * r.d + c]);
            ImGui::TextColored(Color(differs ? ErrorColor() : ImGui::GetColorU32(ImGuiCol_Text)), "%s",
                               texts.matmul[size_t(b * cols + c)].c_str());
            RecordItemRect(texts.names[size_t(b * cols + c)].c_str());
            if (ImGui::BeginItemTooltip()) {
                SumTooltip(app, b, c);
                ImGui::EndTooltip();
            }
        }
        if (r.d > kShownColumns) ImGui::SameLine(), ImGui::TextDisabled("...");
        ImGui::PopID();
    }
    if (r.B > kShownPositions) ImGui::TextDisabled("... %d more positions", r.B - kShownPositions);
}

static void ShowForwardSummary(const App& app) {
    const LessonResult& r = app.derived.result;
    if (r.equal)
        ImGui::TextColored(Color(GoodColor()), "identical: all %d outputs agree exactly", r.B * r.d);
    else
        ImGui::TextColored(Color(ErrorColor()), "differ in %d outputs (non-finite table)", int(r.differing_outputs.size()));
    RecordItemRect("badge");
    if (!r.renormed_rows.empty())
        ImGui::TextWrapped("max_norm rescaled %d looked-up row(s) of W in place before the lookup.",
                           int(r.renormed_rows.size()));
    ImGui::TextDisabled("one-hot route: %lld multiply-adds, %lld of them against zero", (long long)r.matmul_mult_adds,
                        (long long)r.matmul_zero_mult_adds);
    ImGui::TextDisabled("gather route: %lld numbers copied, no multiplications", (long long)r.gather_copies);
    ImGui::TextDisabled("one-hot block: %d x %d floats = %lld bytes", r.B, r.V, (long long)r.onehot_bytes);
}

// The bags, both ways: embedding_bag, and the bag matrix M times W.
static void ShowBags(const App& app) {
    const AppState& s = app.state;
    const BagView& v = app.derived.bag;
    if (s.bag == BagChoice::None) return;
    ImGui::Spacing();
    ImGui::Text("EmbeddingBag (%s): %d bags", s.bag == BagChoice::Sum ? "sum" : s.bag == BagChoice::Mean ? "mean" : "max",
                v.bags);
    if (!v.error.empty()) return ErrorText(v.error);
    for (int j = 0; j < std::min(v.bags, kShownPositions); j++) {
        const int begin = s.offsets[size_t(j)], end = j + 1 < v.bags ? s.offsets[size_t(j) + 1] : s.B();
        std::vector<int> bag(s.ids.begin() + begin, s.ids.begin() + end);
        ImGui::Text("bag %d = ids [%s] ->", j, format_ids(bag).c_str());
        ImGui::SameLine();
        VectorText(&v.gather[size_t(j) * s.d], s.d);
    }
    if (v.matrix.empty()) {
        ImGui::TextWrapped("max is not linear, so it has no matmul route: each output is the largest of the bag's values.");
        return;
    }
    ImGui::TextWrapped("The same as the bag matrix M @ W, where row j of M holds %s: a multi-hot row instead of a "
                       "one-hot one.", s.bag == BagChoice::Mean ? "c/n_j at each of bag j's ids (c: how often the id occurs in the bag; n_j: the "
                                                    "bag's ids other than padding)"
                                                  : "how often each id is in bag j");
    if (v.max_difference == 0.0f)
        ImGui::TextColored(Color(GoodColor()), "M @ W gives the same numbers exactly");
    else
        ImGui::TextColored(Color(GoodColor()), "M @ W agrees up to float rounding: max |difference| %.2g",
                           double(v.max_difference));
    RecordItemRect("bag-check");
}

void ShowForwardPanel(App& app) {
    const LessonResult& r = app.derived.result;
    ImGui::SeparatorText("Forward: two routes, one function");
    if (!app.derived.result_error.empty()) ErrorText("Not computed: " + app.derived.result_error);
    if (r.B == 0) return;
    ShowForwardPicture(app);
    ImGui::Spacing();
    // Side by side when there is room, one above the other on a phone.
    if (ImGui::GetContentRegionAvail().x / app.dpr >= 520 &&
        ImGui::BeginTable("##routes", 2, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
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
        if (app.derived.result.gather.size() != s.upstream.size()) return "Fill G: MSE to 0 needs the forward result";
        // L = mean over b, c of out[b][c]^2, so dL/dout = 2 * out / (B*d).
        const float scale = 2.0f / float(s.B() * s.d);
        for (size_t i = 0; i < s.upstream.size(); i++) s.upstream[i] = scale * app.derived.result.gather[i];
    } else {
        return "Fill G: '" + std::string(name) + "' is not one of canonical, ones, random, mse";
    }
    Commit(app, "upstream fill");
    return "";
}

static void ShowUpstreamFills(App& app) {
    AppState& s = app.state;
    if (is_hidden(s, kHideUpstreamFills)) return;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Fill G:");
    const char* fill = nullptr;
    ImGui::SameLine();
    if (ImGui::SmallButton("[0.01, -0.02, 0.03]")) fill = "canonical";
    RecordItemRect("fill-g:canonical");
    SameLineIfFits(50);
    if (ImGui::SmallButton("ones")) fill = "ones";
    RecordItemRect("fill-g:ones");
    SameLineIfFits(70);
    if (ImGui::SmallButton("random")) fill = "random";
    RecordItemRect("fill-g:random");
    SameLineIfFits(90);
    if (ImGui::SmallButton("MSE to 0")) fill = "mse";
    RecordItemRect("fill-g:mse");
    HelpMarker("MSE to 0: the gradient of L = mean(out^2), which pulls every looked-up row towards 0: "
               "g_b = 2 * out[b] / (B*d).");
    if (fill) FillUpstream(app, fill);
}

// Row k = g_b + g_b' + ... for ids used more than once (scaled by 1/c_k with scale_grad_by_freq).
static void ShowAccumulation(const App& app) {
    const AppState& s = app.state;
    const LessonResult& r = app.derived.result;
    std::map<int, std::vector<int>> uses;
    for (int b = 0; b < r.B; b++) uses[s.ids[size_t(b)]].push_back(b);
    int lines = 0;
    for (const auto& [id, bs] : uses) {
        if (bs.size() < 2 || id == r.padding_row || lines++ >= 6) continue;
        std::string text = "row " + std::to_string(id) + " = ";
        if (s.lookup.scale_grad_by_freq) text += "(";
        for (size_t i = 0; i < bs.size() && i < 8; i++) text += (i ? " + g_" : "g_") + std::to_string(bs[i]);
        if (bs.size() > 8) text += " + ...";
        if (s.lookup.scale_grad_by_freq) text += ") / " + std::to_string(bs.size());
        text += "   (" + std::to_string(bs.size()) + " uses, " + std::to_string(bs.size()) + " terms added)";
        ImGui::TextUnformatted(text.c_str());
    }
    if (r.padding_row >= 0)
        ImGui::TextWrapped("padding_idx = %d: that row is looked up, but gets no gradient.", r.padding_row);
    if (!r.sparse_indices.empty()) {
        std::string pairs = "sparse gradient: " + std::to_string(r.sparse_indices.size()) + " (index, row) pairs, indices ";
        for (size_t i = 0; i < r.sparse_indices.size() && i < 12; i++) pairs += (i ? ", " : "") + std::to_string(r.sparse_indices[i]);
        if (r.sparse_indices.size() > 12) pairs += ", ...";
        ImGui::TextWrapped("%s (summed into the dense view below)", pairs.c_str());
    }
}

static void ShowGradientChecks(const App& app) {
    const LessonResult& r = app.derived.result;
    if (r.grads_equal)
        ImGui::TextColored(Color(GoodColor()), "scatter-add == one-hot route (onehot^T @ G): exactly equal");
    else
        ImGui::TextColored(Color(ErrorColor()), "scatter-add and one-hot route differ (inf or nan in G)");
    RecordItemRect("grad-check");
    if (!r.fd_checked)
        ImGui::TextDisabled("finite differences: %s", r.fd_note.c_str());
    else if (!r.fd_passed)
        ImGui::TextColored(Color(ErrorColor()), "finite differences disagree with the backward pass: max |diff| %.2g",
                           r.fd_max_abs_error);
    else if (r.fd_shown_is_scaled)  // scale_grad_by_freq: the gradient shown is deliberately not dL/dW
        ImGui::TextColored(Color(GoodColor()), "finite differences match unscaled dL/dW: max |diff| %.2g",
                           r.fd_max_abs_error);
    else
        ImGui::TextColored(Color(GoodColor()), "finite differences agree: max |difference| %.2g", r.fd_max_abs_error);
    HelpMarker("Finite differences nudge each number of W by +-h and watch L = sum(out * G) change, in double: "
               "an independent check of dL/dW. float32 rounding of L leaves a small difference. They are compared "
               "with the backward pass without scale_grad_by_freq, which is what dL/dW is.");
    ImGui::PushTextWrapPos(0.0f);  // the notes wrap in a narrow column instead of running off it
    if (r.fd_checked && r.fd_passed && r.fd_shown_is_scaled)
        ImGui::TextWrapped("The gradient shown is not dL/dW: scale_grad_by_freq divides row k's terms by c_k on purpose, "
                           "so rows used more than once differ from finite differences (max |difference| %.2g).",
                           r.fd_shown_max_abs_difference);
    if (r.fd_checked && r.fd_skipped_row >= 0)
        ImGui::TextDisabled("row %d (padding_idx) is left out of the check: nudging it changes L, but the op gives it "
                            "no gradient by design", r.fd_skipped_row);
    const int untouched = r.V - int(r.touched_rows.size());
    ImGui::TextDisabled("%d of %d rows touched; the other %d %s gradient exactly 0", int(r.touched_rows.size()), r.V,
                        untouched, untouched == 1 ? "row has" : "rows have");
    ImGui::PopTextWrapPos();
}

void ShowBackwardPanel(App& app) {
    AppState& s = app.state;
    const LessonResult& r = app.derived.result;
    ImGui::SeparatorText("Backward: dL/dW");
    ImGui::TextWrapped("Upstream gradient G (B x d): g_b = dL/dout[b], what the layers above send back.");
    const bool g_locked = BeginLocked(app, kLockUpstream, false);
    if (g_locked) ImGui::TextDisabled("(read-only: locked by the teacher)");
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
        ImGui::TextWrapped("dW is covered until you answer the question card about it (or press Show answer): "
                           "predict it first.");
        RecordItemRect("dW-covered");
        return;
    }

    ImGui::Spacing();
    ShowBackwardPicture(app);
    ImGui::Spacing();
    ImGui::TextWrapped("dW = onehot^T @ G: row k sums g_b over the positions b whose id is k; every other row is "
                       "exactly zero.");
    GridSpec gw{"dW", "id", r.V, r.d, nullptr, r.grad_scatter.data(), app.derived.grad_abs_max};
    gw.marked_rows = &r.touched_rows;
    CellGrid(gw, nullptr, nullptr);
    ShowAccumulation(app);
    ShowGradientChecks(app);
}

}  // namespace el
