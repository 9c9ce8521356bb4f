// Small widgets and drawing helpers shared by every panel.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "app.h"
#include "imgui.h"
#include "ui.h"

namespace el {

float Px(float css);  // CSS pixels -> device pixels (ImGui works in device pixels)
bool IsDark();
ImU32 ErrorColor();
ImU32 GoodColor();
ImU32 DimColor();
// An id lit everywhere (linked highlighting): ImGui's blue, the high-contrast theme's yellow. Not the
// keyboard's focus ring (ImGuiCol_NavHighlight), which themes.cpp makes 3:1 on every cell fill.
ImU32 LinkedColor();
ImU32 LinkColor();  // a link's text
ImU32 HeatColor(float v, float scale);  // diverging: blue negative, red positive, neutral at zero
std::string ShortNumber(float v);           // a cell's short text; the exact value is in the tooltip
std::string FittedNumber(float v, float room);  // ShortNumber, or fewer digits to fit room px ("" if none fits)
// ImGui::TextWrapped, breaking lines at spaces only: ImGui's own wrapping also breaks after '.' and
// ',', which split numbers across lines ("(0." / "83)", "50," / "000").
void TextWrapped(const char* fmt, ...) IM_FMTARGS(1);
void TextWrappedColored(ImU32 color, const char* fmt, ...) IM_FMTARGS(2);
void TextWrappedUnformatted(const char* text, const char* text_end);
// The height TextWrapped gives `text` at the cursor, its spacing below included.
float TextWrappedHeight(const char* text);
// A plot's legend entry: a swatch of the series' colour, then its words in the text colour (the
// series' colours as text were 2.7:1 (orange) and 4.2:1 (blue) on the light window). One item.
void LegendText(ImU32 color, const char* fmt, ...) IM_FMTARGS(2);
float LegendWidth(const char* text);  // its width in CSS pixels, swatch and all (for SameLineIfFits)
void ErrorText(const std::string& message); // a red, wrapped message (nothing when empty)
// ImGui's tooltips with their text wrapped to fit the screen (30 em at most): SetItemTooltip (broken
// at spaces, as TextWrapped), and Begin(Item)Tooltip ... EndWrappedTooltip.
void ItemTooltip(const char* fmt, ...) IM_FMTARGS(1);
bool BeginWrappedItemTooltip();
bool BeginWrappedTooltip();
void EndWrappedTooltip();
void HelpMarker(const char* text);          // "(?)" with a tooltip
// ImGui::SmallButton (as tall as the text: 15 px), or under a finger (App::touch) a full button, 25 px.
bool SmallButton(const char* label);
// A link: an ImGui::Selectable in the link colour, underlined, its label on as many lines as the
// column needs, broken at spaces (ImGui's is one line, cut at the column's edge). One per ID scope:
// push an id around each.
bool WrappedLink(const char* label);
// Number fields that never drop what was typed. A field shows `now` until text typed into it is
// refused: that text then stays in it (in the error colour), the value in use stays as it was, and
// `errors` gets a line "<name>: <why>" (the label's visible part, else what follows its "##"). The
// text goes once good text is typed or the value changes elsewhere (a link, a preset, the text view).
// `take(text)` uses the text and answers "", or answers why not. True when it was taken.
// Good text is taken as it is typed (the page follows the keys); a field let go holding refused text
// puts back the value it showed when the edit began: a refused "1e10" does not leave its "1e1" in use.
const char* KeptTextInput(const char* label, const std::string& now);  // the text, when edited this frame
bool KeptTextAnswer(const char* label, const char* typed, const std::string& why, std::string& errors);
using TakeText = std::string (*)(void* take, const char* text);
bool NumberInput(const char* label, const std::string& now, std::string& errors, TakeText call, void* take);
template <class Take>
bool NumberInput(const char* label, const std::string& now, std::string& errors, Take take) {
    return NumberInput(label, now, errors, [](void* t, const char* text) { return (*static_cast<Take*>(t))(text); }, &take);
}
// A whole number from lo to hi (check_whole's message when refused).
bool InputWhole(const char* label, int* v, int lo, int hi, std::string& errors);
// A setting by its share-link key: shown as the page writes numbers (0,5 in German) and taken through
// the link's own field table, with its limits and messages, as the text view's fields are
// (el_set_field). The caller commits.
bool SettingInput(AppState& s, const char* key, const char* label, std::string& errors);
// SettingInput as the labs lay one out: `css_width` wide, recorded as `rect` for the tests, a phone's
// number pad on a tap, and a "(?)" with `help` (none when null).
bool SettingField(AppState& s, const char* key, const char* label, const char* rect, float css_width, const char* help,
                  std::string& errors);
// The messages of every field holding refused text (the snapshot's errors.fields), a line each.
std::string KeptTextErrors();
// Drops every number field's refused text and message: a link, preset or tour step replaced the
// state, so the fields show its values (apply_link), even where a value stayed as it was.
void ForgetAllRefusedText();
// After a language switch: each field's refused text is checked again when the field is next built.
void CheckRefusedTextAgain();
// The newest field refusal not asked for before, once that field is no longer being typed in (its
// message: "V: '0' is out of range ..."), else null: the live line says it (ui.cpp).
const std::string* NewRefusal();
// A row of numbers after its label ("W[3] = [", "  @ W ="), flowed onto continuation lines that start
// under the first number (a hanging indent) and break between numbers only: none runs off the panel.
// Made where the first number goes (after the label and SameLine); Next before each number; when it
// goes out of scope the row is one item (a group), lines and all.
struct NumberRow {
    NumberRow();
    ~NumberRow() { ImGui::EndGroup(); }
    void Next(float width, float spacing = -1.0f);  // the cursor for the next number, `width` wide
    void Words(const char* text, float spacing);     // `text`'s words (numbers), broken at spaces; `spacing` before the first
    float right;       // the line's end (screen coordinates)
    bool first = true;
};
// `text` up to its last '[' as a label, the rest as a NumberRow: "W[3] = [0.4, 0.5, ...]" keeps every
// number in view on a phone, continuation lines under 0.4.
void NumbersText(const char* text, ImU32 color = 0);
void VectorText(const float* v, int n);  // "[0.4, 0.5, 0.6]", exact values, as NumbersText
std::string VectorString(const float* v, int n);            // VectorText's text (first 16 numbers)
// SameLine() when the next item (about `css_width` wide) still fits, else a new line:
// rows of controls wrap on a phone instead of running off the panel.
void SameLineIfFits(float css_width);
// A table that scrolls sideways when its columns are wider than the panel (a phone, German words):
// columns as wide as their contents. `height` 0: `rows` one-line rows; else that height (a table
// that also scrolls down: add ScrollY); and room for the scrollbar when it scrolls.
bool BeginSidewaysTable(const char* id, int columns, ImGuiTableFlags flags, int rows, float height = 0.0f);
// The table's first row: its columns' names, on the header colour.
void HeaderRow(std::initializer_list<const char*> names);
float ButtonWidth(const char* label);  // a button's width for `label`, in CSS pixels (for SameLineIfFits)
// The last item has the keyboard's focus, shown (Tab, arrows): not the focus a click or tap leaves.
bool ItemKeyboardFocused();

// Widget rectangles in CSS pixels, by name, from the last drawn frame: the browser
// tests click real coordinates with them (embeddingLab.widgetRect(name)).
void RecordItemRect(const char* name);
void RecordRect(const char* name, ImVec2 min, ImVec2 max);  // a drawn region (device pixels), not an item
void ClearItemRects();  // at the start of each frame
// 0: not drawn, 1: drawn but scrolled out of view, 2: visible; plus 4 when the keyboard's focus is on it
int FindItemRect(const char* name, float out[4]);
// The rectangles a panel records while drawn, kept to answer for it while it is skipped
// (offscreen.cpp): moved by `offset` (device pixels) and marked scrolled out of view.
struct ItemRectList { std::vector<std::pair<std::string, ImVec4>> rects; void clear() { rects.clear(); } };
void BeginItemRectCapture(ItemRectList* into);
void EndItemRectCapture();
void ReplayItemRects(const ItemRectList& list, ImVec2 offset);

// Called just before a collapsible section's header (CollapsingHeader, TreeNode): in the frame
// after ForceSectionsOpen, every section opens or closes (the frame_floor test measures the page
// with all of them open and all closed); otherwise it does nothing.
void SectionOpenOverride();
void ForceSectionsOpen(bool open);

// An editable (or read-only) heatmap grid of numbers, drawn only where visible.
struct GridSpec {
    const char* name;        // "W" or "G": names the rectangles "cell:W:r:c"
    const char* row_label;   // "id" or "b"
    int rows, cols;
    float* values;           // (rows, cols); null for a read-only grid
    const float* shown;      // what to draw (values, or a computed grid)
    float scale;             // heatmap full-colour point
    const std::vector<int>* marked_rows = nullptr;  // drawn with a marker (touched rows)
    bool row_buttons = false;  // clicking a row label adds that id to the batch
    int* scroll_to_row = nullptr;  // when >= 0: scroll there once, then set to -1
    float drag_step = 0.01f;       // value change per CSS pixel when a cell is dragged
    const char* marked_tooltip = nullptr;  // on a marked row's label: a format with the row (%d)
    bool dim_unmarked = true;      // unmarked rows' numbers drawn dim (dW: exact zeros)
    int highlight_row = -1;        // the highlighted id's row (linked highlighting), outlined
    int* hovered_row = nullptr;    // receives the row whose label is hovered or focused
};

// The heatmap's colour scale: -scale .. 0 .. +scale, and the colour of inf/nan.
void HeatLegend(float scale);

// Returns true when a value changed; `add_id` receives a clicked row label.
bool CellGrid(const GridSpec& g, CellEditor* ed, int* add_id);

}  // namespace el
