#!/usr/bin/env python3
"""Prints an image file's format and size from its header: image_size.py FILE -> "png 300 200".
Standard library only: PNG (IHDR), JPEG (the SOFn segment), WebP (VP8, VP8L, VP8X)."""
import struct
import sys


def size(d):
    if d[:8] == b"\x89PNG\r\n\x1a\n":
        return "png", *struct.unpack(">II", d[16:24])
    if d[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(d):
            assert d[i] == 0xFF, "bad JPEG marker"
            m, n = d[i + 1], struct.unpack(">H", d[i + 2:i + 4])[0]
            if 0xC0 <= m <= 0xCF and m not in (0xC4, 0xC8, 0xCC):
                h, w = struct.unpack(">HH", d[i + 5:i + 9])
                return "jpeg", w, h
            i += 2 + n
        raise ValueError("JPEG without a frame header")
    if d[:4] == b"RIFF" and d[8:12] == b"WEBP":
        kind = d[12:16]
        if kind == b"VP8 ":
            w, h = struct.unpack("<HH", d[26:30])
            return "webp", w & 0x3FFF, h & 0x3FFF
        if kind == b"VP8L":
            b = int.from_bytes(d[21:25], "little")
            return "webp", (b & 0x3FFF) + 1, ((b >> 14) & 0x3FFF) + 1
        if kind == b"VP8X":
            return "webp", int.from_bytes(d[24:27], "little") + 1, int.from_bytes(d[27:30], "little") + 1
    raise ValueError("not a PNG, JPEG or WebP")


print(*size(open(sys.argv[1], "rb").read()))
