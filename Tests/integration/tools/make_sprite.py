#!/usr/bin/env python3
"""Write a MapLibre sprite (NAME.json + NAME.png, pixel ratio 1) of 11x11 round icons, one per
name, so a test can give a style a sprite its server publishes. Standard library only.
usage: make_sprite.py OUT_PREFIX NAME [NAME...]   (writes OUT_PREFIX.json and OUT_PREFIX.png)"""
import json
import struct
import sys
import zlib

SIZE = 11
COLUMNS = 8


def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))


def icon_pixel(x, y, hue):
    """RGBA of a filled circle with a dark ring; `hue` tints the fill so icons differ."""
    d2 = (x - 5) ** 2 + (y - 5) ** 2
    if d2 > 25:
        return (0, 0, 0, 0)
    if d2 > 16:
        return (60, 60, 60, 255)
    return (200 - hue % 7 * 25, 80 + hue % 5 * 30, 60 + hue % 3 * 70, 255)


def main():
    prefix, names = sys.argv[1], sys.argv[2:]
    rows = (len(names) + COLUMNS - 1) // COLUMNS
    width, height = COLUMNS * SIZE, rows * SIZE
    pixels = [[(0, 0, 0, 0)] * width for _ in range(height)]
    index = {}
    for i, name in enumerate(names):
        ox, oy = i % COLUMNS * SIZE, i // COLUMNS * SIZE
        index[name] = {'x': ox, 'y': oy, 'width': SIZE, 'height': SIZE, 'pixelRatio': 1}
        for y in range(SIZE):
            for x in range(SIZE):
                pixels[oy + y][ox + x] = icon_pixel(x, y, i)
    raw = b''.join(b'\0' + bytes(c for p in row for c in p) for row in pixels)
    png = (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0))
           + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
    with open(prefix + '.png', 'wb') as f:
        f.write(png)
    with open(prefix + '.json', 'w') as f:
        json.dump(index, f)


if __name__ == '__main__':
    main()
