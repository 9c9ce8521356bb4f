// The preset gallery: each preset is just a share link with a title.
#pragma once
#include <vector>

namespace el {

struct Preset {
    const char* name;   // stable id, e.g. "canonical"
    const char* title;  // what the learner will see
    const char* link;   // the fragment, without '#'
};

const std::vector<Preset>& presets();

}  // namespace el
