#!/usr/bin/env python3
"""Writes a small PMTiles v3 archive of 256 px PNG raster tiles in solid colours, for the
remote PMTiles test: z0 red, z1 (0,0) green, (1,0) blue, (0,1) yellow, (1,1) magenta. A
padded metadata block puts the tile data beyond the first 16 KiB, so a reader needs range
requests past the header's; the directories are plain (no compression).

usage: make_pmtiles.py OUT.pmtiles
"""
import json
import struct
import sys
import zlib

COLOURS = {(0, 0, 0): (255, 0, 0), (1, 0, 0): (0, 255, 0), (1, 1, 0): (0, 0, 255),
           (1, 0, 1): (255, 255, 0), (1, 1, 1): (255, 0, 255)}


def png(rgb):
    raw = zlib.compress((b'\x00' + bytes(rgb) * 256) * 256)

    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 256, 256, 8, 2, 0, 0, 0)) + \
        chunk(b'IDAT', raw) + chunk(b'IEND', b'')


def tile_id(z, x, y):
    """The PMTiles tile id: tiles of lower zooms first, then the Hilbert curve index."""
    acc = ((1 << (2 * z)) - 1) // 3
    for a in range(z - 1, -1, -1):
        s = 1 << a
        rx, ry = s & x, s & y
        acc += ((3 * rx) ^ ry) << a
        if ry == 0:
            if rx != 0:
                x, y = s - 1 - x, s - 1 - y
            x, y = y, x
    return acc


def varint(v):
    out = bytearray()
    while v >= 0x80:
        out.append((v & 0x7f) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def directory(entries):
    """entries: (tile_id, offset, length) sorted by id, run length 1."""
    out = varint(len(entries))
    last = 0
    for tid, _, _ in entries:
        out += varint(tid - last)
        last = tid
    out += b''.join(varint(1) for _ in entries)
    out += b''.join(varint(length) for _, _, length in entries)
    out += b''.join(varint(offset + 1) for _, offset, _ in entries)
    return out


data, entries = b'', []
for (z, x, y), rgb in sorted(COLOURS.items(), key=lambda kv: tile_id(*kv[0])):
    body = png(rgb)
    entries.append((tile_id(z, x, y), len(data), len(body)))
    data += body
root = directory(entries)
meta = json.dumps({'name': 'colours', 'description': 'padding ' * 2500}).encode()
root_off = 127
meta_off = root_off + len(root)
leaf_off = meta_off + len(meta)
data_off = leaf_off
header = b'PMTiles' + bytes([3]) + struct.pack('<QQQQQQQQQQQ', root_off, len(root), meta_off, len(meta), leaf_off, 0,
                                               data_off, len(data), len(entries), len(entries), len(entries))
header += bytes([1, 1, 1, 2, 0, 1])                        # clustered, no compression, PNG tiles, z0-z1
header += struct.pack('<iiii', -1800000000, -850511287, 1800000000, 850511287)
header += bytes([0]) + struct.pack('<ii', 0, 0)
assert len(header) == 127
with open(sys.argv[1], 'wb') as f:
    f.write(header + root + meta + data)
