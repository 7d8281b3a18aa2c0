#!/usr/bin/env python3
"""Prints the straight-alpha RGBA of one pixel of a PNG: png_pixel.py FILE X Y -> "r g b a";
or how many pixels of a rectangle are dark (text): png_pixel.py --dark FILE X0 Y0 X1 Y1 LIMIT.

Standard library only (zlib): 8-bit grey/RGB/RGBA/grey-alpha and 1/2/4/8-bit palette images,
every row filter, no interlacing — what Strata's encoder writes."""
import struct
import sys
import zlib


def read(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, palette, trns = 8, b"", None, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert interlace == 0, "interlaced PNG"
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            trns = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    return w, h, depth, ctype, palette, trns, zlib.decompress(idat)


def rows(path, last=None):
    """(w, h, pixel(x, y)) for the rows up to `last` (all by default) of a PNG, unfiltered."""
    w, h, depth, ctype, palette, trns, raw = read(path)
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    bpp = max(1, channels * depth // 8)
    stride = (w * channels * depth + 7) // 8
    prev = bytearray(stride)
    lines = []
    for row in range(h if last is None else last + 1):
        start = row * (stride + 1)
        f, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        lines.append(line)

    def pixel(x, y):
        line = lines[y]
        if ctype == 3:
            bit = x * depth
            index = (line[bit // 8] >> (8 - depth - bit % 8)) & ((1 << depth) - 1)
            r, g, b = palette[3 * index:3 * index + 3]
            return r, g, b, trns[index] if index < len(trns) else 255
        v = line[x * channels:(x + 1) * channels]
        return {1: lambda: (v[0], v[0], v[0], 255), 2: lambda: (v[0], v[0], v[0], v[1]),
                3: lambda: (v[0], v[1], v[2], 255), 4: lambda: tuple(v)}[channels]()
    return w, h, pixel


def pixel(path, x, y):
    return rows(path, last=y)[2](x, y)


def dark(path, x0, y0, x1, y1, limit):
    """How many opaque pixels of the rectangle [x0, x1) x [y0, y1) have every channel below limit."""
    w, h, px = rows(path)
    return sum(1 for y in range(max(0, y0), min(h, y1)) for x in range(max(0, x0), min(w, x1))
               if px(x, y)[3] == 255 and max(px(x, y)[:3]) < limit)


if __name__ == "__main__":
    # png_pixel.py FILE X Y -> "r g b a";  png_pixel.py --dark FILE X0 Y0 X1 Y1 LIMIT -> a count
    if sys.argv[1] == "--dark":
        print(dark(sys.argv[2], *(int(a) for a in sys.argv[3:8])))
    else:
        print(*pixel(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
