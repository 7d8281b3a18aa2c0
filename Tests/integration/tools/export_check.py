#!/usr/bin/env python3
"""Compares an exported archive with a folder export (z/x/y.ext files) of the same tiles.

usage: export_check.py pmtiles|mbtiles ARCHIVE FOLDER EXT
PMTiles is read with the `pmtiles` package (PyPI), MBTiles with sqlite3. Every tile of the
folder must be in the archive exactly once with the same bytes, and no other tile; prints
"tiles=N distinct=M" on success, exits 1 naming the first difference otherwise.
"""
import os
import sqlite3
import sys


def folder_tiles(root, ext):
    out = {}
    for z in os.listdir(root):
        for x in os.listdir(os.path.join(root, z)):
            for name in os.listdir(os.path.join(root, z, x)):
                assert name.endswith("." + ext), name
                with open(os.path.join(root, z, x, name), "rb") as f:
                    out[(int(z), int(x), int(name[: -len(ext) - 1]))] = f.read()
    return out


def pmtiles_tiles(path):
    from pmtiles.reader import MmapSource, Reader, all_tiles

    with open(path, "rb") as f:
        source = MmapSource(f)
        header = Reader(source).header()
        assert header["clustered"], "archive is not clustered"
        assert header["internal_compression"].name == "GZIP", header["internal_compression"]
        listed = list(all_tiles(source))
    tiles = {}
    for zxy, data in listed:
        assert zxy not in tiles, f"tile {zxy} listed twice"
        tiles[zxy] = data
    assert header["addressed_tiles_count"] == len(tiles), (header["addressed_tiles_count"], len(tiles))
    return tiles


def mbtiles_tiles(path):
    db = sqlite3.connect(path)
    tiles = {}
    for z, x, row, data in db.execute("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles"):
        zxy = (z, x, (1 << z) - 1 - row)
        assert zxy not in tiles, f"tile {zxy} stored twice"
        tiles[zxy] = bytes(data)
    images = db.execute("SELECT count(*) FROM images").fetchone()[0]
    distinct = len(set(tiles.values()))
    assert images == distinct, f"images holds {images} rows for {distinct} distinct tiles"
    return tiles


def main():
    kind, archive, folder, ext = sys.argv[1:5]
    got = pmtiles_tiles(archive) if kind == "pmtiles" else mbtiles_tiles(archive)
    want = folder_tiles(folder, ext)
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    if missing or extra:
        sys.exit(f"{kind}: missing {missing[:5]} extra {extra[:5]} ({len(got)} vs {len(want)} tiles)")
    for zxy in sorted(want):
        if got[zxy] != want[zxy]:
            sys.exit(f"{kind}: tile {zxy} differs ({len(got[zxy])} vs {len(want[zxy])} bytes)")
    print(f"tiles={len(want)} distinct={len(set(want.values()))}")


if __name__ == "__main__":
    main()
