#!/usr/bin/env python3
"""Every tile of the dense city for each session, shuffled: the tile paths the HTTP benches
(bench/scale-osm.sh, bench/memory-osm.sh) hand to wrk. The tiles of each zoom that hold the
city's data: the MBTiles' z14 extent, widened to whole tiles at the other zooms.

usage: city_paths.py MBTILES ZOOMS(12-16) IDS_FILE OUT_FILE   (prints the number of paths)"""
import random, sqlite3, sys

db, zooms, ids_file, out = sys.argv[1:]
lo, _, hi = zooms.partition("-")
c = sqlite3.connect(db)
x0, x1, r0, r1 = c.execute("select min(tile_column), max(tile_column), min(tile_row), max(tile_row) "
                           "from tiles where zoom_level = 14").fetchone()
y0, y1 = (1 << 14) - 1 - r1, (1 << 14) - 1 - r0          # TMS rows to XYZ
ids = [l.strip() for l in open(ids_file) if l.strip()]
paths = []
for z in range(int(lo), int(hi or lo) + 1):
    s = 2.0 ** (z - 14)
    for y in range(int(y0 * s), int((y1 + 1) * s - 1e-9) + 1):
        for x in range(int(x0 * s), int((x1 + 1) * s - 1e-9) + 1):
            paths += ["/tiles/%d/%d/%d.png?session=%s" % (z, x, y, sid) for sid in ids]
random.Random(1).shuffle(paths)
open(out, "w").write("\n".join(paths) + "\n")
print(len(paths))
