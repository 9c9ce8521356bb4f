#include "text_input.h"

#include <emscripten.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"  // the active text field: ActiveId, InputTextState, PlatformImeData
#include "main.h"
#include "platform_web.h"
#include "ui.h"
#include "widgets.h"

// glue.js places its <input> over (x, y, w, h) in CSS pixels, names it (and describes it with the field's
// help) and focuses it; active 0 blurs it.
EM_JS(void, el_js_text_input, (int active, float x, float y, float w, float h, int decimal, const char* name, const char* value, const char* help), {
    window.embeddingLabHost.textInput(active, x, y, w, h, decimal, UTF8ToString(name), UTF8ToString(value), UTF8ToString(help));
});

// The field's text as typed so far and its selection (in UTF-16 units, as the <input>'s), told when they
// change: glue.js shows them in its <input>, for a screen reader to read back (its value was always "").
EM_JS(void, el_js_text_value, (const char* text, int start, int end), {
    window.embeddingLabHost.textValue(UTF8ToString(text), start, end);
});

// The item the keyboard moved to on the canvas, named: glue.js says it on a line a screen reader reads.
EM_JS(void, el_js_focus_name, (const char* name), { window.embeddingLabHost.focusName(UTF8ToString(name)); });

namespace el {

static std::string g_focus_help;  // the keyboard's item's help this frame (DescribeFocusedItem; a copy: some are made for the call)

struct FieldOnScreen {  // a text field drawn this frame, for taps
    ImGuiID id;
    ImRect rect;  // device pixels, clipped to what is visible
    TextFieldKind kind;
};
static std::vector<FieldOnScreen> g_fields;

void RegisterTextField(TextFieldKind kind) {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    ImRect r = g.LastItemData.Rect;
    r.ClipWith(g.CurrentWindow->ClipRect);
    if (r.GetWidth() <= 0 || r.GetHeight() <= 0) return;  // scrolled out of view
    g_fields.push_back({g.LastItemData.ID, r, kind});
}

void ClearTextFields() { g_fields.clear(); }

bool TextFieldActive() {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    return g.ActiveId != 0 && g.InputTextState.ID == g.ActiveId;
}

std::string FieldName(const char* label) {
    const char* end = ImGui::FindRenderedTextEnd(label);
    return end > label ? std::string(label, end) : std::string(end + (*end ? 2 : 0));
}

static ImGuiID g_named_id;  // the field being edited, and its name
static std::string g_name;
void NameTextField(const char* label, const char* text) {
    if (ImGui::IsItemActive()) g_named_id = ImGui::GetItemID(), g_name = FieldName(label);
    else if (ItemKeyboardFocused()) NameItem(FieldName(label).c_str(), *text ? text : nullptr);
}

// A tap was answered "text field": the field activates a few frames later (the click is
// queued, then the editor opens), so the keyboard must not be closed in the meantime.
static int g_tap_grace_frames = 0;

// What the page was last told, so it is told only about changes.
static struct {
    bool active = false;
    ImRect rect;
    bool decimal = false;
} g_reported;

void ReportTextInput() {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    const bool active = TextFieldActive() && !(g.InputTextState.Flags & ImGuiInputTextFlags_ReadOnly);
    // The page resized while a field is typed in (a phone turned, a window narrowed) lays out anew,
    // and the field may land off screen: while the new layout settles (ten frames), the page scrolls
    // it back to 40 % of the page's height, and a table scrolls it into view sideways. A field whose
    // table is then out of sight (under the tour's box on a turned phone) is not built, and ImGui
    // drops a field not built for a frame, with what was typed. So for those frames it is kept, and
    // found where ImGui keeps the focused item's place in its window (the table's), which a field
    // being typed in is. One whose window is gone went away; one still not built after ten frames goes.
    static ImVec2 size;
    static int settling = 0;
    if (g.IO.DisplaySize.x != size.x || g.IO.DisplaySize.y != size.y) size = g.IO.DisplaySize, settling = 10;
    ImGuiWindow* w = g.ActiveIdWindow;
    const bool built = active && g.PlatformImeData.WantVisible;  // (its caret drawn this frame)
    if (ImGuiWindow* page = g_page_window; settling > 0 && settling-- && active && page && w->Active) {
        if (!built) ImGui::KeepAliveID(g.ActiveId), WakeUp();  // and a frame after, to build it again
        const ImVec2 p = g.PlatformImeData.InputPos;
        const ImRect r = g.NavId == g.ActiveId ? ImGui::WindowRectRelToAbs(w, w->NavRectRel[0])
                                               : ImRect(p.x, p.y, p.x + 1, p.y + g.FontSize);  // (else its caret)
        if (w != page) ImGui::ScrollToRectEx(w, r, ImGuiScrollFlags_NoScrollParent);
        if (r.Min.y < page->InnerRect.Min.y || r.Min.y > page->InnerRect.Max.y - g.FontSize * 2)
            ImGui::SetScrollY(page, page->Scroll.y + r.Min.y - page->InnerRect.Min.y - page->InnerRect.GetHeight() * 0.4f), WakeUp();
    }
    if (!active) {
        if (g_tap_grace_frames > 0 && --g_tap_grace_frames > 0) return;
        if (g_reported.active) {
            g_reported.active = false;
            el_js_text_input(0, 0, 0, 0, 0, 0, "", "", "");
        }
        return;
    }
    if (!built) return;  // kept while not built: the page's input stays where it was
    if (TouchPressedItem()) return;  // the finger still down: its tap opens the field (el_text_field_at), a drag scrolls
    g_tap_grace_frames = 0;
    ImRect rect;
    TextFieldKind kind = TextFieldKind::None;
    for (const FieldOnScreen& f : g_fields)
        if (f.id == g.ActiveId) rect = f.rect, kind = f.kind;
    if (kind == TextFieldKind::None) {  // a field nobody registered: place it at the caret
        const ImVec2 p = g.PlatformImeData.InputPos;
        rect = ImRect(p, ImVec2(p.x + g.FontSize * 8, p.y + g.PlatformImeData.InputLineHeight));
    }
    const bool numeric = (g.InputTextState.Flags & (ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_CharsScientific)) != 0;
    const bool decimal = kind == TextFieldKind::Decimal || (kind == TextFieldKind::None && numeric);
    static std::string text_said;
    static int selection_said[2];
    if (!g_reported.active || g_reported.decimal != decimal || g_reported.rect.Min.x != rect.Min.x ||
        g_reported.rect.Min.y != rect.Min.y || g_reported.rect.Max.x != rect.Max.x || g_reported.rect.Max.y != rect.Max.y) {
        g_reported = {true, rect, decimal};
        const float s = 1.0f / g_app.pixel_ratio;
        // Named, with the value it opened with: "W[2][1]: 0.25" on the page's line, and where the <input> does
        // not show the text typed (on a touch screen: glue.js's textValue).
        const ImVector<char>& was = g.InputTextState.InitialTextA;  // (with its terminating zero)
        const bool named = g_named_id == g.ActiveId;
        el_js_text_input(1, rect.Min.x * s, rect.Min.y * s, rect.GetWidth() * s, rect.GetHeight() * s, decimal ? 1 : 0,
                         named ? g_name.c_str() : "", named && was.Size > 1 ? was.Data : "",
                         g_focus_help.c_str());  // (what its "(?)" shows while it is typed in)
        text_said = "\x01";  // (told anew)
    }
    const ImGuiInputTextState& st = g.InputTextState;
    std::vector<char> text(size_t(st.CurLenA) + 1);
    ImTextStrToUtf8(text.data(), int(text.size()), st.TextW.Data, st.TextW.Data + st.CurLenW);
    // In the <input>'s units, UTF-16's: a character past U+FFFF (an emoji) is one ImWchar, two units there.
    const auto utf16 = [&](int i) { return i + int(std::count_if(st.TextW.Data, st.TextW.Data + i, [](ImWchar c) { return c > 0xFFFF; })); };
    const int a = std::min(st.Stb.select_start, st.Stb.select_end), b = std::max(st.Stb.select_start, st.Stb.select_end);
    const int selection[2] = {utf16(a != b ? a : st.Stb.cursor), utf16(a != b ? b : st.Stb.cursor)};
    if (text_said == text.data() && selection[0] == selection_said[0] && selection[1] == selection_said[1]) return;
    text_said = text.data(), selection_said[0] = selection[0], selection_said[1] = selection[1];
    el_js_text_value(text.data(), selection[0], selection[1]);
}

// The keyboard's item on the canvas, named for a screen reader. ImGui says nothing of it: the canvas
// keeps the browser's focus while Tab and the arrows move ImGui's (its nav id) from control to control.
static std::string g_focus_label;           // its label as built this frame ("" until it is built)
static ImGuiItemStatusFlags g_focus_flags;  // and its state: a checkbox's, a section's
static std::string g_focus_said;            // what the page was last told

void NameItem(const char* name, const char* value) {
    if (ImGui::GetItemID() == ImGui::GetCurrentContext()->NavId) g_focus_label = value ? format("%s: %s", name, value) : name;
}

void DescribeFocusedItem(const char* text) { g_focus_help = text; }

void ReportFocus(bool quiet) {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    const ImGuiItemStatusFlags f = g_focus_flags;
    // Help that starts with the name ("MSE to 0: the gradient of ...") goes on from it: the name is said once.
    const size_t named = g_focus_help.rfind(g_focus_label, 0) == 0 ? g_focus_label.size() : 0;
    if (f & (ImGuiItemStatusFlags_Checkable | ImGuiItemStatusFlags_Openable))
        g_focus_label += format(", %s", f & ImGuiItemStatusFlags_Checkable ? f & ImGuiItemStatusFlags_Checked ? TR(page_checked) : TR(page_not_checked)
                                        : f & ImGuiItemStatusFlags_Opened  ? TR(page_expanded) : TR(page_collapsed));
    if (!g_focus_help.empty() && !g_focus_label.empty()) g_focus_label += (named ? "" : ". ") + g_focus_help.substr(named);
    // Shown by the keyboard (not after the mouse), and not a field being typed in (glue.js's <input> is
    // named for that). Said again when it changes in place: a checkbox ticked, a section opened.
    if (g.NavDisableHighlight || g.NavId == g.ActiveId) g_focus_said.clear();
    else if (quiet) {}
    else if (!g_focus_label.empty() && g_focus_label != g_focus_said) el_js_focus_name((g_focus_said = g_focus_label).c_str());
    g_focus_label.clear(), g_focus_flags = 0, g_focus_help.clear();
    // Widgets pass their labels only while the keyboard is in use: the first frame, a mouse and a finger
    // pay nothing. The frame the keyboard is first used in passed none: one more frame names its item.
    const bool keyboard = !g.NavDisableHighlight;
    if (g.TestEngineHookItems != keyboard) g.TestEngineHookItems = keyboard, WakeUp();
}

}  // namespace el

using namespace el;

// Dear ImGui's test-engine hooks (IMGUI_ENABLE_TEST_ENGINE, CMakeLists.txt): each widget passes its
// label to ItemInfo as it is built; the keyboard's item's is kept for ReportFocus.
void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, ImGuiID, const ImRect&, const ImGuiLastItemData*) {}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
void ImGuiTestEngineHook_ItemInfo(ImGuiContext* g, ImGuiID id, const char* label, ImGuiItemStatusFlags flags) {
    if (id == g->NavId && label) g_focus_label = FieldName(label), g_focus_flags = flags;
}

extern "C" {

// Asked inside a tap's handler: is (x, y) (CSS pixels, canvas-relative) on a text field of the
// last frame? Returns 0 (no) or its TextFieldKind (1: inputmode decimal; 2 and 3: text), and the
// field's rectangle in CSS pixels in out[4].
EMSCRIPTEN_KEEPALIVE int el_text_field_at(float x, float y, float* out) {
    const ImVec2 p(x * g_app.pixel_ratio, y * g_app.pixel_ratio);
    for (size_t i = g_fields.size(); i-- > 0;) {  // drawn last = on top
        const FieldOnScreen& f = g_fields[i];
        if (!f.rect.Contains(p)) continue;
        const float s = 1.0f / g_app.pixel_ratio;
        out[0] = f.rect.Min.x * s, out[1] = f.rect.Min.y * s, out[2] = f.rect.GetWidth() * s, out[3] = f.rect.GetHeight() * s;
        g_tap_grace_frames = 8;
        WakeUp();
        return int(f.kind);
    }
    return 0;
}

// A key pressed in the page's <input> while a field is active ("Backspace", "Enter", ...):
// the editing keys go to ImGui as key events; text arrives as characters (el_paste_text).
EMSCRIPTEN_KEEPALIVE int el_text_key(const char* key, int down, int ctrl, int shift) {
    static const struct { const char* name; ImGuiKey key; } keys[] = {
        {"Backspace", ImGuiKey_Backspace}, {"Delete", ImGuiKey_Delete}, {"Enter", ImGuiKey_Enter},
        {"Escape", ImGuiKey_Escape}, {"Tab", ImGuiKey_Tab}, {"ArrowLeft", ImGuiKey_LeftArrow},
        {"ArrowRight", ImGuiKey_RightArrow}, {"ArrowUp", ImGuiKey_UpArrow}, {"ArrowDown", ImGuiKey_DownArrow},
        {"Home", ImGuiKey_Home}, {"End", ImGuiKey_End}, {"a", ImGuiKey_A}, {"c", ImGuiKey_C},
        {"x", ImGuiKey_X}, {"z", ImGuiKey_Z}, {"y", ImGuiKey_Y},
    };
    // The modifiers follow every key the page reports, the Control and Shift keys' own presses and
    // releases included: a Ctrl released after Ctrl+A would otherwise stay down in ImGui, and a
    // field with Ctrl down drops every typed character.
    ImGuiIO& io = ImGui::GetIO();
    io.AddKeyEvent(ImGuiMod_Ctrl, ctrl != 0);
    io.AddKeyEvent(ImGuiMod_Shift, shift != 0);
    for (const auto& k : keys) {
        if (std::strcmp(k.name, key) != 0) continue;
        io.AddKeyEvent(k.key, down != 0);
        WakeUp();
        return 1;
    }
    return 0;  // not an editing key: the page lets the browser handle it
}

}  // extern "C"
