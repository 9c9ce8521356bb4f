#!/usr/bin/env python3
"""Blanks Dear ImGui's mouse-cursor picture in a linked wasm, in place:
drop_cursor_pixels.py <module.wasm> <imgui_draw.cpp>.

ImGui keeps the shapes of the mouse cursors it can draw itself (io.MouseDrawCursor) as a picture of
3,294 characters (FONT_ATLAS_DEFAULT_TEX_DATA_PIXELS in imgui_draw.cpp), read only when the font
atlas is built without ImFontAtlasFlags_NoMouseCursors. The page sets that flag (src/app/main.cpp:
the browser draws the pointer), so the picture is never read, but as a static array it stays in the
module: about 470 B of gzip. Here it becomes zeros. The picture is taken from the fetched source and
must occur exactly once in the module; anything else stops the build.
"""
import re
import sys


def cursor_picture(imgui_draw_cpp):
    """The picture's characters, as the C string literals of its initialiser spell them."""
    source = open(imgui_draw_cpp, encoding='utf-8').read()
    start = source.index('FONT_ATLAS_DEFAULT_TEX_DATA_PIXELS[')
    body = source[source.index('{', start) + 1:source.index('};', start)]
    return ''.join(re.findall(r'"([^"\\]*)"', body)).encode('ascii')


def main(wasm_path, imgui_draw_cpp):
    picture = cursor_picture(imgui_draw_cpp)
    module = open(wasm_path, 'rb').read()
    if len(picture) < 1000 or set(picture) - set(b' .-X'):
        sys.exit(f'{imgui_draw_cpp}: the cursor picture was not found as expected ({len(picture)} characters)')
    found = module.count(picture)  # (the step runs on each fresh link, before join_data.py)
    if found != 1:
        sys.exit(f'{wasm_path}: ImGui\'s cursor picture occurs {found} times (one expected)')
    at = module.index(picture)
    open(wasm_path, 'wb').write(module[:at] + bytes(len(picture)) + module[at + len(picture):])


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
