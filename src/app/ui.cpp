// The page's layout: which panels show, where, at what width.
// The panels themselves are in panels_*.cpp, shared widgets in widgets.cpp.

#include <cstdio>
#include <string>

#include "browser.h"
#include "imgui.h"
#include "panels.h"
#include "state/parse.h"
#include "ui.h"
#include "widgets.h"

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Layout
//-----------------------------------------------------------------------------

void StartApp(App& app) {
    app.V_input = app.state.V, app.d_input = app.state.d;
    std::snprintf(app.ids_text, sizeof app.ids_text, "%s", format_ids(app.state.ids).c_str());
    recompute(app);
}

bool AppBusy(const App&) { return false; }

void ShowApp(App& app) {
    ClearItemRects();
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("Embedding Lab", nullptr, flags);
    ImGui::TextUnformatted("Embedding Lab");
    ImGui::SameLine();
    ImGui::TextDisabled("an embedding layer is a row lookup - and a one-hot matmul");

    const float css_width = vp->WorkSize.x / app.dpr;
    const int columns = css_width >= 1100 ? 3 : css_width >= 720 ? 2 : 1;
    if (ImGui::BeginTable("##layout", columns, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_PadOuterX)) {
        ImGui::TableNextColumn();
        ShowTablePanel(app);
        ImGui::Spacing();
        ShowIdsPanel(app);
        ImGui::TableNextColumn();
        ShowForwardPanel(app);
        ImGui::TableNextColumn();
        ShowBackwardPanel(app);
        ImGui::EndTable();
    }
    ImGui::End();
}

static std::string g_live_text;
void AfterFrame(App& app) {
    std::string text = describe_result(app);
    if (text != g_live_text) {
        g_live_text = text;
        browser_set_live_text(text.c_str());
    }
}

}  // namespace el
