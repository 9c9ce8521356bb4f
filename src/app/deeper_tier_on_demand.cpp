// The deeper tier's place in the site's page until a learner asks for it (issue 16). The
// experiments (panels_budget.cpp, budget_lab.cpp, js_api_budget.cpp: about 17 KB gzip) are linked
// into a second build of the page, embedding_lab_deeper; this file stands in for them in
// embedding_lab, the page a first visit downloads. Asking for them (the button here, a preset or
// tour step whose link says deeper=1, or embeddingLab.loadDeeperTier()) reloads the page with
// the same link plus deeper=1, and web/glue.js then loads the deeper build. The link keeps the
// table, the ids and every setting; what no link holds (training steps taken, a benchmark's
// figures) starts again, and the button says so.
#include <emscripten.h>

#include <string>

#include "browser.h"
#include "i18n/i18n.h"
#include "panels.h"
#include "state/link.h"
#include "main.h"
#include "widgets.h"

namespace el {

const bool kDeeperTierLoaded = false;

static bool g_requested = false;  // once per page: the reload is under way
static bool g_too_long = false;   // the last ask found the state's link too long to reload at

void UpdateDeeperTier(App& app) {
    if (!app.state.deeper_tier || g_requested) return;
    // The reload opens the page at the state's link: one too long would open to nothing, and the
    // edits would be gone. Then nothing reloads, and the panel says why.
    const std::string link = encode_link(app.state);
    g_too_long = !link_fits(link);
    if (g_too_long) {
        app.state.deeper_tier = false;
        Commit(app, "deeper tier");
        return;
    }
    g_requested = true;
    browser_load_deeper_tier(link.c_str(), app.state.tour != TourDepth::None && ImGui::GetIO().NavVisible);
}

void ShowBudgetPanel(App& app) {
    ImGui::SeparatorText(TR(page_deeper_title));
    TextWrapped("%s", TR(page_deeper_intro));
    TextWrapped("%s", TR(page_deeper_on_demand));
    if (g_too_long) ErrorText(TR(page_deeper_link_too_long));
    if (g_requested) {
        ImGui::TextDisabled("%s", TR(page_deeper_loading));
    } else if (ImGui::Button(TR(page_deeper_load))) {
        app.state.deeper_tier = true;
        Commit(app, "deeper tier");
    }
    RecordItemRect("budget:load");
}

void ShowDeeperExperimentsPanel(App&) {}  // not shown until loaded (ui.cpp)
std::string DeeperTextJson(App&) { return "null"; }
void StartDeeperExperiments(App&) {}
void CancelBudgetRun(App&) {}  // nothing runs here (app.cpp stops a run whose settings a link changes)

}  // namespace el

using namespace el;

// The JS API's budget functions (js_api_budget.cpp in the deeper build) answer what to do instead.
static const char kNotLoaded[] =
    "the deeper tier's experiments are not loaded in this page: embeddingLab.loadDeeperTier() reloads it with "
    "them (or open a link with deeper=1)";

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* el_budget_json(int) {
    static const std::string json = std::string("{\"loaded\":false,\"running\":false,\"error\":\"") + kNotLoaded + "\"}";
    return json.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* el_budget_start(const char*) {
    static const std::string json = std::string("{\"ok\":false,\"error\":\"") + kNotLoaded + "\"}";
    return json.c_str();
}

EMSCRIPTEN_KEEPALIVE void el_budget_cancel() {}

EMSCRIPTEN_KEEPALIVE void el_load_deeper_tier() {
    g_app.state.deeper_tier = true;
    Commit(g_app, "deeper tier");
    WakeUp();
}

}  // extern "C"
