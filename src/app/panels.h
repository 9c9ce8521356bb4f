// Every panel of the page, one function each; ui.cpp lays them out.
#pragma once
#include <string>

#include "app.h"

namespace el {

void ShowTablePanel(App& app);     // W as an editable heatmap, V, d, fill
void ShowIdsPanel(App& app);       // the batch
void ShowForwardPanel(App& app);   // gather next to one-hot @ W
void ShowBackwardPanel(App& app);  // upstream G and dW

void ShowLinkBanner(App& app);     // what a loaded link could not apply
void ShowShareBox(App& app);       // copy link / copy embed code
void ShowPresetsPanel(App& app);   // the gallery of preset links
std::string EmbedSnippet(const AppState& s);

void ShowTourBar(App& app);        // the guided tour, across the top
void ShowCheckPanel(App& app);     // follow-up questions and the true/false self-check
void GoToTourStep(App& app, TourDepth depth, int step);
void ShowExperimentsPanel(App& app);  // raw id vs embedding, bias absorbed, non-finite table
void ShowTrainingPanel(App& app);     // step inspector: touched / changed rows and why
void ShowFrequencyPanel(App& app);    // Zipf ids: rare rows get few updates and learn slowly
void ShowCostPanel(App& app);         // one-hot route vs gather at scale, timed live (panels_cost.cpp)

}  // namespace el
