// Everything a learner can set on the page, declared once. The UI edits it,
// the core computes from it, and (later) the share link serialises it.
// Pure C++: no UI header, so tests and the fuzzer use it natively.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"

namespace el {

// How cells of W are generated; a cell's value depends only on (init, seed, row, col),
// so resizing keeps the cells that stay and fills new ones reproducibly.
enum class TableInit { Example, Normal, Uniform, Zeros };

const char* table_init_name(TableInit init);  // "example", "normal", ...

struct AppState {
    int V = 3, d = 3;
    TableInit init = TableInit::Example;
    uint32_t seed = 42;
    std::vector<float> W = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f, 0.9f};  // (V,d)
    std::vector<int> ids = {1};                                                   // (B,)
    std::vector<float> upstream = {0.01f, -0.02f, 0.03f};                         // (B,d)

    int B() const { return int(ids.size()); }
};

// The generator's value for cell (r, c). Example: 0.1 * (r*d + c + 1), so the 3x3
// example is [[0.1,0.2,0.3],[0.4,0.5,0.6],[0.7,0.8,0.9]]; Normal: N(0,1); Uniform: U(-1,1).
float generated_cell(TableInit init, uint32_t seed, int d, int r, int c);

// The canonical upstream gradient [0.01, -0.02, 0.03], repeated across d.
float default_upstream(int c);

// W <- the generator's table for the current V, d, init, seed.
void regenerate_table(AppState& s);

// New V and d within the limits; cells that stay keep their values, new cells come
// from the generator. On error nothing changes.
Status resize_table(AppState& s, int V, int d);

// Makes upstream (B,d) again after ids or d changed: positions and columns that
// stay keep their values, new ones get the default.
void fit_upstream(AppState& s, int old_d);

}  // namespace el
