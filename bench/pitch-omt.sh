#!/usr/bin/env bash
# What a pitched static view costs against its flat twin (issue 27): OSM Bright on the city's
# OpenMapTiles tiles with its buildings extruded (a fill-extrusion layer on `building`,
# render_height / render_min_height, as 3D styles add them), a 1024×768 view of the old town,
# rendered at pitch 0, 30, 45 and 60 alternately (`strata bench views`: render + PNG, warm,
# process CPU, median). Prints each pitch's ms and its ratio to pitch 0 (target ≤ 2× at 60°).
#
# usage: bench/pitch-omt.sh   (env: REPS=5 PITCHES=0,30,45,60 VIEW=13.2610,53.5580,16,-20 SKIP_BUILD=1)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"
SHARED=${STRATA_SHARED:-$ROOT/../shared}
OMT=$SHARED/data/osm-neubrandenburg-omt
OUT=${OUT:-$ROOT/out/bench/pitch-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$OUT/data"
ln -sfn "$OMT/omt-neubrandenburg.mbtiles" "$OUT/data/omt-neubrandenburg.mbtiles"
# A copy, not a link: the data directory refuses symbolic links that lead out of it, and
# labels would then be made from the fonts directory instead of the glyph PBFs Native reads.
rm -rf "$OUT/data/glyphs"; cp -r "$OMT/glyphs" "$OUT/data/glyphs"
python3 - "$OMT/style-bright-native.json" "$OUT/data/style-bright-3d.json" <<'PY'
import json, sys
st = json.load(open(sys.argv[1]))
(sid, _), = st["sources"].items()
ids = [l["id"] for l in st["layers"]]
st["layers"].insert(ids.index("building") + 1, {
    "id": "building-3d", "type": "fill-extrusion", "source": sid, "source-layer": "building", "minzoom": 14,
    "paint": {"fill-extrusion-color": "#d6cfc4", "fill-extrusion-opacity": 0.9,
              "fill-extrusion-height": ["coalesce", ["get", "render_height"], 8],
              "fill-extrusion-base": ["coalesce", ["get", "render_min_height"], 0]}})
json.dump(st, open(sys.argv[2], "w"))
PY
strata_build
"$STRATA_BIN" bench views --style "$OUT/data/style-bright-3d.json" --data-dir "$OUT/data" \
  --view "${VIEW:-13.2610,53.5580,16,-20}" --pitches "${PITCHES:-0,30,45,60}" --size 1024x768 --reps "${REPS:-5}" | tee "$OUT/views.txt"
