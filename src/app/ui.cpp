// The page's layout: which panels show, where, at what width.
// The panels themselves are in panels_*.cpp, shared widgets in widgets.cpp.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <string>

#include "browser.h"
#include "i18n/i18n.h"
#include "imgui.h"
#include "imgui_internal.h"  // the page window, for scrolling by wheel and touch
#include "main.h"            // WakeUp
#include "offscreen.h"
#include "panels.h"
#include "state/link.h"
#include "state/parse.h"
#include "state/teach.h"
#include "text_input.h"
#include "ui.h"
#include "widgets.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Layout
//-----------------------------------------------------------------------------

void StartApp(App& app) {
    const std::string hash = browser_location_hash();
    app.state.deeper_tier = kDeeperTierLoaded;  // as apply_link keeps it
    if (!hash.empty()) {
        apply_link(app, hash);  // a link without a theme gets the system's (app.cpp)
    } else {
        app.state.theme = Theme(browser_preferred_theme());  // no link, so no theme: the system's
        Commit(app, "start"), refresh_text(app.commits, app.state, app.text, false);
    }
}

// The frequency experiment advances only while its panel is drawn, so only then does it need frames.
bool AppBusy(const App& app) {
    return (app.training.frequency.running && (app.state.panels & kPanelFrequency)) ||
           (app.budget_lab.run.running && (app.state.panels & kPanelBudget)) ||
           app.cost_run.running() ||  // the cost benchmark steps in every frame, panel shown or not
           (ExperimentsTraining() && (app.state.panels & kPanelExperiments)) ||
           PictureBusy(app);          // the walk animates only while it runs
}

// A drop-down as wide as its choice needs, and at least `css_width` (a phone's 80 px cut "high
// contrast" to "high con" and "Deutsch" to "Deutsc"); the buttons after it go on the next line
// when they no longer fit.
static void SetNextComboWidth(const char* choice, float css_width) {
    const float fit = ImGui::CalcTextSize(choice).x + 2 * ImGui::GetStyle().FramePadding.x + ImGui::GetFrameHeight();
    ImGui::SetNextItemWidth(std::max(Px(css_width), fit));
}

// The language: each in its own name. Choosing one pins it in the link (lang=); a link without
// one follows the browser's languages.
static void ShowLanguageChoice(App& app, bool narrow) {
    const char* current = active_language().name;
    SetNextComboWidth(current, narrow ? 80 : 100);
    if (ImGui::BeginCombo("##language", current)) {
        for (int i = 0; i < kLanguageCount; i++) {
            const Language& l = kLanguages[i];
            if (ImGui::Selectable(l.name, &l == &active_language())) app.state.lang = l.code, Commit(app, "language");
        }
        ImGui::EndCombo();
    }
    RecordItemRect("language");
    NameItem(TR(teach_language), current);
    ItemTooltip("%s", TR(page_language_tooltip));
}

// The page's header: the title, theme, language and the share box, or in a course page just a way out.
static void ShowHeader(App& app) {
    if (app.state.embed) {
        ErrorText(app.teach.lock_message);  // a locked control was clicked (panels_teach.cpp)
        ShowLinkOverLimit(app);  // then the full page would open to nothing: it is not opened
        if (is_hidden(app.state, kHideOpenFull)) return;
        if (SmallButton(TR(page_open_full))) {
            AppState full = app.state;
            full.embed = false, full.panels = kDefaultPanels;
            full.teach = {};  // the full demo is for exploring: no locks, hidden controls or questions
            if (const std::string link = encode_link(full); link_fits(link))
                browser_open_window((browser_page_url() + "#" + link).c_str());
        }
        RecordItemRect("open-full");
        return;
    }
    // On a phone the header is one line (title, theme, text view, share); the language and
    // the share buttons open under it on demand. A short page (a course page's 600 x 400 iframe, a
    // phone held sideways) folds the share buttons the same way, so the lesson keeps the height.
    const ImVec2 size = ImGui::GetMainViewport()->WorkSize;
    const bool narrow = size.x / app.dpr < 600.0f, compact = narrow || size.y / app.dpr < 520.0f;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(TR(page_title));
    if (!compact) {
        SameLineIfFits(400);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", TR(page_subtitle));
        ImGui::PopTextWrapPos();
        SameLineIfFits(260);
    } else {
        SameLineIfFits(80);  // (a phone pinched to 200 %: the combo ran off the screen's edge)
    }
    const char* const theme_labels[] = {TR(page_theme_light), TR(page_theme_dark), TR(page_theme_contrast), TR(page_theme_contrast_light)};
    int theme = int(app.state.theme);
    SetNextComboWidth(theme_labels[theme], narrow ? 80 : 120);
    if (ImGui::Combo("##theme", &theme, theme_labels, 4)) app.state.theme = Theme(theme), app.state.theme_follows_system = false, Commit(app, "theme");
    RecordItemRect("theme");
    NameItem(TR(teach_theme), theme_labels[theme]);
    ItemTooltip("%s", TR(page_theme_tooltip));
    if (!narrow) ImGui::SameLine(), ShowLanguageChoice(app, narrow);  // on a phone: behind Share
    SameLineIfFits(ButtonWidth(TR(page_text_view)));
    if (ImGui::Button(TR(page_text_view))) app.state.view = View::Text, Commit(app, "view");
    RecordItemRect("text-view");
    ItemTooltip("%s", TR(page_text_view_tooltip));
    // On a small screen a tour step's box has it instead: here it took a line of its own on the steps
    // with a few panels, and the tour's Next moved down, a second press landing on another button.
    if (!(compact && TourBarShown(app))) ShowAllPanelsButton(app);
    ErrorText(app.language_message);
    ShowLinkOverLimit(app);
    static bool share_open = false;
    if (compact) {
        SameLineIfFits(ButtonWidth(share_open ? TR(page_share_open) : TR(page_share)));
        if (ImGui::Button(share_open ? TR(page_share_open) : TR(page_share))) share_open = !share_open;
        RecordItemRect("share");
        if (!share_open) return;
        if (narrow) ShowLanguageChoice(app, true);
    }
    ShowShareBox(app);
    ShowTeachPanel(app);
}

// Where a panel's top sits below the page's when the page holds it there: the tour scrolls its panel
// there, and a short panel in a long row stays there (StickyOffset).
static float PanelTopMargin() { return Px(12); }

static float g_tour_bar_top = -FLT_MAX;  // where the tour's box starts, when it scrolls with the panels (ShowApp)

// The panel the tour step points at gets a frame, and is scrolled into view: its top 12 px below
// the page's. A step opened from a link is scrolled while the layout still settles (the scrollbar
// appears and narrows the panels, so their text takes more lines; panels are measured as they come
// into view), and one scroll then left a phone's panel below the screen. So the scroll is set again
// each frame until the panel's top stays where it should be, for ten frames at most.
static void ShowTourFocus(App& app, uint32_t panels) {
    if (app.state.tour == TourDepth::None || !(panels & app.tour.focus)) return;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    // A step about one section of its panel (the budget panel's parts, screens apart on a phone) frames
    // that section, in the group that holds it (TourSection in panels_budget.cpp says where it begins).
    float top = a.y;
    if (g_tour_bar_top > -FLT_MAX && g_tour_bar_top < a.y) {
        top = g_tour_bar_top;  // the step's words above its panel: those first
    } else if (tour_step_section(app.state.tour, app.state.tour_step)) {
        if (app.tour.section_top < a.y || app.tour.section_top > b.y) return;
        top = app.tour.section_top;
    }
    // Inside what the page shows: on a phone the panel's right edge plus the margin lay under the
    // scrollbar, and the frame had no right side.
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRect(ImVec2(a.x - Px(4), a.y - Px(4)), ImVec2(std::min(b.x + Px(4), dl->GetClipRectMax().x - Px(2)), b.y + Px(4)),
                GoodColor(), Px(4), 0, Px(2.5f));
    RecordItemRect("tour-focus");
    // Framed again after a resize (a phone turned) only while its top is on screen: one scrolled into, to read
    // further down (at 200 % a panel is screens tall), keeps the reader's place.
    app.tour.focus_in_view = ImGui::IsRectVisible(ImVec2(a.x, top), ImVec2(b.x, top + Px(1)));
    if (!app.tour.scroll_to_focus) return;
    const float scroll = ImGui::GetScrollY();
    const float wanted = top - ImGui::GetWindowPos().y - PanelTopMargin() + scroll;  // in the page's own coordinates
    // (The scroll's limit grows as the panels below are measured, so it says nothing yet: a panel
    // the page cannot scroll to the top just takes the ten frames.)
    const bool settled = app.tour.scroll_frames > 0 && std::fabs(wanted - scroll) < 1.0f;
    if (settled || ++app.tour.scroll_frames > 10) {
        app.tour.scroll_to_focus = false, app.tour.scroll_frames = 0;
    } else {
        ImGui::SetScrollY(wanted);
        WakeUp();  // the next frame is built, to look again
    }
}

// A row of panels is as tall as its tallest. A shorter one stays in view while the page scrolls past
// its end, as a sticky sidebar does, so the row's other columns are not left blank beside a long panel
// (the deeper tour's last steps showed two empty columns beside the experiments' end). Only a panel
// that fits the view is held: one taller would keep its end out of reach. From the sizes the panels
// had when last drawn (offscreen.cpp); -1 for a row not measured yet.
static float RowHeight(const uint32_t* keys, int n) {
    float tallest = 0;
    for (int i = 0; i < n; i++) {
        const float h = PanelGroupHeight(keys[i]);
        if (h < 0) return -1;
        tallest = std::max(tallest, h);
    }
    return tallest;
}

static float StickyOffset(uint32_t key, float row_top, float row_height) {
    const float h = PanelGroupHeight(key), view_top = ImGui::GetWindowPos().y, view_height = ImGui::GetWindowHeight();
    // Held where the tour puts a panel, or, for the first row, where it sits unscrolled.
    const float gap = std::min(PanelTopMargin(), row_top + ImGui::GetScrollY() - view_top);
    if (row_height < 0 || h < 0 || h > view_height - 2 * PanelTopMargin()) return 0;
    return std::clamp(view_top + gap - row_top, 0.0f, std::max(0.0f, row_height - h));
}

// The offsets of the held panels, frame to frame. While a field is typed in they stay as they are: an
// edit that shrank the row (fewer ids) carried the held panel, and the field, up out of view. Once the
// field is left, the page scrolls back by as much as that field's panel would rise, so it stays put.
struct PanelHold {
    static constexpr int kGroups = 16;
    float held[kGroups] = {};                 // each group's offset in the last frame
    bool was_typing = false;
    uint32_t typing_in = UINT32_MAX;          // the group holding the field typed in (its caret)
    bool typing = false, typed = false;       // this frame: a field typed in; the first frame after
    float rise = 0;                           // this frame: how far to scroll back

    void Begin() {
        typing = TextFieldActive();
        typed = was_typing && !typing, was_typing = typing, rise = 0;
    }
    float Offset(uint32_t key, float row_top, float row_height) {
        float offset = typing ? held[key] : StickyOffset(key, row_top, row_height);
        if (typed && key == typing_in && offset < held[key]) rise = held[key] - offset, offset = held[key];
        if (offset != held[key]) held[key] = offset, WakeUp();  // sizes from the last frame: look again
        return offset;
    }
    void Drawn(uint32_t key) {  // after the group: is the caret in it?
        if (typing && ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()).Contains(ImGui::GetCurrentContext()->PlatformImeData.InputPos))
            typing_in = key;
    }
    void End() const {
        if (rise > 0) ImGui::SetScrollY(std::max(0.0f, ImGui::GetScrollY() - rise)), WakeUp();
    }
};

// What was pressed stays under the pointer: in the 100,000-row state a step changed how the forward
// panel's numbers wrap (by their texts' widths), Step moved 24-40 px, and a quick second press missed
// it. From a press on, the rows of panels above it are held as tall as they were, and where they grow
// the page scrolls by as much (the frame is built again so, before it is drawn), until the pointer
// moves on (a finger: a moment after its tap), the page is scrolled, resized or zoomed, or the state changes
// by anything but a press.
struct RowHold {
    static constexpr int kRows = 16;
    float top[kRows + 1] = {};  // each row's top in the last frame, in the page's coordinates
    float held[kRows] = {};     // each row's height at the press
    float scroll = 0, press_scroll = 0;
    ImVec2 press{0, -1};        // where the press was, in the page's coordinates (y < 0: nothing held)
    double press_time = 0;
    ImVec2 size;                // the page's width and text size in the last frame (a pinch, a resize: all moves)
    int rows = 0, row = 0;      // the rows in the last frame; the press's row, and its top then
    float row_top = 0;
    uint64_t revision = 0;      // the state's revision at the end of the last frame

    void Begin(const App& app) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        scroll = ImGui::GetScrollY();
        const ImVec2 at(mouse.x, mouse.y + scroll), now_size(ImGui::GetWindowWidth(), ImGui::GetFontSize());
        const bool same = now_size.x == size.x && now_size.y == size.y && app.commits.state == revision;
        size = now_size;
        if (!same || (!ImGui::IsMouseDown(ImGuiMouseButton_Left) &&
                      (scroll != press_scroll ||
                       // (A finger lifted leaves no pointer: it lets go a moment after its tap.)
                       (ImGui::IsMousePosValid() ? ImLengthSqr(ImVec2(at.x - press.x, at.y - press.y)) > Px(8) * Px(8)
                                                 : ImGui::GetTime() - press_time > 0.7))))
            press.y = -1;
        // (Not a press on the header over the page, nor in a frame the page changed size or state.)
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && same && mouse.y >= ImGui::GetWindowPos().y) {
            for (int r = 0; r < kRows; r++) held[r] = top[r + 1] - top[r];  // as last drawn (a hold's gap too)
            press = at, press_scroll = scroll, press_time = ImGui::GetTime();
            for (row = 0; row < rows && top[row + 1] <= at.y;) row++;
            row_top = top[row];
            if (row_top > at.y) press.y = -1;  // above the panels (a tour's box, a question card): nothing to hold
        }
    }
    // Row r's least height: as tall as at the press, for a row above it.
    float MinHeight(int r) const { return press.y >= 0 && r < row ? held[r] : 0.0f; }
    void RowTop(int r, float y) {  // (screen)
        if (r <= kRows) top[r] = y + scroll;
    }
    // True when the rows above the press grew: the page scrolls by as much, to be built again.
    bool End(const App& app, int rows_now) {
        revision = app.commits.state, rows = std::min(rows_now, kRows);
        const float grew = top[row] - row_top;
        if (press.y < 0 || grew < 0.5f) return false;
        ImGui::SetScrollY(scroll + grew);
        press.y += grew, press_scroll += grew, row_top = top[row];
        return true;
    }
};

ImGuiWindow* g_page_window = nullptr;

bool ShowApp(App& app) {
    ClearItemRects();
    app.tour.focus_in_view = false, app.tour.section_top = -FLT_MAX;  // until the panel is drawn (ShowTourFocus)
    UpdateDeeperTier(app);  // loaded on demand: deeper=1 in a link, a preset or the budget panel's button
    PictureFrameStart(app);  // the highlight hovered last frame; the walk's clock
    StepCostRun(app);  // a slice of the cost benchmark, if one runs (panels_cost.cpp)
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    // No background: the renderer clears the canvas to the window colour (main.cpp), and a
    // full-canvas quad over it is a million blended pixels a frame (the CPU's, without a GPU).
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                   ImGuiWindowFlags_NoBackground;
    ImGui::Begin("Embedding Lab", nullptr, flags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    // The header, a link's messages and the tour step stay in view; the panels scroll below. Where
    // they would take much of the screen (a phone pinched to 200 %, a browser at 400 %) they scroll
    // with the panels, and the tour step sits right above the panel it speaks of: held, they took
    // three quarters of a phone, and the tour's buttons were below its edge.
    static float top_height = 0, tour_height = 0;  // theirs, as last built
    static bool top_scrolls = false;
    top_scrolls = top_height + tour_height > vp->WorkSize.y * (top_scrolls ? 0.3f : 0.4f);
    // (A link's messages go with the tour's box then, which the tour scrolls to: at the top they were
    // scrolled out of sight.)
    const auto show_top = [&] {
        const float y = ImGui::GetCursorPosY();
        ShowHeader(app);
        if (!top_scrolls) ShowLinkBanner(app);
        top_height = ImGui::GetCursorPosY() - y;
    };
    g_tour_bar_top = -FLT_MAX;
    const auto show_tour = [&] {
        const float y = ImGui::GetCursorPosY();
        if (top_scrolls) g_tour_bar_top = ImGui::GetCursorScreenPos().y, ShowLinkBanner(app);
        ShowTourBar(app);
        tour_height = ImGui::GetCursorPosY() - y;
    };
    if (!top_scrolls) show_top(), show_tour();
    // NavFlattened: Tab and the arrow keys go on from the header into the panels (without it the
    // whole page was one stop that took Enter to get into, and Tab never reached a panel).
    ImGui::BeginChild("##page", ImVec2(0, 0), ImGuiChildFlags_None, ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NavFlattened);
    g_page_window = ImGui::GetCurrentWindow();
    if (top_scrolls) show_top();
    ShowQuestionCards(app);  // quiz=: above the panels they ask about

    // Panels flow into as many columns as the width allows: 3 on a desktop, 1 on a phone.
    using PanelGroup = void (*)(App&);
    struct Group { uint32_t panels; PanelGroup show; };
    static const Group groups[] = {
        {kPanelTable | kPanelIds, [](App& a) {
             if (a.state.panels & kPanelTable) ShowTablePanel(a), ImGui::Spacing();
             if (a.state.panels & kPanelIds) ShowIdsPanel(a);
         }},
        {kPanelForward, ShowForwardPanel},
        {kPanelBackward, ShowBackwardPanel},
        {kPanelExperiments, ShowExperimentsPanel},
        {kPanelTraining, ShowTrainingPanel},
        {kPanelFrequency, ShowFrequencyPanel},
        {kPanelCost, ShowCostPanel},
        {kPanelTour, ShowCheckPanel},
        {kPanelPresets, ShowPresetsPanel},
        {kPanelBudget, ShowBudgetPanel},  // or, until it is loaded, what it is and a button
        {kPanelBudget, ShowDeeperExperimentsPanel},
    };
    // Until the deeper tier is loaded its panel is one group, not two.
    const auto shown = [&](const Group& g) {
        return (app.state.panels & g.panels) && (kDeeperTierLoaded || g.show != ShowDeeperExperimentsPanel);
    };
    uint32_t keys[std::size(groups)];  // the groups shown, in order: a row holds `columns` of them
    int n = 0, tour_at = -1;  // the tour step's panel, when the step scrolls with the panels
    for (const Group& g : groups)
        if (shown(g)) {
            if (top_scrolls && tour_at < 0 && app.state.tour != TourDepth::None && (g.panels & app.tour.focus)) tour_at = n;
            keys[n++] = uint32_t(&g - groups);
        }
    if (top_scrolls && tour_at < 0) show_tour();  // (no step, or its panel not shown: at the top)
    const float css_width = vp->WorkSize.x / app.dpr;
    int columns = css_width >= 1100 ? 3 : css_width >= 720 ? 2 : 1;
    columns = std::max(1, std::min(columns, n));
    static PanelHold hold;
    static_assert(std::size(groups) <= PanelHold::kGroups);
    static RowHold rows;
    hold.Begin(), rows.Begin(app);
    // (Every table of the page: no saved settings, which are for an .ini file; snip_functions.py checks.)
    if (ImGui::BeginTable("##layout", columns, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_PadOuterX | ImGuiTableFlags_NoSavedSettings)) {
        // With Table W, Forward and Backward on the first row, Table W's column takes less than the
        // pictures beside it need: at 1280 to 1440 px the forward picture's cells reach a number's width
        // (equal thirds left its 5 x 4 blocks of colour). The weight is set after the call, not passed:
        // no other call passes one, so binaryen drops that argument (passed, it cost 200 B).
        if (columns == 3 && keys[1] == 1)
            ImGui::TableSetupColumn(nullptr), ImGui::GetCurrentTable()->Columns[0].InitStretchWeightOrWidth = 0.8f;
        float row_height = -1;
        for (int i = 0; i < n; i++) {
            const Group& g = groups[keys[i]];
            if (i % columns == 0) {
                const int r = i / columns;
                ImGui::TableNextRow(ImGuiTableRowFlags_None, rows.MinHeight(r));
                rows.RowTop(r, ImGui::GetCurrentTable()->RowPosY1);
                row_height = RowHeight(keys + i, std::min(columns, n - i));
            }
            ImGui::TableNextColumn();
            if (i == tour_at) show_tour();
            const float offset = hold.Offset(keys[i], ImGui::GetCursorScreenPos().y, row_height);
            if (offset > 0) ImGui::SetCursorPosY(ImGui::GetCursorPosY() + offset);
            ImGui::PushID(int(g.panels));
            // Keyed by its place in the layout, not its panel bits: the budget panel is two groups
            // (two columns) with the same bits, and one shared key made each skipped group take the
            // other's size and widget rectangles.
            ShowPanelGroup(app, keys[i], g.show);  // or its blank, while out of view (offscreen.cpp)
            hold.Drawn(keys[i]);
            ShowTourFocus(app, g.panels);
            ImGui::PopID();
        }
        ImGui::EndTable();
        rows.RowTop((n + columns - 1) / columns, ImGui::GetItemRectMax().y);  // the last row's bottom
    }
    hold.End();
    const bool moved = rows.End(app, (n + columns - 1) / columns);
    // An embed tells its host page how tall its content is (in device pixels from the page's top).
    ReportContentHeight(app, ImGui::GetCursorScreenPos().y + ImGui::GetScrollY() - vp->Pos.y +
                                 ImGui::GetStyle().WindowPadding.y);
    ImGui::EndChild();
    ImGui::End();
    return moved;
}

static std::string g_live_text;
void AfterFrame(App& app) {
    // The HTML text view (web/text_view.js) follows every commit, the view setting, the highlight, the
    // walk and the question cards' answers (a card answered on the canvas may uncover dW); also what
    // commits nothing: a value the canvas refused (its message, and the refused cell), and an
    // experiment starting or ending (its settings are held while it runs, there as here).
    static uint64_t shown_revision = 0, shown_answers = 0;
    static std::string shown_errors;
    // The picture's lines: the highlight, and a walk started, finished or gone (not each of its terms).
    static int shown_picture[4] = {-2};
    const Walk& w = app.picture.walk;
    const int picture[4] = {HighlightedId(app), w.b, w.c, w.done()};
    // (A cell's message names its cell: "W[2][1]: ...".)
    std::string errors(1, char('0' + app.training.frequency.running + 2 * app.cost_run.running() + 4 * app.budget_lab.run.running +
                                     8 * ExperimentsTraining()));
    for (const std::string* e : {&app.text.ids.error, &app.text.ids.notice, &app.text.size.error, &app.table_editor.error, &app.upstream_editor.error})
        errors += '\n', errors += *e;
    const bool others_changed = app.commits.state != shown_revision || app.teach.answers != shown_answers || errors != shown_errors;
    if (others_changed || std::memcmp(picture, shown_picture, sizeof picture)) {
        shown_revision = app.commits.state, shown_answers = app.teach.answers;
        shown_errors = errors;
        std::memcpy(shown_picture, picture, sizeof picture);
        // The highlight follows the pointer over the picture: then only the picture's lines are rewritten.
        browser_state_changed(app.state.view == View::Text, !others_changed);
    }
    // The line formats numbers (format_float is slow in wasm): remade only when what it says can change.
    // (An answered card may uncover dW, which the line then speaks of again.)
    static uint64_t live_revision = 0, live_answers = 0;
    static int live_highlight = -2;
    // A card answered on the canvas: its verdict first, said even when the line is as it was.
    std::string& said = app.teach.said;
    // A number field's refusal is said too (a screen reader heard nothing: the field keeps the text).
    if (const std::string* refused = NewRefusal()) said = *refused;
    if (app.commits.derived != live_revision || HighlightedId(app) != live_highlight || app.teach.answers != live_answers ||
        !said.empty()) {
        live_revision = app.commits.derived, live_highlight = HighlightedId(app), live_answers = app.teach.answers;
        std::string text = describe_result(app);
        if (!said.empty()) text = said + (said.back() == '.' ? " " : ". ") + text, g_live_text.clear(), said.clear();
        if (text != g_live_text) {
            g_live_text = text;
            browser_set_live_text(text.c_str());
        }
    }
    // Rewriting the address encodes the whole table: once an edit or drag ends, not every frame of it.
    EndFrameCommit(app, ImGui::IsAnyItemActive());
}

}  // namespace el
