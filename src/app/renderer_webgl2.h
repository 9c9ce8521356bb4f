// A small WebGL2 renderer for Dear ImGui's draw data, in place of the stock OpenGL3
// backend. The page owns its WebGL context, so nothing is backed up or restored:
// state is set once, and a steady frame makes no synchronous query (no glGet*,
// glGetError or glIsEnabled), only uploads, scissors, binds and draws.
#pragma once

struct ImDrawData;

namespace el {

// Compiles the one program and makes the vertex array and the two buffers; sets the
// fixed state (blending, scissor test). Returns false with `error` set if the browser
// refuses the shaders.
bool RendererInit(const char** error);

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
