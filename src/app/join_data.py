#!/usr/bin/env python3
"""Joins a linked wasm's data segments back together, in place: join_data.py <module.wasm>.

binaryen's -Oz (memory packing) cuts the static data at every run of zeros worth more than a
segment's header, which saves raw bytes: embedding_lab.wasm had 201 segments. Served gzip-compressed,
a run of zeros costs next to nothing, while each header (a flag, an offset, a size) compresses badly:
segments fewer than 256 bytes apart are joined with their zeros between them (2 segments; about
500 B less gzip, 3.6 KB more raw). The memory holds the same bytes after instantiation (a new memory
is zeros). Only active segments of memory 0 at constant offsets are expected; anything else stops the
build rather than being rewritten wrongly.
"""
import sys

GAP = 256  # zeros kept between joined segments, at most


def read_leb(b, i, signed=False):
    """A LEB128 number at b[i]: (value, index after it)."""
    value = shift = 0
    while True:
        byte = b[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return (value - (1 << shift) if signed and byte & 0x40 else value), i


def u32(n):
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def s32(n):
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        done = (n == 0 and not byte & 0x40) or (n == -1 and byte & 0x40)
        out.append(byte | (0 if done else 0x80))
        if done:
            return bytes(out)


def sections(b):
    i = 8
    while i < len(b):
        sid = b[i]
        size, i = read_leb(b, i + 1)
        yield sid, b[i:i + size]
        i += size


def joined_data(body):
    """The data section's segments, those less than GAP bytes apart joined: (section body, count)."""
    count, i = read_leb(body, 0)
    segments = []
    for _ in range(count):
        flags, i = read_leb(body, i)
        if flags != 0 or body[i] != 0x41:  # active, memory 0, offset i32.const
            sys.exit("join_data.py: a data segment is not active at a constant offset; not rewritten")
        offset, i = read_leb(body, i + 1, signed=True)
        if body[i] != 0x0B:
            sys.exit("join_data.py: a data segment's offset is not a lone i32.const; not rewritten")
        size, i = read_leb(body, i + 1)
        segments.append([offset, bytearray(body[i:i + size])])
        i += size
    segments.sort(key=lambda s: s[0])
    joined = [segments[0]]
    for offset, data in segments[1:]:
        last = joined[-1]
        end = last[0] + len(last[1])
        if offset < end:
            sys.exit("join_data.py: data segments overlap; not rewritten")
        if offset - end < GAP:
            last[1] += bytes(offset - end) + data
        else:
            joined.append([offset, data])
    out = u32(len(joined)) + b"".join(b"\x00\x41" + s32(o) + b"\x0b" + u32(len(d)) + bytes(d) for o, d in joined)
    return out, len(joined)


def main(path):
    b = open(path, "rb").read()
    parts = list(sections(b))
    data = [body for sid, body in parts if sid == 11]
    if not data:
        return
    new_data, count = joined_data(data[0])
    out = bytearray(b[:8])
    for sid, body in parts:
        body = new_data if sid == 11 else u32(count) if sid == 12 else body  # 12: the data count
        out += bytes([sid]) + u32(len(body)) + body
    open(path, "wb").write(out)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
