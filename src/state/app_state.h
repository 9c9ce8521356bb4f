// Everything a learner can set on the page, declared once. The UI edits it,
// the core computes from it, and (later) the share link serialises it.
// Pure C++: no UI header, so tests and the fuzzer use it natively.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/embedding_options.h"
#include "core/optim.h"
#include "core/status.h"
#include "teach_settings.h"

namespace el {

// How cells of W are generated; a cell's value depends only on (init, seed, row, col),
// so resizing keeps the cells that stay and fills new ones reproducibly.
enum class TableInit { Example, Normal, Uniform, Zeros };
const char* table_init_name(TableInit init);  // "example", "normal", ...

enum class Theme { Light, Dark, Contrast, ContrastLight };  // high contrast on black, and on white (prefers-contrast: more)
constexpr bool IsHighContrast(Theme t) { return t == Theme::Contrast || t == Theme::ContrastLight; }
// EmbeddingBag: reduce the looked-up rows bag by bag (PyTorch's nn.EmbeddingBag), or not.
// How the lesson is shown: the canvas, or the same lesson as an HTML page (web/text_view.js).
enum class View { Canvas, Text };
enum class BagChoice { None, Sum, Mean, Max };
enum class TourDepth { None, Basics, Solid, Deeper };

// The vocabulary: each choice's name, written once, in enum order and null-terminated. The link
// codec, the combo boxes and the JS snapshot all read these (TensorFlow Playground's keyMap).
extern const char* const kInitNames[];   // TableInit: "example", "normal", "uniform", "zeros"
extern const char* const kThemeNames[];  // Theme: "light", "dark", "contrast", "contrastlight"
extern const char* const kViewNames[];   // View: "canvas", "text"
extern const char* const kBagNames[];    // BagChoice: "none", "sum", "mean", "max"
extern const char* const kTourNames[];   // TourDepth: "none", "basics", "solid", "deeper"
extern const char* const kLossNames[];   // LossKind: "upstream", "mse"
// section=: the experiments panel's sections, which a link opens and scrolls to (0: none).
extern const char* const kSectionNames[];  // "none", "rawid", "bias", "nonfinite"

// Panels by name (a link's panels= lists them); the order is the page's.
enum Panel : uint32_t {
    kPanelTable = 1u << 0, kPanelIds = 1u << 1, kPanelForward = 1u << 2, kPanelBackward = 1u << 3,
    kPanelExperiments = 1u << 4, kPanelTraining = 1u << 5, kPanelFrequency = 1u << 6, kPanelCost = 1u << 7,
    kPanelTour = 1u << 8, kPanelPresets = 1u << 9, kPanelBudget = 1u << 10,
};
constexpr int kPanelCount = 11;
extern const char* const kPanelNames[kPanelCount];  // "table", "ids", ...
constexpr uint32_t kDefaultPanels = kPanelTable | kPanelIds | kPanelForward | kPanelBackward | kPanelExperiments |
                                    kPanelTraining | kPanelFrequency | kPanelCost | kPanelTour | kPanelPresets |
                                    kPanelBudget;

// What the training lab's Step minimises (src/state/training.h).
enum class LossKind {
    Upstream,  // L = sum_b g_b . out[b], so dL/dout[b] = g_b: the hand-set G of the backward panel
    Mse,       // L = mean over (b, c) of (out[b][c] - T[ids[b]][c])^2, T a fixed target row per id
};

// The frequency experiment's settings (issue 5): Zipf ids, embedding + linear head, Adam.
struct FrequencySettings {
    float zipf_exponent = 1.1f;  // s: P(id k) proportional to 1/(k+1)^s
    int V = 1000;                // ids of the experiment's own table (not the lesson's W), 2..kMaxFrequencyV
    uint32_t seed = 1;
    int steps = 3000;
    bool scale_grad_by_freq = false;
    bool lazy = false;           // lazy Adam (touched rows only) instead of dense Adam
    bool weight_decay = false;   // AdamW with lambda = kFrequencyWeightDecay (dense Adam only)
    bool operator==(const FrequencySettings&) const = default;
};
constexpr float kFrequencyWeightDecay = 0.01f;
constexpr int kMaxFrequencyV = 5000, kMaxFrequencySteps = 20000;
constexpr float kMaxZipfExponent = 10.0f;  // the frequency experiment's s
constexpr float kMaxRandomZipf = 4.0f;     // the ids panel's random batch

// The deeper tier's experiments (issue 16), run by src/state/budget_run.h.
// The parameter budget: the frequency task (C = 8 classes, B = 32, Adam lr 0.05) trained with a
// full table, hashed at k buckets, factorised at rank r and split at top N side by side.
struct BudgetSettings {
    int V = 1000, d = 16;
    int buckets = 64;        // k of the hashed table
    int rank = 1;            // r of the factorised table
    int own_rows = 32;       // N: the most frequent ids with a row of their own in the split
    int split_buckets = 32;  // the split's shared buckets for every other id
    float zipf_exponent = 1.1f;
    uint32_t seed = 1;
    int steps = 1000;
    bool operator==(const BudgetSettings&) const = default;
};
constexpr int kMaxBudgetV = 2000, kMaxBudgetD = 32, kMaxBudgetSteps = 10000;
// Activation on the rows: V = 16 targets evenly from -spread to +spread, fitted by raw rows and tanh(rows).
struct RowsActivationSettings {
    float spread = 2.0f;
    int steps = 300;
};
constexpr float kMaxActivationSpread = 10.0f;
constexpr int kMaxActivationSteps = 3000;
// "It compresses the input": a one-hot dense layer (V,h) against an embedding (V,d) + a (d,h) layer.
struct CompressionSettings {
    int V = 50000, d = 32, h = 256;
};
constexpr int kMaxCompressionWidth = 256;  // d and h (the composed map is checked on up to 128 ids)

// The cost-at-scale benchmark's shape (README, "Cost at scale, measured").
struct CostShape {
    int V = 50000, d = 128, B = 256, repeats = 5;
    bool operator==(const CostShape&) const = default;
};

// The table's size limit beyond V and d: W, its gradient by both routes and a
// working copy must fit the browser's heap. 2^24 cells = 64 MB as float32.
constexpr int64_t kMaxTableCells = int64_t(1) << 24;

// max_norm's write-back (derived.h: write_back_max_norm): the rows of W the lookup rescaled in place,
// as they were before it and as it left them, each (rows, d). Only these rows, never a copy of W
// (W may hold 2^24 numbers). The link carries the rows as they were, since opening it runs the same
// lookup again; a later revision whose lookup does not rescale them the same way makes them W's own.
struct LookupWriteBack {
    int V = 0, d = 0;
    std::vector<int> rows;      // ascending
    std::vector<float> before;  // (rows, d)
    std::vector<float> after;   // (rows, d) as W holds them
};

struct AppState {
    // The table W and the batch: what the lesson is about.
    int V = 3, d = 3;
    TableInit init = TableInit::Example;
    uint32_t seed = 42;
    std::vector<float> W = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f, 0.9f};  // (V,d)
    std::vector<int> ids = {1};                                                   // (B,)
    std::vector<float> upstream = {0.01f, -0.02f, 0.03f};                         // (B,d)
    LookupWriteBack written_back;  // what this revision's lookup wrote into W (none: empty)

    // How the lookup behaves (PyTorch's nn.Embedding options) and how it trains.
    EmbeddingOptions lookup;
    OptimizerConfig optimizer;
    LossKind loss = LossKind::Upstream;
    FrequencySettings frequency;
    BudgetSettings budget;
    RowsActivationSettings rows_activation;
    CompressionSettings compression;

    // The page around it.
    CostShape cost;
    Theme theme = Theme::Light;
    bool theme_follows_system = true;  // no theme in the link: the page sets `theme` from the system's
                                       // preference (prefers-contrast, forced colours, dark) and the link stays without one
    std::string lang;              // lang=de: the page's language (src/i18n); empty (auto, never written): the browser's
    View view = View::Canvas;      // view=text: the HTML text view is shown over the canvas
    bool embed = false;            // course-page mode: no menu, only `panels`
    bool deeper_tier = false;      // deeper=1: the page loads the deeper tier's experiments (on demand otherwise)
    uint32_t panels = kDefaultPanels;
    TourDepth tour = TourDepth::None;
    BagChoice bag = BagChoice::None;  // with offsets: bag j holds ids[offsets[j] .. offsets[j+1]-1]
    std::vector<int> offsets = {0};
    int tour_step = 0;
    // section=bias: the section of the experiments panel a link opened and scrolled to (kSectionNames),
    // written back while it stays open (the page clears it when it is closed); 0 none.
    int section = 0;
    TeachSettings teach;  // lock=, hide=, quiz=, height= (src/state/teach.h)

    int B() const { return int(ids.size()); }
};

// The generator's value for cell (r, c). Example: 0.1 * (r*d + c + 1), so the 3x3
// example is [[0.1,0.2,0.3],[0.4,0.5,0.6],[0.7,0.8,0.9]]; Normal: N(0,1); Uniform: U(-1,1).
float generated_cell(TableInit init, uint32_t seed, int d, int r, int c);

// Row r of W as this revision's lookup found it: before max_norm's write-back (s.written_back).
const float* row_before_lookup(const AppState& s, int r);
// W as this revision's lookup found it, (V,d): a copy, for the exported scripts.
std::vector<float> table_before_lookup(const AppState& s);

// The canonical upstream gradient [0.01, -0.02, 0.03], repeated across d.
float default_upstream(int c);

// W <- the generator's table for the current V, d, init, seed.
void regenerate_table(AppState& s);

// V, d within their limits and V*d within kMaxTableCells, else a message naming
// the memory the table would need.
Status check_table_size(int V, int d);

// New V and d within the limits; cells that stay keep their values, new cells come
// from the generator. On error nothing changes.
Status resize_table(AppState& s, int V, int d);

// Each distinct id of a batch with its count c_k, in increasing id order (a sorted copy, counted).
struct IdCount {
    int id, count;
};
std::vector<IdCount> count_ids(std::vector<int> ids);

// Makes upstream (B,d) again after ids or d changed: positions and columns that
// stay keep their values, new ones get the default. Offsets past B are dropped.
void fit_upstream(AppState& s, int old_d);

}  // namespace el
