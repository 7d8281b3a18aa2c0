#!/usr/bin/env bash
# Strata vs. the reference renderers on the anchors' Natural Earth workload, same run, same
# core: each round runs `strata bench tiles --zoom Z` for every workload zoom, Mapnik
# (bench_mapnik.py, 3857 source) and MapLibre Native (bench_pymgl.py), each as its own
# process pinned with `taskset -c CORE`, in interleaved rounds. Prints a markdown table of
# process-CPU ms per 256 px tile (median over rounds) and the per-round speed-up of Strata
# (render + PNG) over each anchor, then one JSON line.
# Target (issue 6): ≥ 4× Mapnik's and MapLibre Native's tiles/s per core on render + PNG at z3.
#
# usage: bench/compare-anchors.sh   (env: ROUNDS=3 REPS=5 CORE=0 ZOOMS="0 2 3" SKIP_BUILD=1
#                                     ANCHORS=/work/shared/bench/anchors ANCHORS_WORK=~/.cache/tile-anchors)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"

ROUNDS=${ROUNDS:-3}
REPS=${REPS:-5}
CORE=${CORE:-0}
ZOOMS=${ZOOMS:-"0 2 3"}
ANCHORS=${ANCHORS:-/work/shared/bench/anchors}
export ANCHORS_WORK=${ANCHORS_WORK:-$HOME/.cache/tile-anchors}
VENV_PY=${ANCHORS_PY:-$ANCHORS_WORK/venv/bin/python}
OUT=${OUT:-$ROOT/out/bench/anchors-$(date +%Y%m%d-%H%M%S)}
# SUMMARY_ONLY=DIR re-prints the table of an earlier run's raw results without running anything.
if [ -n "${SUMMARY_ONLY:-}" ]; then OUT=$SUMMARY_ONLY; ROUNDS=$(ls "$OUT"/mapnik-*.json | wc -l); fi
mkdir -p "$OUT"

if [ -z "${SUMMARY_ONLY:-}" ]; then
strata_build
[ -x "$VENV_PY" ] || { echo "anchors venv missing: $VENV_PY (run $ANCHORS/setup.sh)" >&2; exit 1; }


for round in $(seq 1 "$ROUNDS"); do
  for z in $ZOOMS; do
    (cd "$ROOT" && taskset -c "$CORE" "$STRATA_BIN" bench tiles --zoom "$z" --reps "$REPS" --slowest 0) \
      >"$OUT/strata-z$z-$round.log" 2>&1
    tail -1 "$OUT/strata-z$z-$round.log" >"$OUT/strata-z$z-$round.json"
  done
  run_anchor mapnik bench_mapnik.py --src 3857
  run_anchor pymgl bench_pymgl.py
  echo "round $round done (loadavg $(cut -d' ' -f1-3 /proc/loadavg))" >&2
done
fi

"$PY" - "$OUT" "$ROUNDS" "$ZOOMS" "$CORE" "$ROOT/bench/lib" <<'PY'
import json, os, sys
out, rounds, zooms, core = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4]
sys.path.insert(0, sys.argv[5])
from rounds import med, rounds as load_rounds
ours, anchors = load_rounds(out, rounds, zooms, ("mapnik", "pymgl"))

def anchor_ms(name, metric, z, r):
    try:
        return anchors[name][r]["workloads"]["z" + z][metric]["cpu_ms_per_tile"]
    except (KeyError, TypeError):
        return None

# Render-only anchor rows are compared with Strata's render-only time (total − encode).
RENDER_ONLY = {"raster", "repeat_buffer"}
rows = [("Strata: render + PNG (strata bench tiles)", None, None),
        ("Strata: render only (total − encode)", None, "raster"),
        ("Mapnik AGG: render + png32 (3857 source)", "mapnik", "png"),
        ("Mapnik AGG: render only", "mapnik", "raster"),
        ("MapLibre Native: render + PNG, tiles new to the Map", "pymgl", "first_png"),
        ("MapLibre Native: render + PNG, tile cache warm", "pymgl", "repeat_png"),
        ("MapLibre Native: render to buffer only, cache warm", "pymgl", "repeat_buffer")]
summary = {}
print("\n# Strata vs. anchors, %d interleaved rounds, each process pinned to core %s; loadavg %s\n" % (
    rounds, core, " ".join(open("/proc/loadavg").read().split()[:3])))
print("process CPU ms per 256 px tile, median over rounds (tiles/s per core in brackets); "
      "speed-up = anchor ms / Strata ms within each round, median over rounds (render-only rows "
      "against Strata's render-only time)\n")
print("| renderer | " + " | ".join("z%s ms/tile" % z for z in zooms) + " | " +
      " | ".join("Strata speed-up z%s" % z for z in zooms) + " |")
print("|---|" + "---:|" * (2 * len(zooms)))
for label, name, metric in rows:
    cells, ups, key = [], [], label
    for z in zooms:
        full = [o["total_ms_per_tile"] if o else None for o in ours[z]]
        render = [o["total_ms_per_tile"] - o["encode_ms_per_tile"] if o else None for o in ours[z]]
        mine = render if metric in RENDER_ONLY else full
        theirs = mine if name is None else [anchor_ms(name, metric, z, r) for r in range(rounds)]
        vals = [v for v in theirs if v is not None]
        m = med(vals)
        ratios = [t / s for t, s in zip(theirs, mine) if t is not None and s]
        up = med(ratios)
        cells.append("%.3f (%.0f)" % (m, 1000 / m) if m else "–")
        ups.append("–" if name is None or up is None else "%.2f×" % up)
        summary.setdefault(name or "strata", {})[(metric or "png") + "_z" + z] = {
            "cpu_ms_per_tile": m and round(m, 4), "speedup": None if name is None or up is None else round(up, 3)}
    print("| %s | %s | %s |" % (label, " | ".join(cells), " | ".join(ups)))

z3 = "3" if "3" in zooms else zooms[-1]
s = [o for o in ours[z3] if o]
if s:
    print("\nStrata z%s phases (ms/tile, median over rounds): prepare %.4f, style %.4f, raster %.4f, encode %.4f; %.0f B/tile" % (
        z3, med([o["prepare_ms_per_tile"] for o in s]), med([o["style_ms_per_tile"] for o in s]),
        med([o["raster_ms_per_tile"] for o in s]), med([o["encode_ms_per_tile"] for o in s]),
        med([o["bytes_per_tile"] for o in s])))
target = {k: summary.get(n, {}).get(m + "_z" + z3, {}).get("speedup") for k, n, m in (
    ("mapnik_png", "mapnik", "png"), ("maplibre_first_png", "pymgl", "first_png"), ("maplibre_repeat_png", "pymgl", "repeat_png"))}
met = all(v is not None and v >= 4 for v in target.values())
print("target ≥ 4× on render + PNG at z%s: %s (%s)" % (z3, "met" if met else "NOT met",
      ", ".join("%s %s" % (k, "%.2f×" % v if v else "–") for k, v in target.items())))
print("raw results: %s" % out)
print(json.dumps({"bench": "anchors", "rounds": rounds, "core": core, "rows": summary, "z3_speedups": target,
                  "target_met": met}, sort_keys=True))
PY
