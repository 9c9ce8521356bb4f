// The picture: the one-hot product drawn as matrices in ImGui's draw list, the gather beside
// it, the backward product, linked highlighting and the walk down one column of W.
//
// (The highlight's and the walk's state: picture_ui.cpp.)
//
// [SECTION] One product drawn: left @ mid = right
// [SECTION] Forward picture
// [SECTION] Backward picture

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <span>
#include <utility>
#include <vector>

#include "i18n/i18n.h"
#include "picture_ui.h"
#include "state/parse.h"
#include "text_input.h"
#include "themes.h"
#include "main.h"
#include "widgets.h"

namespace el {

constexpr int kFullCells = 32;        // up to this many rows (or columns) every cell is drawn
constexpr int kCompressedCells = 48;  // beyond that an axis is drawn in this many cells
constexpr int kFaintBands = 256;      // bands drawn for ids other than the highlighted one
constexpr float kOpWidth = 22;        // CSS px between blocks, for "@", "=" or "->"

//-----------------------------------------------------------------------------
// [SECTION] One product drawn: left @ mid = right
//-----------------------------------------------------------------------------

// left (R,K) @ mid (K,d) = right (R,d), where left is one-hot: each link (i, k) is a lit
// cell, and mid's row k goes to right's row i. Forward: (b, ids[b]); backward: (ids[b], b).
// The id a grid's row stands for: a row of W or dW is its own id; a position b stands for ids[b].
struct RowIds {
    const std::vector<int>* ids = nullptr;  // the batch's ids for positions; null for rows of the table
    int operator()(int row) const { return ids ? (*ids)[size_t(row)] : row; }
};

struct Product {
    const char* key;                        // "fwd", "gather", "bwd": ImGui ids
    const char* left_name, *mid_name, *right_name;  // headers
    const char* left_rect, *mid_rect, *right_rect;  // widgetRect names (or null)
    const char* left_letter, *mid_letter, *right_letter;  // row labels: "b" or "id"
    int R = 0, K = 0, d = 0;
    const float* mid = nullptr;
    float mid_scale = 1;
    const float* right = nullptr;
    float right_scale = 1;
    std::vector<std::pair<int, int>> links;
    RowIds left_id, mid_id, right_id;
    const std::vector<int>* right_rows_filled = nullptr;  // backward: rows of dW that are not all zeros
    bool chips = false;           // the left is the ids as chips (the gather), not a one-hot block
    bool transposed_left = false; // backward: onehot^T, a lit cell's column is the position
    bool walk = false;            // draw the walk (forward, matmul route)
    bool log_scale = false;       // mid and right coloured on log_scale_fraction (G and dW), not linearly
    // The most room a number may take in a cell (the gather: the room the one-hot route's numbers had, so
    // that out and W[ids] read alike; a tablet showed -0.8 beside -0.796, as if the routes differed).
    float number_room = FLT_MAX;
};

// Geometry of one drawn grid: a rows x cols block, each axis maybe compressed.
// A strip (a compressed row) shows its linked rows (looked up, or receiving gradient), not its first row:
// up to kSplitMax of them as that many sub-rows, top to bottom, each its own row's colours; the pointer
// over a sub-row means its row, and its band ends there. (A strip holding ids 0 and 7 was painted
// with W[7], labelled "0", and hovering it lit id 0.)
constexpr int kSplitMax = 3;
struct GridGeom {
    AxisBins rows, cols;
    ImVec2 p;      // top-left
    float cw, rh;  // cell width, row height
    std::vector<int> linked;  // rows that carry a link, ascending
    GridGeom(int R, int C, float full_w, float comp_w, float full_h, float comp_h)
        : rows(R, R <= kFullCells ? R : kCompressedCells), cols(C, C <= kFullCells ? C : kCompressedCells) {
        cw = cols.compressed() ? comp_w : full_w;
        rh = rows.compressed() ? comp_h : full_h;
    }
    float width() const { return cw * float(cols.cells); }
    float height() const { return rh * float(rows.cells); }
    float col_x(int index) const { return p.x + cw * (float(cols.cell_of(index)) + 0.5f); }
    ImVec2 cell_min(int rc, int cc) const { return ImVec2(p.x + cw * float(cc), p.y + rh * float(rc)); }
    ImVec2 cell_max(int rc, int cc) const { return ImVec2(p.x + cw * float(cc + 1), p.y + rh * float(rc + 1)); }
    // The linked rows in row cell rc, ascending.
    std::span<const int> linked_in(int rc) const {
        const auto a = std::lower_bound(linked.begin(), linked.end(), rows.first(rc));
        const auto b = std::lower_bound(a, linked.end(), rows.first(rc + 1));
        return {linked.data() + (a - linked.begin()), size_t(b - a)};
    }
    // Sub-rows of cell rc: one per linked row, up to kSplitMax; else 1.
    int parts(int rc) const {
        const int n = int(linked_in(rc).size());
        return n <= kSplitMax ? std::max(n, 1) : 1;
    }
    // Where in its cell a row sits: (index among the cell's linked rows, how many), or (0, 1).
    std::pair<int, int> place(int row) const {
        const auto in = linked_in(rows.cell_of(row));
        const auto it = std::lower_bound(in.begin(), in.end(), row);
        if (it == in.end() || *it != row) return {0, 1};
        return {int(it - in.begin()), int(in.size())};
    }
    // The y a band of `row` ends at: its own place in the strip.
    float row_y(int row) const {
        const auto [j, n] = place(row);
        return p.y + rh * (float(rows.cell_of(row)) + (float(j) + 0.5f) / float(n));
    }
    // Top and bottom of what shows `row`: its sub-row, or the whole cell.
    std::pair<float, float> row_span(int row) const {
        const int rc = rows.cell_of(row), n = parts(rc);
        const int j = n > 1 ? place(row).first : 0;
        return {p.y + rh * (float(rc) + float(j) / float(n)), p.y + rh * (float(rc) + float(j + 1) / float(n))};
    }
    // The row and column under a point (clamped): in a strip, the linked row at that height.
    int row_at(float y) const {
        const float f = std::clamp((y - p.y) / rh, 0.0f, float(rows.cells) - 0.001f);
        const int rc = int(f);
        const auto in = linked_in(rc);
        if (in.empty()) return rows.first(rc);
        return in[size_t(std::min(int((f - float(rc)) * float(in.size())), int(in.size()) - 1))];
    }
    int col_at(float x) const { return cols.first(std::clamp(int((x - p.x) / cw), 0, cols.cells - 1)); }
};

static void RecordGridRect(const char* name, const GridGeom& g) {
    if (name) RecordRect(name, g.p, ImVec2(g.p.x + g.width(), g.p.y + g.height()));
}

static ImU32 WithAlpha(ImU32 c, int alpha) { return (c & ~IM_COL32_A_MASK) | (ImU32(alpha) << IM_COL32_A_SHIFT); }
// The picture's colours in the page's theme (themes.cpp), taken once per product drawn.
static PictureColors g_colors;
static ImU32 AccentColor() { return g_colors.highlight; }
// An outline over heat-coloured cells: a halo of the window's colour under it, so the line keeps
// its contrast whatever colour the cells beside it have.
static void HaloRect(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float th) {
    dl->AddRect(a, b, g_colors.halo, 0, 0, th + Px(2));
    dl->AddRect(a, b, color, 0, 0, th);
}

// The row a strip of more than kSplitMax linked rows shows (its colours): the highlighted id's when it
// holds it, else its first linked row; a cell without one shows its first row.
static int ShownRow(const GridGeom& g, int rc, RowIds row_id, int hl) {
    const auto in = g.linked_in(rc);
    for (int row : in)
        if (row_id(row) == hl) return row;
    return in.empty() ? g.rows.first(rc) : in.front();
}

// A value grid (mid or right). A row not in `filled_rows` (sorted; null: every row is) is drawn as
// exact zeros: outlined, empty. Returns the room its numbers had (FLT_MAX: it has none).
static float DrawValues(ImDrawList* dl, const GridGeom& g, const float* m, int d, float scale, bool log_scale,
                        RowIds row_id, int hl, const std::vector<int>* filled_rows, float max_room) {
    const auto filled = [&](int row) { return !filled_rows || std::binary_search(filled_rows->begin(), filled_rows->end(), row); };
    const ImU32 line = g_colors.empty_line;
    const auto value = [&](int row, int cc) { return m[size_t(row) * size_t(d) + size_t(g.cols.first(cc))]; };
    // A cell's number: the page's short format (4 significant digits); in a narrow cell fewer (exact on
    // hover); "" when even that does not fit. 3 px on each side, 2 at three quarters of the font (a
    // space's width there): with 1, neighbours read as one expression ("-0.9607-0.4713").
    const float room = std::min(g.cw - Px(6), max_room);
    // Numbers in every cell or in none: a blank among numbered cells reads as a missing value
    // (a narrow grid showed 0.01 and 0.03 and nothing for the -0.02 between them). At the font's size,
    // else at three quarters of it: a phone's 3 x 3 and a tour's 5 x 4 at 1440 px were blocks of colour.
    const bool grid = !g.rows.compressed() && !g.cols.compressed();  // one cell per row and column
    float shrink = 1.0f;
    const auto fitted = [&](float v) { return FittedNumber(v, (room + (shrink < 1.0f ? Px(2) : 0.0f)) / shrink); };
    const auto numbered = [&] {
        for (int row = 0; row < g.rows.cells; row++)
            for (int cc = 0; cc < g.cols.cells; cc++)
                if (const float v = value(row, cc); (filled(row) || v != 0.0f) && fitted(v).empty()) return false;
        return true;
    };
    const bool text = grid && (numbered() || (shrink = 0.75f, numbered()));
    const float text_size = ImGui::GetFontSize() * shrink;
    const auto centred = [&](ImVec2 a, ImU32 color, const char* s) {
        const ImVec2 ts = ImGui::CalcTextSize(s);
        dl->AddText(ImGui::GetFont(), text_size, ImVec2(a.x + (g.cw - ts.x * shrink) * 0.5f, a.y + (g.rh - ts.y * shrink) * 0.5f), color, s);
    };
    for (int rc = 0; rc < g.rows.cells; rc++) {
        const int n = g.parts(rc);
        for (int j = 0; j < n; j++) {
            const int row = n > 1 ? g.linked_in(rc)[size_t(j)] : ShownRow(g, rc, row_id, hl);
            const auto [y0, y1] = g.row_span(row);
            const bool full = filled(row);
            for (int cc = 0; cc < g.cols.cells; cc++) {
                const float v = value(row, cc);
                const ImVec2 a(g.cell_min(rc, cc).x, y0), b(g.cell_max(rc, cc).x, y1);
                if (full) dl->AddRectFilled(a, b, log_scale ? HeatColor(log_scale_fraction(v, scale), 1.0f) : HeatColor(v, scale));
                else if (grid) dl->AddRect(a, b, line);
                if (text && (full || v != 0.0f))
                    centred(a, full ? ImGui::GetColorU32(ImGuiCol_Text) : DimColor(), fitted(v).c_str());
                else if (text && !full && g.cw >= Px(12))
                    centred(a, DimColor(), "0");
            }
            if (!full && g.rows.compressed())  // an empty strip row: a hairline so it reads as "nothing here"
                dl->AddLine(ImVec2(g.p.x, (y0 + y1) * 0.5f), ImVec2(g.p.x + g.width(), (y0 + y1) * 0.5f), line);
        }
    }
    return text ? room : FLT_MAX;
}

// The one-hot block: pale zeros and one lit 1 per link (a tick when compressed), or the chips.
// The one-hot block writes its zeros: cell for cell, wide enough for a "0" (DrawBands then starts its
// bands at the block's edge, not across them).
static bool WritesZeros(const GridGeom& g) { return !g.rows.compressed() && !g.cols.compressed() && g.cw >= Px(8); }

static void DrawLeft(ImDrawList* dl, const Product& P, const GridGeom& g, int hl) {
    const ImU32 pale = g_colors.zero_cell, lit = g_colors.lit;
    const ImU32 dim = g_colors.zero_text;
    if (P.chips) {
        for (int rc = 0; rc < g.rows.cells; rc++) {
            const int i = g.rows.first(rc);
            const ImVec2 a = g.cell_min(rc, 0), b = g.cell_max(rc, 0);
            const bool on = P.left_id(i) == hl;
            dl->AddRectFilled(ImVec2(a.x + Px(1), a.y + Px(1)), ImVec2(b.x - Px(1), b.y - Px(1)),
                              on ? g_colors.chip_lit : g_colors.chip, Px(6));
            if (ImGui::GetStyle().FrameBorderSize > 0.0f)  // outlined as the theme's buttons are (high contrast)
                dl->AddRect(ImVec2(a.x + Px(1), a.y + Px(1)), ImVec2(b.x - Px(1), b.y - Px(1)), ImGui::GetColorU32(ImGuiCol_Border), Px(6));
            if (!g.rows.compressed()) {
                const std::string s = std::to_string(P.left_id(i));
                const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
                dl->AddText(ImVec2(a.x + (g.cw - ts.x) * 0.5f, a.y + (g.rh - ts.y) * 0.5f),
                            on ? g_colors.chip_lit_text : ImGui::GetColorU32(ImGuiCol_Text), s.c_str());
            }
        }
        return;
    }
    const bool cells = !g.rows.compressed() && !g.cols.compressed();
    if (cells) {
        for (int i = 0; i < g.rows.cells; i++)
            for (int k = 0; k < g.cols.cells; k++) {
                const ImVec2 a = g.cell_min(i, k), b = g.cell_max(i, k);
                dl->AddRectFilled(ImVec2(a.x + Px(0.5f), a.y + Px(0.5f)), ImVec2(b.x - Px(0.5f), b.y - Px(0.5f)), pale);
                if (WritesZeros(g)) {
                    const ImVec2 ts = ImGui::CalcTextSize("0");
                    dl->AddText(ImVec2(a.x + (g.cw - ts.x) * 0.5f, a.y + (g.rh - ts.y) * 0.5f), dim, "0");
                }
            }
    } else {
        // Thin lines, one per (compressed) row, with ticks where the 1s are.
        for (int rc = 0; rc < g.rows.cells; rc++) {
            const float y = g.p.y + g.rh * (float(rc) + 0.5f);
            dl->AddLine(ImVec2(g.p.x, y), ImVec2(g.p.x + g.width(), y), pale, std::max(Px(1), g.rh * 0.4f));
        }
    }
    for (auto [i, k] : P.links) {
        const int rc = g.rows.cell_of(i), kc = g.cols.cell_of(k);
        const ImVec2 a = g.cell_min(rc, kc), b = g.cell_max(rc, kc);
        if (cells) {
            dl->AddRectFilled(ImVec2(a.x + Px(0.5f), a.y + Px(0.5f)), ImVec2(b.x - Px(0.5f), b.y - Px(0.5f)), lit);
            const ImVec2 ts = ImGui::CalcTextSize("1");
            dl->AddText(ImVec2(a.x + (g.cw - ts.x) * 0.5f, a.y + (g.rh - ts.y) * 0.5f), g_colors.lit_text, "1");
        } else {  // in its row's own part of the strip
            const float x = (a.x + b.x) * 0.5f;
            const auto [y0, y1] = g.row_span(i);
            dl->AddLine(ImVec2(x, y0 - Px(1)), ImVec2(x, y1 + Px(1)), lit, std::max(Px(2), g.cw * 0.6f));
        }
    }
    if (hl < 0) return;
    // The highlighted id's column of the one-hot block (its row, backward).
    const ImU32 band = WithAlpha(AccentColor(), 60);
    if (!P.transposed_left) {
        const int kc = g.cols.cell_of(hl);
        dl->AddRectFilled(g.cell_min(0, kc), g.cell_max(g.rows.cells - 1, kc), band);
    } else {
        const int rc = g.rows.cell_of(hl);
        dl->AddRectFilled(g.cell_min(rc, 0), g.cell_max(rc, g.cols.cells - 1), band);
    }
}

// Outlines the rows of a grid whose id is the highlighted one.
static void OutlineRows(ImDrawList* dl, const GridGeom& g, int rows, RowIds row_id, int hl,
                        const std::vector<int>* candidates) {
    if (hl < 0) return;
    auto outline = [&](int row) {
        const auto [y0, y1] = g.row_span(row);
        const ImVec2 a(g.p.x, y0), b(g.p.x + g.width(), y1);
        const float th = g.rows.compressed() ? Px(1) : Px(2);
        HaloRect(dl, ImVec2(a.x - Px(2), a.y - Px(1)), ImVec2(b.x + Px(2), b.y + Px(1)), AccentColor(), th);
    };
    if (candidates) {
        for (int row : *candidates)
            if (row_id(row) == hl) outline(row);
    } else {
        for (int row = 0; row < rows; row++)
            if (row_id(row) == hl) outline(row);
    }
}

// A strip's label, in parts (each names a row, or -1: ", " and "+n"). On an axis of the table's rows
// (`ids`): with `list`, a split strip's ids, all of them ("0, 7", top to bottom as drawn); else the row
// the strip shows (the highlighted id's when it holds it) and how many more it holds ("0 +1"). A strip
// of positions names the one it shows: every position is linked, and "b 0 +20" says nothing.
struct LabelPart { char text[16]; int row; };
static int StripLabel(const GridGeom& g, int rc, RowIds row_id, int hl, bool list, LabelPart parts[2 * kSplitMax]) {
    const auto in = g.linked_in(rc);
    int n = 0;
    if (list && !row_id.ids && g.parts(rc) > 1) {
        for (int row : in) {
            if (n) std::snprintf(parts[n].text, sizeof parts[n].text, ", "), parts[n++].row = -1;
            std::snprintf(parts[n].text, sizeof parts[n].text, "%d", row), parts[n++].row = row;
        }
        return n;
    }
    const int shown = ShownRow(g, rc, row_id, hl);
    std::snprintf(parts[n].text, sizeof parts[n].text, "%d", shown), parts[n++].row = shown;
    if (!row_id.ids && in.size() > 1) std::snprintf(parts[n].text, sizeof parts[n].text, " +%d", int(in.size()) - 1), parts[n++].row = -1;
    return n;
}

static float PartsWidth(const LabelPart* parts, int n) {
    float w = 0;
    for (int i = 0; i < n; i++) w += ImGui::CalcTextSize(parts[i].text).x;
    return w;
}

// The widest StripLabel of a grid (0 when its rows are not drawn in strips), counted in digits (all
// as wide) rather than written and measured: that was 800 snprintf and CalcTextSize calls a frame.
static float StripLabelsWidth(const GridGeom& g, RowIds row_id, bool list) {
    if (!g.rows.compressed()) return 0;
    const float digit = ImGui::CalcTextSize("0").x, comma = ImGui::CalcTextSize(", ").x, plus = ImGui::CalcTextSize(" +").x;
    const auto digits = [&](size_t v) { return digit * float(std::to_string(v).size()); };
    float w = 0;
    for (int rc = 0; rc < g.rows.cells; rc++) {
        const auto in = g.linked_in(rc);
        if (in.empty()) continue;
        float x = 0;
        if (list && !row_id.ids && g.parts(rc) > 1) {  // "0, 7"
            for (int row : in) x += digits(size_t(row));
            x += comma * float(in.size() - 1);
        } else {  // "99998 +1", named as its largest row (the most digits)
            x = digits(size_t(in.back()));
            if (!row_id.ids && in.size() > 1) x += plus + digits(in.size() - 1);
        }
        w = std::max(w, x);
    }
    return w;
}

// Row labels, on a halo of the window's colour (the band into a row passes behind its label, not
// through the words): "id 2" on every row of a full grid; in strips, each linked strip's StripLabel
// where it does not overlap the last one, and the highlighted id's always, on top, the id in the
// accent colour. A strip's label is also a widgetRect, "picture:W:label:0, 7", for the tests.
static void RowLabels(ImDrawList* dl, const GridGeom& g, float right_x, const char* letter, int hl, RowIds row_id,
                      bool list, const char* rect) {
    const float th = ImGui::GetTextLineHeight();
    const auto draw = [&](const LabelPart* parts, int n, float y) {
        const float w = PartsWidth(parts, n);
        ImVec2 at(right_x - w - Px(4), y);
        dl->AddRectFilled(ImVec2(at.x - Px(2), at.y), ImVec2(at.x + w + Px(2), at.y + th), g_colors.halo);
        std::string name = rect && g.rows.compressed() ? std::string(rect) + ":label:" : std::string();
        const ImVec2 start = at;
        for (int i = 0; i < n; i++) {
            dl->AddText(at, parts[i].row >= 0 && row_id(parts[i].row) == hl ? AccentColor() : DimColor(), parts[i].text);
            at.x += ImGui::CalcTextSize(parts[i].text).x;
            if (!name.empty()) name += parts[i].text;
        }
        if (!name.empty()) RecordRect(name.c_str(), start, ImVec2(at.x, at.y + th));
    };
    LabelPart parts[2 * kSplitMax];
    if (!g.rows.compressed()) {
        for (int row = 0; row < g.rows.n; row++) {
            std::snprintf(parts[0].text, sizeof parts[0].text, "%s %d", letter, row), parts[0].row = row;
            draw(parts, 1, g.p.y + g.rh * (float(row) + 0.5f) - th * 0.5f);
        }
        return;
    }
    float last_y = -1e9f;
    for (int pass = 0; pass < 2; pass++)  // the highlighted id's strips last, on top
        for (int rc = 0; rc < g.rows.cells; rc++) {
            if (g.linked_in(rc).empty()) continue;
            const float y = g.p.y + g.rh * (float(rc) + 0.5f) - th * 0.5f;
            const bool top = hl >= 0 && row_id(ShownRow(g, rc, row_id, hl)) == hl;  // the strip holds it
            if (pass == 0 && !top && y < last_y + th) continue;
            if (pass == 0) last_y = y;
            if (top == (pass == 1)) draw(parts, StripLabel(g, rc, row_id, hl, list, parts), y);
        }
}

// What hovering a grid at the mouse says, and what it highlights.
struct HoverCell {
    int row = -1, col = -1;
    bool clicked = false;  // (read at once: a tooltip drawn afterwards becomes the "last item")
};

// The row keyboard focus lights in a region: the pinned id's, else the first looked-up row (row 0 was
// id 0's strip at V = 100,000, outside the batch).
static int KeyboardRow(const GridGeom& g, RowIds row_id, int pinned) {
    for (int row : g.linked)
        if (row_id(row) == pinned) return row;
    return g.linked.empty() ? 0 : g.linked.front();
}

// The id Enter pins next from the keyboard: the looked-up ids in the region's row order, one after
// another, round again after the last. (At most B ids: built only when Enter is pressed.)
static int NextLinkedId(const GridGeom& g, RowIds row_id, int lit) {
    std::vector<int> order;
    for (int row : g.linked)
        if (const int id = row_id(row); std::find(order.begin(), order.end(), id) == order.end()) order.push_back(id);
    const auto at = std::find(order.begin(), order.end(), lit);
    if (order.empty()) return -1;
    return at == order.end() || at + 1 == order.end() ? order.front() : *(at + 1);
}

// A block's row as the keyboard hears it: "W, id 5" for a row of the table, "out, b 1: id 99998" for a position.
static std::string KeyRowName(const char* block, RowIds row_id, int row) {
    return row_id.ids ? format(TR(picture_key_position), block, row, row_id(row)) : format(TR(picture_key_row), block, row);
}

// An invisible button over a drawn region of P (`name` its block's name): hover highlights the id of the row
// under the pointer, a click pins it. Keyboard focus lights a looked-up row (the pinned id's, else the
// first) and names it; Enter pins the next looked-up id. Not the focus a click or tap leaves: after a tap (no hover once the finger is
// up) it lit the first row's id, not the pin.
static HoverCell RegionButton(App& app, const char* id, const Product& P, const char* name, const GridGeom& g, int rows,
                              RowIds row_id, bool has_cols) {
    HoverCell h;
    ImGui::SetCursorScreenPos(g.p);
    const bool pressed = ImGui::InvisibleButton(id, ImVec2(std::max(g.width(), 1.0f), std::max(g.height(), 1.0f)));
    // The pointer's row only where the pointer is (under keyboard navigation ImGui calls the focused item hovered).
    const bool hovered = ImGui::IsItemHovered(ImGuiHoveredFlags_NoNavOverride), focused = ItemKeyboardFocused();
    if (!hovered && !focused) return h;
    int& pinned = app.picture.pinned_id;
    const bool key_pressed = focused && pressed && !ImGui::IsItemClicked();  // Enter or Space
    if (key_pressed) pinned = NextLinkedId(g, row_id, row_id(KeyboardRow(g, row_id, pinned)));
    const ImVec2 m = ImGui::GetIO().MousePos;
    h.row = hovered ? g.row_at(m.y) : KeyboardRow(g, row_id, pinned);
    h.col = has_cols ? (hovered ? g.col_at(m.x) : 0) : -1;
    if (h.row >= rows) return HoverCell{};
    const int idv = row_id(h.row);
    if (idv >= 0) NoteHoveredId(app, idv);
    if (focused) {
        // The first block is said with the product's name: the keyboard comes to the picture there.
        const std::string block = name != P.left_name ? std::string(name)
            : format(P.chips ? "%s -> %s -> %s: %s" : "%s @ %s = %s: %s", P.left_name, P.mid_name, P.right_name, name);
        NameItem(KeyRowName(block.c_str(), row_id, h.row).c_str(), nullptr);
        DescribeFocusedItem(TR(picture_key_help));
    }
    if (key_pressed) {
        h.clicked = true;
        return h;
    }
    h.clicked = ImGui::IsItemClicked();
    if (!h.clicked) return h;
    // A click pins the row's id, or lets it go. On a strip holding several looked-up rows (sub-rows 1-2 px
    // tall, too thin to aim at) while one of them is pinned, it pins the next, and after the last none.
    const auto in = g.rows.compressed() ? g.linked_in(g.rows.cell_of(h.row)) : std::span<const int>();
    const auto at = std::find_if(in.begin(), in.end(), [&](int row) { return row_id(row) == pinned; });
    if (in.size() > 1 && at != in.end()) pinned = at + 1 != in.end() ? row_id(*(at + 1)) : -1;
    else pinned = pinned == idv ? -1 : idv;
    return h;
}

// A smooth band from (x0, y0) to (x1, y1).
static void Band(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float thickness) {
    const float dx = (b.x - a.x) * 0.5f;
    dl->AddBezierCubic(a, ImVec2(a.x + dx, a.y), ImVec2(b.x - dx, b.y), b, color, thickness);
}

// Where everything of one product goes: the three blocks, the row labels, the headers.
struct ProductLayout {
    GridGeom L, M, Rg;           // left (one-hot or chips), mid (W or G), right (out or dW)
    float label_w = 0, left_label_w = 0, left_block_w = 0, header_h = 0, total_w = 0, total_h = 0;
    float arrow_room = 0;        // between mid's row labels and its rows: the gather's arrowheads
    float mid_gap = 0;           // from mid's right edge to right's: the operator's room, or more for mid's shape
    char left_shape[64] = "";
    bool list = false;           // strips' labels list their ids ("0, 7"), not count them ("0 +1")
    ProductLayout(GridGeom l, GridGeom m, GridGeom r) : L(l), M(m), Rg(r) {}
};

static std::vector<int> SortedUnique(std::vector<int> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

// Sizes from the panel's width: number cells as wide as it allows (28 px or more shows numbers;
// narrower, colours only and the number on hover; below 4 px the picture scrolls sideways).
static ProductLayout LayOut(const Product& P, float avail) {
    const float text_h = ImGui::GetTextLineHeight();
    const float full_h = std::max(Px(18), text_h + Px(4));
    // A compressed one-hot block takes about a quarter of the panel (60 to 150 px).
    const float left_strip_w = std::clamp(avail * 0.25f, Px(60), Px(150));
    // A chip is as wide as the largest id's digits need, 40 px at least ("99999" ran into its edges).
    const float chip_w = std::max(Px(40), ImGui::CalcTextSize(std::to_string(std::max(P.K - 1, 0)).c_str()).x + Px(8));
    GridGeom L(P.R, P.chips ? 1 : P.K, P.chips ? chip_w : Px(12), P.chips ? chip_w : left_strip_w / kCompressedCells,
               full_h, Px(7));
    GridGeom M(P.K, P.d, 0, Px(4), full_h, Px(7)), Rg(P.R, P.d, 0, Px(4), full_h, Px(7));  // (widths below)
    // Rows that carry links (looked up, or receiving gradient): their colours and labels show in strips too.
    for (auto [i, k] : P.links) M.linked.push_back(k), Rg.linked.push_back(i);
    M.linked = SortedUnique(std::move(M.linked));
    Rg.linked = SortedUnique(std::move(Rg.linked));
    L.linked = Rg.linked;  // a left row and a right row are the same row: b forward, an id backward
    // Row labels as wide as the longest ("id 99999" or, compressed, "99999", or a strip's "99998, 99999").
    char widest[32];
    std::snprintf(widest, sizeof widest, P.K > kFullCells ? "%.0s%d" : "%s %d", P.mid_letter, std::max(P.K - 1, 0));
    const float mid_text_w = ImGui::CalcTextSize(widest).x;
    std::snprintf(widest, sizeof widest, P.R > kFullCells ? "%.0s%d" : "%s %d", P.left_letter, std::max(P.R - 1, 0));
    const float left_text_w = ImGui::CalcTextSize(widest).x;
    const float arrow_room = P.chips ? Px(4) : 0.0f;  // the gather's arrowhead (6 px) goes between the label and W's row
    char left_shape[64];
    std::snprintf(left_shape, sizeof left_shape, P.chips ? "B = %d" : "%d x %d", P.R, P.K);
    const int value_cols = std::min(P.d, P.d <= kFullCells ? P.d : kCompressedCells);
    // The right block's header ("100000 x 16") may be wider than the block: the picture keeps room for it
    // (on a phone its end was cut off, out of reach of the sideways scroll too).
    std::snprintf(widest, sizeof widest, "%d x %d", P.R, P.d);
    const float right_header_w = std::max(ImGui::CalcTextSize(widest).x, ImGui::CalcTextSize(P.right_name).x);
    // So may the mid block's ("100000 x 16" over a 48 px W ran into out's "6 x 16"): the right block starts
    // clear of it.
    std::snprintf(widest, sizeof widest, "%d x %d", P.K, P.d);
    const float mid_room = ImGui::CalcTextSize(widest).x + Px(8) - Px(kOpWidth);  // what mid's block must span
    struct Widths { float label, left_label, left_block, fixed, value; };
    const auto widths = [&](bool list) {
        Widths w;
        // A counted label ("99998 +1") may reach into the gap before it, over the bands' ends: on a phone
        // the picture does not widen for it.
        const float strip_w = StripLabelsWidth(M, P.mid_id, list) - (list ? 0.0f : Px(kOpWidth) - Px(8));
        w.label = std::max(Px(32), std::max(mid_text_w, strip_w) + Px(8) + arrow_room);
        w.left_label = P.chips ? Px(8) : std::max(Px(32), std::max(left_text_w, StripLabelsWidth(L, P.left_id, list)) + Px(8));
        // The left header starts over the row labels and may be wider than a narrow one-hot block.
        w.left_block = std::max({L.width(), ImGui::CalcTextSize(P.left_name).x - w.left_label,
                                 ImGui::CalcTextSize(left_shape).x - w.left_label});
        w.fixed = w.left_label + w.left_block + 2 * Px(kOpWidth) + w.label + Px(4);
        const auto fit = [&](float fixed) {
            w.value = (avail - fixed) / float(2 * value_cols);
            if (w.value * float(value_cols) < right_header_w) w.value = (avail - fixed - right_header_w) / float(value_cols);
        };
        fit(w.fixed);
        if (const float short_of = mid_room - std::max(w.value, Px(3)) * float(value_cols); short_of > 0) fit(w.fixed + short_of);
        return w;
    };
    // A strip's ids listed where that leaves the picture unscrolled; else one named, the others counted.
    Widths w = widths(true);
    const bool list = w.value >= Px(4);
    if (!list) w = widths(false);
    // Still too narrow (a phone, six ids at d = 16): the one-hot block narrows (its columns from 12 px to 9,
    // where its "1" still fits; in strips, to 60 px in all) and the value columns to 3 px before the picture
    // scrolls sideways.
    const bool squeezed = w.value < Px(4);
    if (squeezed && !P.chips) {
        const float short_by = (Px(4) - w.value) * float(w.value * float(value_cols) < right_header_w ? value_cols : 2 * value_cols);
        const float narrowest = L.cols.compressed() ? Px(60) / float(kCompressedCells) : Px(9);
        L.cw = std::max(std::min(narrowest, L.cw), L.cw - short_by / float(L.cols.cells));
        w = widths(false);
    }
    const float value_w = std::clamp(w.value, squeezed ? Px(3) : Px(4), Px(52));
    if (!M.cols.compressed()) M.cw = value_w;
    if (!Rg.cols.compressed()) Rg.cw = value_w;
    ProductLayout lay(L, M, Rg);
    lay.label_w = w.label, lay.left_label_w = w.left_label, lay.left_block_w = w.left_block, lay.arrow_room = arrow_room;
    lay.list = list;
    std::snprintf(lay.left_shape, sizeof lay.left_shape, "%s", left_shape);
    lay.header_h = text_h * 2 + Px(4);
    lay.mid_gap = Px(kOpWidth) + std::max(0.0f, mid_room - lay.M.width());
    lay.total_w = w.fixed - Px(kOpWidth) + lay.M.width() + lay.mid_gap + std::max(lay.Rg.width(), right_header_w);
    lay.total_w = std::min(lay.total_w, std::max(avail, lay.total_w - Px(4)));  // (a scrollbar for its 4 px margin alone)
    lay.total_h = lay.header_h + std::max({L.height(), lay.M.height(), lay.Rg.height()}) + Px(6);
    return lay;
}

// Name and shape over each block, and the operators between them on the same line (clear of the bands).
static void DrawHeaders(ImDrawList* dl, const Product& P, const ProductLayout& lay, ImVec2 o) {
    const float text_h = ImGui::GetTextLineHeight();
    // (The mid and right blocks' shapes are also widgetRects, "picture:W:header", for the tests.)
    auto header = [&](float x, const char* name, const char* shape, const char* rect = nullptr) {
        dl->AddText(ImVec2(x, o.y), ImGui::GetColorU32(ImGuiCol_Text), name);
        dl->AddText(ImVec2(x, o.y + text_h + Px(1)), DimColor(), shape);
        if (rect) RecordRect((std::string(rect) + ":header").c_str(), ImVec2(x, o.y), ImVec2(x + ImGui::CalcTextSize(shape).x, o.y + 2 * text_h));
    };
    char shape[64];
    header(o.x, P.left_name, lay.left_shape);
    std::snprintf(shape, sizeof shape, "%d x %d", P.K, P.d);
    header(lay.M.p.x, P.mid_name, shape, P.mid_rect);
    std::snprintf(shape, sizeof shape, "%d x %d", P.R, P.d);
    header(lay.Rg.p.x, P.right_name, shape, P.right_rect);
    dl->AddText(ImVec2(lay.L.p.x + lay.left_block_w + Px(3), o.y), DimColor(), P.chips ? "->" : "@");
    dl->AddText(ImVec2(lay.M.p.x + lay.M.width() + Px(3), o.y), DimColor(), P.chips ? "->" : "=");
}

// Bands: the lit 1 (or chip) -> mid's row -> right's row; the highlighted id's drawn strong, on top.
// Faint bands reach 3:1 up to 16 of them, then fade as they multiply, so 1,024 read as a texture, not a
// wall; many bands are drawn straight (a curve costs a dozen segments) and once per drawn cell triple.
static void DrawBands(ImDrawList* dl, const Product& P, const ProductLayout& lay, int hl) {
    const GridGeom &L = lay.L, &M = lay.M, &Rg = lay.Rg;
    const int faint_alpha = std::clamp(int(255.0f * 16.0f / float(std::max<size_t>(P.links.size(), 1))), 28, 255);
    const ImU32 faint = WithAlpha(g_colors.band, faint_alpha), strong = AccentColor();
    const bool many = P.links.size() > 32;
    auto draw_link = [&](int i, int k, ImU32 color, float th) {
        // The lit 1 of link (i, k) is at row i, column k, forward (row b, column id) and backward alike
        // (onehot^T: row id, column b). Backward's had them swapped: bands left from the wrong cells.
        // Where the one-hot block writes its zeros the band leaves the block's edge: from the 1 it ran
        // across the rest of the row and struck its zeros through.
        const float lx = P.chips || WritesZeros(L) ? L.p.x + L.width() : L.col_x(k) + L.cw * 0.5f;
        const float ly = L.row_y(i);
        const ImVec2 a(lx, ly), b(M.p.x - lay.label_w + Px(2), M.row_y(k)), c(M.p.x + M.width(), M.row_y(k)),
            e(Rg.p.x, Rg.row_y(i));
        if (many) {
            dl->AddLine(a, b, color, th), dl->AddLine(c, e, color, th);
        } else {
            Band(dl, a, b, color, th), Band(dl, c, e, color, th);
        }
        dl->AddLine(b, ImVec2(M.p.x, b.y), color, th);
        if (P.chips && !many) {  // the gather's arrows: into W's row, and on into out's row
            const float s = Px(4);
            for (ImVec2 tip : {ImVec2(M.p.x, b.y), e})
                dl->AddTriangleFilled(ImVec2(tip.x - s * 1.5f, tip.y - s), ImVec2(tip.x - s * 1.5f, tip.y + s), tip, color);
        }
    };
    int faint_drawn = 0;
    std::vector<long long> drawn_cells;
    for (auto [i, k] : P.links) {
        if (P.mid_id(k) == hl || faint_drawn >= kFaintBands) continue;
        const long long key = (((long long)L.rows.cell_of(i) * 4096 + M.rows.cell_of(k)) * 4096) +
                              Rg.rows.cell_of(i) + (long long)L.cols.cell_of(k) * (1LL << 40);
        if (many) {
            if (std::find(drawn_cells.begin(), drawn_cells.end(), key) != drawn_cells.end()) continue;
            drawn_cells.push_back(key);
        }
        draw_link(i, k, faint, Px(2.0f));
        faint_drawn++;
    }
    for (auto [i, k] : P.links)
        if (P.mid_id(k) == hl) draw_link(i, k, strong, many ? Px(2.0f) : Px(3.0f));
}

// The walk: down column c of W, one term at a time (matmul), or one jump (gather).
static void DrawWalk(ImDrawList* dl, const Product& P, const ProductLayout& lay, const Walk& w) {
    const GridGeom &L = lay.L, &M = lay.M, &Rg = lay.Rg;
    if (w.b < 0 || w.V != P.K || (!P.walk && !P.chips)) return;
    const int ob = Rg.rows.cell_of(w.b), oc = Rg.cols.cell_of(w.c), cc = M.cols.cell_of(w.c);
    HaloRect(dl, Rg.cell_min(ob, oc), Rg.cell_max(ob, oc), AccentColor(), Px(2.5f));
    if (P.chips) {  // the gather: straight to W[id][c]
        const int rc = M.rows.cell_of(w.id);
        HaloRect(dl, M.cell_min(rc, cc), M.cell_max(rc, cc), g_colors.target, Px(2.5f));
        return;
    }
    const ImU32 grey = g_colors.walked_zero;
    const int done_cells = w.terms_done > 0 ? M.rows.cell_of(w.terms_done - 1) + 1 : 0;
    for (int rc = 0; rc < done_cells; rc++) {  // terms taken: greyed (against zero) or lit (the id's)
        if (M.rows.cell_of(w.id) == rc) HaloRect(dl, M.cell_min(rc, cc), M.cell_max(rc, cc), g_colors.target, Px(2.5f));
        else dl->AddRectFilled(M.cell_min(rc, cc), M.cell_max(rc, cc), grey);
    }
    const int rb = L.rows.cell_of(w.b);
    for (int kc = 0; kc < done_cells; kc++)
        if (L.cols.cell_of(w.id) != kc) dl->AddRectFilled(L.cell_min(rb, kc), L.cell_max(rb, kc), grey);
    if (w.terms_done > 0 && !w.done()) {  // the term being taken
        const int cur = M.rows.cell_of(w.terms_done - 1), lc = L.cols.cell_of(w.terms_done - 1);
        HaloRect(dl, M.cell_min(cur, cc), M.cell_max(cur, cc), AccentColor(), Px(2.5f));
        dl->AddRect(L.cell_min(rb, lc), L.cell_max(rb, lc), AccentColor(), 0, 0, Px(2));
    }
}

// A tooltip's last line over a strip that several looked-up rows share: what a click does there.
static void StripShared(const GridGeom& g, int row) {
    if (const size_t shared = g.rows.compressed() ? g.linked_in(g.rows.cell_of(row)).size() : 0; shared > 1)
        ImGui::TextDisabled(TR(picture_tip_strip_next), int(shared));
}

// One invisible button per block (the row under the pointer is hovered), and the mid block's
// row labels as buttons of their own, for keyboard users; tooltips give the exact numbers.
static void ProductInput(App& app, ImDrawList* dl, const Product& P, const ProductLayout& lay) {
    const GridGeom &L = lay.L, &M = lay.M, &Rg = lay.Rg;
    RecordGridRect(P.left_rect, L);
    RecordGridRect(P.mid_rect, M);
    RecordGridRect(P.right_rect, Rg);
    const HoverCell hl_left = RegionButton(app, "##left", P, P.left_name, L, P.R, P.left_id, !P.chips);
    if (hl_left.row >= 0 && BeginWrappedItemTooltip()) {
        const int i = hl_left.row, id = P.left_id(i);
        if (P.chips) ImGui::Text(TR(picture_tip_chip), i, id, id);
        else if (!P.transposed_left) ImGui::Text(TR(picture_tip_onehot_row), i, id, id, P.K - 1);
        else ImGui::Text(TR(picture_tip_onehot_t_row), i, i);
        EndWrappedTooltip();
    }
    for (int k = 0; k < P.K && !M.rows.compressed(); k++) {
        ImGui::SetCursorScreenPos(ImVec2(M.p.x - lay.label_w + Px(4), M.p.y + M.rh * float(k)));
        ImGui::PushID(k);
        ImGui::InvisibleButton("##rowlabel", ImVec2(lay.label_w - Px(6), M.rh));
        ImGui::PopID();
        if (P.mid_rect) {
            char name[48];
            std::snprintf(name, sizeof name, "%s:row:%d", P.mid_rect, k);
            RecordItemRect(name);
        }
        if (ImGui::IsItemHovered() || ItemKeyboardFocused()) NoteHoveredId(app, P.mid_id(k));
        if (ItemKeyboardFocused()) {
            NameItem(KeyRowName(P.mid_name, P.mid_id, k).c_str(), nullptr);
            DescribeFocusedItem(TR(picture_key_label_help));
        }
        if (ImGui::IsItemClicked() || (ImGui::IsItemFocused() && ImGui::IsKeyPressed(ImGuiKey_Enter, false)))
            app.picture.pinned_id = app.picture.pinned_id == P.mid_id(k) ? -1 : P.mid_id(k);
    }
    const HoverCell hm = RegionButton(app, "##mid", P, P.mid_name, M, P.K, P.mid_id, true);
    if (hm.row >= 0 && BeginWrappedItemTooltip()) {
        const float v = P.mid[size_t(hm.row) * size_t(P.d) + size_t(hm.col)];
        ImGui::Text(TR(picture_tip_mid_cell), P.mid_name, hm.row, hm.col, display_float(v).c_str(), P.mid_id(hm.row));
        StripShared(M, hm.row);
        EndWrappedTooltip();
    }
    const HoverCell hr = RegionButton(app, "##right", P, P.right_name, Rg, P.R, P.right_id, true);
    if (hr.row >= 0 && BeginWrappedItemTooltip()) {
        const float v = P.right[size_t(hr.row) * size_t(P.d) + size_t(hr.col)];
        ImGui::Text("%s[%d][%d] = %s", P.right_name, hr.row, hr.col, display_float(v).c_str());
        if (P.transposed_left) {  // dW row = the sum of the G rows of its positions
            Highlight h;
            highlight_for(app.state.ids, app.state.V, hr.row, h);
            ImGui::TextUnformatted(describe_highlight(h, app.derived.result.padding_row,
                                                      app.state.lookup.scale_grad_by_freq).c_str());
        } else if (P.walk) {
            ImGui::TextDisabled(TR(picture_tip_pick), hr.row, hr.col);
        }
        StripShared(Rg, hr.row);
        EndWrappedTooltip();
    }
    if (!P.walk) return;
    PictureUi& p = app.picture;
    if (hr.clicked) p.selected_b = hr.row, p.selected_c = hr.col;
    if (p.selected_b < P.R && p.selected_c < P.d) {  // the picked output, outlined
        const int ob = Rg.rows.cell_of(p.selected_b), oc = Rg.cols.cell_of(p.selected_c);
        dl->AddRect(Rg.cell_min(ob, oc), Rg.cell_max(ob, oc), DimColor(), 0, 0, Px(1.5f));
    }
}

// Returns the room its blocks' numbers had (FLT_MAX: they have none).
static float DrawProduct(App& app, const Product& P) {
    g_colors = PictureColorsFor(app.state.theme, ImGui::GetStyle());
    const int hl = HighlightedId(app);
    const float avail = ImGui::GetContentRegionAvail().x;
    ProductLayout lay = LayOut(P, avail);
    const bool scrolls = lay.total_w > avail;
    ImGui::PushID(P.key);
    ImGui::BeginChild("##picture", ImVec2(std::min(avail, lay.total_w), lay.total_h + (scrolls ? ImGui::GetStyle().ScrollbarSize : 0)),
                      ImGuiChildFlags_None, ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoBackground |
                      ImGuiWindowFlags_NavFlattened);  // Tab goes through its blocks and on (not into a child only Escape left)
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    GridGeom &L = lay.L, &M = lay.M, &Rg = lay.Rg;
    L.p = ImVec2(o.x + lay.left_label_w, o.y + lay.header_h);
    M.p = ImVec2(L.p.x + lay.left_block_w + Px(kOpWidth) + lay.label_w, L.p.y);
    Rg.p = ImVec2(M.p.x + M.width() + lay.mid_gap, L.p.y);
    DrawHeaders(dl, P, lay, o);

    DrawLeft(dl, P, L, hl);
    float number_room = DrawValues(dl, M, P.mid, P.d, P.mid_scale, P.log_scale, P.mid_id, hl, nullptr, P.number_room);
    number_room = std::min(number_room, DrawValues(dl, Rg, P.right, P.d, P.right_scale, P.log_scale, P.right_id, hl,
                                                   P.right_rows_filled, P.number_room));
    DrawBands(dl, P, lay, hl);

    // Labels, over the bands: every row when it fits, else the strips that hold linked rows; the highlighted id's rows outlined.
    RowLabels(dl, M, M.p.x - lay.arrow_room, P.mid_letter, hl, P.mid_id, lay.list, P.mid_rect);
    if (!P.chips) RowLabels(dl, L, L.p.x, P.left_letter, hl, P.left_id, lay.list, P.left_rect);
    OutlineRows(dl, M, P.K, P.mid_id, hl, M.rows.compressed() ? &M.linked : nullptr);
    OutlineRows(dl, Rg, P.R, P.right_id, hl, Rg.rows.compressed() ? &Rg.linked : nullptr);
    const bool left_rows_linked = P.chips || P.transposed_left;  // forward one-hot rows are positions: all of them
    OutlineRows(dl, L, P.R, P.left_id, hl, left_rows_linked && L.rows.compressed() ? &L.linked : nullptr);

    DrawWalk(dl, P, lay, app.picture.walk);
    ProductInput(app, dl, P, lay);
    ImGui::SetCursorScreenPos(o);
    ImGui::Dummy(ImVec2(lay.total_w, lay.total_h));
    ImGui::EndChild();
    // Said when an axis is drawn in strips (B = 256 read as 48 one-hot rows, some with two or three 1s).
    if (L.rows.compressed() || L.cols.compressed() || M.rows.compressed() || Rg.rows.compressed()) {
        TextWrappedColored(DimColor(), TR(picture_strips), kFullCells, kCompressedCells);
        RecordItemRect((std::string("picture:strips:") + P.key).c_str());
    }
    ImGui::PopID();
    return number_room;
}

//-----------------------------------------------------------------------------
// [SECTION] Forward picture
//-----------------------------------------------------------------------------

static void ShowWalkControls(App& app) {
    PictureUi& p = app.picture;
    const LessonResult& r = app.derived.result;
    Walk& w = p.walk;
    p.selected_b = std::clamp(p.selected_b, 0, std::max(0, r.B - 1));
    p.selected_c = std::clamp(p.selected_c, 0, std::max(0, r.d - 1));
    ImGui::AlignTextToFramePadding();
    ImGui::Text(TR(picture_walk_label), p.selected_b, p.selected_c);
    SameLineIfFits(50);
    if (SmallButton(TR(picture_walk_start))) StartWalk(app, p.selected_b, p.selected_c);
    RecordItemRect("walk:start");
    HelpMarker(TR(picture_walk_help));
    if (w.b >= 0) {
        SameLineIfFits(60);
        if (SmallButton(format("%s###walk_play", w.running ? TR(picture_walk_pause) : TR(picture_walk_play)).c_str()) &&
            !w.done())
            w.running = !w.running, WakeUp();
        RecordItemRect("walk:play");
        SameLineIfFits(50);
        if (SmallButton(TR(picture_walk_step))) w.running = false, walk_step(w, lookup_table(r, app.state).data(), r.d, 1);
        RecordItemRect("walk:step");
        SameLineIfFits(90);
        if (SmallButton(TR(picture_walk_skip))) {
            walk_skip_to_end(w, lookup_table(r, app.state).data(), r.d);
            if (p.walk_done_frame < 0) p.walk_done_frame = g_frame_stats.frames;
        }
        RecordItemRect("walk:skip");
    }
    // The slider and its value with the word after it (at its widest, "0.25x": the row does not jump as it moves).
    SameLineIfFits(110 + (ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(format("0.25x %s", TR(picture_walk_speed)).c_str()).x) / Px(1));
    ImGui::SetNextItemWidth(Px(110));
    // No typed value (it would read "1,5" back as 1 in German). The value is written beside the slider,
    // not on it: over the grab it was 1.2:1 (white on the high-contrast yellow), 3.7:1 in the dark theme.
    ImGui::SliderFloat("###walk_speed", &p.walk_speed, 0.25f, 8.0f, "", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoInput);
    RecordItemRect("walk:speed");
    if (ItemKeyboardFocused()) NameItem(TR(picture_walk_speed), format("%.2gx", double(p.walk_speed)).c_str());
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::Text("%.2gx %s", double(p.walk_speed), TR(picture_walk_speed));
    if (w.b < 0) return;
    const int term = w.terms_done - 1;
    ImGui::PushTextWrapPos(0.0f);
    if (term >= 0 && !w.done()) {
        const float x = lookup_table(r, app.state)[size_t(term) * r.d + w.c];
        TextWrapped(term == w.id ? TR(picture_walk_term_one) : TR(picture_walk_term_zero), term, w.id, term, term, w.c,
                    ShortNumber(x).c_str());
    }
    TextWrapped(TR(picture_walk_matmul), w.terms_done, w.V, w.zero_terms, ShortNumber(w.sum).c_str());
    TextWrapped(TR(picture_walk_gather), w.id, w.c, ShortNumber(lookup_table(r, app.state)[size_t(w.id) * r.d + w.c]).c_str());
    ImGui::PopTextWrapPos();
}

void ShowForwardPicture(App& app) {
    const AppState& s = app.state;
    const LessonResult& r = app.derived.result;
    if (r.B == 0 || int(lookup_table(r, app.state).size()) != r.V * r.d || int(s.ids.size()) != r.B) return;
    std::vector<std::pair<int, int>> links;
    links.reserve(size_t(r.B));
    for (int b = 0; b < r.B; b++) links.emplace_back(b, s.ids[size_t(b)]);

    Product mm;
    mm.key = "fwd", mm.left_name = "onehot(ids)", mm.mid_name = "W", mm.right_name = "out";
    mm.left_rect = "picture:onehot", mm.mid_rect = "picture:W", mm.right_rect = "picture:out";
    mm.left_letter = "b", mm.mid_letter = TR(lesson_row_id), mm.right_letter = "b";
    mm.R = r.B, mm.K = r.V, mm.d = r.d;
    mm.mid = lookup_table(r, app.state).data(), mm.mid_scale = app.derived.table_abs_max;
    // out: the gather's, the same numbers, when the one-hot route was over its work limit
    mm.right = r.matmul.empty() ? r.gather.data() : r.matmul.data(), mm.right_scale = app.derived.table_abs_max;
    mm.links = links;
    mm.left_id.ids = mm.right_id.ids = &s.ids;
    mm.walk = true;
    TextWrapped("%s", TR(picture_forward_intro));
    const float number_room = DrawProduct(app, mm);
    // Wrapped: "1,024,000 multiply-adds (B*V*d), 1,022,976 of them against zero" ran off a phone.
    const ImU32 disabled = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    TextWrappedColored(disabled, TR(picture_forward_cost), format_count(r.matmul_mult_adds).c_str(),
                       format_count(r.matmul_zero_mult_adds).c_str());
    ShowWalkControls(app);

    Product g = mm;
    g.key = "gather", g.left_name = "ids", g.right_name = "W[ids]";
    g.left_rect = "picture:ids", g.mid_rect = "picture:W:gather", g.right_rect = "picture:gather";
    g.right = r.gather.data();
    g.chips = true, g.walk = false, g.number_room = number_room;
    ImGui::Spacing();
    TextWrapped("%s", TR(picture_gather_intro));
    DrawProduct(app, g);
    TextWrappedColored(disabled, TR(picture_gather_cost), format_count(r.gather_copies).c_str());
}

//-----------------------------------------------------------------------------
// [SECTION] Backward picture
//-----------------------------------------------------------------------------

void ShowBackwardPicture(App& app) {
    const AppState& s = app.state;
    const LessonResult& r = app.derived.result;
    if (r.B == 0 || r.grad_scatter.empty() || int(s.upstream.size()) != r.B * r.d || int(s.ids.size()) != r.B) return;
    Product p;
    p.key = "bwd", p.left_name = "onehot^T", p.mid_name = "G", p.right_name = "dW";
    p.left_rect = "picture:onehotT", p.mid_rect = "picture:G", p.right_rect = "picture:dW";
    p.left_letter = TR(lesson_row_id), p.mid_letter = "b", p.right_letter = TR(lesson_row_id);
    p.R = r.V, p.K = r.B, p.d = r.d;
    p.mid = s.upstream.data(), p.mid_scale = app.derived.upstream_abs_max;
    p.right = r.grad_scatter.data(), p.right_scale = app.derived.grad_abs_max;
    for (int b = 0; b < r.B; b++) p.links.emplace_back(s.ids[size_t(b)], b);
    p.mid_id.ids = &s.ids;
    p.right_rows_filled = &r.touched_rows;
    p.transposed_left = true;
    p.log_scale = true;  // one heavy id would otherwise wash every other row of dW out
    TextWrapped("%s", app.state.lookup.scale_grad_by_freq ? TR(picture_backward_intro_freq) : TR(picture_backward_intro));
    DrawProduct(app, p);
    ImGui::PushStyleColor(ImGuiCol_Text, DimColor());
    TextWrapped(TR(picture_backward_scale), double(kLogScaleDecades));
    ImGui::PopStyleColor();
}

}  // namespace el
