// The preset gallery: each preset is just a share link with a title.
#pragma once
#include <vector>

#include "tour.h"  // LessonText

namespace el {

struct Preset {
    const char* name;   // stable id, e.g. "canonical"
    LessonText title;   // what the learner will see
    const char* link;   // the fragment, without '#'
};

const std::vector<Preset>& presets();

}  // namespace el
