#!/usr/bin/env bash
# Cluster figures for docs/CLUSTER.md, on this machine:
#  1. mutation latency (p50/p99 of sequential PATCH /style/state, durable before the answer)
#     with the SQLite store and with the PostgreSQL store (local server, fsync on);
#  2. uncached tiles/s: one node alone vs two nodes behind nginx (deploy/nginx.conf), both on
#     PostgreSQL, every z0–z5 tile of SESSIONS sessions once (wrk, as bench/load.sh).
# Needs postgresql, nginx, wrk. usage: bench/cluster.sh   (env: SKIP_BUILD=1 MUTATIONS SESSIONS ZOOMS)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"
MUTATIONS=${MUTATIONS:-1000}
SESSIONS=${SESSIONS:-6}
ZOOMS=${ZOOMS:-0-5}
CONNECTIONS=${CONNECTIONS:-8}
PG="$ROOT/Tests/integration/tools/postgres.sh"

strata_build
TMP=$(mktemp -d /tmp/strata-cluster-bench.XXXXXX)
PIDS=()
cleanup() {
  [ -f "$TMP/nginx/nginx.pid" ] && kill "$(cat "$TMP/nginx/nginx.pid")" 2>/dev/null || true
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  bash "$PG" stop "$TMP/pg" || true
  rm -rf "$TMP"
}
trap cleanup EXIT
free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
PG_PORT=$(bash "$PG" start "$TMP/pg")
export STRATA_PG_PASSWORD=strata-test
PG_URL="postgres://strata@127.0.0.1:$PG_PORT/strata"
strata_config "$TMP/server.json"

node() {  # node PORT STORE LOG: start a node, wait for health
  "$STRATA_BIN" serve --config "$TMP/server.json" --port "$1" --store "$2" >"$3" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 300); do curl -fsS -o /dev/null "http://127.0.0.1:$1/health" 2>/dev/null && return 0; sleep 0.1; done
  echo "node on $1 did not start" >&2; cat "$3" >&2; exit 1
}
stop_nodes() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; PIDS=(); }

# --- 1. mutation latency
P1=$(free_port)
node "$P1" "$TMP/strata.sqlite" "$TMP/sqlite.log"
sqlite=$("$PY" "$ROOT/bench/lib/mutation_latency.py" "http://127.0.0.1:$P1" "$MUTATIONS")
stop_nodes
node "$P1" "$PG_URL" "$TMP/pg1.log"
postgres=$("$PY" "$ROOT/bench/lib/mutation_latency.py" "http://127.0.0.1:$P1" "$MUTATIONS")

# --- 2. tiles/s, one node (PostgreSQL store)
BASE="http://127.0.0.1:$P1"
$LOADGEN sessions "$BASE" "$ROOT/bench/styles/natural-earth.json" "$SESSIONS" "$TMP/ids1.txt"
$LOADGEN pyramid "$TMP/ids1.txt" "$ZOOMS" "$TMP/paths1.txt" 1
wrk_once "$TMP/one.out" "$TMP/paths1.txt" 2 "$CONNECTIONS" 600
one=$(wrk_json "$TMP/one.out")

# --- two nodes behind nginx, both started afresh (loadgen's session colours repeat, so the
# first node's tile cache would otherwise already hold half of the tiles)
stop_nodes
P2=$(free_port)
node "$P1" "$PG_URL" "$TMP/pg1b.log"
node "$P2" "$PG_URL" "$TMP/pg2.log"
mkdir -p "$TMP/nginx/logs"
NP=$(free_port)
sed -e "s/127.0.0.1:8081/127.0.0.1:$P1/" -e "s/127.0.0.1:8082/127.0.0.1:$P2/" -e "s/listen 8080;/listen 127.0.0.1:$NP;/" \
  "$ROOT/deploy/nginx.conf" > "$TMP/nginx/strata.conf"
user=""; [ "$(id -u)" = 0 ] && user="user root;"
cat > "$TMP/nginx/nginx.conf" <<CONF
$user
worker_processes 1;
error_log $TMP/nginx/logs/error.log warn;
pid $TMP/nginx/nginx.pid;
events { worker_connections 1024; }
http { access_log off; client_body_temp_path $TMP/nginx/body; proxy_temp_path $TMP/nginx/proxy;
       fastcgi_temp_path $TMP/nginx/f; uwsgi_temp_path $TMP/nginx/u; scgi_temp_path $TMP/nginx/s;
       include $TMP/nginx/strata.conf; }
CONF
nginx -p "$TMP/nginx" -c "$TMP/nginx/nginx.conf"
sleep 0.5
BASE="http://127.0.0.1:$NP"
$LOADGEN sessions "$BASE" "$ROOT/bench/styles/natural-earth.json" "$SESSIONS" "$TMP/ids2.txt"
$LOADGEN pyramid "$TMP/ids2.txt" "$ZOOMS" "$TMP/paths2.txt" 1
wrk_once "$TMP/two.out" "$TMP/paths2.txt" 2 "$CONNECTIONS" 600
two=$(wrk_json "$TMP/two.out")

"$PY" - "$sqlite" "$postgres" "$one" "$two" "$(nproc)" "$SESSIONS" "$ZOOMS" <<'PY'
import json, sys
s, p, one, two = (json.loads(a) for a in sys.argv[1:5])
cores, sessions, zooms = sys.argv[5:8]
print("| mutation latency (sequential PATCH, %d each) | p50 ms | p90 ms | p99 ms | max ms |" % s["n"])
print("|---|---|---|---|---|")
for name, r in (("SQLite (WAL, synchronous=FULL)", s), ("PostgreSQL (local, fsync on)", p)):
    print("| %s | %.2f | %.2f | %.2f | %.2f |" % (name, r["p50_ms"], r["p90_ms"], r["p99_ms"], r["max_ms"]))
print()
print("| uncached tiles, %s sessions × z%s, %d cores | tiles | seconds | tiles/s | p50 ms | p99 ms | errors |" % (sessions, zooms, int(cores)))
print("|---|---|---|---|---|---|---|")
for name, r in (("one node", one), ("two nodes behind nginx", two)):
    errs = sum(r.get(k, 0) for k in ("errors_connect", "errors_read", "errors_write", "errors_status", "errors_timeout"))
    print("| %s | %d | %.2f | %.0f | %.1f | %.1f | %d |" % (name, r["tiles"], r["duration_s"], r["tiles_per_s"],
          r["latency_p50_ms"], r["latency_p99_ms"], errs))
print(json.dumps({"sqlite": s, "postgres": p, "one_node": one, "two_nodes_nginx": two}))
PY
