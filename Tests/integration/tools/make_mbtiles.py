#!/usr/bin/env python3
"""Writes a one-tile MBTiles archive (z0, a gzip MVT whose layer `water` is one polygon
covering the whole tile), encoded by hand so the integration tests need no other tool.

usage: make_mbtiles.py OUT.mbtiles
"""
import gzip
import sqlite3
import sys


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def field(number, wire, payload):
    key = varint(number << 3 | wire)
    if wire == 2:
        return key + varint(len(payload)) + payload
    return key + payload


def zigzag(v):
    return (v << 1) ^ (v >> 31)


def square_feature():
    # MoveTo (-128,-128), LineTo three corners clockwise (y down), ClosePath: the buffered tile.
    cmds = [1 | 1 << 3, zigzag(-128), zigzag(-128), 2 | 3 << 3,
            zigzag(4352), zigzag(0), zigzag(0), zigzag(4352), zigzag(-4352), zigzag(0), 7 | 1 << 3]
    geometry = b"".join(varint(c) for c in cmds)
    return field(3, 0, varint(3)) + field(4, 2, geometry)


def tile():
    layer = (field(15, 0, varint(2)) + field(1, 2, b"water") + field(2, 2, square_feature())
             + field(5, 0, varint(4096)))
    return field(3, 2, layer)


def main(path):
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
    db.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
    for k, v in [("name", "tiny"), ("format", "pbf"), ("minzoom", "0"), ("maxzoom", "0"),
                 ("bounds", "-180,-85.05,180,85.05")]:
        db.execute("INSERT INTO metadata VALUES (?, ?)", (k, v))
    db.execute("INSERT INTO tiles VALUES (0, 0, 0, ?)", (gzip.compress(tile()),))
    db.commit()
    db.close()


if __name__ == "__main__":
    main(sys.argv[1])
