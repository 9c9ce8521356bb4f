// A small WebGL2 renderer for Dear ImGui's draw data (what imgui.h asks of a renderer
// backend: upload the vertices and indices, draw each command with its texture and its
// clip rectangle as a scissor, call user callbacks). The stock OpenGL3 backend reads
// back about twenty pieces of GL state every frame to restore them afterwards, each a
// synchronous round trip to the GPU process; this page owns its context, so here the
// state is set once and a frame only sends what changed.
//
// [SECTION] Program and fixed state (and again after a lost context)
// [SECTION] Font texture
// [SECTION] Drawing a frame

#include "renderer_webgl2.h"

#include <GLES3/gl3.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "imgui.h"
#include "imgui_internal.h"  // ImFontAtlasGetBuilderForStbTruetype

extern "C" void* const el_glyph_rasteriser[2];  // stb_truetype_kept.h: why the font code reads it

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
enum : GLuint { kPositionLocation = 0, kUVLocation = 1, kColorLocation = 2, kProjectionLocation = 3 };

// The GL objects, and what the context holds now (so a frame sends only changes).
static struct {
    GLuint program = 0, vertex_array = 0, vertex_buffer = 0, index_buffer = 0, font_texture = 0;
    GLuint shaders[2] = {0, 0};  // kept until the link status is known, for its error message
    int linked = -1;  // the program's link status, once asked (-1: not yet)
    const char* link_error = "";
    int viewport_w = -1, viewport_h = -1;
    float projection[4] = {0, 0, 0, 0};  // DisplayPos x, y and DisplaySize x, y it was made for
    GLuint bound_texture = 0;
    int64_t vertex_base = -1;  // the vertex the attribute pointers start at (-1: unknown)
    int scissor[4] = {-1, -1, -1, -1};
    // A frame's draw lists back to back (one upload each) and the rest of what it draws as words
    // (DescribeFrame); the same of the last frame drawn, to recognise one exactly like it.
    ImVector<ImDrawVert> vertices, drawn_vertices;
    ImVector<ImDrawIdx> indices, drawn_indices;
    ImVector<uint32_t> frame, drawn_frame;
    bool have_drawn = false;
} g_gl;

// Compiles without asking how it went: each status query waits for the GPU process, so the
// program's link status (one query, RendererLinked) stands for both shaders.
static GLuint CompileShader(GLenum kind, const char* source) {
    const GLuint shader = glCreateShader(kind);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    return shader;
}

// After a failed link: the first shader log that says something, else the program's.
static const char* LinkError(GLuint program, const GLuint shaders[2]) {
    static char log[512];
    for (int i = 0; i < 2; i++) {
        GLint ok = 0;
        glGetShaderiv(shaders[i], GL_COMPILE_STATUS, &ok);
        if (!ok) {
            glGetShaderInfoLog(shaders[i], sizeof log, nullptr, log);
            return log;
        }
    }
    glGetProgramInfoLog(program, sizeof log, nullptr, log);
    return log;
}

// Attribute pointers start at `base` (ImGui's VtxOffset, plus where a draw list sits in
// the shared buffer): WebGL2 has no glDrawElementsBaseVertex, so the pointers move instead.
static void SetVertexBase(int64_t base) {
    if (base == g_gl.vertex_base) return;
    g_gl.vertex_base = base;
    const GLsizei stride = sizeof(ImDrawVert);
    const intptr_t at = intptr_t(base) * stride;
    glVertexAttribPointer(kPositionLocation, 2, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(at + offsetof(ImDrawVert, pos)));
    glVertexAttribPointer(kUVLocation, 2, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(at + offsetof(ImDrawVert, uv)));
    glVertexAttribPointer(kColorLocation, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                          reinterpret_cast<const void*>(at + offsetof(ImDrawVert, col)));
}

static void SetScissor(int x, int y, int w, int h) {
    int* s = g_gl.scissor;
    if (s[0] == x && s[1] == y && s[2] == w && s[3] == h) return;
    s[0] = x, s[1] = y, s[2] = w, s[3] = h;
    glScissor(x, y, w, h);
}

// Everything a frame relies on, set in one place: at start-up and when a draw
// callback asks for it (ImDrawCallback_ResetRenderState).
static void ApplyRenderState() {
    glUseProgram(g_gl.program);
    glBindVertexArray(g_gl.vertex_array);
    glBindBuffer(GL_ARRAY_BUFFER, g_gl.vertex_buffer);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, g_gl.index_buffer);  // held by the vertex array
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, g_gl.bound_texture);
    g_gl.vertex_base = -1;
    SetVertexBase(0);
    g_gl.viewport_w = g_gl.viewport_h = -1;
    for (int& v : g_gl.scissor) v = -1;
    for (float& v : g_gl.projection) v = 0;
}

void RendererInit() {
    g_gl.shaders[0] = CompileShader(GL_VERTEX_SHADER, kVertexShader);
    g_gl.shaders[1] = CompileShader(GL_FRAGMENT_SHADER, kFragmentShader);
    g_gl.program = glCreateProgram();
    glAttachShader(g_gl.program, g_gl.shaders[0]);
    glAttachShader(g_gl.program, g_gl.shaders[1]);
    glLinkProgram(g_gl.program);
    g_gl.linked = -1;

    glGenVertexArrays(1, &g_gl.vertex_array);
    glGenBuffers(1, &g_gl.vertex_buffer);
    glGenBuffers(1, &g_gl.index_buffer);
    glBindVertexArray(g_gl.vertex_array);
    glEnableVertexAttribArray(kPositionLocation);
    glEnableVertexAttribArray(kUVLocation);
    glEnableVertexAttribArray(kColorLocation);
    ApplyRenderState();

    ImGuiIO& io = ImGui::GetIO();
    io.BackendRendererName = "el_renderer_webgl2";
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;  // honoured by SetVertexBase
}

bool RendererLinked(const char** error) {
    if (g_gl.linked < 0) {
        GLint linked = 0;
        glGetProgramiv(g_gl.program, GL_LINK_STATUS, &linked);  // the one status query
        g_gl.linked = linked ? 1 : 0;
        g_gl.link_error = linked ? "" : LinkError(g_gl.program, g_gl.shaders);
        glDeleteShader(g_gl.shaders[0]);  // flagged: freed with the program
        glDeleteShader(g_gl.shaders[1]);
    }
    *error = g_gl.link_error;
    return g_gl.linked == 1;
}

bool RendererRecreate(const char** error) {
    // The old ids name objects of the lost context: forget them, and what was bound.
    g_gl.program = g_gl.vertex_array = g_gl.vertex_buffer = g_gl.index_buffer = g_gl.font_texture = 0;
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
    if (!g_gl.font_texture) glGenTextures(1, &g_gl.font_texture);
    glBindTexture(GL_TEXTURE_2D, g_gl.font_texture);
    g_gl.bound_texture = g_gl.font_texture;
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);  // rows of one byte a texel
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, atlas->TexWidth, atlas->TexHeight, 0, GL_RED, GL_UNSIGNED_BYTE,
                 atlas->TexPixelsAlpha8);
    atlas->SetTexID(reinterpret_cast<ImTextureID>(intptr_t(g_gl.font_texture)));
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
    glVertexAttrib4f(kProjectionLocation, 2.0f / (R - L), 2.0f / (T - B), (R + L) / (L - R), (T + B) / (B - T));
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
        glViewport(0, 0, fb_w, fb_h);
        g_gl.viewport_w = fb_w, g_gl.viewport_h = fb_h;
    }
    SetScissor(0, 0, fb_w, fb_h);  // the scissor test stays on: clear the whole canvas
    glClearColor(clear_rgb[0], clear_rgb[1], clear_rgb[2], 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    if (!dd || dd->TotalVtxCount == 0) return true;
    SetProjection(dd);

    // All draw lists in one vertex and one index upload (orphaning last frame's storage).
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices.size_in_bytes()), vertices.Data, GL_STREAM_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(indices.size_in_bytes()), indices.Data, GL_STREAM_DRAW);

    // Clip rectangles are in ImGui's coordinates: project them into the framebuffer (y up).
    const ImVec2 clip_off = dd->DisplayPos, clip_scale = dd->FramebufferScale;
    const GLenum index_type = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
    int64_t list_vertex_base = 0, list_index_base = 0;  // where the list sits in the shared buffers
    for (const ImDrawList* list : dd->CmdLists) {
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback) {
                if (cmd.UserCallback == ImDrawCallback_ResetRenderState) ApplyRenderState(), SetProjection(dd);
                else {
                    cmd.UserCallback(list, &cmd);
                    // A callback may bind what it likes: bind ours again before the next draw.
                    g_gl.bound_texture = ~0u, g_gl.vertex_base = -1;
                    for (int& v : g_gl.scissor) v = -1;
                }
                continue;
            }
            const ImVec2 clip_min((cmd.ClipRect.x - clip_off.x) * clip_scale.x, (cmd.ClipRect.y - clip_off.y) * clip_scale.y);
            const ImVec2 clip_max((cmd.ClipRect.z - clip_off.x) * clip_scale.x, (cmd.ClipRect.w - clip_off.y) * clip_scale.y);
            if (clip_max.x <= clip_min.x || clip_max.y <= clip_min.y) continue;
            SetScissor(int(clip_min.x), int(float(fb_h) - clip_max.y), int(clip_max.x - clip_min.x),
                       int(clip_max.y - clip_min.y));
            const GLuint texture = GLuint(reinterpret_cast<intptr_t>(cmd.GetTexID()));
            if (texture != g_gl.bound_texture) glBindTexture(GL_TEXTURE_2D, texture), g_gl.bound_texture = texture;
            SetVertexBase(list_vertex_base + cmd.VtxOffset);
            glDrawElements(GL_TRIANGLES, GLsizei(cmd.ElemCount), index_type,
                           reinterpret_cast<const void*>(intptr_t((list_index_base + cmd.IdxOffset) * sizeof(ImDrawIdx))));
        }
        list_vertex_base += list->VtxBuffer.Size, list_index_base += list->IdxBuffer.Size;
    }
    return true;
}

}  // namespace el
