// Shared widgets: colours, numbers, help markers, widget rectangles and the cell grid.
//
// [SECTION] Helpers (colours, numbers, widget rectangles)
// [SECTION] Cell grid (the editable heatmap used for W and for G)

#include "widgets.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <utility>

#include "i18n/i18n.h"
#include "imgui_internal.h"  // ImFormatString, which the page defines (below)
#include "state/link.h"
#include "state/parse.h"
#include "text_input.h"
#include "themes.h"
#include "main.h"
#include "platform_web.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Helpers (colours, numbers, widget rectangles)
//-----------------------------------------------------------------------------

struct ItemRect {
    ImVec4 rect;   // (x, y, w, h) in CSS pixels
    bool visible;  // not clipped away by a scrolled window
    bool keyboard_focus = false;  // the keyboard's focus is on it, shown (Tab, arrows)
};
static std::map<std::string, ItemRect> g_item_rects;

static ItemRectList* g_capture = nullptr;  // a panel being drawn whose rectangles are kept

bool ItemKeyboardFocused() { return ImGui::IsItemFocused() && ImGui::GetIO().NavVisible; }

void RecordItemRect(const char* name) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const float s = 1.0f / g_app.pixel_ratio;
    g_item_rects[name] = {ImVec4(a.x * s, a.y * s, (b.x - a.x) * s, (b.y - a.y) * s), ImGui::IsItemVisible(), ItemKeyboardFocused()};
    if (g_capture) g_capture->rects.emplace_back(name, ImVec4(a.x, a.y, b.x - a.x, b.y - a.y));
}

void ClearItemRects() {
    g_item_rects.clear();
    ClearTextFields();
}

void BeginItemRectCapture(ItemRectList* into) { g_capture = into; }
void EndItemRectCapture() { g_capture = nullptr; }

void ReplayItemRects(const ItemRectList& list, ImVec2 offset) {
    const float s = 1.0f / g_app.pixel_ratio;
    for (const auto& [name, r] : list.rects)
        g_item_rects[name] = {ImVec4((r.x + offset.x) * s, (r.y + offset.y) * s, r.z * s, r.w * s), false};
}

void RecordRect(const char* name, ImVec2 a, ImVec2 b) {
    const float s = 1.0f / g_app.pixel_ratio;
    const ImVec2 c0 = ImGui::GetWindowDrawList()->GetClipRectMin(), c1 = ImGui::GetWindowDrawList()->GetClipRectMax();
    const bool visible = a.x < c1.x && b.x > c0.x && a.y < c1.y && b.y > c0.y;
    g_item_rects[name] = {ImVec4(a.x * s, a.y * s, (b.x - a.x) * s, (b.y - a.y) * s), visible};
    if (g_capture) g_capture->rects.emplace_back(name, ImVec4(a.x, a.y, b.x - a.x, b.y - a.y));
}

int FindItemRect(const char* name, float out[4]) {
    auto it = g_item_rects.find(name);
    if (it == g_item_rects.end()) return 0;
    const ImVec4& r = it->second.rect;
    out[0] = r.x, out[1] = r.y, out[2] = r.z, out[3] = r.w;
    return (it->second.visible ? 2 : 1) | (it->second.keyboard_focus ? 4 : 0);
}

static int g_sections_frame = -1;  // the frame in which every section is opened or closed
static bool g_sections_open = true;

void ForceSectionsOpen(bool open) {
    g_sections_frame = ImGui::GetFrameCount() + 1;  // the next frame drawn
    g_sections_open = open;
    WakeUp();  // and every panel drawn in it, out of view or not
}

void SectionOpenOverride() {
    if (ImGui::GetFrameCount() == g_sections_frame) ImGui::SetNextItemOpen(g_sections_open, ImGuiCond_Always);
}

float Px(float css) { return css * g_app.dpr; }  // CSS pixels -> device pixels

bool IsDark() { return ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x < 0.5f; }

ImU32 ErrorColor() { return IsDark() ? IM_COL32(255, 120, 110, 255) : IM_COL32(190, 20, 20, 255); }
ImU32 GoodColor() { return IsDark() ? IM_COL32(110, 220, 130, 255) : IM_COL32(10, 120, 40, 255); }
ImU32 DimColor() { return ImGui::GetColorU32(ImGuiCol_TextDisabled); }
ImU32 LinkColor() {  // 4.5:1 on the window in each theme (accessibility.test.mjs)
    if (IsHighContrast(g_app.state.theme)) return ImGui::GetColorU32(ImGuiCol_NavHighlight);
    return IsDark() ? IM_COL32(130, 180, 255, 255) : IM_COL32(20, 80, 190, 255);
}
ImU32 LinkedColor() {
    return IsHighContrast(g_app.state.theme) ? ImGui::GetColorU32(ImGuiCol_NavHighlight) : IM_COL32(66, 150, 250, 255);
}

// Diverging scale: blue for negative, red for positive, a neutral colour at zero (the theme's HeatScale).
ImU32 HeatColor(float v, float scale) {
    if (!std::isfinite(v)) return IM_COL32(200, 60, 200, 255);
    const float t = scale > 0 ? std::clamp(v / scale, -1.0f, 1.0f) : 0.0f;
    const HeatScale h = HeatScaleFor(g_app.state.theme, ImGui::GetStyle());
    const ImVec4 bg = h.zero, hot = t >= 0 ? h.positive : h.negative;
    const float a = (h.eased ? std::fabs(t) * (2.0f - std::fabs(t)) : std::fabs(t)) * h.reach;
    return ImGui::GetColorU32(ImVec4(bg.x + (hot.x - bg.x) * a, bg.y + (hot.y - bg.y) * a,
                                     bg.z + (hot.z - bg.z) * a, 1.0f));
}

// A short rendering for a cell; the exact value is in the tooltip and the snapshot.
// Remembered by the float's bits: printf of a double is slow in WebAssembly (software long
// double), and the grids and the picture redraw the same few hundred numbers every frame.
// A cache of 4,096 slots, each number in the slot its bits pick (a number that finds its slot
// taken is formatted again): bounded, and no hash table's code in the page.
std::string ShortNumber(float v) {
    struct Slot {
        uint32_t bits;
        bool used;
        char text[15];  // "%.4g" of a float: at most "-1.235e-38" (10 bytes)
    };
    static Slot slots[4096];
    uint32_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    static const Language* language = nullptr;  // the texts are the language's (0,4 in German)
    if (language != &active_language()) std::memset(slots, 0, sizeof slots), language = &active_language();
    Slot& slot = slots[(bits * 2654435761u) >> 20];
    if (slot.used && slot.bits == bits) return slot.text;
    const std::string text = !std::isfinite(v) || v == 0.0f ? format_float(v) : format("%.4g", double(v));
    if (text.size() < sizeof slot.text) {
        slot.bits = bits, slot.used = true;
        std::memcpy(slot.text, text.c_str(), text.size() + 1);
    }
    return text;
}

// A number in `room` px (fit_number in state/parse.h).
std::string FittedNumber(float v, float room) {
    return fit_number(v, ShortNumber(v), [room](const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x <= room; });
}

static void TextWrappedV(const char* fmt, va_list args) {
    if (ImGui::GetCurrentWindow()->SkipItems) return;
    const char *text, *text_end;
    ImFormatStringToTempBufferV(&text, &text_end, fmt, args);
    TextWrappedUnformatted(text, text_end);
}

void TextWrapped(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    TextWrappedV(fmt, args);
    va_end(args);
}

// Greedy, word by word: the spaces before a word that does not fit in `width` become the line break.
// A word longer than a line stays whole (ImGui's own wrapping breaks it where it can).
static std::string WrapAtSpaces(const char* text, const char* text_end, float width) {
    ImFont* font = ImGui::GetFont();
    const float size = ImGui::GetFontSize(), space = font->CalcTextSizeA(size, FLT_MAX, 0.0f, " ").x;
    std::string lines;
    lines.reserve(size_t(text_end - text) + 16);
    float line = 0.0f;
    for (const char* s = text; s < text_end;) {
        if (*s == '\n') { lines += '\n', line = 0.0f, s++; continue; }
        const char* word = s;
        while (word < text_end && *word == ' ') word++;
        const char* end = word;
        while (end < text_end && *end != ' ' && *end != '\n') end++;
        const float gap = space * float(word - s), w = font->CalcTextSizeA(size, FLT_MAX, 0.0f, word, end).x;
        if (line > 0.0f && line + gap + w > width) lines += '\n', line = 0.0f;
        else lines.append(s, word), line += gap;
        lines.append(word, end), line += w;
        s = end;
    }
    return lines;
}

void TextWrappedColored(ImU32 color, const char* fmt, ...) {
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    va_list args;
    va_start(args, fmt);
    TextWrappedV(fmt, args);
    va_end(args);
    ImGui::PopStyleColor();
}

static float LegendSwatchSide() { return std::round(ImGui::GetFontSize() * 0.7f); }

float LegendWidth(const char* text) {
    return (LegendSwatchSide() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(text).x) / Px(1);
}

void LegendText(ImU32 color, const char* fmt, ...) {
    if (ImGui::GetCurrentWindow()->SkipItems) return;
    ImGui::BeginGroup();
    const float line = ImGui::GetTextLineHeight(), side = LegendSwatchSide();
    const ImVec2 p = ImGui::GetCursorScreenPos(), a(p.x, std::round(p.y + (line - side) * 0.5f));
    ImGui::Dummy(ImVec2(side, line));
    ImGui::GetWindowDrawList()->AddRectFilled(a, ImVec2(a.x + side, a.y + side), color);
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    va_list args;
    va_start(args, fmt);
    TextWrappedV(fmt, args);
    va_end(args);
    ImGui::EndGroup();
}

void TextWrappedUnformatted(const char* text, const char* text_end) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    if (window->SkipItems) return;
    const bool set_wrap = window->DC.TextWrapPos < 0.0f;  // as ImGui::TextWrapped: wrap at the window's edge
    if (set_wrap) ImGui::PushTextWrapPos(0.0f);
    const std::string lines = WrapAtSpaces(text, text_end, ImGui::CalcWrapWidthForPos(window->DC.CursorPos, window->DC.TextWrapPos));
    ImGui::TextUnformatted(lines.data(), lines.data() + lines.size());
    if (set_wrap) ImGui::PopTextWrapPos();
}

float TextWrappedHeight(const char* text) {
    const std::string lines = WrapAtSpaces(text, text + std::strlen(text), ImGui::GetContentRegionAvail().x);
    return ImGui::CalcTextSize(lines.c_str()).y + ImGui::GetStyle().ItemSpacing.y;
}

// A link (a preset opens its own): in the link colour and underlined, as links are in pages. It was
// plain text, which on a phone, with no hover to show it, read as a paragraph.
bool WrappedLink(const char* label) {
    const std::string lines = WrapAtSpaces(label, label + std::strlen(label), ImGui::GetContentRegionAvail().x);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushStyleColor(ImGuiCol_Text, LinkColor());
    const bool pressed = ImGui::Selectable((lines + "###wrapped").c_str());  // its id stays the same however it wraps
    ImGui::PopStyleColor();
    if (!ImGui::IsItemVisible()) return pressed;  // (lines drawn out of sight made each frame a new one to draw)
    ImDrawList* dl = ImGui::GetWindowDrawList();
    float y = at.y + ImGui::GetFontSize();  // below the underscores
    for (size_t a = 0, b; a < lines.size(); a = b + 1, y += ImGui::GetFontSize()) {
        b = std::min(lines.find('\n', a), lines.size());
        const float w = ImGui::CalcTextSize(lines.data() + a, lines.data() + b).x;
        dl->AddLine(ImVec2(at.x, y), ImVec2(at.x + w, y), LinkColor(), Px(1));
    }
    return pressed;
}

void ErrorText(const std::string& message) {
    if (!message.empty()) TextWrappedColored(ErrorColor(), "%s", message.c_str());
}

// Tooltips wrap to 30 em or to the screen's width, whichever is narrower: ImGui's never wrap, and a
// long one ran off a phone's screen or a narrow embed.
static bool WrapTooltip(bool open) {
    if (!open) return false;
    const float em = ImGui::GetFontSize(),
                screen = ImGui::GetMainViewport()->WorkSize.x - 2.0f * ImGui::GetStyle().WindowPadding.x - Px(8);
    ImGui::PushTextWrapPos(std::clamp(screen, 8.0f * em, 30.0f * em));  // 8 em at least: a tiny frame still reads
    return true;
}
bool BeginWrappedItemTooltip() { return WrapTooltip(ImGui::BeginItemTooltip()); }
bool BeginWrappedTooltip() { return WrapTooltip(ImGui::BeginTooltip()); }
void EndWrappedTooltip() {
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

void ItemTooltip(const char* fmt, ...) {
    if (!BeginWrappedItemTooltip()) return;
    va_list args;
    va_start(args, fmt);
    TextWrappedV(fmt, args);  // broken at spaces
    va_end(args);
    EndWrappedTooltip();
}

bool SmallButton(const char* label) { return g_app.touch ? ImGui::Button(label) : ImGui::SmallButton(label); }

// Text typed into a number field and refused, by the field's ImGui id: the text, the message (its
// field named), and what the field showed when it was typed (when that changes, the text goes);
// `again` after a language switch: the text is checked again, as if typed, when the field is next built.
struct RefusedText { ImGuiID id; std::string text, message, now; bool again = false; };
static std::vector<RefusedText> g_refused;  // a few at most
static std::string g_field_now;  // the last KeptTextInput's `now`, for its answer
static ImGuiID g_refusal_to_say = 0;  // the field whose refusal the live line has not said yet

static RefusedText* FindRefused(ImGuiID id) {
    for (RefusedText& r : g_refused)
        if (r.id == id) return &r;
    return nullptr;
}
static void ForgetRefused(ImGuiID id) {
    if (RefusedText* r = FindRefused(id)) *r = std::move(g_refused.back()), g_refused.pop_back();
}

void HelpMarker(const char* text) {
    // Also while the keyboard is on the field before it ("(?)" is no Tab stop, and a keyboard has no
    // hover): above the field (below it near the top of the screen), clear of a refusal's message under
    // it; not while the field holds refused text, whose message the help covered there.
    const bool field_focused = ItemKeyboardFocused() && !FindRefused(ImGui::GetItemID());
    const ImVec2 field = ImGui::GetItemRectMin();
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    // A finger has no hover: a tap on "(?)" opens the help, until the next tap elsewhere.
    const ImGuiID tapped = ImGui::GetID(text);
    if (g_app.touch && ImGui::IsItemClicked()) ImGui::OpenPopup(tapped);
    if (WrapTooltip(ImGui::BeginPopupEx(tapped, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoTitleBar |
                                                    ImGuiWindowFlags_NoSavedSettings))) {
        TextWrapped("%s", text);
        ImGui::PopTextWrapPos();
        ImGui::EndPopup();
    }
    if (field_focused && field.y > ImGui::GetIO().DisplaySize.y * 0.4f) ImGui::SetNextWindowPos(field, 0, ImVec2(0, 1));
    if (field_focused ? BeginWrappedTooltip() : BeginWrappedItemTooltip()) {
        TextWrapped("%s", text);
        EndWrappedTooltip();
    }
    if (field_focused) DescribeFocusedItem(text);  // shown to the eye: said to the ear
}

const char* KeptTextInput(const char* label, const std::string& now) {
    const ImGuiID id = ImGui::GetID(label);
    const RefusedText* r = FindRefused(id);
    if (r && r->now != now && !r->again && ImGui::GetActiveID() != id) ForgetRefused(id), r = nullptr;
    static char buf[64];  // while the field is edited ImGui keeps its own text
    ImStrncpy(buf, (r ? r->text : now).c_str(), sizeof buf);
    if (r) ImGui::PushStyleColor(ImGuiCol_Text, ErrorColor());
    const bool edited = ImGui::InputText(label, buf, sizeof buf, ImGuiInputTextFlags_AutoSelectAll);
    NameTextField(label, buf);
    if (r) ImGui::PopStyleColor();
    g_field_now = now;
    return edited ? buf : nullptr;
}

bool KeptTextAnswer(const char* label, const char* typed, const std::string& why, std::string& errors) {
    const ImGuiID id = ImGui::GetItemID();
    if (typed) ForgetRefused(id);
    if (typed && !why.empty()) g_refused.push_back({id, typed, FieldName(label) + ": " + why, g_field_now}), g_refusal_to_say = id;
    if (const RefusedText* r = FindRefused(id)) errors += (errors.empty() ? "" : "\n") + r->message;
    return typed && why.empty();
}

static ImGuiID g_edited = 0;  // the number field last activated, and what it showed then
static char g_before[64];
bool NumberInput(const char* label, const std::string& now, std::string& errors, TakeText call, void* take) {
    const char* typed = KeptTextInput(label, now);
    const ImGuiID id = ImGui::GetItemID();
    std::string again;  // refused in the language before: said in this one, or taken where it now reads ("0,5")
    if (const RefusedText* r = FindRefused(id); !typed && r && r->again) again = r->text, typed = again.c_str();
    if (ImGui::IsItemActivated()) g_edited = id, ImStrncpy(g_before, now.c_str(), sizeof g_before);
    const char* text = typed;
    // Let go holding refused text: the value it showed before is put back, and its text stays in the
    // field until the value changes from that one.
    RefusedText* r = FindRefused(id);
    if (!typed && r && ImGui::IsItemDeactivated() && g_edited == id && now != g_before) text = g_before, r->now = g_before;
    const std::string why = text ? call(take, text) : std::string();
    KeptTextAnswer(label, typed, why, errors);
    return text && why.empty();
}

const std::string* NewRefusal() {
    // Not while the field is being typed in ("" on the way to "12" is refused too): once it lets go,
    // if its text is still refused then.
    if (ImGui::GetActiveID() == g_refusal_to_say) return nullptr;
    const RefusedText* r = FindRefused(g_refusal_to_say);
    g_refusal_to_say = 0;
    return r ? &r->message : nullptr;
}

void ForgetAllRefusedText() { g_refused.clear(), g_refusal_to_say = 0; }
void CheckRefusedTextAgain() {
    for (RefusedText& r : g_refused) r.again = true;
}

std::string KeptTextErrors() {
    std::string all;
    for (const RefusedText& r : g_refused) all += (all.empty() ? "" : "\n") + r.message;
    return all;
}

bool InputWhole(const char* label, int* v, int lo, int hi, std::string& errors) {
    return NumberInput(label, std::to_string(*v), errors, [&](const char* text) {
        int64_t x = 0;
        std::string why = check_whole(text, lo, hi, x);
        if (why.empty()) *v = int(x);
        return why;
    });
}

bool SettingInput(AppState& s, const char* key, const char* label, std::string& errors) {
    std::string now;
    typed_link_value(s, key, now);
    float x = 0.0f;  // a point or an exponent: a decimal, shown as the page writes numbers
    if (now.find_first_of(".e") != std::string::npos && parse_float(now, x).ok()) now = display_float(x);
    // "0,5" and "50.000" as typed in German: the link writes 0.5 and 50000.
    return NumberInput(label, now, errors, [&](const char* text) { return type_link_field(s, key, text).error; });
}

bool SettingField(AppState& s, const char* key, const char* label, const char* rect, float css_width, const char* help,
                  std::string& errors) {
    ImGui::SetNextItemWidth(Px(css_width));
    const bool edited = SettingInput(s, key, label, errors);
    RecordItemRect(rect);
    RegisterTextField(TextFieldKind::Decimal);
    if (help) HelpMarker(help);
    return edited;
}

std::string VectorString(const float* v, int n) {
    std::string s = "[";
    const char* sep = active_language().list_separator;
    for (int i = 0; i < n && i < 16; i++) s += (i ? sep : "") + display_float(v[i]);
    s += n > 16 ? std::string(sep) + "...]" : "]";
    return s;
}

NumberRow::NumberRow() {
    // A tooltip sizes itself to its content (its available width says nothing): a row there flows at
    // the tooltip's wrap position (BeginWrappedTooltip), and without one never.
    const ImGuiWindow* window = ImGui::GetCurrentWindow();
    const float wrap = window->DC.TextWrapPos;
    right = !(window->Flags & ImGuiWindowFlags_AlwaysAutoResize) ? ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x
            : wrap > 0.0f ? window->Pos.x + wrap : FLT_MAX;
    ImGui::BeginGroup();  // the line after an item in a group starts at the group's left edge: the hanging indent
}

void NumberRow::Next(float width, float spacing) {
    if (std::exchange(first, false)) return;  // the first number goes where the row began
    if (spacing < 0.0f) spacing = ImGui::GetStyle().ItemSpacing.x;
    if (ImGui::GetItemRectMax().x + spacing + width <= right) ImGui::SameLine(0.0f, spacing);
}

void NumberRow::Words(const char* text, float spacing) {
    const auto word_end = [](const char* p) { const char* e = std::strchr(p, ' '); return e ? e : p + std::strlen(p); };
    for (const char* s = text; *s;) {
        // As many words as fit where the row goes on, drawn as one text (exactly as before it flowed).
        const char* end = word_end(s);
        Next(ImGui::CalcTextSize(s, end).x, spacing);
        const float room = right - ImGui::GetCursorScreenPos().x;
        for (const char* more; *end && ImGui::CalcTextSize(s, more = word_end(end + 1)).x <= room;) end = more;
        ImGui::TextUnformatted(s, end);
        s = *end ? end + 1 : end;
        spacing = ImGui::CalcTextSize(" ").x;
    }
}

void NumbersText(const char* text, ImU32 color) {
    if (color) ImGui::PushStyleColor(ImGuiCol_Text, color);
    // One text when it fits, as ever; else continuation lines start after the last '['.
    const char* open = std::strrchr(text, '[');
    if (open && ImGui::CalcTextSize(text).x > ImGui::GetContentRegionAvail().x)
        ImGui::TextUnformatted(text, open + 1), ImGui::SameLine(0.0f, 0.0f), text = open + 1;
    NumberRow().Words(text, 0.0f);
    if (color) ImGui::PopStyleColor();
}

void VectorText(const float* v, int n) { NumbersText(VectorString(v, n).c_str()); }

//-----------------------------------------------------------------------------
// [SECTION] Cell grid (the editable heatmap used for W and for G)
//-----------------------------------------------------------------------------



// What happened to a cell this frame.
enum class CellAction { None, Clicked, Dragged, Typed };

// Draws one cell. A click opens the editor; a vertical drag changes an editable
// value directly (up = larger), for touch and mouse alike.
static CellAction DrawCell(const GridSpec& g, int r, int c, float w, bool dim) {
    const size_t i = size_t(r) * size_t(g.cols) + size_t(c);
    const float v = g.shown[i];
    ImGui::PushID(c);
    const bool clicked = ImGui::InvisibleButton("##cell", ImVec2(w, ImGui::GetFrameHeight()));
    if (g.values) RegisterTextField(TextFieldKind::Signed);  // a tap opens the editor: a keyboard with "-"
    if (ItemKeyboardFocused()) NameItem(format("%s[%d][%d]", g.name, r, c).c_str(), display_float(v).c_str());
    CellAction action = clicked ? CellAction::Clicked : CellAction::None;
    static bool dragged = false;  // this press moved the value: its release is not a click
    if (ImGui::IsItemActivated()) dragged = false;
    if (g.values && !TouchActive() && ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, Px(4))) {
        const float dy = ImGui::GetIO().MouseDelta.y / g_app.dpr;
        if (dy != 0.0f && std::isfinite(g.values[i])) {
            g.values[i] = float(std::round((g.values[i] - dy * g.drag_step) / g.drag_step) * g.drag_step);
            action = CellAction::Dragged;
        }
        dragged = true;
    }
    if (clicked && dragged) action = CellAction::None;
    // A character typed on a cell the keyboard is on opens its editor with it, as a spreadsheet
    // does (it was dropped: only Enter opened the editor).
    if (g.values && ItemKeyboardFocused())
        for (ImWchar ch : ImGui::GetIO().InputQueueCharacters)
            if (ch > ' ') action = CellAction::Typed;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 fill = HeatColor(v, g.scale);
    dl->AddRectFilled(a, b, fill, Px(2));
    // A cell near zero has the field's colour, barely different from the window (and a cell from
    // its neighbour of a close value): the helper grey outline, 3:1 on the window in every theme
    // (WCAG 1.4.11, measured in accessibility.test.mjs), marks each cell's edge whatever its fill.
    dl->AddRect(a, b, DimColor(), Px(2), 0, Px(1));
    // (Focused by the keyboard: a finger's drag that began on a cell left it outlined, as if chosen.)
    if (ImGui::IsItemHovered() || ItemKeyboardFocused() || ImGui::IsItemActive())
        dl->AddRect(a, b, ImGui::GetColorU32(ImGuiCol_NavHighlight), Px(2), 0, Px(1.5f));
    const std::string text = FittedNumber(v, w - Px(3));  // (drawn from 3 px in, clipped at the cell's edge)
    const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
    // Black or white, whichever is readable on the cell's colour (4.5:1); a dimmed cell (an
    // untouched row) keeps the helper grey, which holds 4.5:1 on an empty field (themes.cpp).
    const ImU32 color = dim && v == 0.0f ? DimColor() : ReadableTextOn(fill);
    dl->PushClipRect(a, b, true);
    dl->AddText(ImVec2(a.x + std::max(Px(3), (w - ts.x) * 0.5f), a.y + (b.y - a.y - ts.y) * 0.5f), color,
                text.c_str());
    dl->PopClipRect();
    if (BeginWrappedItemTooltip()) {
        ImGui::Text(std::isfinite(v) ? "%s[%d][%d] = %s" : TR(grid_cell_not_finite), g.name, r, c, display_float(v).c_str());
        if (g.values) ImGui::TextDisabled("%s", TR(grid_cell_edit_hint));
        EndWrappedTooltip();
    }
    ImGui::PopID();
    return action;
}

// The characters typed this frame, added to the editor's text.
static void AppendTyped(CellEditor& ed) {
    const ImVector<ImWchar>& typed = ImGui::GetIO().InputQueueCharacters;
    const size_t n = std::strlen(ed.text);
    ImTextStrToUtf8(ed.text + n, int(sizeof ed.text - n), typed.begin(), typed.end());
}

// The one cell being edited: text stays as typed until it parses.
// Returns true when a new value was written.
static bool DrawCellEditor(const GridSpec& g, CellEditor& ed, float w) {
    const int r = ed.row, c = ed.col;
    ImGui::PushID(c);
    ImGui::SetNextItemWidth(w);
    if (ed.focus_pending) ImGui::SetKeyboardFocusHere(), ed.focus_pending = false;
    if (!ed.error.empty()) ImGui::PushStyleColor(ImGuiCol_Text, ErrorColor());
    // What is typed while the field opens (it takes keys only once active, a frame or two later) is
    // kept, and the caret goes after it, not the text selected: added to the character that opened
    // it, or, opened by a click or tap, in place of the value, as typing over it selected would be
    // (it was lost: a phone's keyboard, already up, takes the keys the moment a cell is tapped).
    // Only while it opens: a field left open with refused text is not active either, and keys typed
    // into another field then are not its own.
    const bool opening = ed.opening && ImGui::GetActiveID() != ImGui::GetID("##edit");
    if (opening && !ImGui::GetIO().InputQueueCharacters.empty()) {
        if (!ed.caret_to_end) ed.text[0] = 0, ed.caret_to_end = true;
        AppendTyped(ed);
    }
    // Enter or Escape pressed before the field took the keys (a quick "7" then Enter) still closes it.
    const bool closed_opening = opening && (ImGui::IsKeyPressed(ImGuiKey_Enter, false) ||
                                            ImGui::IsKeyPressed(ImGuiKey_KeypadEnter, false) ||
                                            ImGui::IsKeyPressed(ImGuiKey_Escape, false));
    ImGui::InputText("##edit", ed.text, sizeof ed.text, ImGuiInputTextFlags_AutoSelectAll);
    ed.escape_drops = !ed.error.empty() && !ImGui::IsItemActive() && ItemKeyboardFocused();
    const std::string name = format("%s[%d][%d]", g.name, r, c);
    ImGuiInputTextState* st = ImGui::IsItemActive() ? ImGui::GetInputTextState(ImGui::GetItemID()) : nullptr;
    if (st) ed.opening = false;
    NameTextField(name.c_str(), ed.text);
    if (st && ed.caret_to_end) st->ClearSelection(), ed.caret_to_end = false;  // (selecting all put the caret at the end)
    RegisterTextField(TextFieldKind::Signed);
    if (!ed.error.empty()) ImGui::PopStyleColor();
    bool wrote = false;
    if (ImGui::IsItemDeactivated() || closed_opening) {
        float v = 0.0f;
        const bool escaped = !ImGui::IsItemDeactivatedAfterEdit() && ImGui::IsKeyPressed(ImGuiKey_Escape, false);
        Status s = escaped ? Status::Ok() : parse_float_shown(ed.text, v);
        if (escaped) {
            ed.row = ed.col = -1, ed.error.clear();
        } else if (s.ok()) {
            g.values[size_t(r) * g.cols + c] = v;
            ed.row = ed.col = -1, ed.error.clear();
            wrote = true;
        } else {
            RefuseCellText(g_app, &ed == &g_app.upstream_editor, r, c, ed.text);
        }
        const bool by_keyboard = ImGui::IsKeyPressed(ImGuiKey_Enter, false) || ImGui::IsKeyPressed(ImGuiKey_KeypadEnter, false) ||
                                 ImGui::IsKeyPressed(ImGuiKey_Escape, false);
        if (ed.row == -1 && by_keyboard) ed.refocus_row = r, ed.refocus_col = c;
    }
    ImGui::PopID();
    return wrote;
}

// The row label: a button that adds the id to the batch, or plain text; marked rows
// (touched by the gradient) get a coloured label and a bar.
static void DrawRowLabel(const GridSpec& g, int r, bool marked, float label_w, int* add_id) {
    char label[32];
    std::snprintf(label, sizeof label, "%s %d", g.row_label, r);
    if (g.row_buttons) {
        if (ImGui::Button(label, ImVec2(label_w, 0)) && add_id) *add_id = r;
        ItemTooltip(TR(grid_row_add), r);
        if (g.hovered_row && (ImGui::IsItemHovered() || ItemKeyboardFocused())) *g.hovered_row = r;
    } else {
        ImGui::AlignTextToFramePadding();
        if (marked) ImGui::PushStyleColor(ImGuiCol_Text, GoodColor());
        ImGui::TextUnformatted(label);
        if (marked) ImGui::PopStyleColor();
    }
    if (marked) {
        const ImVec2 a = ImGui::GetItemRectMin();
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(a.x - Px(4), a.y), ImVec2(a.x - Px(1), a.y + ImGui::GetFrameHeight()),
                                                  GoodColor());
        if (g.marked_tooltip) ItemTooltip(g.marked_tooltip, r);
    }
    if (r == g.highlight_row) {
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        ImGui::GetWindowDrawList()->AddRect(ImVec2(a.x - Px(2), a.y - Px(1)), ImVec2(b.x + Px(2), b.y + Px(1)),
                                            LinkedColor(), Px(3), 0, Px(2));
    }
}

bool CellGrid(const GridSpec& g, CellEditor* ed, int* add_id) {
    const float cell_w = Px(62), label_w = Px(58);
    const float pitch = cell_w + ImGui::GetStyle().ItemSpacing.x;
    const float row_h = ImGui::GetFrameHeightWithSpacing();
    const int visible_rows = std::min(g.rows, 12);
    const float full_width = label_w + Px(8) + g.cols * pitch;
    const float width = std::min(ImGui::GetContentRegionAvail().x, full_width + Px(16));
    const bool scrolls_x = full_width + Px(16) > width;
    bool changed = false;
    ImGui::PushID(g.name);
    ImGui::BeginChild("##grid", ImVec2(width, visible_rows * row_h + Px(8) + (scrolls_x ? ImGui::GetStyle().ScrollbarSize : 0)),
                      ImGuiChildFlags_None, ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NavFlattened);  // Tab reaches the cells
    if (g.scroll_to_row && *g.scroll_to_row >= 0) {
        ImGui::SetScrollY(float(*g.scroll_to_row) * row_h);
        *g.scroll_to_row = -1;
    }
    // Only the cells in view are widgets: rows by the clipper, columns from the scroll offset.
    // While Tab looks for the next control, every column, and the first row for Tab (ImGui's clipper adds
    // the last one for Shift+Tab): out of view, the grid's first rows and the columns past its width were
    // never reached (Tab landed on G[2][0]).
    const ImGuiContext& gc = *ImGui::GetCurrentContext();
    const bool tabbing = gc.NavMoveScoringItems && (gc.NavMoveFlags & ImGuiNavMoveFlags_IsTabbing);
    const float scroll_x = ImGui::GetScrollX(), view_w = ImGui::GetWindowWidth();
    const int c0 = tabbing ? 0 : std::clamp(int((scroll_x - label_w - Px(8)) / pitch), 0, g.cols);
    const int c1 = tabbing ? g.cols : std::clamp(int((scroll_x + view_w - label_w) / pitch) + 1, 0, g.cols);
    // Page Up and Page Down on a cell move the keyboard a grid's height of rows in its column, the grid
    // scrolling with it, as a spreadsheet does. ImGui's page move scored only the rows in view and, the
    // cells being part of the page's navigation, went on to the control below (a 100,000-row grid never
    // paged past its first screen).
    static struct { ImGuiID grid; int row, col; } page_to;
    const ImGuiID grid_id = ImGui::GetCurrentWindow()->ID;
    int focused_row = -1, focused_col = 0;
    ImGuiListClipper clipper;
    clipper.Begin(g.rows, row_h);
    if (tabbing && gc.NavTabbingDir == 1) clipper.IncludeItemByIndex(0);
    while (clipper.Step()) {
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; r++) {
            ImGui::PushID(r);
            const bool marked = g.marked_rows && std::binary_search(g.marked_rows->begin(), g.marked_rows->end(), r);
            DrawRowLabel(g, r, marked, label_w, add_id);
            for (int c = c0; c < c1; c++) {
                ImGui::SameLine(label_w + Px(8) + c * pitch);
                if (ed && ed->row == r && ed->col == c) {
                    changed |= DrawCellEditor(g, *ed, cell_w);
                } else {
                    if ((ed && ed->refocus_row == r && ed->refocus_col == c) ||
                        (page_to.grid == grid_id && page_to.row == r && page_to.col == c)) {
                        // The editor just closed from the keyboard, or a preset was picked from it
                        // (CellEditor). The preset's button, still the focus and built later in this
                        // frame, would take ImGui's focus request back: the focus is on nothing until then.
                        // The keyboard did it: its focus shows, and is said.
                        ImGui::GetCurrentContext()->NavId = 0, ImGui::GetCurrentContext()->NavDisableHighlight = false;
                        ImGui::SetKeyboardFocusHere();
                        if (ed) ed->refocus_row = ed->refocus_col = -1;
                        page_to.grid = 0;
                    }
                    const CellAction action = DrawCell(g, r, c, cell_w, g.dim_unmarked && g.marked_rows && !marked);
                    if (ImGui::IsItemFocused()) focused_row = r, focused_col = c;
                    if (action == CellAction::Dragged) changed = true;
                    if ((action == CellAction::Clicked || action == CellAction::Typed) && g.values && ed) {
                        ed->row = r, ed->col = c, ed->error.clear(), ed->focus_pending = ed->opening = true;
                        ed->caret_to_end = action == CellAction::Typed;
                        if (ed->caret_to_end) ed->text[0] = 0, AppendTyped(*ed);
                        else std::snprintf(ed->text, sizeof ed->text, "%s", display_float(g.values[size_t(r) * g.cols + c]).c_str());
                    }
                }
                char rect_name[48];
                std::snprintf(rect_name, sizeof rect_name, "cell:%s:%d:%d", g.name, r, c);
                RecordItemRect(rect_name);
            }
            if (c1 < g.cols) {  // keep the row as wide as the table, so the scrollbar spans it
                ImGui::SameLine(full_width);
                ImGui::Dummy(ImVec2(1, 1));
            }
            ImGui::PopID();
        }
    }
    if (const int pages = ImGui::IsKeyPressed(ImGuiKey_PageDown) - ImGui::IsKeyPressed(ImGuiKey_PageUp); pages && focused_row >= 0) {
        const int row = std::clamp(focused_row + pages * visible_rows, 0, g.rows - 1);
        ImGui::NavMoveRequestCancel();
        ImGui::SetScrollY(ImGui::GetScrollY() + float(row - focused_row) * row_h);
        page_to = {grid_id, row, focused_col};
    }
    ImGui::EndChild();
    ImGui::PopID();
    if (ed) ErrorText(ed->error);
    return changed;
}

void SameLineIfFits(float css_width) {
    const float line_end = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + Px(css_width) <= line_end) ImGui::SameLine();
}

bool BeginSidewaysTable(const char* id, int columns, ImGuiTableFlags flags, int rows, float height) {
    const ImGuiStyle& st = ImGui::GetStyle();
    if (height <= 0.0f) height = (ImGui::GetTextLineHeight() + 2 * st.CellPadding.y) * float(rows) + Px(1);
    // Room for the sideways scrollbar when the table had one last frame (a new width or language
    // settles a frame later: the page builds a few frames after any change).
    const ImGuiTable* last = ImGui::TableFindByID(ImGui::GetID(id));
    if (last && last->InnerWindow && last->InnerWindow->ScrollbarX) height += st.ScrollbarSize;
    return ImGui::BeginTable(id, columns, flags | ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoSavedSettings,
                             ImVec2(0, height));
}

// Plain text: Dear ImGui's TableHeadersRow makes each name a button (for sorting and reordering, which
// the page's tables do not allow) that lit up under the pointer, doing nothing.
// A column fitted to its contents fits its name too, as TableHeader has it do.
void HeaderRow(std::initializer_list<const char*> names) {
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (const char* name : names) {
        ImGui::TableNextColumn(), ImGui::TextUnformatted(name);
        ImGuiTable* table = ImGui::GetCurrentTable();
        float& fit = table->Columns[table->CurrentColumn].ContentMaxXHeadersIdeal;
        fit = std::max(fit, ImGui::GetItemRectMax().x);
    }
}

float ButtonWidth(const char* label) {
    return (ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x) / Px(1);
}

void HeatLegend(float scale) {
    const float w = Px(140), h = Px(10);
    ImGui::TextDisabled("%s", ("-" + ShortNumber(scale)).c_str());
    ImGui::SameLine();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float y = p.y + (ImGui::GetTextLineHeight() - h) * 0.5f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int steps = 28;
    for (int i = 0; i < steps; i++) {
        const float t = -1.0f + 2.0f * (float(i) + 0.5f) / float(steps);
        dl->AddRectFilled(ImVec2(p.x + w * float(i) / steps, y), ImVec2(p.x + w * float(i + 1) / steps, y + h),
                          HeatColor(t, 1.0f));
    }
    ImGui::Dummy(ImVec2(w, ImGui::GetTextLineHeight()));
    // The rest on the next line where the line has no room for it (a phone's panel with a scale of
    // "1.235e+20" ran "inf / nan" past its edge).
    const auto same_line_if_fits = [](float width) {
        ImGui::SameLine();
        if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
    };
    const std::string top = "+" + ShortNumber(scale);
    same_line_if_fits(ImGui::CalcTextSize(top.c_str()).x);
    ImGui::TextDisabled("%s", top.c_str());
    same_line_if_fits(h * 1.5f + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize("inf / nan").x);
    const ImVec2 q = ImGui::GetCursorScreenPos();
    const float qy = q.y + (ImGui::GetTextLineHeight() - h) * 0.5f;  // (maybe a line below the bar)
    dl->AddRectFilled(ImVec2(q.x, qy), ImVec2(q.x + h * 1.5f, qy + h), HeatColor(NAN, 1.0f));
    ImGui::Dummy(ImVec2(h * 1.5f, ImGui::GetTextLineHeight()));
    ImGui::SameLine();
    ImGui::TextDisabled("inf / nan");
}

}  // namespace el

// Every number ImGui prints (ImGui::Text("%.3f"), a slider's value) in the page's language:
// ImGui is built with IMGUI_DISABLE_DEFAULT_FORMAT_FUNCTIONS, so these two are the page's.
int ImFormatString(char* buf, size_t buf_size, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const int w = ImFormatStringV(buf, buf_size, fmt, args);
    va_end(args);
    return w;
}
int ImFormatStringV(char* buf, size_t buf_size, const char* fmt, va_list args) {
    const int w = el::format_v(buf, buf_size, fmt, args, el::active_language().decimal);
    if (buf == nullptr) return w;
    return w < 0 || size_t(w) >= buf_size ? int(buf_size) - 1 : w;  // as ImGui's own: the length written
}
