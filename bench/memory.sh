#!/usr/bin/env bash
# Memory under load: 1,000 sessions with distinct styles (no shared cache entries), then
# REQUESTS (default 200,000) tile requests spread over them (random session, random tile of
# z0–z6, the same list in both runs), twice. The server's RSS must stay within the configured
# tile-cache budget plus a fixed overhead (the RSS after the sessions and a few warm-up tiles;
# what is left over is reported), and must not grow from the first run to the second.
#
# usage: bench/memory.sh   (env: SKIP_BUILD=1 CACHE_MB=64 SESSIONS=1000 REQUESTS=200000 ...)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"

PORT=${PORT:-18182}
CACHE_MB=${CACHE_MB:-64}
SESSIONS=${SESSIONS:-1000}
REQUESTS=${REQUESTS:-200000}
ZOOMS=${ZOOMS:-0-6}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${WRK_THREADS:-2}
RUN_SECONDS=${RUN_SECONDS:-1800}
GROWTH_MB=${GROWTH_MB:-8}
WARM_REQUESTS=${WARM_REQUESTS:-50}

strata_build
TMP=$(mktemp -d /tmp/strata-memory.XXXXXX)
trap 'strata_stop; rm -rf "$TMP"' EXIT
strata_config "$TMP/server.json" "tileCacheBytes=$((CACHE_MB * 1048576))" "maxSessions=$SESSIONS"
strata_start "$TMP/server.json" "$PORT" "$TMP/server.log"
rss_start=$(strata_rss_mb)
echo "server pid $SERVER_PID on $BASE, cache budget $CACHE_MB MB, RSS at start $rss_start MB; loadavg $(cut -d' ' -f1-3 /proc/loadavg)" >&2

t0=$(date +%s)
$LOADGEN sessions "$BASE" "$ROOT/bench/styles/natural-earth.json" "$SESSIONS" "$TMP/ids.txt"
rss_sessions=$(strata_rss_mb)
echo "$SESSIONS sessions created in $(( $(date +%s) - t0 )) s; RSS $rss_sessions MB" >&2
$LOADGEN random "$TMP/ids.txt" "$ZOOMS" "$REQUESTS" "$TMP/requests.txt" 1
# Warm-up: a few tiles (sources parsed and indexed, render threads' canvases and scratch).
head -"$WARM_REQUESTS" "$TMP/requests.txt" >"$TMP/warm.txt"
$LOADGEN warm "$BASE" "$TMP/warm.txt"
rss_warm=$(strata_rss_mb)
echo "after $WARM_REQUESTS warm-up tiles: RSS $rss_warm MB" >&2

runs=()
for run in 1 2; do
  wrk_once "$TMP/run$run.out" "$TMP/requests.txt" "$THREADS" "$CONNECTIONS" "$RUN_SECONDS"
  rss=$(strata_rss_mb)
  m=$($LOADGEN metrics "$BASE" strata_tile_cache strata_renders_total strata_sessions)
  runs+=("$(wrk_json "$TMP/run$run.out")" "$rss" "$m")
  echo "run $run: RSS $rss MB; $(wrk_json "$TMP/run$run.out" | cut -c1-160)" >&2
done

"$PY" - "$CACHE_MB" "$rss_start" "$rss_sessions" "$SESSIONS" "$REQUESTS" "$GROWTH_MB" "$rss_warm" "$WARM_REQUESTS" "${runs[@]}" <<'PY'
import json, sys
cache_mb, rss_start, rss_sessions = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
sessions, requests, growth_allowed = int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6])
rss_warm, warm_requests = float(sys.argv[7]), int(sys.argv[8])
r1, rss1, m1, r2, rss2, m2 = sys.argv[9:15]
r1, r2, m1, m2, rss1, rss2 = json.loads(r1), json.loads(r2), json.loads(m1), json.loads(m2), float(rss1), float(rss2)
errors = lambda r: r["errors_connect"] + r["errors_read"] + r["errors_write"] + r["errors_status"] + r["errors_timeout"]
cache_bytes = lambda m: next((v for k, v in m.items() if k.startswith("strata_tile_cache_bytes")), 0) / 1048576
cache_entries = lambda m: int(next((v for k, v in m.items() if k.startswith("strata_tile_cache_entries")), 0))
overhead = rss_warm
bound = overhead + cache_mb
growth = rss2 - rss1
print("\n| memory (%d sessions, %d requests per run) | value |" % (sessions, requests))
print("|---|---:|")
print("| RSS at start | %.1f MB |" % rss_start)
print("| RSS with %d sessions, before any tile | %.1f MB |" % (sessions, rss_sessions))
print("| RSS after %d warm-up tiles (fixed overhead: sources, canvases) | %.1f MB |" % (warm_requests, rss_warm))
print("| tile-cache budget (config) | %.1f MB |" % cache_mb)
for i, (r, rss, m) in enumerate(((r1, rss1, m1), (r2, rss2, m2)), 1):
    print("| run %d: RSS after | %.1f MB (cache: %d entries, %.1f MB accounted; %d requests, %.0f tiles/s, p99 %.1f ms, %d errors) |" % (
        i, rss, cache_entries(m), cache_bytes(m), r["tiles"], r["tiles_per_s"], r["latency_p99_ms"], errors(r)))
print("| RSS − (fixed overhead + budget) after run 2 | %+.1f MB (%.0f B per cache entry) |" % (
    rss2 - bound, (rss2 - bound) * 1048576 / max(cache_entries(m2), 1)))
print("| growth run 1 → run 2 | %+.1f MB (allowed %.1f) |" % (growth, growth_allowed))
ok = errors(r1) == 0 and errors(r2) == 0 and growth <= growth_allowed
print(json.dumps({"bench": "memory", "sessions": sessions, "requests_per_run": requests, "cache_budget_mb": cache_mb,
                  "rss_start_mb": rss_start, "rss_sessions_mb": rss_sessions, "rss_warm_mb": rss_warm, "rss_run1_mb": rss1, "rss_run2_mb": rss2,
                  "rss_over_overhead_plus_budget_mb": round(rss2 - bound, 1), "growth_mb": round(growth, 1),
                  "cache_mb_run1": round(cache_bytes(m1), 1), "cache_mb_run2": round(cache_bytes(m2), 1),
                  "cache_entries_run2": cache_entries(m2),
                  "run1": r1, "run2": r2, "ok": ok}, sort_keys=True))
PY
