#!/usr/bin/env bash
# Soak test of `strata serve` on loopback: wrk mixes tiles (85 %), static images (10 %) and
# restyling mutations (5 %, PATCH with a new colour, each a durable revision) over SESSIONS
# sessions for SOAK_SECONDS (default 1800), while the server's RSS is sampled every
# SAMPLE_SECONDS. Passes when no request failed (connection errors, timeouts, statuses other
# than 2xx/304; 503 load shedding is reported apart and must stay 0 at this concurrency) and
# RSS is flat: the last quarter's median within GROWTH_MB of the second quarter's.
#
# usage: bench/soak.sh   (env: SKIP_BUILD=1 SOAK_SECONDS SESSIONS CONNECTIONS CACHE_MB ...)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"
command -v wrk >/dev/null || { echo "wrk is required (apt-get install wrk)" >&2; exit 1; }

PORT=${PORT:-18183}
SOAK_SECONDS=${SOAK_SECONDS:-1800}
SESSIONS=${SESSIONS:-200}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${WRK_THREADS:-2}
CACHE_MB=${CACHE_MB:-64}
SAMPLE_SECONDS=${SAMPLE_SECONDS:-10}
GROWTH_MB=${GROWTH_MB:-8}
LIST_LINES=${LIST_LINES:-200000}

strata_build
TMP=$(mktemp -d /tmp/strata-soak.XXXXXX)
trap 'kill "${SAMPLER:-}" 2>/dev/null || true; strata_stop; rm -rf "$TMP"' EXIT
strata_config "$TMP/server.json" "tileCacheBytes=$((CACHE_MB * 1048576))" "maxSessions=$((SESSIONS + 10))"
strata_start "$TMP/server.json" "$PORT" "$TMP/server.log"
$LOADGEN sessions "$BASE" "$ROOT/bench/styles/natural-earth.json" "$SESSIONS" "$TMP/ids.txt"

# The request mix, seeded: tiles of z0–z7, static views, and restyles of countries-fill.
"$PY" - "$TMP/ids.txt" "$TMP/requests.txt" "$LIST_LINES" <<'PY'
import json, random, sys
ids = [l.strip() for l in open(sys.argv[1]) if l.strip()]
rng = random.Random(7)
with open(sys.argv[2], "w") as f:
    for i in range(int(sys.argv[3])):
        sid = rng.choice(ids)
        r = rng.random()
        if r < 0.85:
            z = rng.randint(0, 7); x = rng.randrange(1 << z); y = rng.randrange(1 << z)
            f.write("GET /tiles/%d/%d/%d.png?session=%s\n" % (z, x, y, sid))
        elif r < 0.95:
            lon, lat, zoom = rng.uniform(-170, 170), rng.uniform(-60, 70), rng.uniform(0, 6)
            f.write("GET /static/%.3f,%.3f,%.2f/%dx%d.png?session=%s\n" % (lon, lat, zoom, rng.choice([256, 400, 600]), rng.choice([256, 300]), sid))
        else:
            body = {"paint": {"fill-color": "#%06x" % rng.randrange(1 << 24)}}
            f.write("PATCH /layers/countries-fill?session=%s %s\n" % (sid, json.dumps(body, separators=(",", ":"))))
PY

# RSS samples: "elapsed_s rss_mb" per line.
( t0=$(date +%s); while kill -0 "$SERVER_PID" 2>/dev/null; do
    echo "$(( $(date +%s) - t0 )) $($LOADGEN rss "$SERVER_PID")" >> "$TMP/rss.txt"; sleep "$SAMPLE_SECONDS"; done ) &
SAMPLER=$!
echo "soak: $SOAK_SECONDS s, $SESSIONS sessions, wrk -t$THREADS -c$CONNECTIONS, cache $CACHE_MB MB; loadavg $(cut -d' ' -f1-3 /proc/loadavg)" >&2
wrk -t "$THREADS" -c "$CONNECTIONS" -d "${SOAK_SECONDS}s" --timeout 30s -s "$ROOT/bench/lib/soak.lua" "$BASE" \
  -- "$TMP/requests.txt" "$THREADS" > "$TMP/wrk.out"
kill "$SAMPLER" 2>/dev/null || true
curl -fsS "$BASE/health" >/dev/null || { echo "server unhealthy after the soak" >&2; exit 1; }
revisions=$(curl -fsS "$BASE/style/history?session=$(head -1 "$TMP/ids.txt")" | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["revisions"][0]["revision"])')

"$PY" - "$TMP/wrk.out" "$TMP/rss.txt" "$GROWTH_MB" "$revisions" <<'PY'
import json, statistics, sys
w = json.loads([l for l in open(sys.argv[1]) if l.startswith("WRK ")][-1][4:])
samples = [tuple(map(float, l.split())) for l in open(sys.argv[2]) if len(l.split()) == 2]
rss = [r for _, r in samples]
q = max(1, len(rss) // 4)
second, last = statistics.median(rss[q:2 * q]), statistics.median(rss[-q:])
errors = w["bad_status"] + w["errors_connect"] + w["errors_read"] + w["errors_write"] + w["errors_timeout"]
ok = errors == 0 and w["shed_503"] == 0 and last - second <= float(sys.argv[3])
print("| requests | req/s | errors | 503 | p50 / p99 ms | RSS start / max / end MB | RSS 2nd→4th quarter |")
print("|---|---|---|---|---|---|---|")
print("| %d | %.0f | %d | %d | %.1f / %.1f | %.1f / %.1f / %.1f | %+.1f MB |" % (
    w["requests"], w["requests_per_s"], errors, w["shed_503"], w["latency_p50_ms"], w["latency_p99_ms"],
    rss[0], max(rss), rss[-1], last - second))
w.update(rss_start_mb=rss[0], rss_max_mb=max(rss), rss_end_mb=rss[-1], rss_growth_mb=round(last - second, 1),
         revisions_first_session=int(sys.argv[4]), passed=ok)
print(json.dumps(w))
sys.exit(0 if ok else 1)
PY
