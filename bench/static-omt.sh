#!/usr/bin/env bash
# Static 1024 px views of OpenMapTiles styles against MapLibre Native (pymgl 0.5.0, the anchors'
# venv) on the city's OpenMapTiles tiles, z13–z16 (issue 24: ≤ 0.1 % of pixels, pixelmatch as the
# render tests grade). OSM Bright and Positron come from shared/data/osm-neubrandenburg-omt (their
# `-native` variants: glyph PBFs, no sprite); any further local-variant style can be named on the
# command line (source `mbtiles://omt-neubrandenburg`, `glyphs` the city's glyph folder as
# `glyphs/{fontstack}/{range}.pbf`, a relative `sprite` under `sprites/` beside the style file;
# both are copied into the run's data directory).
#
# usage: bench/static-omt.sh [STYLE.json ...]   (env: SKIP_BUILD=1 ZOOMS=13,14,15,16 PORT=8097
#                                                ANCHORS_WORK=~/.cache/tile-anchors OUT=DIR)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"
SHARED=${STRATA_SHARED:-$ROOT/../shared}
OMT=$SHARED/data/osm-neubrandenburg-omt
ANCHORS_WORK=${ANCHORS_WORK:-$HOME/.cache/tile-anchors}
VENV_PY=${ANCHORS_PY:-$ANCHORS_WORK/venv/bin/python}
OUT=${OUT:-$ROOT/out/bench/static-omt-$(date +%Y%m%d-%H%M%S)}
[ -x "$VENV_PY" ] || { echo "anchors venv missing: $VENV_PY (run $SHARED/bench/anchors/setup.sh)" >&2; exit 1; }
strata_build
mkdir -p "$OUT/data"
ln -sfn "$OMT/omt-neubrandenburg.mbtiles" "$OUT/data/omt-neubrandenburg.mbtiles"
# Copies, not links: the data directory refuses symbolic links that lead out of it.
rm -rf "$OUT/data/glyphs"; cp -r "$OMT/glyphs" "$OUT/data/glyphs"
styles=()
for s in bright positron; do cp "$OMT/style-$s-native.json" "$OUT/data/style-$s.json"; styles+=("$OUT/data/style-$s.json"); done
for extra in "$@"; do
  dir=$(dirname "$extra")
  if [ -d "$dir/sprites" ]; then mkdir -p "$OUT/data/sprites"; cp -n "$dir/sprites/"* "$OUT/data/sprites/"; fi
  cp "$extra" "$OUT/data/"; styles+=("$OUT/data/$(basename "$extra")")
done
trap strata_stop EXIT
strata_config "$OUT/server.json"
strata_start "$OUT/server.json" "${PORT:-8097}" "$OUT/server.log" --data-dir "$OUT/data" --store :memory: \
  --fonts-dir /usr/share/fonts/truetype/noto
"$PY" "$ROOT/bench/lib/static_vs_native.py" --server "$BASE" --data "$OUT/data" --native-python "$VENV_PY" \
  --zooms "${ZOOMS:-13,14,15,16}" --out "$OUT" "${styles[@]}" | tee "$OUT/summary.txt"
