#!/usr/bin/env bash
# HTTP load test of `strata serve` on loopback with wrk (Debian package).
#
#  1. uncached: every tile of z0–z6 for each of SESSIONS sessions whose styles differ only in
#     background colour (distinct render hashes → no shared cache entries), shuffled, each URL
#     requested once (SESSIONS × 5,461 requests), wrk -t2 -c UNCACHED_CONNECTIONS, timed until
#     the last response;
#  2. cached: the z0–CACHED_MAXZOOM tiles of the default session (warmed first), cycled by
#     wrk -t2 -c64 for CACHED_SECONDS.
# Prints a markdown table and one JSON line last. Targets (issue 6): uncached ≥ 4 × the per-core
# Mapnik rate × cores (MAPNIK_MS per tile, default 7.4 measured at z3 on this machine), cached
# ≥ 20,000 tiles/s, zero errors.
#
# usage: bench/load.sh            (env: SKIP_BUILD=1 PORT SESSIONS UNCACHED_CONNECTIONS ...)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"

PORT=${PORT:-18181}
SESSIONS=${SESSIONS:-12}
UNCACHED_ZOOMS=${UNCACHED_ZOOMS:-0-6}
UNCACHED_CONNECTIONS=${UNCACHED_CONNECTIONS:-8}
UNCACHED_SECONDS=${UNCACHED_SECONDS:-300}
CACHED_MAXZOOM=${CACHED_MAXZOOM:-4}
CACHED_CONNECTIONS=${CACHED_CONNECTIONS:-64}
CACHED_SECONDS=${CACHED_SECONDS:-15}
THREADS=${WRK_THREADS:-2}
# Mapnik's render + png32 CPU ms per z3 tile: from the newest bench/compare-anchors.sh run
# (same machine), else the issue's 7.4.
latest_mapnik_ms() {
  local dir
  dir=$(ls -dt "$ROOT"/out/bench/anchors-* 2>/dev/null | head -1)
  [ -n "$dir" ] && "$PY" -c 'import json, statistics, sys
v = [json.load(open(p))["workloads"]["z3"]["png"]["cpu_ms_per_tile"] for p in sys.argv[1:]]
print("%.3f" % statistics.median(v))' "$dir"/mapnik-*.json 2>/dev/null || echo 7.4
}
MAPNIK_MS=${MAPNIK_MS:-$(latest_mapnik_ms)}
CORES=$(nproc)

strata_build
TMP=$(mktemp -d /tmp/strata-load.XXXXXX)
trap 'strata_stop; rm -rf "$TMP"' EXIT
strata_config "$TMP/server.json"
strata_start "$TMP/server.json" "$PORT" "$TMP/server.log"
echo "server pid $SERVER_PID on $BASE; $CORES cores; loadavg $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# --- uncached
$LOADGEN sessions "$BASE" "$ROOT/bench/styles/natural-earth.json" "$SESSIONS" "$TMP/ids.txt"
$LOADGEN pyramid "$TMP/ids.txt" "$UNCACHED_ZOOMS" "$TMP/uncached.txt" 1
before=$($LOADGEN metrics "$BASE" strata_renders_total strata_tile_cache)
cpu0=$(strata_cpu_s)
wrk_once "$TMP/uncached.out" "$TMP/uncached.txt" "$THREADS" "$UNCACHED_CONNECTIONS" "$UNCACHED_SECONDS"
after=$($LOADGEN metrics "$BASE" strata_renders_total strata_tile_cache)
cpu1=$(strata_cpu_s)
uncached=$(wrk_json "$TMP/uncached.out")
rss_uncached=$(strata_rss_mb)

# --- cached
$LOADGEN pyramid default "0-$CACHED_MAXZOOM" "$TMP/cached.txt" 1
$LOADGEN warm "$BASE" "$TMP/cached.txt"
cpu2=$(strata_cpu_s)
wrk_loop "$TMP/cached.out" "$TMP/cached.txt" "$THREADS" "$CACHED_CONNECTIONS" "$CACHED_SECONDS"
cpu3=$(strata_cpu_s)
cached=$(wrk_json "$TMP/cached.out")
rss_cached=$(strata_rss_mb)

"$PY" - "$uncached" "$cached" "$before" "$after" "$MAPNIK_MS" "$CORES" "$rss_uncached" "$rss_cached" \
  "$UNCACHED_CONNECTIONS" "$CACHED_CONNECTIONS" "$THREADS" "$SESSIONS" "$UNCACHED_ZOOMS" "$CACHED_MAXZOOM" \
  "$cpu0" "$cpu1" "$cpu2" "$cpu3" <<'PY'
import json, sys
u, c, before, after = (json.loads(a) for a in sys.argv[1:5])
mapnik_ms, cores = float(sys.argv[5]), int(sys.argv[6])
rss_u, rss_c = float(sys.argv[7]), float(sys.argv[8])
uc, cc, threads, sessions, uz, cz = sys.argv[9:15]
cpu0, cpu1, cpu2, cpu3 = (float(a) for a in sys.argv[15:19])
server_ms_u = (cpu1 - cpu0) * 1000 / max(u["tiles"], 1)
server_ms_c = (cpu3 - cpu2) * 1000 / max(c["tiles"], 1)
renders = sum(v for k, v in after.items() if k.startswith("strata_renders_total")) - \
          sum(v for k, v in before.items() if k.startswith("strata_renders_total"))
errors = lambda r: r["errors_connect"] + r["errors_read"] + r["errors_write"] + r["errors_status"] + r["errors_timeout"]
target_u = 4 * (1000 / mapnik_ms) * cores
print("\n| load | wrk | requests | tiles/s | server CPU ms/tile | p50 ms | p90 ms | p99 ms | max ms | errors | target |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
print("| uncached z%s, %s sessions, each URL once (%d renders) | -t%s -c%s | %d | %.0f | %.3f | %.2f | %.2f | %.2f | %.2f | %d | ≥ %.0f (4 × %d cores × Mapnik %.1f ms): %s |" % (
    uz, sessions, renders, threads, uc, u["tiles"], u["tiles_per_s"], server_ms_u, u["latency_p50_ms"], u["latency_p90_ms"],
    u["latency_p99_ms"], u["latency_max_ms"], errors(u), target_u, cores, mapnik_ms,
    "met" if u["tiles_per_s"] >= target_u else "NOT met"))
print("| cached z0–z%s, default session | -t%s -c%s | %d | %.0f | %.3f | %.2f | %.2f | %.2f | %.2f | %d | ≥ 20000: %s |" % (
    cz, threads, cc, c["tiles"], c["tiles_per_s"], server_ms_c, c["latency_p50_ms"], c["latency_p90_ms"], c["latency_p99_ms"],
    c["latency_max_ms"], errors(c), "met" if c["tiles_per_s"] >= 20000 else "NOT met"))
if u["tiles"] != u["listed"] or u["received"] != u["sent"]:
    print("\n!! only %d of %d uncached URLs were answered within UNCACHED_SECONDS" % (u["tiles"], u["listed"]))
print("\nserver RSS after uncached %.1f MB, after cached %.1f MB; uncached list: %d URLs, %d answered (+%d GET /health fillers, see paths.lua)" % (
    rss_u, rss_c, u["listed"], u["tiles"], u["filler"]))
print(json.dumps({"bench": "load", "cores": cores, "uncached": u, "cached": c, "uncached_renders": renders,
                  "uncached_target_tiles_per_s": round(target_u, 1), "mapnik_ms": mapnik_ms,
                  "uncached_met": u["tiles_per_s"] >= target_u and errors(u) == 0 and u["received"] == u["sent"],
                  "cached_met": c["tiles_per_s"] >= 20000 and errors(c) == 0,
                  "rss_mb_after_uncached": rss_u, "rss_mb_after_cached": rss_c,
                  "server_cpu_ms_per_uncached_tile": round(server_ms_u, 4),
                  "server_cpu_ms_per_cached_tile": round(server_ms_c, 4),
                  "loadavg": open("/proc/loadavg").read().split()[:3]}, sort_keys=True))
PY
