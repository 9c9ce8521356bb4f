// ImGui's stb_truetype, included by imgui_draw.cpp in place of imstb_truetype.h
// (IMGUI_STB_TRUETYPE_FILENAME, CMakeLists.txt), plus one table that keeps the glyph
// rasteriser's two hot functions functions of their own.
//
// Why: V8 runs new WebAssembly code unoptimised and recompiles a function with its optimising
// compiler (TurboFan) once it has run long enough. Rasterising the first atlas is long enough
// for the loop over a scanline's edges (stbtt__fill_active_edges_new). Without this table the
// inliners fold it, with the scanline loop around it (stbtt__rasterize) and the rest of the
// atlas builder, into RendererUpdateFontTexture (13 KB), and TurboFan spent about 17 ms of a
// core recompiling all of that while the first UI was being built. Kept apart, it recompiles
// the 1.1 KB edge loop only (2-4 ms; the scanline loop no longer runs long enough to count).
//
// How: a function whose address is taken stays a function: LLVM does not inline it where that
// would leave two copies, and binaryen never inlines a function that is in the indirect call
// table. The addresses are never called; RendererUpdateFontTexture reads them (volatile reads)
// so that the linker keeps them.
#include "imstb_truetype.h"

#ifdef STB_TRUETYPE_IMPLEMENTATION
extern "C" void* const el_glyph_rasteriser[2] = {reinterpret_cast<void*>(&stbtt__rasterize),
                                                reinterpret_cast<void*>(&stbtt__fill_active_edges_new)};
#endif
