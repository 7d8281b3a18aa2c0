#!/usr/bin/env bash
# Strata vs. MapLibre Native on real styles (issue 24): OSM Bright and Positron on the
# OpenMapTiles tiles of the city (shared/data/osm-neubrandenburg-omt), same run, same core.
# Each round runs, per style, `strata bench tiles --tiles <4×4 block>` for every zoom, then
# MapLibre Native 0.5 (bench_osm_pymgl.py, pymgl 0.5.0) and a 2026 build (bench_osm_new.py
# --renderer pymgl061, pymgl 0.6.1), each as its own process pinned with `taskset -c CORE`.
# All three draw the styles' `-native` variants (glyph PBFs from the data folder), so every
# renderer reads the same MBTiles and the same glyphs. The anchors' scripts expect the city's
# source id and file name, so the run works on a copy of the styles with the source renamed
# `osm` and a symlink to the MBTiles (`$OUT/data`); nothing else in the styles changes.
# Prints, per style, process-CPU ms per 256 px tile (median over rounds) and Strata's speed-up
# (per round, median) against each anchor's repeat (target ≥ 5×) and first render (≥ 4×).
#
# usage: bench/compare-omt.sh   (env: ROUNDS=3 REPS=3 CORE=0 ZOOMS="11 12 13 14 15 16"
#                                 STYLES="bright positron" SKIP_BUILD=1 NEW=1 (0: pymgl 0.5 only)
#                                 ANCHORS_WORK=~/.cache/tile-anchors SUMMARY_ONLY=DIR)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"

ROUNDS=${ROUNDS:-3}
REPS=${REPS:-3}
CORE=${CORE:-0}
ZOOMS=${ZOOMS:-"11 12 13 14 15 16"}
STYLES=${STYLES:-"bright positron"}
NEW=${NEW:-1}
SHARED=${STRATA_SHARED:-$ROOT/../shared}
ANCHORS=${ANCHORS:-$SHARED/bench/anchors}
OMT=$SHARED/data/osm-neubrandenburg-omt
export ANCHORS_WORK=${ANCHORS_WORK:-$HOME/.cache/tile-anchors}
VENV_PY=${ANCHORS_PY:-$ANCHORS_WORK/venv/bin/python}
VENV_NEW_PY=${ANCHORS_NEW_PY:-$ANCHORS_WORK/venv-new/bin/python}
OUT=${OUT:-$ROOT/out/bench/omt-$(date +%Y%m%d-%H%M%S)}
if [ -n "${SUMMARY_ONLY:-}" ]; then OUT=$SUMMARY_ONLY; fi
mkdir -p "$OUT"


# $OUT/data: the -native styles with their source renamed `osm`, the MBTiles under both names.
prepare_data() {
  mkdir -p "$OUT/data"
  ln -sfn "$OMT/omt-neubrandenburg.mbtiles" "$OUT/data/osm-neubrandenburg.mbtiles"
  ln -sfn "$OMT/omt-neubrandenburg.mbtiles" "$OUT/data/omt-neubrandenburg.mbtiles"
  # A copy, not a link: the data directory refuses symbolic links that lead out of it, and
  # labels would then be made from the fonts directory instead of the glyph PBFs Native reads.
  rm -rf "$OUT/data/glyphs"; cp -r "$OMT/glyphs" "$OUT/data/glyphs"
  "$PY" - "$OMT" "$OUT/data" $STYLES <<'PY'
import json, os, sys
omt, out, styles = sys.argv[1], sys.argv[2], sys.argv[3:]
for s in styles:
    st = json.load(open(os.path.join(omt, "style-%s-native.json" % s)))
    (sid, src), = st["sources"].items()
    st["sources"] = {"osm": src}
    for layer in st["layers"]:
        if layer.get("source") == sid:
            layer["source"] = "osm"
    json.dump(st, open(os.path.join(out, "style-%s.json" % s), "w"))
PY
}

if [ -z "${SUMMARY_ONLY:-}" ]; then
strata_build
[ -x "$VENV_PY" ] || { echo "anchors venv missing: $VENV_PY (run $ANCHORS/setup.sh)" >&2; exit 1; }
if [ "$NEW" = 1 ] && [ ! -x "$VENV_NEW_PY" ]; then
  echo "2026 anchors venv missing: $VENV_NEW_PY (run $ANCHORS/setup_new.sh, or NEW=0)" >&2; exit 1
fi
prepare_data
ZLIST=$(echo $ZOOMS | tr ' ' ',')
for round in $(seq 1 "$ROUNDS"); do
  for s in $STYLES; do
    mkdir -p "$OUT/$s"
    for z in $ZOOMS; do
      (cd "$ROOT" && taskset -c "$CORE" "$STRATA_BIN" bench tiles --tiles "$(city_block "$z")" --style "$OUT/data/style-$s.json" \
        --data-dir "$OUT/data" --reps "$REPS" --slowest 0 --warm-at 13.14,53.60) >"$OUT/$s/strata-z$z-$round.log" 2>&1 || true
      tail -1 "$OUT/$s/strata-z$z-$round.log" >"$OUT/$s/strata-z$z-$round.json"
    done
    OUT_ALL=$OUT; OUT=$OUT/$s
    run_anchor pymgl bench_osm_pymgl.py --src mbtiles --zooms "$ZLIST" --data "$OUT_ALL/data" --style "style-$s.json"
    if [ "$NEW" = 1 ]; then
      VENV_PY_SAVED=$VENV_PY; VENV_PY=$VENV_NEW_PY
      run_anchor pymgl061 bench_osm_new.py --renderer pymgl061 --zooms "$ZLIST" --data "$OUT_ALL/data" --style "style-$s.json"
      VENV_PY=$VENV_PY_SAVED
    fi
    OUT=$OUT_ALL
  done
  echo "round $round done (loadavg $(cut -d' ' -f1-3 /proc/loadavg))" >&2
done
fi

"$PY" "$ROOT/bench/lib/omt_summary.py" "$OUT" "$ZOOMS" "$CORE" "$STYLES"
