#!/usr/bin/env python3
"""Builds the single-file page: web/index.html with its stylesheet, scripts and icon inlined, and
the deeper build's Emscripten script and wasm (it has every panel: a file cannot load more later).
The wasm goes in as base64 text, window.embeddingLabWasm, which web/glue.js compiles; the
languages' catalogs (lang/<code>.json, src/i18n/build_catalog.py) as window.embeddingLabCatalogs;
the whole font (font.ttf beside the wasm, which the site fetches on demand) as window.embeddingLabFont.

    single_file.py <web dir> <embedding_lab_deeper.js> <embedding_lab_deeper.wasm> <out.html> [<lang/xx.json> ...]

Linking straight to .html would need htmlmin (not in Debian), so the HTML shell stays ours.
The result needs no other file: it works offline, from file://, and in <iframe sandbox="allow-scripts">.
Inline scripts cannot run under script-src 'self': host the normal build where a strict CSP applies.
"""
import base64
import json
import pathlib
import sys


def script(text):
    # "</script" inside a script element would end it early.
    return "<script>\n" + text.replace("</script", "<\\/script") + "\n</script>"


def main(web_dir, js_file, wasm_file, out_file, *catalog_files):
    web = pathlib.Path(web_dir)
    html = (web / "index.html").read_text(encoding="utf-8")
    catalogs = {pathlib.Path(f).stem: json.loads(pathlib.Path(f).read_text(encoding="utf-8")) for f in catalog_files}
    icon = base64.b64encode((web / "favicon.svg").read_bytes()).decode()
    replacements = {
        '<link rel="stylesheet" href="style.css">':
            "<style>\n" + (web / "style.css").read_text(encoding="utf-8") + "\n</style>",
        '<script src="glue.js"></script>':
            script('window.embeddingLabWasm = "' + base64.b64encode(pathlib.Path(wasm_file).read_bytes()).decode() + '";') +
            "\n" + script('window.embeddingLabCatalogs = ' + json.dumps(catalogs, ensure_ascii=False) + ';') +
            "\n" + script('window.embeddingLabFont = "' + base64.b64encode((pathlib.Path(wasm_file).parent / "font.ttf").read_bytes()).decode() + '";') +
            "\n" + script((web / "glue.js").read_text(encoding="utf-8")) +
            # glue.js adds these on the site (text_view.js after the first frame, the Emscripten
            # script of one of two builds at once); here they are inline.
            "\n" + script((web / "text_view.js").read_text(encoding="utf-8")) +
            "\n" + script(pathlib.Path(js_file).read_text(encoding="utf-8")),
        'href="favicon.svg"': f'href="data:image/svg+xml;base64,{icon}"',
        # The wasm is inside the page here: nothing to fetch early.
        '\n<link rel="preload" href="embedding_lab.wasm" as="fetch" type="application/wasm" crossorigin>': '',
        '\n<link rel="preload" href="embedding_lab.js" as="script">': '',
    }
    for old, new in replacements.items():
        if old not in html:
            sys.exit(f"single_file.py: web/index.html no longer contains {old!r}; update the replacements")
        html = html.replace(old, new)
    pathlib.Path(out_file).write_text(html, encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
