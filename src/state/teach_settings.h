// Teacher controls, as a link carries them (src/state/teach.h reads and applies them): what
// learners may not change (lock=), single controls hidden inside shown panels (hide=), the
// question cards (quiz=), and how an embed sizes its frame (height=, maxheight=).
// No dependencies: app_state.h holds one TeachSettings.
#pragma once
#include <cstdint>

namespace el {

// lock= names, in bit order (kLockNames). Some locks hold others too (teach.h: lock_closure):
// the table and the ids hold the size (V bounds the ids, W's cells need V and d), and the
// upstream G (B x d) holds the ids and the size.
enum Lock : uint32_t {
    kLockTable = 1u << 0,      // W's cells and its fill (init, seed)
    kLockIds = 1u << 1,        // the batch and the bags' offsets
    kLockUpstream = 1u << 2,   // G, the upstream gradient
    kLockOptions = 1u << 3,    // nn.Embedding's options and the EmbeddingBag mode
    kLockOptimizer = 1u << 4,  // the optimizer and its settings, what Step minimises
    kLockSize = 1u << 5,       // V and d
};
constexpr int kLockCount = 6;
extern const char* const kLockNames[kLockCount];  // "table", "ids", "upstream", "options", "optimizer", "size"

// hide= names, in bit order (kHideNames): single controls, not panels (panels= does those).
enum HideControl : uint32_t {
    kHideFill = 1u << 0,           // the table's Fill buttons and seed
    kHideResize = 1u << 1,         // V, d and Resize
    kHideOptions = 1u << 2,        // the lookup options section (padding_idx, max_norm, ...)
    kHideRandom = 1u << 3,         // the random batch generator
    kHideBag = 1u << 4,            // the EmbeddingBag settings
    kHideUpstreamFills = 1u << 5,  // G's fill buttons
    kHideOverview = 1u << 6,       // the table overview strip
    kHideOpenFull = 1u << 7,       // an embed's "Open the full demo" button
};
constexpr int kHideCount = 8;
extern const char* const kHideNames[kHideCount];  // "fill", "resize", "options", "random", "bag", "gfill", ...

// quiz= sets of question cards (src/state/questions.h); the names in kQuizNames.
enum class QuizSet { None, Backward, Step, Cards, Claims, All };
extern const char* const kQuizNames[];  // "none", "backward", "step", "cards", "claims", "all"; null-terminated

extern const char* const kHeightNames[];  // height=: "fixed", "auto"; null-terminated
constexpr int kMinFrameHeight = 200, kMaxFrameHeight = 20000;  // maxheight= limits, CSS pixels

struct TeachSettings {
    uint32_t locks = 0;         // Lock bits, as the link gave them
    bool link_locks = false;    // linklocks=1: a later link may change the locks (else they hold)
    uint32_t hidden = 0;        // HideControl bits
    QuizSet quiz = QuizSet::None;
    uint32_t quiz_seed = 0;     // 0: the cards ask about the page's own batch; else they draw one
    bool auto_height = false;   // height=auto: the embed asks its host for its content's height
    int max_height = 1600;      // auto height stops growing here and scrolls inside (CSS pixels)
};

}  // namespace el
