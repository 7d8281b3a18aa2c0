#!/usr/bin/env bash
# The dense city over HTTP, uncached: does throughput scale with render threads, and does
# memory stay within the caches' budgets? For THREADS_LIST (default "1 2") a fresh server with
# that many render threads serves the OSM city (`../shared/data/osm-neubrandenburg`, its own
# style) to SESSIONS sessions whose styles differ only in background colour (no shared cache
# entries), every tile of z12–z16 over the city's data once per session (shuffled), with
# `wrk -t2 -c CONNECTIONS` until the last response. Prints tiles/s per thread count, the
# speed-up of each over one thread, server CPU per tile, and RSS after the run against the
# configured tile-cache budget; one JSON line last. Target (issue 13): 2 threads ≥ 1.8× one.
#
# usage: bench/scale-osm.sh   (env: SKIP_BUILD=1 THREADS_LIST="1 2" SESSIONS=2 ZOOMS=12-16
#                               CONNECTIONS=8 CACHE_MB=64 MAX_SECONDS=600)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"

PORT=${PORT:-18183}
THREADS_LIST=${THREADS_LIST:-"1 2"}
SESSIONS=${SESSIONS:-2}
ZOOMS=${ZOOMS:-12-16}
CONNECTIONS=${CONNECTIONS:-8}
CACHE_MB=${CACHE_MB:-64}
MAX_SECONDS=${MAX_SECONDS:-600}
SHARED=${STRATA_SHARED:-$ROOT/../shared}
OSM=$SHARED/data/osm-neubrandenburg
[ -f "$OSM/style.json" ] || { echo "no OSM city data at $OSM" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk missing (apt-get install wrk)" >&2; exit 1; }

strata_build
TMP=$(mktemp -d /tmp/strata-scale.XXXXXX)
trap 'strata_stop; rm -rf "$TMP"' EXIT

# Every tile of each zoom that holds the city's data (the MBTiles' z14 extent, widened to
# whole tiles at the other zooms), per session, shuffled.
paths() { "$PY" "$ROOT/bench/lib/city_paths.py" "$OSM/osm-neubrandenburg.mbtiles" "$ZOOMS" "$1" "$2"; }

results=()
for threads in $THREADS_LIST; do
  strata_config "$TMP/server.json" "dataDir=\"$OSM\"" "renderThreads=$threads" "tileCacheBytes=$((CACHE_MB * 1048576))" \
    "queueLimit=4096"
  rm -f "$TMP"/strata.sqlite*
  strata_start "$TMP/server.json" "$PORT" "$TMP/server-$threads.log"
  $LOADGEN sessions "$BASE" "$OSM/style.json" "$SESSIONS" "$TMP/ids.txt"
  count=$(paths "$TMP/ids.txt" "$TMP/paths.txt")
  rss0=$(strata_rss_mb)
  cpu0=$(strata_cpu_s)
  wrk_once "$TMP/wrk-$threads.out" "$TMP/paths.txt" 2 "$CONNECTIONS" "$MAX_SECONDS"
  cpu1=$(strata_cpu_s)
  rss1=$(strata_rss_mb)
  json=$(wrk_json "$TMP/wrk-$threads.out")
  results+=("$("$PY" - "$threads" "$count" "$cpu0" "$cpu1" "$rss0" "$rss1" "$json" <<'PY'
import json, sys
threads, count, cpu0, cpu1, rss0, rss1, wrk = sys.argv[1:]
w = json.loads(wrk)
errors = sum(w[k] for k in ("errors_connect", "errors_read", "errors_write", "errors_status", "errors_timeout", "non_200"))
print(json.dumps({"threads": int(threads), "tiles": int(count), "requests": w["tiles"], "errors": errors,
                  "seconds": w["duration_s"], "tiles_per_s": w["tiles_per_s"],
                  "cpu_ms_per_tile": round((float(cpu1) - float(cpu0)) * 1000 / max(1, w["tiles"]), 3),
                  "p99_ms": w["latency_p99_ms"], "rss_before_mb": float(rss0), "rss_after_mb": float(rss1)}))
PY
)")
  strata_stop
done

"$PY" - "$CACHE_MB" "$(cut -d' ' -f1-3 /proc/loadavg)" "$ZOOMS" "$SESSIONS" "${results[@]}" <<'PY'
import json, sys
cache, load, zooms, sessions, rows = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], [json.loads(r) for r in sys.argv[5:]]
base = rows[0]["tiles_per_s"]
print("dense city, uncached, every z%s tile of the city once per session (%s sessions); load %s\n" % (zooms, sessions, load))
print("| render threads | tiles | tiles/s | speed-up | server CPU ms/tile | p99 ms | errors | RSS before → after (MB, tile cache %s MB) |" % cache)
print("|---:|---:|---:|---:|---:|---:|---:|---|")
for r in rows:
    print("| %d | %d | %.1f | %.2f× | %.3f | %s | %d | %.1f → %.1f |" % (
        r["threads"], r["requests"], r["tiles_per_s"], r["tiles_per_s"] / base, r["cpu_ms_per_tile"],
        r["p99_ms"], r["errors"], r["rss_before_mb"], r["rss_after_mb"]))
speedups = {str(r["threads"]): round(r["tiles_per_s"] / base, 3) for r in rows}
print(json.dumps({"bench": "scale-osm", "cache_mb": int(cache), "rows": rows, "speedup": speedups}))
PY
