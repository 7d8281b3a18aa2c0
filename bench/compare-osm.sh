#!/usr/bin/env bash
# Strata vs. MapLibre Native and Mapnik on the dense OSM city (shared/data/osm-neubrandenburg),
# same run, same core: each round runs `strata bench tiles --tiles <4×4 block>` for every zoom
# (the blocks the anchors render: centred on the old town), then the anchors' own scripts
# (bench_osm_pymgl.py on the MBTiles, bench_osm_mapnik.py on in-memory GeoJSON), each as its
# own process pinned with `taskset -c CORE`. Prints a markdown table of process-CPU ms per
# 256 px tile (median over rounds) and Strata's per-round speed-up over each anchor, then one
# JSON line. Targets (issue 13): repeat ≤ 1/5 of MapLibre Native's repeat and ≤ 1/3 of
# Mapnik's GeoJSON render + PNG at every zoom; first ≤ 1/4 of MapLibre Native's first.
# "First" follows the pymgl anchor's protocol: one untimed view at the extract's NW corner
# (13.14, 53.60) at the same zoom, then the block's tiles, new to the renderer.
#
# STYLE=style-labels.json runs the labelled city (street, water and POI labels) against MapLibre
# Native only (the Mapnik anchor has no labels); its target is ≥ 3× Native's repeat.
#
# usage: bench/compare-osm.sh   (env: ROUNDS=3 REPS=3 CORE=0 ZOOMS="12 13 14 15 16" SKIP_BUILD=1 STYLE=style.json
#                                 ANCHORS=/work/shared/bench/anchors ANCHORS_WORK=~/.cache/tile-anchors
#                                 SUMMARY_ONLY=DIR re-prints an earlier run's table)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"

ROUNDS=${ROUNDS:-3}
REPS=${REPS:-3}
CORE=${CORE:-0}
ZOOMS=${ZOOMS:-"12 13 14 15 16"}
STYLE=${STYLE:-style.json}
LABELS=0; [ "$STYLE" = style.json ] || LABELS=1
SHARED=${STRATA_SHARED:-$ROOT/../shared}
ANCHORS=${ANCHORS:-$SHARED/bench/anchors}
OSM=$SHARED/data/osm-neubrandenburg
export ANCHORS_WORK=${ANCHORS_WORK:-$HOME/.cache/tile-anchors}
VENV_PY=${ANCHORS_PY:-$ANCHORS_WORK/venv/bin/python}
OUT=${OUT:-$ROOT/out/bench/osm$([ "$LABELS" = 1 ] && echo -labels)-$(date +%Y%m%d-%H%M%S)}
if [ -n "${SUMMARY_ONLY:-}" ]; then OUT=$SUMMARY_ONLY; ROUNDS=$(ls "$OUT"/pymgl-*.json | wc -l); fi
mkdir -p "$OUT"


if [ -z "${SUMMARY_ONLY:-}" ]; then
strata_build
[ -x "$VENV_PY" ] || { echo "anchors venv missing: $VENV_PY (run $ANCHORS/setup.sh)" >&2; exit 1; }
[ -f "$OSM/$STYLE" ] || { echo "no OSM city style $OSM/$STYLE" >&2; exit 1; }
ZLIST=$(echo $ZOOMS | tr ' ' ',')


for round in $(seq 1 "$ROUNDS"); do
  for z in $ZOOMS; do
    (cd "$ROOT" && taskset -c "$CORE" "$STRATA_BIN" bench tiles --tiles "$(city_block "$z")" --style "$OSM/$STYLE" \
      --data-dir "$OSM" --reps "$REPS" --slowest 0 --warm-at 13.14,53.60) >"$OUT/strata-z$z-$round.log" 2>&1
    tail -1 "$OUT/strata-z$z-$round.log" >"$OUT/strata-z$z-$round.json"
  done
  run_anchor pymgl bench_osm_pymgl.py --src mbtiles --zooms "$ZLIST" --style "$STYLE"
  [ "$LABELS" = 1 ] || run_anchor mapnik bench_osm_mapnik.py --src geojson --zooms "$ZLIST"
  echo "round $round done (loadavg $(cut -d' ' -f1-3 /proc/loadavg))" >&2
done
fi

"$PY" - "$OUT" "$ROUNDS" "$ZOOMS" "$CORE" "$ROOT/bench/lib" "$LABELS" <<'PY'
import json, os, sys
out, rounds, zooms, core = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4]
labels = sys.argv[6] == "1"
sys.path.insert(0, sys.argv[5])
from rounds import med, rounds as load_rounds
ours, anchors = load_rounds(out, rounds, zooms, ("pymgl",) if labels else ("pymgl", "mapnik"))

def anchor(name, metric, z, r):
    try:
        v = anchors[name][r]["workloads"]["z" + z][metric]
        return v["cpu_ms_per_tile"] if isinstance(v, dict) else v
    except (KeyError, TypeError):
        return None

def strata(metric, z, r):
    o = ours[z][r]
    return o.get(metric) if o else None

# (label, anchor name or None, anchor metric, Strata metric it is compared with, target speed-up)
rows = [("Strata: render + PNG, repeat (strata bench tiles)", None, None, "total_ms_per_tile", None),
        ("Strata: first render + PNG (cold source caches)", None, None, "first_ms_per_tile", None),
        ("MapLibre Native: render + PNG, repeat", "pymgl", "repeat_png", "total_ms_per_tile", 5),
        ("MapLibre Native: render + PNG, tiles new to the Map", "pymgl", "first_png", "first_ms_per_tile", 4),
        ("MapLibre Native: cold (first + settle − repeat)", "pymgl", "cold_ms_per_tile", "first_ms_per_tile", None),
        ("Mapnik AGG: render + png32, in-memory GeoJSON", "mapnik", "png", "total_ms_per_tile", 3)]
if labels:
    # The labelled city: MapLibre Native only, target ≥ 3× its repeat.
    rows = rows[:2] + [(rows[2][0], "pymgl", "repeat_png", "total_ms_per_tile", 3), (rows[3][0], "pymgl", "first_png", "first_ms_per_tile", None),
                       rows[4]]
print("\n# Dense city%s: Strata vs. anchors, %d interleaved rounds, each process pinned to core %s; loadavg %s\n" % (
    " with labels (style-labels.json)" if labels else "", rounds, core, " ".join(open("/proc/loadavg").read().split()[:3])))
print("process CPU ms per 256 px tile (4×4 block per zoom), median over rounds; speed-up = anchor ms / "
      "Strata ms within each round, median over rounds (target in brackets)\n")
print("| renderer | " + " | ".join("z%s" % z for z in zooms) + " | " + " | ".join("speed-up z%s" % z for z in zooms) + " |")
print("|---|" + "---:|" * (2 * len(zooms)))
summary, unmet = {}, []
for label, name, metric, mine_metric, target in rows:
    cells, ups = [], []
    for z in zooms:
        mine = [strata(mine_metric, z, r) for r in range(rounds)]
        theirs = mine if name is None else [anchor(name, metric, z, r) for r in range(rounds)]
        m = med([v for v in theirs if v is not None])
        up = med([t / s for t, s in zip(theirs, mine) if t is not None and s])
        cells.append("%.2f" % m if m is not None else "–")
        if name is None:
            ups.append("–")
        else:
            ups.append("–" if up is None else "%.2f×%s" % (up, " (≥ %d×)" % target if target else ""))
            if target and (up is None or up < target):
                unmet.append("%s z%s" % (name + " " + metric, z))
        summary.setdefault(name or "strata", {})["%s_z%s" % (metric or mine_metric, z)] = {
            "cpu_ms_per_tile": m and round(m, 3), "speedup": None if name is None or up is None else round(up, 3)}
    print("| %s | %s | %s |" % (label, " | ".join(cells), " | ".join(ups)))

print("\n| PNG bytes per tile | " + " | ".join("z%s" % z for z in zooms) + " |")
print("|---|" + "---:|" * len(zooms))
for label, get in (("Strata", lambda z, r: strata("bytes_per_tile", z, r)),
                   ("MapLibre Native", lambda z, r: anchor("pymgl", "png_bytes_mean", z, r)),
                   ("Mapnik png32", lambda z, r: anchor("mapnik", "png_bytes_mean", z, r)))[:2 if labels else 3]:
    vals = [med([v for v in (get(z, r) for r in range(rounds)) if v is not None]) for z in zooms]
    print("| %s | %s |" % (label, " | ".join("%.0f" % v if v is not None else "–" for v in vals)))
for z in zooms:
    s = [o for o in ours[z] if o]
    if s:
        print("Strata z%s phases (ms/tile): prepare %.3f, style %.3f, raster %.3f, encode %.3f; first %.3f" % (
            z, med([o["prepare_ms_per_tile"] for o in s]), med([o["style_ms_per_tile"] for o in s]),
            med([o["raster_ms_per_tile"] for o in s]), med([o["encode_ms_per_tile"] for o in s]),
            med([o["first_ms_per_tile"] for o in s])))
print("targets: %s" % ("all met" if not unmet else "NOT met: " + ", ".join(unmet)))
print("raw results: %s" % out)
print(json.dumps({"bench": "osm", "rounds": rounds, "core": core, "rows": summary, "unmet": unmet}, sort_keys=True))
PY
