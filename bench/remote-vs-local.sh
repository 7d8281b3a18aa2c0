#!/usr/bin/env bash
# Remote sources against local ones (issue 23), release build, one server:
#  1. CPU per tile of renders whose remote data is held in memory, against the same tiles from
#     the local MBTiles: OSM Bright as shipped (TileJSON, tiles and glyphs from a loopback
#     asset_server.py) and its local variant, the 4x4 blocks of z12-z16, ROUNDS style variants
#     each (a new background colour: new renders, warm data caches). Measured as the render
#     threads' CPU seconds (strata_render_cpu_seconds_total). Target: remote within 10 %.
#  2. Isolation: wrk against cached tiles of one session, alone and while another session
#     renders cold remote tiles through an upstream with DELAY_MS of latency. Target: the
#     cached session keeps its throughput.
# usage: bench/remote-vs-local.sh   (env: ROUNDS=5 DELAY_MS=20 SECONDS_WRK=10 SKIP_BUILD=1)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"
strata_build
SHARED=${STRATA_SHARED:-$ROOT/../shared}
exec "$PY" "$ROOT/bench/lib/remote_bench.py" --root "$ROOT" --shared "$SHARED" --bin "$STRATA_BIN" \
  --rounds "${ROUNDS:-5}" --delay-ms "${DELAY_MS:-20}" --wrk-seconds "${SECONDS_WRK:-10}"
