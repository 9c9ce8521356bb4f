#!/usr/bin/env python3
"""Writes a file's bytes as a C++ array: embed_file.py <input> <output.cpp> <symbol>."""
import sys

src, dst, name = sys.argv[1:4]
data = open(src, "rb").read()
lines = [", ".join(str(b) for b in data[i:i + 24]) for i in range(0, len(data), 24)]
with open(dst, "w") as f:
    f.write(f"// Generated from {src.rsplit('/', 1)[-1]} by embed_file.py; do not edit.\n")
    f.write(f'extern "C" const unsigned int {name}_size = {len(data)};\n')
    f.write(f'extern "C" const unsigned char {name}[] = {{\n' + ",\n".join(lines) + "\n};\n")
