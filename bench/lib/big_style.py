#!/usr/bin/env python3
"""A large style for the write-amplification benchmark (stdlib only).

  big_style.py DEFAULT_STYLE OUT [MB]   the default style plus an inline GeoJSON source "big"
                                        of about MB megabytes (default 1) of deterministic
                                        lines, with a line layer whose width reads feature state
"""
import json
import sys


def main():
    style = json.load(open(sys.argv[1]))
    target = float(sys.argv[3]) * 1e6 if len(sys.argv) > 3 else 1e6
    features, size, i = [], 0, 0
    while size < target:
        x0, y0 = (i * 7919 % 3600) / 10 - 180, (i * 104729 % 1600) / 10 - 80
        coords = [[round(x0 + k * 0.0137, 5), round(y0 + ((k * 31 + i) % 17) * 0.0041, 5)] for k in range(12)]
        f = {"type": "Feature", "id": i, "properties": {"n": i, "kind": "road" if i % 3 else "rail"},
             "geometry": {"type": "LineString", "coordinates": coords}}
        size += len(json.dumps(f, separators=(",", ":"))) + 1
        features.append(f)
        i += 1
    style["sources"]["big"] = {"type": "geojson", "data": {"type": "FeatureCollection", "features": features}}
    style["layers"].append({"id": "big-lines", "type": "line", "source": "big",
                            "paint": {"line-width": ["case", ["boolean", ["feature-state", "sel"], False], 3, 1]}})
    json.dump(style, open(sys.argv[2], "w"), separators=(",", ":"))
    print(len(features))


main()
