// A small WebGL2 renderer for Dear ImGui's draw data (what imgui.h asks of a renderer
// backend: upload the vertices and indices, draw each command with its texture and its
// clip rectangle as a scissor, call user callbacks). The stock OpenGL3 backend reads
// back about twenty pieces of GL state every frame to restore them afterwards, each a
// synchronous round trip to the GPU process; this page owns its context, so here the
// state is set once and a frame only sends what changed.
//
// [SECTION] WebGL2 calls
// [SECTION] Program and fixed state (and again after a lost context)
// [SECTION] Font texture
// [SECTION] Drawing a frame

#include "renderer_webgl2.h"

#include <emscripten.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "imgui.h"
#include "imgui_internal.h"  // ImFontAtlasGetBuilderForStbTruetype

extern "C" void* const el_glyph_rasteriser[2];  // stb_truetype_kept.h: why the font code reads it

//-----------------------------------------------------------------------------
// [SECTION] WebGL2 calls
//-----------------------------------------------------------------------------

// The renderer's WebGL2 calls, made on the context glue.js created (Module.preinitializedWebGLContext)
// without Emscripten's GL layer: its C API keeps a table from integer ids to the context's objects
// and a wrapper per gl* function, 1.5 KB gzip of the page for the 30 calls this one makes. The objects
// are kept in Module.elGL instead (made again after a lost context); the caching of what is bound
// stays in C++ below. The attribute locations are fixed in the shaders: 0 position, 1 uv, 2 colour,
// 3 projection.
EM_JS(void, el_gl_init, (const char* vertex_shader, const char* fragment_shader), {
    const gl = Module.preinitializedWebGLContext;
    const compile = (kind, source) => {  // status asked only after the link (el_gl_link_status)
        const shader = gl.createShader(kind);
        gl.shaderSource(shader, UTF8ToString(source));
        gl.compileShader(shader);
        return shader;
    };
    const shaders = [compile(gl.VERTEX_SHADER, vertex_shader), compile(gl.FRAGMENT_SHADER, fragment_shader)];
    const program = gl.createProgram();
    for (const shader of shaders) gl.attachShader(program, shader);
    gl.linkProgram(program);
    const vertexArray = gl.createVertexArray();
    gl.bindVertexArray(vertexArray);
    for (let location = 0; location < 3; location++) gl.enableVertexAttribArray(location);  // position, uv, colour
    Module.elGL = { gl, program, shaders, vertexArray, vertices: gl.createBuffer(), indices: gl.createBuffer(), font: null };
});
// 1 if the program linked; else 0, with the first shader log that says something (else the
// program's) in log[size].
EM_JS(int, el_gl_link_status, (char* log, int size), {
    const { gl, program, shaders } = Module.elGL;
    const linked = !!gl.getProgramParameter(program, gl.LINK_STATUS);
    if (!linked) {
        const failed = shaders.find((shader) => !gl.getShaderParameter(shader, gl.COMPILE_STATUS));
        stringToUTF8((failed ? gl.getShaderInfoLog(failed) : gl.getProgramInfoLog(program)) || "", log, size);
    }
    for (const shader of shaders) gl.deleteShader(shader);  // flagged: freed with the program
    return linked ? 1 : 0;
});
// Everything a frame relies on; `font` binds the font texture (else none).
EM_JS(void, el_gl_apply_state, (int font), {
    const { gl, program, vertexArray, vertices, indices } = Module.elGL;
    gl.useProgram(program);
    gl.bindVertexArray(vertexArray);
    gl.bindBuffer(gl.ARRAY_BUFFER, vertices);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indices);  // held by the vertex array
    gl.enable(gl.BLEND);
    gl.blendEquation(gl.FUNC_ADD);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.disable(gl.CULL_FACE);
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.STENCIL_TEST);
    gl.enable(gl.SCISSOR_TEST);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, font ? Module.elGL.font : null);
});
// The font atlas's coverage as a one-channel texture (made on the first call), left bound.
EM_JS(void, el_gl_font_texture, (int width, int height, const unsigned char* pixels), {
    const g = Module.elGL, gl = g.gl;
    if (!g.font) g.font = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, g.font);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);  // rows of one byte a texel
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8, width, height, 0, gl.RED, gl.UNSIGNED_BYTE, HEAPU8, pixels);
});
EM_JS(void, el_gl_bind_font, (int font), {
    const g = Module.elGL;
    g.gl.bindTexture(g.gl.TEXTURE_2D, font ? g.font : null);
});
EM_JS(void, el_gl_viewport, (int width, int height), { Module.elGL.gl.viewport(0, 0, width, height); });
EM_JS(void, el_gl_scissor, (int x, int y, int width, int height), { Module.elGL.gl.scissor(x, y, width, height); });
EM_JS(void, el_gl_clear, (float r, float g, float b), {
    const gl = Module.elGL.gl;
    gl.clearColor(r, g, b, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
});
EM_JS(void, el_gl_projection, (float sx, float sy, float ox, float oy), {
    Module.elGL.gl.vertexAttrib4f(3, sx, sy, ox, oy);
});
// One upload each for the frame's vertices and indices (orphaning last frame's storage).
EM_JS(void, el_gl_upload, (const void* vertices, int vertex_bytes, const void* indices, int index_bytes), {
    const gl = Module.elGL.gl;
    gl.bufferData(gl.ARRAY_BUFFER, HEAPU8, gl.STREAM_DRAW, vertices, vertex_bytes);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, HEAPU8, gl.STREAM_DRAW, indices, index_bytes);
});
// The attribute pointers start `at` bytes into the vertex buffer (ImDrawVert: position, uv at
// byte uv, colour at byte colour).
EM_JS(void, el_gl_vertex_base, (int at, int stride, int uv, int colour), {
    const gl = Module.elGL.gl;
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, stride, at);
    gl.vertexAttribPointer(1, 2, gl.FLOAT, false, stride, at + uv);
    gl.vertexAttribPointer(2, 4, gl.UNSIGNED_BYTE, true, stride, at + colour);
});
EM_JS(void, el_gl_draw_triangles, (int count, int index_bytes, int at), {
    const gl = Module.elGL.gl;
    gl.drawElements(gl.TRIANGLES, count, index_bytes == 2 ? gl.UNSIGNED_SHORT : gl.UNSIGNED_INT, at);
});

namespace el {

//-----------------------------------------------------------------------------
// [SECTION] Program and fixed state
//-----------------------------------------------------------------------------

// The stock backend's GLSL ES 3.00 shaders (the page must look the same), with nothing to ask the
// GPU process for: the attribute locations are fixed in the source, the projection (ImGui's
// orthographic matrix, whose only non-zero terms are a scale and an offset per axis) is a
// constant vertex attribute instead of a uniform, whose location would have to be queried, and the
// texture is unit 0, a sampler's default. The texture is one channel: the font atlas's coverage,
// the only texture the page draws (the stock backend's is white RGBA with the coverage as alpha,
// the same colours at four times the upload).
static const char* const kVertexShader =
    "#version 300 es\n"
    "precision highp float;\n"
    "layout (location = 0) in vec2 Position;\n"
    "layout (location = 1) in vec2 UV;\n"
    "layout (location = 2) in vec4 Color;\n"
    "layout (location = 3) in vec4 Projection;\n"  // x, y scale; x, y offset
    "out vec2 Frag_UV;\n"
    "out vec4 Frag_Color;\n"
    "void main()\n"
    "{\n"
    "    Frag_UV = UV;\n"
    "    Frag_Color = Color;\n"
    "    gl_Position = vec4(Position.xy * Projection.xy + Projection.zw, 0, 1);\n"
    "}\n";
static const char* const kFragmentShader =
    "#version 300 es\n"
    "precision mediump float;\n"
    "uniform sampler2D Texture;\n"
    "in vec2 Frag_UV;\n"
    "in vec4 Frag_Color;\n"
    "layout (location = 0) out vec4 Out_Color;\n"
    "void main()\n"
    "{\n"
    "    Out_Color = Frag_Color * vec4(1.0, 1.0, 1.0, texture(Texture, Frag_UV.st).r);\n"
    "}\n";

// The one texture: ImGui's texture id for the font atlas (0 is none).
static const intptr_t kFontTexture = 1;

// What the context holds now (so a frame sends only changes), and the frames compared.
static struct {
    int linked = -1;  // the program's link status, once asked (-1: not yet)
    char link_error[512] = "";
    int viewport_w = -1, viewport_h = -1;
    float projection[4] = {0, 0, 0, 0};  // DisplayPos x, y and DisplaySize x, y it was made for
    intptr_t bound_texture = 0;
    int64_t vertex_base = -1;  // the vertex the attribute pointers start at (-1: unknown)
    int scissor[4] = {-1, -1, -1, -1};
    // A frame's draw lists back to back (one upload each) and the rest of what it draws as words
    // (DescribeFrame); the same of the last frame drawn, to recognise one exactly like it.
    ImVector<ImDrawVert> vertices, drawn_vertices;
    ImVector<ImDrawIdx> indices, drawn_indices;
    ImVector<uint32_t> frame, drawn_frame;
    bool have_drawn = false;
} g_gl;

// Attribute pointers start at `base` (ImGui's VtxOffset, plus where a draw list sits in
// the shared buffer): WebGL2 has no drawElementsBaseVertex, so the pointers move instead.
static void SetVertexBase(int64_t base) {
    if (base == g_gl.vertex_base) return;
    g_gl.vertex_base = base;
    static_assert(offsetof(ImDrawVert, pos) == 0, "el_gl_vertex_base takes the position first");
    el_gl_vertex_base(int(base * int64_t(sizeof(ImDrawVert))), int(sizeof(ImDrawVert)), int(offsetof(ImDrawVert, uv)),
                      int(offsetof(ImDrawVert, col)));
}

static void SetScissor(int x, int y, int w, int h) {
    int* s = g_gl.scissor;
    if (s[0] == x && s[1] == y && s[2] == w && s[3] == h) return;
    s[0] = x, s[1] = y, s[2] = w, s[3] = h;
    el_gl_scissor(x, y, w, h);
}

// Everything a frame relies on, set in one place: at start-up and when a draw
// callback asks for it (ImDrawCallback_ResetRenderState).
static void ApplyRenderState() {
    el_gl_apply_state(g_gl.bound_texture == kFontTexture);
    g_gl.vertex_base = -1;
    SetVertexBase(0);
    g_gl.viewport_w = g_gl.viewport_h = -1;
    for (int& v : g_gl.scissor) v = -1;
    for (float& v : g_gl.projection) v = 0;
}

void RendererInit() {
    el_gl_init(kVertexShader, kFragmentShader);  // the shaders' status is asked later (RendererLinked)
    g_gl.linked = -1;
    ApplyRenderState();  // its useProgram waits for the link (Chromium checks it); at the first draw it came no sooner

    ImGuiIO& io = ImGui::GetIO();
    io.BackendRendererName = "el_renderer_webgl2";
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;  // honoured by SetVertexBase
}

bool RendererLinked(const char** error) {
    if (g_gl.linked < 0) g_gl.linked = el_gl_link_status(g_gl.link_error, int(sizeof g_gl.link_error));  // the one status query
    *error = g_gl.linked == 1 ? "" : g_gl.link_error;
    return g_gl.linked == 1;
}

bool RendererRecreate(const char** error) {
    // The old objects belong to the lost context: el_gl_init makes new ones; nothing is bound.
    g_gl.bound_texture = 0;
    g_gl.have_drawn = false;  // the new context's canvas shows nothing yet
    RendererInit();
    if (!RendererLinked(error)) return false;
    RendererUpdateFontTexture();  // rasterises the atlas again (its pixels were cleared)
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Font texture
//-----------------------------------------------------------------------------

// The atlas is rasterised by ImGui's stb_truetype builder called directly: ImFontAtlas::Build()
// (which GetTexDataAsRGBA32 calls) would do the same, but it also links ImGui's built-in font for
// atlases given none, about 10 KB gzip of page weight the page never uses.
void RendererUpdateFontTexture() {
    for (void* const& kept : el_glyph_rasteriser) (void)*static_cast<void* const volatile*>(&kept);  // keeps them linked
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    if (!atlas->TexPixelsAlpha8) ImFontAtlasGetBuilderForStbTruetype()->FontBuilder_Build(atlas);
    el_gl_font_texture(atlas->TexWidth, atlas->TexHeight, atlas->TexPixelsAlpha8);
    g_gl.bound_texture = kFontTexture;
    atlas->SetTexID(reinterpret_cast<ImTextureID>(kFontTexture));
    atlas->ClearTexData();  // the GPU has its copy; the atlas keeps its glyph tables
    g_gl.have_drawn = false;  // the same vertices may now sample other glyphs
}

//-----------------------------------------------------------------------------
// [SECTION] Drawing a frame
//-----------------------------------------------------------------------------

// The orthographic projection from ImGui's display rectangle to clip space, sent only when the
// rectangle changes: x' = 2 / (R - L) * x + (R + L) / (L - R), y' = 2 / (T - B) * y + (T + B) / (B - T),
// the stock backend's matrix without its zeros.
static void SetProjection(const ImDrawData* dd) {
    const float key[4] = {dd->DisplayPos.x, dd->DisplayPos.y, dd->DisplaySize.x, dd->DisplaySize.y};
    if (std::memcmp(key, g_gl.projection, sizeof key) == 0) return;
    std::memcpy(g_gl.projection, key, sizeof key);
    const float L = dd->DisplayPos.x, R = dd->DisplayPos.x + dd->DisplaySize.x;
    const float T = dd->DisplayPos.y, B = dd->DisplayPos.y + dd->DisplaySize.y;
    el_gl_projection(2.0f / (R - L), 2.0f / (T - B), (R + L) / (L - R), (T + B) / (B - T));
}

// Everything a frame draws besides its vertices and indices, as words (floats by their bits): the
// canvas size, the clear colour, ImGui's display rectangle and each command's clip rectangle,
// texture, offsets and count. False if a command is a callback (what it draws is not in the data).
static bool DescribeFrame(const ImDrawData* dd, int fb_w, int fb_h, const float clear_rgb[3], ImVector<uint32_t>& out) {
    out.resize(0);
    auto word = [&](uint64_t v) { out.push_back(uint32_t(v)), out.push_back(uint32_t(v >> 32)); };
    auto bits = [&](float f) { uint32_t u; std::memcpy(&u, &f, sizeof u); out.push_back(u); };
    word(uint64_t(fb_w)), word(uint64_t(fb_h));
    for (int i = 0; i < 3; i++) bits(clear_rgb[i]);
    if (!dd) return true;
    for (float f : {dd->DisplayPos.x, dd->DisplayPos.y, dd->DisplaySize.x, dd->DisplaySize.y, dd->FramebufferScale.x,
                    dd->FramebufferScale.y})
        bits(f);
    for (const ImDrawList* list : dd->CmdLists) {
        word(uint64_t(list->VtxBuffer.Size)), word(uint64_t(list->IdxBuffer.Size));
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback) return false;
            for (float f : {cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w}) bits(f);
            word(uint64_t(reinterpret_cast<uintptr_t>(cmd.GetTexID())));
            word(cmd.VtxOffset), word(cmd.IdxOffset), word(cmd.ElemCount);
        }
    }
    return true;
}

template <typename T>
static bool SameItems(const ImVector<T>& a, const ImVector<T>& b) {
    return a.Size == b.Size && (a.Size == 0 || std::memcmp(a.Data, b.Data, size_t(a.size_in_bytes())) == 0);
}

bool RendererDraw(const ImDrawData* dd, int fb_w, int fb_h, const float clear_rgb[3]) {
    if (fb_w <= 0 || fb_h <= 0) return false;
    // All draw lists back to back (one upload each, below), and the rest of the frame as numbers.
    const int vtx_count = dd ? dd->TotalVtxCount : 0, idx_count = dd ? dd->TotalIdxCount : 0;
    g_gl.vertices.resize(vtx_count);
    g_gl.indices.resize(idx_count);
    if (dd) {
        ImDrawVert* vtx = g_gl.vertices.Data;
        ImDrawIdx* idx = g_gl.indices.Data;
        for (const ImDrawList* list : dd->CmdLists) {
            std::memcpy(vtx, list->VtxBuffer.Data, size_t(list->VtxBuffer.Size) * sizeof(ImDrawVert));
            std::memcpy(idx, list->IdxBuffer.Data, size_t(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
            vtx += list->VtxBuffer.Size, idx += list->IdxBuffer.Size;
        }
    }
    // A frame exactly like the one on the canvas is not drawn again: the canvas keeps showing it,
    // and neither the GPU nor the browser's compositor has anything to do (without a GPU, the
    // CPU rasterises every WebGL draw). The page draws for a second after any input, and most of
    // those frames look the same.
    const bool comparable = DescribeFrame(dd, fb_w, fb_h, clear_rgb, g_gl.frame);
    if (comparable && g_gl.have_drawn && SameItems(g_gl.frame, g_gl.drawn_frame) &&
        SameItems(g_gl.vertices, g_gl.drawn_vertices) && SameItems(g_gl.indices, g_gl.drawn_indices))
        return false;
    g_gl.have_drawn = comparable;
    g_gl.drawn_frame.swap(g_gl.frame), g_gl.drawn_vertices.swap(g_gl.vertices), g_gl.drawn_indices.swap(g_gl.indices);
    const ImVector<ImDrawVert>& vertices = g_gl.drawn_vertices;
    const ImVector<ImDrawIdx>& indices = g_gl.drawn_indices;

    if (fb_w != g_gl.viewport_w || fb_h != g_gl.viewport_h) {
        el_gl_viewport(fb_w, fb_h);
        g_gl.viewport_w = fb_w, g_gl.viewport_h = fb_h;
    }
    SetScissor(0, 0, fb_w, fb_h);  // the scissor test stays on: clear the whole canvas
    el_gl_clear(clear_rgb[0], clear_rgb[1], clear_rgb[2]);
    if (!dd || dd->TotalVtxCount == 0) return true;
    SetProjection(dd);

    // All draw lists in one vertex and one index upload (orphaning last frame's storage).
    el_gl_upload(vertices.Data, vertices.size_in_bytes(), indices.Data, indices.size_in_bytes());

    // Clip rectangles are in ImGui's coordinates: project them into the framebuffer (y up).
    const ImVec2 clip_off = dd->DisplayPos, clip_scale = dd->FramebufferScale;
    int64_t list_vertex_base = 0, list_index_base = 0;  // where the list sits in the shared buffers
    for (const ImDrawList* list : dd->CmdLists) {
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback) {
                if (cmd.UserCallback == ImDrawCallback_ResetRenderState) ApplyRenderState(), SetProjection(dd);
                else {
                    cmd.UserCallback(list, &cmd);
                    // A callback may bind what it likes: bind ours again before the next draw.
                    g_gl.bound_texture = -1, g_gl.vertex_base = -1;
                    for (int& v : g_gl.scissor) v = -1;
                }
                continue;
            }
            const ImVec2 clip_min((cmd.ClipRect.x - clip_off.x) * clip_scale.x, (cmd.ClipRect.y - clip_off.y) * clip_scale.y);
            const ImVec2 clip_max((cmd.ClipRect.z - clip_off.x) * clip_scale.x, (cmd.ClipRect.w - clip_off.y) * clip_scale.y);
            if (clip_max.x <= clip_min.x || clip_max.y <= clip_min.y) continue;
            SetScissor(int(clip_min.x), int(float(fb_h) - clip_max.y), int(clip_max.x - clip_min.x),
                       int(clip_max.y - clip_min.y));
            const intptr_t texture = reinterpret_cast<intptr_t>(cmd.GetTexID());
            if (texture != g_gl.bound_texture) el_gl_bind_font(texture == kFontTexture), g_gl.bound_texture = texture;
            SetVertexBase(list_vertex_base + cmd.VtxOffset);
            el_gl_draw_triangles(int(cmd.ElemCount), int(sizeof(ImDrawIdx)),
                                 int((list_index_base + cmd.IdxOffset) * int64_t(sizeof(ImDrawIdx))));
        }
        list_vertex_base += list->VtxBuffer.Size, list_index_base += list->IdxBuffer.Size;
    }
    return true;
}

}  // namespace el
