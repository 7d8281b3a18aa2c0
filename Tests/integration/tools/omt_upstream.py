#!/usr/bin/env python3
"""Lays out the OpenMapTiles city of ../shared as a remote tile server would serve it, for
asset_server.py to serve on loopback: tiles/{z}/{x}/{y}.pbf (gzip MVT as stored, XYZ rows),
tiles/v3/tiles.json (TileJSON with a root-relative tile URL, which asset_server.py makes
absolute, as MapTiler serves it) and fonts/{fontstack}/{range}.pbf.

usage: omt_upstream.py OMT_DIR OUT_DIR
"""
import json
import os
import shutil
import sqlite3
import sys

src, out = sys.argv[1], sys.argv[2]
db = sqlite3.connect(os.path.join(src, 'omt-neubrandenburg.mbtiles'))
meta = dict(db.execute('SELECT name, value FROM metadata'))
count = 0
for z, x, tms_y, data in db.execute('SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles'):
    y = (1 << z) - 1 - tms_y
    d = os.path.join(out, 'tiles', str(z), str(x))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f'{y}.pbf'), 'wb') as f:
        f.write(data)
    count += 1
tj = {'tilejson': '2.2.0', 'tiles': ['tiles/{z}/{x}/{y}.pbf'], 'minzoom': int(meta.get('minzoom', 0)),
      'maxzoom': int(meta.get('maxzoom', 14)), 'attribution': meta.get('attribution', '')}
if 'json' in meta:
    tj['vector_layers'] = json.loads(meta['json']).get('vector_layers', [])
os.makedirs(os.path.join(out, 'tiles', 'v3'), exist_ok=True)
for name in ('tiles/v3/tiles.json', 'tiles/v3-openmaptiles/tiles.json'):
    os.makedirs(os.path.dirname(os.path.join(out, name)), exist_ok=True)
    with open(os.path.join(out, name), 'w') as f:
        json.dump(tj, f)
shutil.copytree(os.path.join(src, 'glyphs'), os.path.join(out, 'fonts'), dirs_exist_ok=True)
print(f'{count} tiles')
