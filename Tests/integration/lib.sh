#!/usr/bin/env bash
# Shared helpers for the curl integration scripts (sourced, not run).
# Each script gets STRATA_BIN (the built binary) and STRATA_ROOT (the package root).
# A script calls start_server, then req/expect_* helpers; the first failed check exits 1.
set -euo pipefail

: "${STRATA_ROOT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
: "${STRATA_BIN:=$STRATA_ROOT/.build/debug/strata}"
command -v jq >/dev/null || { echo "jq is required (apt-get install jq)"; exit 1; }
command -v curl >/dev/null || { echo "curl is required"; exit 1; }
# is_ci: true under CI=true/1/yes, where an optional checker that is missing is a failure.
is_ci() { case "${CI:-}" in true|TRUE|True|1|yes) return 0 ;; *) return 1 ;; esac; }
if is_ci && ! command -v pngcheck >/dev/null; then echo "pngcheck is required under CI (apt-get install pngcheck)"; exit 1; fi

WORK=$(mktemp -d /tmp/strata-it.XXXXXX)
# Every server a test starts gets a render budget no test render meets: a debug build on a busy
# machine must never turn a render into a 503. What a render costs is asserted as CPU seconds
# (render_cpu, expect_cpu_since); the budget's own 503 is tested in RenderPoolTests.
TEST_RENDER_BUDGET_MS=600000
SERVER_PID=""
PORT=""
BASE=""
CHECKS=0
STATUS=""
BODY="$WORK/body"
HEADERS="$WORK/headers"

cleanup() {
  stop_server
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
  echo "FAIL (line ${BASH_LINENO[1]:-?}): $*" >&2
  if [ -s "$HEADERS" ]; then echo "--- last response headers:" >&2; cat "$HEADERS" >&2; fi
  if [ -s "$BODY" ]; then echo "--- last response body:" >&2; head -c 2000 "$BODY" >&2; echo >&2; fi
  if [ -n "${SERVER_LOG:-}" ] && [ -s "$SERVER_LOG" ]; then echo "--- server log (tail):" >&2; tail -20 "$SERVER_LOG" >&2; fi
  exit 1
}

pass() { CHECKS=$((CHECKS + 1)); }

# start_server [extra serve args...]: temp data dir (a copy of config/data) + temp store,
# any free port; waits for /health = 200.
start_server() {
  if [ ! -d "$WORK/data" ]; then
    mkdir -p "$WORK/data"
    cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
  fi
  SERVER_LOG="$WORK/server.log"
  # Made here, not only by the server's redirection: that happens in the child after the fork,
  # and a first `sed` reading it before then failed the script (set -e, pipefail: status 2).
  : > "$SERVER_LOG"
  "$STRATA_BIN" serve --config "${STRATA_CONFIG:-$STRATA_ROOT/config/server.json}" --port 0 --render-timeout-ms "$TEST_RENDER_BUDGET_MS" \
    --data-dir "$WORK/data" --store "$WORK/store.sqlite" "$@" >"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 1200); do
    PORT=$(sed -n 's/^strata listening on http:\/\/[^:]*:\([0-9]*\)$/\1/p' "$SERVER_LOG" | head -1)
    if [ -n "$PORT" ]; then break; fi
    kill -0 "$SERVER_PID" 2>/dev/null || fail "server exited during start-up"
    sleep 0.05
  done
  [ -n "$PORT" ] || fail "server did not report its port"
  BASE="http://127.0.0.1:$PORT"
  for _ in $(seq 1 1200); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/health")" = "200" ]; then return 0; fi
    sleep 0.05
  done
  fail "server did not become healthy"
}

# use_config JSON: the next start_server reads config/server.json with JSON's keys merged in
# (its folders made absolute, so the file can live in $WORK).
use_config() {
  STRATA_CONFIG="$WORK/server.json"
  jq --arg root "$STRATA_ROOT/config" --argjson extra "$1" \
    '.stylesDir = ($root + "/styles") | .publicDir = ($root + "/../Public") | . + $extra' \
    "$STRATA_ROOT/config/server.json" > "$STRATA_CONFIG" || fail "use_config: bad JSON"
}

# stop_server [signal]: TERM by default (graceful); KILL for crash tests.
stop_server() {
  local sig="${1:-TERM}"
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "-$sig" "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.05; done
    kill -0 "$SERVER_PID" 2>/dev/null && kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
}

# expect_graceful_stop: SIGTERM must end the server on its own, with exit status 0.
expect_graceful_stop() {
  kill -TERM "$SERVER_PID"
  local rc=0
  for _ in $(seq 1 100); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.05; done
  kill -0 "$SERVER_PID" 2>/dev/null && fail "server still running 5 s after SIGTERM"
  wait "$SERVER_PID" || rc=$?
  [ "$rc" = 0 ] || fail "server exited with status $rc after SIGTERM"
  SERVER_PID=""
  pass
}

# req METHOD PATH [BODY|@file] [curl args...]: sets STATUS, writes $BODY and $HEADERS.
req() {
  local method="$1" path="$2"; shift 2
  local data=()
  if [ $# -gt 0 ]; then
    if [ -n "$1" ]; then data=(--data-binary "$1" -H 'Content-Type: application/json'); fi
    shift
  fi
  # A request that hangs fails the script (in 2 minutes) instead of stalling the test run.
  STATUS=$(curl -s --max-time 120 -X "$method" "${data[@]}" "$@" -D "$HEADERS" -o "$BODY" -w '%{http_code}' "$BASE$path") \
    || fail "curl $method $path failed (server down, or no answer in 120 s?)"
}

expect_status() {
  [ "$STATUS" = "$1" ] || fail "expected status $1, got $STATUS (${2:-})"
  pass
}

# header NAME: value of a response header (case-insensitive), without CR.
header() { grep -i "^$1:" "$HEADERS" | head -1 | sed 's/^[^:]*: *//' | tr -d '\r'; }

expect_header() {
  local v; v=$(header "$1")
  [ "$v" = "$2" ] || fail "expected header $1: '$2', got '$v'"
  pass
}

expect_header_prefix() {
  local v; v=$(header "$1")
  case "$v" in "$2"*) pass ;; *) fail "expected header $1 starting with '$2', got '$v'" ;; esac
}

# jqr FILTER: evaluates a jq filter on the last body (raw output).
jqr() { jq -r "$1" "$BODY" 2>/dev/null || fail "response is not JSON (jq $1)"; }

# expect_json FILTER VALUE: jq -r output must equal VALUE.
expect_json() {
  local v; v=$(jqr "$1")
  [ "$v" = "$2" ] || fail "expected $1 = '$2', got '$v'"
  pass
}

# expect_error STATUS CODE [PATH]: the contract's error JSON.
expect_error() {
  expect_status "$1"
  expect_header_prefix Content-Type application/json
  expect_json .error.status "$1"
  expect_json .error.code "$2"
  [ -n "$(jqr .error.message)" ] || fail "error without message"
  if [ $# -ge 3 ]; then expect_json .error.path "$3"; fi
}

# expect_png WIDTH HEIGHT: PNG signature and IHDR size of the last body.
expect_png() {
  expect_header Content-Type image/png
  local sig; sig=$(head -c 8 "$BODY" | od -An -tx1 | tr -d ' \n')
  [ "$sig" = "89504e470d0a1a0a" ] || fail "not a PNG (signature $sig)"
  local w h
  w=$(od -An -tu4 --endian=big -j16 -N4 "$BODY" | tr -d ' ')
  h=$(od -An -tu4 --endian=big -j20 -N4 "$BODY" | tr -d ' ')
  [ "$w" = "$1" ] && [ "$h" = "$2" ] || fail "expected a ${1}x${2} PNG, got ${w}x${h}"
  if command -v pngcheck >/dev/null; then pngcheck -q "$BODY" >/dev/null || fail "pngcheck rejects the PNG"; fi
  pass
}

# new_session [BODY]: creates a session, prints its id.
new_session() {
  req POST /sessions "${1:-{\}}"
  expect_status 201 "POST /sessions"
  jqr .id
}

# The straight RGBA of a PNG's pixel: python3 "$PIXEL" FILE X Y.
PIXEL="$STRATA_ROOT/Tests/integration/tools/png_pixel.py"
# expect_pixel X Y R G B [TOL]: straight RGBA of the last PNG body within TOL (default 4), opaque.
expect_pixel() {
  local tol="${6:-4}" got
  got=$(python3 "$PIXEL" "$BODY" "$1" "$2") || fail "cannot decode the PNG"
  read -r r g b a <<<"$got"
  for pair in "$r:$3" "$g:$4" "$b:$5" "$a:255"; do
    local v=${pair%%:*} want=${pair##*:}
    [ $(( v > want ? v - want : want - v )) -le "$tol" ] || fail "pixel ($1, $2) is ($got), expected ($3 $4 $5 255) ±$tol"
  done
  pass
}

# render_cpu: the server's render threads' CPU seconds so far (strata_render_cpu_seconds_total).
# Work done, not wall time: a busy machine does not inflate it. Leaves $BODY alone.
render_cpu() {
  curl -s --max-time 120 "$BASE/metrics" | sed -n 's/^strata_render_cpu_seconds_total \([0-9.e+-]*\).*/\1/p' | head -1
}

# expect_cpu_since BEFORE LIMIT WHAT: the renders since BEFORE (a render_cpu reading) took at
# most LIMIT CPU seconds.
expect_cpu_since() {
  local now; now=$(render_cpu)
  [ -n "$now" ] || fail "no strata_render_cpu_seconds_total in /metrics"
  python3 -c "import sys; sys.exit(0 if float('$now') - float('$1') <= float('$2') else 1)" \
    || fail "$3 took $(python3 -c "print(round(float('$now') - float('$1'), 3))") CPU s, more than $2"
  pass
}

done_ok() { echo "ok: $(basename "$0") ($CHECKS checks)"; }
