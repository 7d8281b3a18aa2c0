#!/usr/bin/env bash
# Cluster helpers for the integration scripts (sourced after lib.sh): a PostgreSQL server,
# Strata nodes on fixed ports sharing it, and nginx in front with deploy/nginx.conf.
# Without postgresql/nginx a script skips locally and fails under CI=true.

PGDIR="$WORK/pg"
PG="$STRATA_ROOT/Tests/integration/tools/postgres.sh"
declare -A NODE_PID NODE_PORT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# require_cluster_tools: postgres binaries and nginx, else skip (exit 0) or fail under CI.
require_cluster_tools() {
  local missing=""
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="postgresql"
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
  if [ -n "$missing" ]; then
    if is_ci; then echo "FAIL: $missing required under CI (apt-get install $missing)"; exit 1; fi
    echo "skip: $(basename "$0") needs $missing (apt-get install$missing)"; exit 0
  fi
}

start_postgres() {
  PG_PORT=$(bash "$PG" start "$PGDIR") || fail "PostgreSQL did not start"
  export STRATA_PG_PASSWORD=strata-test
  PG_URL="postgres://strata@127.0.0.1:$PG_PORT/strata"
}

# start_node NAME [port]: a node on a fixed port (so it can come back on the same one).
start_node() {
  local name="$1" port="${2:-$(free_port)}"
  mkdir -p "$WORK/data"; cp -n "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/" 2>/dev/null || true
  "$STRATA_BIN" serve --config "$STRATA_ROOT/config/server.json" --port "$port" --render-timeout-ms "$TEST_RENDER_BUDGET_MS" --data-dir "$WORK/data" \
    --store "$PG_URL" >>"$WORK/node-$name.log" 2>&1 &
  NODE_PID[$name]=$!
  NODE_PORT[$name]=$port
  for _ in $(seq 1 1200); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/health")" = 200 ]; then return 0; fi
    kill -0 "${NODE_PID[$name]}" 2>/dev/null || { cat "$WORK/node-$name.log" >&2; fail "node $name exited during start-up"; }
    sleep 0.05
  done
  fail "node $name did not become healthy"
}

kill_node() {  # kill_node NAME [signal]
  local pid="${NODE_PID[$1]:-}"
  [ -n "$pid" ] || return 0
  kill "-${2:-TERM}" "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  NODE_PID[$1]=""
}

node_url() { echo "http://127.0.0.1:${NODE_PORT[$1]}"; }

# wait_until WHAT COMMAND...: polls COMMAND every 0.1 s until it succeeds; fails after 2 minutes.
# Tests wait for events, not for a number of seconds that a busy machine may not keep.
wait_until() {
  local what="$1"; shift
  for _ in $(seq 1 1200); do "$@" && return 0; sleep 0.1; done
  fail "waited 2 minutes for $what"
}
# lines_at_least FILE N: FILE has N lines or more.
lines_at_least() { [ "$(wc -l < "$1" 2>/dev/null || echo 0)" -ge "$2" ]; }

# start_nginx A B: deploy/nginx.conf with the two nodes' ports, on a free port → $LB.
start_nginx() {
  local a="$1" b="$2" dir="$WORK/nginx"
  mkdir -p "$dir/logs"
  NGINX_PORT=$(free_port)
  sed -e "s/127.0.0.1:8081/127.0.0.1:${NODE_PORT[$a]}/" -e "s/127.0.0.1:8082/127.0.0.1:${NODE_PORT[$b]}/" \
      -e "s/listen 8080;/listen 127.0.0.1:$NGINX_PORT;/" "$STRATA_ROOT/deploy/nginx.conf" > "$dir/strata.conf"
  local user=""; [ "$(id -u)" = 0 ] && user="user root;"
  cat > "$dir/nginx.conf" <<CONF
$user
worker_processes 1;
error_log $dir/logs/error.log warn;
pid $dir/nginx.pid;
events { worker_connections 512; }
http {
    access_log off;
    client_body_temp_path $dir/body;
    proxy_temp_path $dir/proxy;
    fastcgi_temp_path $dir/fastcgi;
    uwsgi_temp_path $dir/uwsgi;
    scgi_temp_path $dir/scgi;
    include $dir/strata.conf;
}
CONF
  "$(command -v nginx || echo /usr/sbin/nginx)" -p "$dir" -c "$dir/nginx.conf" || fail "nginx did not start"
  LB="http://127.0.0.1:$NGINX_PORT"
  for _ in $(seq 1 100); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$LB/health")" = 200 ] && return 0
    sleep 0.05
  done
  fail "nginx does not answer"
}

stop_cluster() {
  [ -f "$WORK/nginx/nginx.pid" ] && kill "$(cat "$WORK/nginx/nginx.pid")" 2>/dev/null || true
  for n in "${!NODE_PID[@]}"; do kill_node "$n" KILL; done
  [ -d "$PGDIR" ] && bash "$PG" stop "$PGDIR" || true
}

cluster_cleanup() { stop_cluster; cleanup; }
trap cluster_cleanup EXIT

# code METHOD URL [BODY]: the status code only.
code() {
  local data=()
  [ -n "${3:-}" ] && data=(--data-binary "$3" -H 'Content-Type: application/json')
  curl -s --max-time 60 -o /dev/null -w '%{http_code}' -X "$1" "${data[@]}" "$2" || echo 000
}
