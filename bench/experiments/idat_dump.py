#!/usr/bin/env python3
"""Extracts the zlib input of PNG files: the filtered scanlines libpng compressed (IDAT
concatenated, inflated). Writes them as one file of records: 4-byte little-endian length +
bytes. Input for deflate_compare.c, so that both deflaters see exactly Strata's encoder input.
Single-colour images are skipped: the encoder never compresses them (single-colour cache).

usage: idat_dump.py OUT.bin PNG...
"""
import struct
import sys
import zlib


def scanlines(path):
    """The inflated IDAT data, or None for a single-colour image (the encoder serves those
    from its single-colour cache without compressing)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"PLTE" and length == 3:
            return None
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return zlib.decompress(idat)


kept = 0
with open(sys.argv[1], "wb") as out:
    for path in sys.argv[2:]:
        raw = scanlines(path)
        if raw is None:
            continue
        out.write(struct.pack("<I", len(raw)) + raw)
        kept += 1
print("%d of %d images (single-colour ones skipped)" % (kept, len(sys.argv) - 2))
