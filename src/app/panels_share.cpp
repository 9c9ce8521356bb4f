// Share links, presets and course-page embedding.
//
// [SECTION] Link banner
// [SECTION] Share box
// [SECTION] Presets panel

#include <cfloat>
#include <cstdio>
#include <string>

#include "browser.h"
#include "imgui_internal.h"  // SetScrollY of the page window
#include "panels.h"
#include "state/export.h"
#include "state/link.h"
#include "state/parse.h"
#include "state/presets.h"
#include "state/teach.h"
#include "ui.h"
#include "widgets.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Link banner
//-----------------------------------------------------------------------------

std::string LinkBannerHeading(const LinkMessages& m) {
    if (m.errors.empty()) return "";
    if (m.none_applied) return TR(teach_banner_not_applied);
    return format(m.error_count() == 1 ? TR(teach_banner_problems_one) : TR(teach_banner_problems_many), m.error_count());
}

// What a loaded link said that could not be applied; the rest of it was.
void ShowLinkBanner(App& app) {
    LinkMessages& m = app.link_messages;
    if (m.errors.empty() && m.notices.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyle().Colors[ImGuiCol_FrameBg]);
    // At most a third of the screen, scrolled inside past that, Dismiss first: a link with 40
    // problems pushed Dismiss and every panel off the bottom, out of reach of any scrolling.
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(FLT_MAX, ImGui::GetIO().DisplaySize.y / 3));
    ImGui::BeginChild("##link-banner", ImVec2(0, 0), ImGuiChildFlags_AutoResizeY | ImGuiChildFlags_Border);
    if (SmallButton(TR(teach_banner_dismiss))) {
        m = {}, app.link_awaiting_language.clear();
        browser_state_changed(app.state.view == View::Text);  // the text view's copy goes too
    }
    RecordItemRect("banner-dismiss");
    ErrorText(LinkBannerHeading(m));  // nothing when there are only notices
    for (const std::string& e : m.errors) ErrorText("  " + e);
    // Wrapped, as the errors are: a notice on a phone ran past the screen's edge, and a swipe to read it
    // scrolled Dismiss away.
    for (const std::string& n : m.notices) {
        TextWrappedColored(ImGui::GetColorU32(ImGuiCol_TextDisabled), "  %s", n.c_str());
        RecordItemRect("banner-notice");
    }
    ImGui::EndChild();
    ImGui::PopStyleColor();
}

//-----------------------------------------------------------------------------
// [SECTION] Share box
//-----------------------------------------------------------------------------

// The link of a course page's frame showing the state's panels (EmbedCode's too).
std::string EmbeddedLink(const AppState& s) {
    AppState embedded = s;
    embedded.embed = true;
    embedded.view = View::Canvas;  // the view it was copied from (a text view, say) is not the learners'
    if (embedded.panels == kDefaultPanels) embedded.panels = kPanelForward | kPanelBackward;
    return encode_link(embedded);
}

// The iframe snippet for a course page, showing the current state's panels.
static std::string EmbedSnippet(const AppState& s) {
    const std::string url = browser_page_url() + "#" + EmbeddedLink(s);
    return "<iframe src=\"" + html_attribute(url) +
           "\" title=\"Embedding Lab: lookup vs one-hot matmul\" width=\"900\" height=\"560\" "
           "allow=\"clipboard-write\" loading=\"lazy\"></iframe>";
}

// The header says it whenever the state's link is too long (on a phone too, where the share box is
// folded away): the edits are on the page, the address holds the last link that fit, and what
// still carries the whole state.
std::string LinkOverLimitMessage(const App& app) {
    if (!app.link_over_limit) return "";
    return format(TR(teach_share_over_limit), format_count((long long)app.link_over_limit).c_str(),
                  format_count((long long)kMaxLinkBytes).c_str());
}

void ShowLinkOverLimit(App& app) {
    if (!app.link_over_limit) return;
    ErrorText(LinkOverLimitMessage(app));
    RecordItemRect("link-over-limit");
}

// The share box's text for copy button `what` (ShareCopy), from the canvas or the text view: false,
// and nothing, when the link in it would be refused (a link that opens to nothing is worse than none;
// link_not_copied then says why).
bool MakeShareText(App& app, int what) {
    const AppState& s = app.state;
    if (what >= kShareNumpy) {
        app.share_text = what == kShareNumpy ? numpy_script(s, app.derived) : pytorch_script(s, app.derived);
        return true;
    }
    AppState auto_height = s;
    auto_height.teach.auto_height = true;
    const std::string link = what == kShareLink ? encode_link(s) : EmbeddedLink(what == kShareEmbed ? s : auto_height);
    app.link_not_copied = !link_fits(link);
    if (app.link_not_copied) return app.share_text.clear(), false;
    app.share_text = what == kShareLink    ? browser_page_url() + "#" + link
                     : what == kShareEmbed ? EmbedSnippet(s)
                                           : EmbedCode(auto_height, 900, 560);
    return true;
}

// After steps with momentum or an Adam, the optimizer's state, which no link holds: the next Step on the page
// a link opens differs from this page's (rows moved here by momentum stay put there).
const char* ShareOptimizerNote(const App& app) {
    const OptimizerConfig& o = app.state.optimizer;
    const bool stateful = o.momentum > 0.0f || (o.kind != OptimizerKind::kSGD && o.kind != OptimizerKind::kLazySGD);
    return app.training.session.active && stateful ? TR(teach_share_fresh_optimizer) : "";
}

std::string NotCopiedMessage() { return format(TR(teach_share_not_copied), format_count((long long)kMaxLinkBytes).c_str()); }

const char* ShareLabel(int what) {
    const char* const labels[] = {TR(teach_share_copy_link), TR(teach_share_copy_embed), TR(teach_share_copy_embed_auto),
                                  TR(teach_share_copy_numpy), TR(teach_share_copy_pytorch)};
    return labels[what];
}

// Copy buttons write to the clipboard when the browser allows it; the text is always
// also shown in a field to select by hand (iframes may forbid clipboard writes).
void ShowShareBox(App& app) {
    static const char* const rects[] = {"copy-link", "copy-embed", "copy-embed-auto", "copy-numpy", "copy-pytorch"};
    static const float widths[] = {0, 130, 170, 120, 130};  // room asked for before each (SameLineIfFits)
    for (int what = 0; what < kShareCount; what++) {
        if (what) SameLineIfFits(widths[what]);
        if (ImGui::Button(ShareLabel(what)) && MakeShareText(app, what)) ImGui::SetClipboardText(app.share_text.c_str());
        RecordItemRect(rects[what]);
    }
    SameLineIfFits(130);
    if (ImGui::Button(TR(teach_share_teach))) app.teach.panel_open = !app.teach.panel_open;
    RecordItemRect("teach");
    ItemTooltip("%s", TR(teach_share_teach_tooltip));
    HelpMarker(TR(teach_share_help));
    if (app.link_not_copied) {
        ErrorText(NotCopiedMessage());
        RecordItemRect("share-not-copied");
    }
    if (app.share_text.empty()) return;
    const bool script = app.share_text.find('\n') != std::string::npos;
    if (script && app.touch) {
        // Under a finger the script scrolls both ways in a box: a field scrolls sideways only to its caret,
        // and a phone cut its long lines off at the edge. (Nothing to select by hand there: Copy copies.)
        ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyle().Colors[ImGuiCol_FrameBg]);
        ImGui::BeginChild("##share-text", ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * 8), ImGuiChildFlags_Border,
                          ImGuiWindowFlags_HorizontalScrollbar);
        ImGui::TextUnformatted(app.share_text.c_str());
        ImGui::EndChild();
        ImGui::PopStyleColor();
    } else if (script) {
        ImGui::InputTextMultiline("##share-text", app.share_text.data(), app.share_text.size() + 1,
                                  ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * 8), ImGuiInputTextFlags_ReadOnly);
    } else {
        ImGui::SetNextItemWidth(-FLT_MIN);
        ImGui::InputText("##share-text", app.share_text.data(), app.share_text.size() + 1, ImGuiInputTextFlags_ReadOnly);
        if (*ShareOptimizerNote(app)) TextWrappedColored(DimColor(), "%s", ShareOptimizerNote(app));
    }
    RecordItemRect("share-text");
    // (A phone's clipboard is out of sight: the copy said nothing on the canvas.)
    if (app.copied == app.share_text) TextWrappedColored(GoodColor(), "%s", TR(teach_share_copied)), RecordItemRect("share-copied");
    if (SmallButton(TR(teach_share_close))) app.share_text.clear();
    RecordItemRect("share-close");
}

//-----------------------------------------------------------------------------
// [SECTION] Presets panel
//-----------------------------------------------------------------------------

void ShowPresetsPanel(App& app) {
    ImGui::SeparatorText(TR(teach_presets_title));
    TextWrapped("%s", TR(teach_presets_intro));
    for (const Preset& p : presets()) {
        ImGui::PushID(p.name);
        if (WrappedLink(tr(p.title))) {
            browser_open_link(LinkKeepingPage(app, p.link).c_str());
            ImGui::SetScrollY(g_page_window, 0.0f);  // to the table, the ids and the routes it sets
            app.link_focuses_table = ImGui::GetIO().NavVisible;
        }
        RecordItemRect((std::string("preset:") + p.name).c_str());
        ImGui::PopID();
    }
}

}  // namespace el
