// Every panel of the page, one function each; ui.cpp lays them out.
#pragma once
#include "app.h"

namespace el {

void ShowTablePanel(App& app);     // W as an editable heatmap, V, d, fill
void ShowIdsPanel(App& app);       // the batch
void ShowForwardPanel(App& app);   // gather next to one-hot @ W
void ShowBackwardPanel(App& app);  // upstream G and dW

}  // namespace el
