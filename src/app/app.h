// The running app: the learner's state, what the core computed from it, and the
// text the learner typed (kept even when it does not parse, so nothing is lost).
#pragma once
#include <string>
#include <vector>

#include "core/experiments.h"
#include "core/lesson.h"
#include "cost_run.h"
#include "state/app_state.h"
#include "state/link.h"
#include "training_lab.h"

namespace el {

// One cell being edited in a grid (table W or upstream G): the text stays as typed
// until it parses; the error says what was wrong with it.
struct CellEditor {
    int row = -1, col = -1;  // -1: nothing being edited
    char text[72] = "";
    std::string error;
    bool focus_pending = false;
};

// Where the learner is in the guided tour and the self-check (not part of links:
// a link carries the tour depth and step themselves).
struct TourProgress {
    uint32_t focus = 0;            // the panel the current step points at
    bool scroll_to_focus = false;  // bring it into view on the next frame
    TourDepth resume_depth = TourDepth::None;  // left mid-tour: where "Resume" goes
    int resume_step = 0;
    TourDepth finished = TourDepth::None;      // the depth just finished (a closing line)
    bool answer_shown[3] = {};     // follow-up questions revealed
    int claim_answer[6] = {-1, -1, -1, -1, -1, -1};  // self-check: -1 unanswered, 0 false, 1 true
};

// The experiments panel's results, computed on demand.
struct ExperimentsView {
    std::vector<float> targets;     // (V,) nominal per-id targets
    RawVsEmbeddingResult raw;       // both fits
    std::string raw_error;
    BiasAbsorbedResult bias;
    std::string bias_error;
    bool ran = false;
};

// EmbeddingBag, both ways: the core's embedding_bag, and (sum, mean) the bag matrix
// M (bags,V) times W, where M[j][k] counts id k in bag j (divided by n_j for mean).
struct BagView {
    int bags = 0;
    std::vector<float> gather;   // (bags,d) embedding_bag
    std::vector<float> matrix;   // (bags,V) M, empty for max (not linear)
    std::vector<float> matmul;   // (bags,d) M @ W
    float max_difference = 0;    // |gather - matmul| at worst: float rounding of the sums
    std::string error;
};

constexpr int kOverviewRows = 160, kOverviewCols = 32;  // the downsampled heatmap of a large W

struct App {
    AppState state;
    LessonResult result;     // last good result
    std::string result_error;  // why the last compute was refused (empty when fine)

    // Fields the learner types into.
    char ids_text[4096] = "1";
    std::string ids_error;
    int V_input = 3, d_input = 3;
    std::string size_error;
    CellEditor table_editor, upstream_editor;

    // Share link: what the last loaded link said, and the link of the current state.
    LinkMessages link_messages;
    bool link_dirty = true;   // the state changed since the URL was last written
    std::string share_text;   // the link or embed code shown for copying
    bool link_too_long = false;  // the copied link is over kMaxLinkBytes

    TourProgress tour;
    ExperimentsView experiments;
    BagView bag;
    char offsets_text[256] = "0";
    std::string offsets_error;

    // Figures derived from the state once per change (not per frame: W may hold millions of numbers).
    float table_abs_max = 0, grad_abs_max = 0, upstream_abs_max = 0;
    int table_nonfinite = 0;
    std::vector<float> table_overview;  // (kOverviewRows, kOverviewCols) downsampled W, signed max |v|
    int table_scroll_row = -1;          // the table grid scrolls here once (overview clicks)

    // The random batch generator of the ids panel.
    int random_B = 8;
    float random_zipf = 0.0f;  // 0 = uniform
    int random_seed = 1;
    TrainingLab training;  // the training and frequency panels (training_lab.h)
    CostRun cost_run;      // the cost-at-scale benchmark (cost_run.h)

    // Platform facts the UI needs.
    float dpr = 1.0f;  // device pixels per CSS pixel; ImGui works in device pixels
};

// Recomputes `result` from `state` through the core; on refusal keeps the last
// good result and sets result_error. Marks the share link for rewriting.
void recompute(App& app);

// Replaces the state with a share link's (as a pasted link would); the text
// fields follow the new state. Returns what was rejected or ignored.
const LinkMessages& apply_link(App& app, std::string_view fragment);

// Speaks the key result in words to the page's aria-live region.
std::string describe_result(const App& app);

}  // namespace el
