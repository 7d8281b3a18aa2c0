#!/usr/bin/env python3
"""Extracts the zlib input of PNG files: the filtered scanlines libpng compressed (IDAT
concatenated, inflated). Writes them as one file of records: 4-byte little-endian length +
bytes. Input for deflate_compare.c, so that both deflaters see exactly Strata's encoder input.

usage: idat_dump.py OUT.bin PNG...
"""
import struct
import sys
import zlib


def scanlines(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return zlib.decompress(idat)


with open(sys.argv[1], "wb") as out:
    for path in sys.argv[2:]:
        raw = scanlines(path)
        out.write(struct.pack("<I", len(raw)) + raw)
print("%d images" % (len(sys.argv) - 2))
