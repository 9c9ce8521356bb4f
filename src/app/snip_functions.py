#!/usr/bin/env python3
"""Empties functions of a linked wasm that the page can never call, in place, before the last
wasm-opt (which then drops whatever only they called, and the names):
snip_functions.py <module.wasm> <font.ttf> <src dir>.

The module must carry function names (the link's --profiling-funcs). Each function in GROUPS gets
the body `unreachable`: called after all, it would stop the app with glue.js's message, never
compute something wrong. Each group is dead for a reason this script checks on every build: a
function in the module that could call it, or a word in the page's sources (src/) that could make
it run, stops the build, as does a name it cannot find.

The functions in RETURNS are called, most of them every frame, but for this page always return at
once, having done nothing: their bodies become that return. Each has its reason, checked the same
way: a word in src/ that could give them something to do, or a word the reason relies on going
missing, stops the build.
"""
import pathlib
import re
import struct
import sys

from join_data import read_leb as leb, u32 as uleb  # LEB128, as the wasm writes numbers

# (functions, why they never run, functions that could call them, source words that could make them run)
GROUPS = [
    (['stbtt__run_charstring', 'stbtt__dict_get_ints', 'stbtt__cff_int', 'stbtt__cff_get_index',
      'stbtt__buf_range', 'stbtt__buf_get', 'stbtt__buf_get8', 'stbtt__buf_peek8', 'stbtt__buf_seek',
      'stbtt__buf_skip'],
     "stb_truetype's CFF outlines and the reader of their tables (stbtt_InitFont reads them only for "
     "an OpenType font with a 'CFF ' table instead of 'glyf'); the page's font is TrueType (checked "
     "below)", [], []),
    (['WindowSettingsHandler_ReadOpen', 'WindowSettingsHandler_ReadLine', 'WindowSettingsHandler_WriteAll',
      'WindowSettingsHandler_ClearAll', 'WindowSettingsHandler_ApplyAll',
      'TableSettingsHandler_ReadOpen', 'TableSettingsHandler_ReadLine', 'TableSettingsHandler_WriteAll',
      'TableSettingsHandler_ClearAll', 'TableSettingsHandler_ApplyAll'],
     "Dear ImGui's .ini settings handlers: ImGui::Initialize takes their addresses; only the "
     "functions that load, save or clear .ini settings call them, and a page without io.IniFilename "
     "links none of those",
     ['ImGui::LoadIniSettingsFromMemory', 'ImGui::SaveIniSettingsToMemory', 'ImGui::ClearIniSettings'], []),
    (['ImGui::LogText', 'ImGui::LogRenderedText'],
     "Dear ImGui's text log: widgets write to it while g.LogEnabled, which only ImGui::LogBegin sets "
     "(LogToClipboard, LogToFile, ...)", ['ImGui::LogBegin'], []),
    (['ImGui::TableDrawDefaultContextMenu', 'ImGui::TableSortSpecsBuild',
      'ImGui::TableUpdateBorders', 'ImGui::TableSetColumnWidth'],
     "Dear ImGui's table context menu, sorting and column resizing: the menu opens only for a table "
     "with one of the flags Resizable, Reorderable or Hideable, sorting needs Sortable, and a column "
     "is resized (by its border, or to fit) only with Resizable; the page's tables have none",
     [], [r'ImGuiTableFlags_(Resizable|Reorderable|Hideable|Sortable)']),
    (['ImGui::EndColumns'],
     "Dear ImGui's old Columns API: End() closes columns only when window->DC.CurrentColumns is set, "
     "which only ImGui::BeginColumns does", ['ImGui::BeginColumns'], []),
    (['__rem_pio2_large'],
     "musl's reduction of a sine's or cosine's argument past 2^20 pi/2 (about 1.6 million; sin, cos, "
     "sinf and cosf reduce smaller ones themselves): the page takes them only of angles in [0, 2 pi), "
     "Box-Muller's in src/core/random.h and src/state/app_state.cpp and Dear ImGui's circles' and "
     "arcs' (AddCircle's own, never past 2 pi; the page calls no PathArcTo or AddNgon)", [],
     [r'\b(std::)?(sin|cos|tan)f?\((?!angle\)|6\.283185307179586 \* u2\))', r'Im(Cos|Sin)\(', r'PathArcTo', r'AddNgon']),
    (['ImGui::RenderMouseCursor'],
     "Dear ImGui's own mouse cursor: drawn only with io.MouseDrawCursor, which the page never sets "
     "(the browser draws the pointer: src/app/main.cpp)", [], [r'MouseDrawCursor\s*=']),
]
UNREACHABLE_BODY = b'\x00\x00\x0b'  # no locals; unreachable; end

# (function, its new body, why it does nothing here, words that could change that, words the reason needs)
RETURNS = [
    ('ImGui::UpdateWindowManualResize', b'\x00\x41\x00\x0b',  # no locals; i32.const 0; end
     "Dear ImGui's resize grips and borders: Begin calls it for every window, and it returns 0 at "
     "once for a window with NoResize or AlwaysAutoResize, and for an inactive one. The page window "
     "has NoDecoration (NoResize with it), a child without ResizeX/ResizeY gets NoResize, tooltips, "
     "popups and combos are AlwaysAutoResize, and the fallback Debug window, never written to, is "
     "inactive",
     [r'ImGuiChildFlags_Resize[XY]', r'BeginPopupModal', r'ImGui::Begin\((?!"Embedding Lab")'],
     [r'ImGuiWindowFlags_NoDecoration \|']),
    (('ImGui::NavUpdateWindowing', 'ImGui::NavUpdateWindowingOverlay', 'ImGui::RenderDimmedBackgrounds'),
     b'\x00\x0b',  # no locals; end
     "Dear ImGui's window switching (Ctrl+Tab, which the browser keeps for its tabs; a gamepad's "
     "menu button, and the page has no gamepad) and Alt toggling a window's menu layer (no window has "
     "a menu bar): it changes nothing on a page of one window, whose keys never include those. With "
     "it go the switcher's list (drawn only while g.NavWindowingTarget is set, which only "
     "NavUpdateWindowing sets) and the dimming behind a window (only behind a modal popup, which the "
     "page never opens, or while switching)",
     [r'MenuBar', r'HasGamepad', r'NavEnableGamepad', r'ConfigNavWindowingKey', r'PopupModal',
      r'ImGuiWindowFlags_Modal'], []),
    (('ImGui::TableSaveSettings', 'ImGui::TableLoadSettings'), b'\x00\x0b',  # no locals; end
     "Dear ImGui's tables' saved settings (column widths, order and sort, for the .ini file, read "
     "back when a table is made or its column count changes): every table of the page has "
     "ImGuiTableFlags_NoSavedSettings, with which both return at once, having cleared the flag that "
     "calls them (left set, they are called again and return again)",
     [r'BeginTable(Ex)?\((?![^;]*ImGuiTableFlags_NoSavedSettings)', r'TableSettings', r'IniSettings'], []),
    ('ImGui::RenderWindowTitleBarContents', b'\x00\x0b',  # no locals; end
     "Dear ImGui's title bar: its name, collapse and close buttons. Begin calls it for a window without "
     "NoTitleBar, and no window the page shows has one: the page window has NoDecoration, children, "
     "tooltips, popups and combos have NoTitleBar, and the fallback Debug window it is called for every "
     "frame is never shown (it draws into a window that is not rendered, and its buttons, on the menu "
     "layer, are no keyboard stop of a shown window)",
     [r'BeginPopupModal', r'ImGui::Begin\((?!"Embedding Lab")'], [r'ImGuiWindowFlags_NoDecoration \|']),
    ('ImGui::StyleColorsDark', b'\x00\x0b',  # no locals; end
     "Dear ImGui's dark colours, which ImGuiStyle's constructor sets: the page's every style is made in "
     "ApplyTheme (src/app/main.cpp), whose StyleColorsForTheme sets every colour (themes.cpp's tables, "
     "ImGuiCol_COUNT of them), and replaces the context's own before its first frame is built",
     [r'ImGui::StyleColors(Dark|Light|Classic)\(', r'ImGui::GetStyle\(\)\.Colors\[[^]]*\] *[-+*/]?='],
     [r'StyleColorsForTheme\(theme, style\);  // themes\.cpp\n', r'ImGui::GetStyle\(\) = style;',
      r'for \(int i = 0; i < ImGuiCol_COUNT; i\+\+\)\n *c\[i\] = ']),
]


def font_tables(path):
    font = open(path, 'rb').read()
    count = struct.unpack('>H', font[4:6])[0]
    return {font[12 + 16 * k:16 + 16 * k].decode('latin-1') for k in range(count)}


def main(wasm_path, font_path, src_dir):
    tables = font_tables(font_path)
    if 'glyf' not in tables or 'CFF ' in tables:
        sys.exit(f'{font_path}: not a TrueType (glyf) font; stb_truetype reads CFF outlines for it: do not snip them')
    module = open(wasm_path, 'rb').read()
    sections, i = [], 8
    while i < len(module):
        sid = module[i]
        size, start = leb(module, i + 1)
        sections.append((sid, i, start, start + size))
        i = start + size
    imported = 0
    names = {}
    for sid, _, start, end in sections:
        if sid == 2:  # imports: functions take the first indices
            count, j = leb(module, start)
            for _ in range(count):
                for _ in range(2):
                    n, j = leb(module, j)
                    j += n
                kind = module[j]
                j += 1
                if kind == 0:
                    _, j = leb(module, j)
                    imported += 1
                elif kind == 1:
                    j += 1
                    flags, j = leb(module, j)
                    _, j = leb(module, j)
                    if flags & 1:
                        _, j = leb(module, j)
                elif kind == 2:
                    flags, j = leb(module, j)
                    _, j = leb(module, j)
                    if flags & 1:
                        _, j = leb(module, j)
                elif kind == 3:
                    j += 2
        elif sid == 0:
            n, j = leb(module, start)
            if module[j:j + n] != b'name':
                continue
            j += n
            while j < end:
                sub = module[j]
                size, j = leb(module, j + 1)
                if sub == 1:
                    count, k = leb(module, j)
                    for _ in range(count):
                        index, k = leb(module, k)
                        n, k = leb(module, k)
                        names.setdefault(module[k:k + n].decode('utf-8').split('(')[0], []).append(index)
                        k += n
                j += size
    if not names:
        sys.exit(f'{wasm_path}: no function names (link with --profiling-funcs)')
    sources = {p: p.read_text(encoding='utf-8') for p in pathlib.Path(src_dir).rglob('*') if p.suffix in ('.cpp', '.h')}
    snipped = set()
    for functions, why, callers, words in GROUPS:
        for caller in callers:
            if caller in names:
                sys.exit(f'{wasm_path}: {caller} is in the module and may call {", ".join(functions)}: do not snip them ({why})')
        for word in words:
            for path, text in sources.items():
                if re.search(word, text):
                    sys.exit(f'{path} has {word!r}, which may run {", ".join(functions)}: do not snip them ({why})')
        if unclear := [n for n in functions if len(names.get(n, [])) != 1]:
            sys.exit(f'{wasm_path}: not one function named {", ".join(unclear)} (inlined, renamed, gone or overloaded?)')
        snipped |= {names[n][0] - imported for n in functions}
    returning = {}
    for functions, body, why, words, needs in RETURNS:
        functions = (functions,) if isinstance(functions, str) else functions
        function = ', '.join(functions)
        for word in words:
            for path, text in sources.items():
                if re.search(word, text):
                    sys.exit(f'{path} has {word!r}, which may give {function} something to do: do not empty it ({why})')
        for word in needs:
            if not any(re.search(word, text) for text in sources.values()):
                sys.exit(f'no source has {word!r}, which {function} may need: do not empty it ({why})')
        if unclear := [n for n in functions if len(names.get(n, [])) != 1]:
            sys.exit(f'{wasm_path}: not one function named {", ".join(unclear)} (inlined, renamed, gone or overloaded?)')
        returning |= {names[n][0] - imported: body for n in functions}

    _, at, start, end = next(s for s in sections if s[0] == 10)
    count, j = leb(module, start)
    bodies = []
    for k in range(count):
        size, j = leb(module, j)
        bodies.append(UNREACHABLE_BODY if k in snipped else returning.get(k, module[j:j + size]))
        j += size
    code = uleb(count) + b''.join(uleb(len(b)) + b for b in bodies)
    open(wasm_path, 'wb').write(module[:at] + b'\x0a' + uleb(len(code)) + code + module[end:])


if __name__ == '__main__':
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
