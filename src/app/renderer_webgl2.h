// A small WebGL2 renderer for Dear ImGui's draw data, in place of the stock OpenGL3
// backend. The page owns its WebGL context, so nothing is backed up or restored:
// state is set once, and a steady frame makes no synchronous query (no glGet*,
// glGetError or glIsEnabled), only uploads, scissors, binds and draws.
#pragma once

struct ImDrawData;

namespace el {

// Compiles and links the one program, without waiting to hear how that went, and makes the
// vertex array and the two buffers; sets the fixed state (blending, scissor test).
void RendererInit();

// Whether the program linked (false with `error` set if the browser refused the shaders). The
// one status query, asked once: it waits for the GPU process to have compiled the shaders, so
// it is asked only when the first frame is about to be drawn; the GPU process has compiled them
// meanwhile, while the page built its first frame.
bool RendererLinked(const char** error);

// After the browser restored a lost WebGL context: every GL object of the old one is gone,
// so the program, vertex array, buffers and font texture are made again (the font atlas is
// rasterised again first: its pixels were freed once uploaded). False with `error` set if the
// shaders no longer link.
bool RendererRecreate(const char** error);

// (Re)uploads ImGui's font atlas as the font texture and gives ImGui its id.
void RendererUpdateFontTexture();

// Clears the framebuffer to `clear_rgb` and draws the frame's draw lists, unless they are exactly
// those of the last frame drawn (same canvas size, colour, vertices, indices and commands): then
// it draws nothing, the canvas keeps showing that frame, and it returns false.
// fb_w x fb_h is the canvas's backing store in device pixels.
bool RendererDraw(const ImDrawData* draw_data, int fb_w, int fb_h, const float clear_rgb[3]);

}  // namespace el
