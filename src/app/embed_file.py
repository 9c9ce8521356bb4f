#!/usr/bin/env python3
"""Writes a file's bytes as a C++ array: embed_file.py <input> <output.cpp> <symbol> [<other file> <symbol>].
With another file, also that file's size and FNV-1a hash (<symbol>_size, <symbol>_hash): what the app
checks a download of it against (the site's font.ttf: src/app/main.cpp, el_font_arrived)."""
import sys

src, dst, name = sys.argv[1:4]
other = None
if len(sys.argv) > 5:
    other_data, other_name = open(sys.argv[4], "rb").read(), sys.argv[5]
    h = 2166136261
    for b in other_data:
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    other = (other_name, len(other_data), h)
data = open(src, "rb").read()
lines = [", ".join(str(b) for b in data[i:i + 24]) for i in range(0, len(data), 24)]
with open(dst, "w") as f:
    f.write(f"// Generated from {src.rsplit('/', 1)[-1]} by embed_file.py; do not edit.\n")
    f.write(f'extern "C" const unsigned int {name}_size = {len(data)};\n')
    f.write(f'extern "C" const unsigned char {name}[] = {{\n' + ",\n".join(lines) + "\n};\n")
    if other:
        f.write(f'extern "C" const unsigned int {other[0]}_size = {other[1]}, {other[0]}_hash = {other[2]}u;\n')
