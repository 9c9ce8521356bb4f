// Limits shared by the core, the share-link decoder and the UI.
// Letters as in the lesson: V = ids (table rows), d = width, B = batch.
#pragma once
#include <cstdint>
#include <cstdlib>

namespace el {

constexpr int kMaxV = 100000;  // rows of W
constexpr int kMaxD = 512;     // columns of W
constexpr int kMaxB = 1024;    // ids looked up at once
// The one-hot block (B, V) is refused above this many floats (128 MiB = 134 MB as float32).
constexpr int64_t kMaxOneHotFloats = int64_t(32) * 1024 * 1024;
// The lesson's one-hot route never holds its whole block (one_hot_matmul.h builds a few rows at a
// time), so its bound is work: B*V*d multiply-adds each way, 2^31 (V = 100,000, B = 1,024 fits up
// to d = 20). Above it the page would stall for seconds on every edit.
constexpr int64_t kMaxOneHotMultAdds = int64_t(1) << 31;

// Whether the heap can give `tables` blocks of `bytes` at once: asked for, then given back. The page's
// malloc returns null when the browser has no more memory to give (-sABORTING_MALLOC=0), where a
// vector would abort the page; so a step that needs (V,d) tables asks first, and is refused.
inline bool heap_has_room(size_t bytes, int tables) {
    void* blocks[8] = {};
    int got = 0;
    while (got < tables && got < 8 && (blocks[got] = std::malloc(bytes))) got++;
    for (int i = 0; i < got; i++) std::free(blocks[i]);
    return got == tables;
}

}  // namespace el
