// Share links, presets and course-page embedding.
//
// [SECTION] Link banner
// [SECTION] Share box
// [SECTION] Presets panel

#include <cstdio>
#include <string>

#include "browser.h"
#include "panels.h"
#include "state/export.h"
#include "state/link.h"
#include "state/presets.h"
#include "state/teach.h"
#include "widgets.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Link banner
//-----------------------------------------------------------------------------

// What a loaded link said that could not be applied; the rest of it was.
void ShowLinkBanner(App& app) {
    LinkMessages& m = app.link_messages;
    if (m.errors.empty() && m.notices.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyle().Colors[ImGuiCol_FrameBg]);
    ImGui::BeginChild("##link-banner", ImVec2(0, 0), ImGuiChildFlags_AutoResizeY | ImGuiChildFlags_Border);
    if (!m.errors.empty())
        ErrorText("This link had " + std::to_string(m.errors.size()) +
                  (m.errors.size() == 1 ? " problem" : " problems") + "; the rest of it was applied:");
    for (const std::string& e : m.errors) ErrorText("  " + e);
    for (const std::string& n : m.notices) ImGui::TextDisabled("  %s", n.c_str());
    if (ImGui::SmallButton("Dismiss")) m = {};
    RecordItemRect("banner-dismiss");
    ImGui::EndChild();
    ImGui::PopStyleColor();
}

//-----------------------------------------------------------------------------
// [SECTION] Share box
//-----------------------------------------------------------------------------

// The iframe snippet for a course page, showing the current state's panels.
static std::string EmbedSnippet(const AppState& s) {
    AppState embedded = s;
    embedded.embed = true;
    if (embedded.panels == kDefaultPanels) embedded.panels = kPanelForward | kPanelBackward;
    const std::string url = browser_page_url() + "#" + encode_link(embedded);
    return "<iframe src=\"" + html_attribute(url) +
           "\" title=\"Embedding Lab: lookup vs one-hot matmul\" width=\"900\" height=\"560\" "
           "allow=\"clipboard-write\" loading=\"lazy\"></iframe>";
}

// Copy buttons write to the clipboard when the browser allows it; the text is always
// also shown in a field to select by hand (iframes may forbid clipboard writes).
void ShowShareBox(App& app) {
    if (ImGui::Button("Copy link")) {
        const std::string link = encode_link(app.state);
        app.share_text = browser_page_url() + "#" + link;
        ImGui::SetClipboardText(app.share_text.c_str());
        app.link_too_long = link.size() > kMaxLinkBytes;
    }
    RecordItemRect("copy-link");
    SameLineIfFits(130);
    if (ImGui::Button("Copy embed code")) {
        app.share_text = EmbedSnippet(app.state);
        ImGui::SetClipboardText(app.share_text.c_str());
    }
    RecordItemRect("copy-embed");
    SameLineIfFits(170);
    if (ImGui::Button("Copy auto-height embed")) {
        AppState auto_height = app.state;
        auto_height.teach.auto_height = true;
        app.share_text = EmbedCode(auto_height, 900, 560);
        ImGui::SetClipboardText(app.share_text.c_str());
    }
    RecordItemRect("copy-embed-auto");
    SameLineIfFits(120);
    if (ImGui::Button("Copy as NumPy")) {
        app.share_text = numpy_script(app.state);
        ImGui::SetClipboardText(app.share_text.c_str());
    }
    RecordItemRect("copy-numpy");
    SameLineIfFits(130);
    if (ImGui::Button("Copy as PyTorch")) {
        app.share_text = pytorch_script(app.state);
        ImGui::SetClipboardText(app.share_text.c_str());
    }
    RecordItemRect("copy-pytorch");
    SameLineIfFits(130);
    if (ImGui::Button("Teach with this")) app.teach.panel_open = !app.teach.panel_open;
    RecordItemRect("teach");
    ImGui::SetItemTooltip("A link or embed code for a course page: pick panels, lock what learners may not change, "
                          "hide controls, add question cards");
    HelpMarker("The link reproduces exactly what you see. The embed code is an <iframe> for a course page "
               "showing the forward and backward panels. The scripts rebuild this table, ids and upstream "
               "gradient and print the gather, the one-hot matmul and the table's gradient.");
    if (app.share_text.empty()) return;
    const bool script = app.share_text.find('\n') != std::string::npos;
    if (script) {
        ImGui::InputTextMultiline("##share-text", app.share_text.data(), app.share_text.size() + 1,
                                  ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * 8), ImGuiInputTextFlags_ReadOnly);
    } else {
        ImGui::SetNextItemWidth(-FLT_MIN);
        ImGui::InputText("##share-text", app.share_text.data(), app.share_text.size() + 1, ImGuiInputTextFlags_ReadOnly);
    }
    RecordItemRect("share-text");
    if (app.link_too_long)
        ErrorText(("This link is longer than the " + std::to_string(kMaxLinkBytes / 1024) +
                   " KB a link may carry (too many edited cells): it will not load whole. Fewer edits, or a fill "
                   "with a seed, keep links short."));
    if (ImGui::SmallButton("Close")) app.share_text.clear(), app.link_too_long = false;
    RecordItemRect("share-close");
}

//-----------------------------------------------------------------------------
// [SECTION] Presets panel
//-----------------------------------------------------------------------------

void ShowPresetsPanel(App& app) {
    (void)app;
    ImGui::SeparatorText("Presets");
    ImGui::TextWrapped("Each preset is a link: open one, then use Back to return.");
    for (const Preset& p : presets()) {
        ImGui::PushID(p.name);
        if (ImGui::Selectable(p.title)) browser_open_link(p.link);
        RecordItemRect((std::string("preset:") + p.name).c_str());
        ImGui::PopID();
    }
}

}  // namespace el
