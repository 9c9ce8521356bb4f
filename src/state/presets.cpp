#include "presets.h"

namespace el {

// Every link here must decode without an error and stay under 2,000 characters
// (tests/core/test_presets.cpp checks both). Titles: src/i18n/en/tour.def, by id.
const std::vector<Preset>& presets() {
    static const std::vector<Preset> list = {
        {"canonical", {Msg::tour_preset_canonical},
         "v=1&V=3&d=3&init=example&ids=1"},
        {"duplicates", {Msg::tour_preset_duplicates},
         "v=1&V=3&d=3&init=example&ids=2,0,2,2&g=1:0:0.1,2:1:0.5,3:2:-0.3"},
        {"nonfinite", {Msg::tour_preset_nonfinite},
         "v=1&V=3&d=3&init=example&ids=1&cells=0:2:inf"},
        {"padding", {Msg::tour_preset_padding},
         "v=1&V=4&d=3&init=normal&seed=3&ids=0,2,0&pad=0&cells=0:0:0,0:1:0,0:2:0"},
        {"freqscale", {Msg::tour_preset_freqscale},
         "v=1&V=3&d=3&init=example&ids=1,1,1,2&freqscale=1"},
        {"momentum", {Msg::tour_preset_momentum},
         "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=sgd&lr=0.1&mom=0.9&panels=training,table,ids"},
        {"adamw", {Msg::tour_preset_adamw},
         "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=adamw&lr=0.01&wd=0.1&panels=training,table,ids"},
        {"lazyadam", {Msg::tour_preset_lazyadam},
         "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&sparse=1&opt=lazyadam&lr=0.01&panels=training,table,ids"},
        {"padsgd", {Msg::tour_preset_padsgd},
         "v=1&V=4&d=3&init=normal&seed=3&ids=0,2,0&pad=0&cells=0:0:0,0:1:0,0:2:0&opt=sgd&lr=0.1"
         "&panels=training,table,ids"},
        {"maxnorm", {Msg::tour_preset_maxnorm},
         "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&maxnorm=1&opt=sgd&lr=0.1&panels=training,table,ids"},
        {"followup", {Msg::tour_preset_followup},
         "v=1&V=500&d=8&init=normal&seed=2&ids=3,7,7,11&opt=sgd&lr=0.1&mom=0.9&loss=mse&panels=training,ids"},
        {"frequency", {Msg::tour_preset_frequency},
         "v=1&V=3&d=3&init=example&ids=1&zipf=1.1&fV=2000&fsteps=3000&panels=frequency"},
        {"bagmean", {Msg::tour_preset_bagmean},
         "v=1&V=4&d=3&init=example&ids=0,1,2,3,3&bag=mean&offsets=0,2"},
        {"cost", {Msg::tour_preset_cost},
         "v=1&V=3&d=3&init=example&ids=1&costV=50000&costd=128&costB=256&panels=cost"},
        {"rawid", {Msg::tour_preset_rawid},
         "v=1&V=3&d=3&init=example&ids=1&panels=experiments"},
        // The section after the raw id's, which starts closed: section= opens it and scrolls to it.
        {"bias", {Msg::tour_preset_bias},
         "v=1&V=3&d=3&init=example&ids=1&panels=experiments&section=bias"},
        {"large", {Msg::tour_preset_large},
         "v=1&V=100000&d=16&init=normal&seed=1&ids=0,99999,50000"},
        {"budget", {Msg::tour_preset_budget},
         "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=64&br=1&bN=32&bsk=32&bsteps=1000&panels=budget&deeper=1"},
        {"budget4k", {Msg::tour_preset_budget4k},
         "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=256&br=4&bN=128&bsk=128&bsteps=1000&panels=budget&deeper=1"},
        {"budgetsteep", {Msg::tour_preset_budgetsteep},
         "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=64&br=1&bN=32&bsk=32&bzipf=1.5&bsteps=1000&panels=budget&deeper=1"},
        // Two sections far down the budget panel: their tour steps, which scroll to the section and frame it.
        {"tanhrows", {Msg::tour_preset_tanhrows}, "v=1&tour=deeper&step=9"},
        {"compress", {Msg::tour_preset_compress}, "v=1&tour=deeper&step=10"},
    };
    return list;
}

}  // namespace el
