// ImGui's stb_truetype, included by imgui_draw.cpp in place of imstb_truetype.h
// (IMGUI_STB_TRUETYPE_FILENAME, CMakeLists.txt), plus one line that keeps the glyph
// rasteriser a function of its own.
//
// Why: V8 runs new WebAssembly code unoptimised and recompiles a function with its optimising
// compiler (TurboFan) once it has run long enough. Rasterising the first atlas is long enough
// for the scanline loop (stbtt__rasterize). Without this line the inliners fold that loop, with
// the rest of the atlas builder, into RendererUpdateFontTexture (13 KB), and TurboFan spent
// about 17 ms of a core recompiling all of it while the first UI was being built; kept apart,
// it recompiles the 2.6 KB loop in about 6 ms (README, "Drawing near the floor").
//
// How: a function whose address is taken stays a function: LLVM does not inline it where that
// would leave two copies, and binaryen never inlines a function that is in the indirect call
// table. The address is never called; RendererUpdateFontTexture reads it (a volatile read) so
// that the linker keeps it.
#include "imstb_truetype.h"

#ifdef STB_TRUETYPE_IMPLEMENTATION
extern "C" void* const el_glyph_rasteriser = reinterpret_cast<void*>(&stbtt__rasterize);
#endif
