#!/usr/bin/env bash
# PNG vs WebP (lossless, lossy) vs JPEG on the dense OSM city: renders the anchors' 4×4 blocks
# at z12–z16 once (`strata bench tiles --save-dir`), then encodes every saved tile in each
# format (`strata bench formats`): CPU ms and bytes per tile, one JSON line last.
# usage: bench/formats-osm.sh   (env: STRATA_BIN=.build/release/strata REPS=5 ZOOMS="12 13 14 15 16")
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
STRATA_BIN=${STRATA_BIN:-$ROOT/.build/release/strata}
REPS=${REPS:-5}
ZOOMS=${ZOOMS:-"12 13 14 15 16"}
OSM=${STRATA_SHARED:-$ROOT/../shared}/data/osm-neubrandenburg
OUT=$(mktemp -d /tmp/strata-formats.XXXXXX)
trap 'rm -rf "$OUT"' EXIT

# The 4×4 block at zoom z whose centre is closest to the old town (as bench/compare-osm.sh).
BLOCKS=$(python3 - $ZOOMS <<'PY'
import math, sys
lon, lat = 13.2625, 53.5570
out = []
for z in map(int, sys.argv[1:]):
    n = 2 ** z
    fx = (lon + 180) / 360 * n
    fy = (1 - math.log(math.tan(math.radians(lat)) + 1 / math.cos(math.radians(lat))) / math.pi) / 2 * n
    x0, y0 = int(round(fx - 2)), int(round(fy - 2))
    out.append("%d/%d-%d/%d-%d" % (z, x0, x0 + 3, y0, y0 + 3))
print(",".join(out))
PY
)
(cd "$ROOT" && "$STRATA_BIN" bench tiles --tiles "$BLOCKS" --style "$OSM/style.json" --data-dir "$OSM" \
  --reps 1 --warmup 0 --slowest 0 --no-phases --save-dir "$OUT") >/dev/null
"$STRATA_BIN" bench formats --dir "$OUT" --reps "$REPS"
