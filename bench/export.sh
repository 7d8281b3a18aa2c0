#!/usr/bin/env bash
# strata export against the same tiles rendered one by one (`strata bench tiles`), one core and
# two: Natural Earth z0-Z (the bench style, whole world) and the dense OSM city
# (../shared/data/osm-neubrandenburg, style.json) over its extract at z10-Z. Each export writes a
# PMTiles archive from scratch; its rate is tiles per second of rendering (the summary line:
# journal writes included, the final archive write excluded, reported apart). The one-by-one
# rate is `bench tiles` over the same tile blocks, one pass after a warm-up pass (wall time,
# `--threads` workers), PNG encode included in both. Prints a markdown table, then one JSON line.
#
# usage: bench/export.sh   (env: NE_MAX=7 CITY_MAX=16 THREADS="1 2" SKIP_BUILD=1 OUT=DIR)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"
NE_MAX=${NE_MAX:-7}
CITY_MAX=${CITY_MAX:-16}
THREADS=${THREADS:-"1 2"}
SHARED=${STRATA_SHARED:-$ROOT/../shared}
OSM=$SHARED/data/osm-neubrandenburg
OUT=${OUT:-$(mktemp -d /tmp/strata-export-bench.XXXXXX)}
strata_build
mkdir -p "$OUT/styles" "$OUT/data"
cp "$ROOT"/config/data/*.geojson "$OSM/osm-neubrandenburg.mbtiles" "$OUT/data/"
cp "$ROOT/bench/styles/natural-earth.json" "$OUT/styles/ne.json"
cp "$OSM/style.json" "$OUT/styles/city.json"
strata_config "$OUT/server.json" "stylesDir=\"$OUT/styles\"" "dataDir=\"$OUT/data\""
CITY_BBOX=13.1094,53.4382,13.4074,53.6153

# tile_blocks BBOX A B: `bench tiles --tiles` blocks z/x0-x1/y0-y1 covering BBOX at zooms A-B.
tile_blocks() {
  "$PY" - "$@" <<'PY'
import math, sys
w, s, e, n = map(float, sys.argv[1].split(",")); a, b = int(sys.argv[2]), int(sys.argv[3])
def xy(lon, lat, z):
    k = 2 ** z; lat = max(min(lat, 85.0511287798), -85.0511287798)
    y = (1 - math.log(math.tan(math.radians(lat)) + 1 / math.cos(math.radians(lat))) / math.pi) / 2 * k
    return (lon + 180) / 360 * k, y
out = []
for z in range(a, b + 1):
    x0, y0 = xy(w, n, z); x1, y1 = xy(e, s, z); k = 2 ** z
    out.append(f"{z}/{max(0, int(x0))}-{min(k - 1, math.ceil(x1) - 1)}/{max(0, int(y0))}-{min(k - 1, math.ceil(y1) - 1)}")
print(",".join(out))
PY
}

rows=()
json="{"
for spec in "ne|-180,-85,180,85|0|$NE_MAX" "city|$CITY_BBOX|10|$CITY_MAX"; do
  IFS='|' read -r style bbox za zb <<<"$spec"
  blocks=$(tile_blocks "$bbox" "$za" "$zb")
  for t in $THREADS; do
    rm -f "$OUT/$style.pmtiles"*
    line=$("$STRATA_BIN" export --config "$OUT/server.json" --quiet --style "$style" --bbox "$bbox" --zooms "$za-$zb" \
      --threads "$t" --out "$OUT/$style.pmtiles")
    tiles=$(sed -n 's/.*: \([0-9]*\) tiles (.*/\1/p' <<<"$line")
    rate=$(sed -n 's/.*distinct, \([0-9.]*\) tiles\/s.*/\1/p' <<<"$line")
    total=$(sed -n 's/.*tiles\/s, \([0-9.]*\) s$/\1/p' <<<"$line")
    size=$(stat -c %s "$OUT/$style.pmtiles")
    bench=$("$STRATA_BIN" bench tiles --style "$OUT/styles/$style.json" --data-dir "$OUT/data" --tiles "$blocks" \
      --threads "$t" --reps 1 --warmup 1 --no-phases | tail -1)
    one=$("$PY" -c 'import json,sys; print(json.loads(sys.argv[1])["tiles_per_s_wall"])' "$bench")
    rows+=("| $style z$za–z$zb | $t | $tiles | $rate | $one | $(awk "BEGIN{printf \"%.2f\", $rate/$one}") | $total | $size |")
    json+="\"${style}_t$t\": {\"tiles\": $tiles, \"export_tiles_per_s\": $rate, \"one_by_one_tiles_per_s\": $one, \"export_seconds\": $total, \"bytes\": $size},"
  done
done
echo "| area | threads | tiles | export tiles/s | one by one (bench tiles) tiles/s | ratio | export total s | archive bytes |"
echo "|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo "${json%,}}"
