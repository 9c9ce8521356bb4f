#!/usr/bin/env python3
"""Writes the fuzz seed corpus (committed) from the presets and the bad-link catalogue.

    python3 tests/fuzz/make_corpus.py        # rewrites tests/fuzz/corpus/{link,parsers}/

corpus/link: every preset link (read from src/state/presets.cpp; those with tables over 64K cells
are left out: each run of them takes a second under the sanitizers, which would starve the
fuzzer) and every line of
bad_links.txt; '@long' lines are expanded but capped at 4 KB, so libFuzzer's input
size limit stays small (the full-size ones run in the browser tests).
corpus/parsers: one seed per parser mode of fuzz_parsers.cpp (first byte = mode).
"""
import pathlib
import re
import struct

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SEED_CAP = 4096


def bad_links(cap=None):
    """The catalogue's links, '@long' lines expanded (to at most `cap` bytes if given)."""
    links = []
    for line in (HERE / "bad_links.txt").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("# "):
            continue
        if line.startswith("@long "):
            _, size, prefix, unit = line.split(" ", 3)
            size = int(size) if cap is None else min(int(size), cap)
            text = prefix
            while len(text) < size:
                text += unit
            line = text
        links.append(line)
    return links


def preset_links():
    source = (ROOT / "src/state/presets.cpp").read_text(encoding="utf-8")
    return re.findall(r'\{"([a-z0-9]+)",\s*"(?:[^"\\]|\\.)*",\s*"(v=1[^"]*)"', source)


def write(folder, name, data):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)


def main():
    link_dir, parser_dir = HERE / "corpus/link", HERE / "corpus/parsers"
    for folder in (link_dir, parser_dir):
        for old in folder.glob("*"):
            old.unlink()
    presets = preset_links()
    assert len(presets) >= 13, "presets not found in src/state/presets.cpp"
    for name, link in presets:
        size = dict(re.findall(r"(?:^|&)([Vd])=(\d+)", link))
        if int(size.get("V", 3)) * int(size.get("d", 3)) > 65536:
            continue
        write(link_dir, f"preset-{name}", link.encode())
    bad = bad_links(SEED_CAP)
    for i, link in enumerate(bad):
        write(link_dir, f"bad-{i:02d}", link.encode())

    floats = ["0.4", "-0", "inf", "-Infinity", "nan", "1e-45", "3.4028235e38", "3.5e38", " 2.5 ", "1e", "abc", ""]
    for i, text in enumerate(floats):
        write(parser_dir, f"float-{i:02d}", b"\0" + text.encode())
    for i, value in enumerate([0.1, -0.0, float("inf"), 1e-45, 3.4028234663852886e38]):
        write(parser_dir, f"bits-{i:02d}", b"\1" + struct.pack("<f", value))
    write(parser_dir, "bits-nan", b"\1" + struct.pack("<I", 0x7FC00001))
    for i, (V, text) in enumerate([(3, "1, 1, 2"), (3, "7"), (100000, "0 99999"), (5, "-1"), (5, ""), (5, "1,,x")]):
        write(parser_dir, f"ids-{i:02d}", b"\2" + struct.pack("<I", V - 1)[:3] + text.encode())
    for i, text in enumerate(["a b&c=d", "%zz", "%4", "%E2%82", "caf\u00e9 <b>"]):
        write(parser_dir, f"percent-{i:02d}", b"\3" + text.encode())
    print(f"corpus: {len(list(link_dir.glob('preset-*')))} presets + {len(bad)} bad links, {len(list(parser_dir.glob('*')))} parser seeds")


if __name__ == "__main__":
    main()
