// Where the first frame's time goes: main() marks the end of each start-up step with the
// page clock (performance.now(), ms since navigation), and the frame_floor test prints
// them (Module._el_startup_json()).
#pragma once

namespace el {

void MarkStartup(const char* step);  // `step`: a string constant naming what just finished

}  // namespace el
