#!/usr/bin/env bash
# Sessions: create (default, named, inline), get, delete, selection by header and query,
# unknown → 404 (never a fallback), limits, and survival across a kill -9 restart.
source "$(dirname "$0")/lib.sh"
start_server

req POST /sessions '{}'; expect_status 201; expect_json .revision 0
A=$(jqr .id)
[ ${#A} -eq 32 ] || fail "session id should be 32 hex chars (128 bits): $A"
req POST /sessions; expect_status 201
EMPTY_BODY=$(jqr .id)
req POST /sessions '{"style": "default"}'; expect_status 201
NAMED=$(jqr .id)
INLINE_STYLE='{"version": 8, "name": "red", "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ff0000"}}]}'
req POST /sessions "{\"style\": $INLINE_STYLE}"; expect_status 201
B=$(jqr .id)
[ "$A" != "$B" ] || fail "ids repeat"

req GET "/sessions/$A"; expect_status 200; expect_json .id "$A"; expect_json .revision 0
[ "$(jqr .createdAt)" != null ] && [ "$(jqr .lastAccess)" != null ] || fail "missing times"

# Selection by header and by query; each sees its own style.
req GET /style "" -H "X-Session-ID: $B"; expect_status 200; expect_json .name red; expect_header ETag '"0"'
req GET "/style?session=$B"; expect_status 200; expect_json .name red
req GET "/style?session=$A"; expect_status 200; expect_json .name "Natural Earth"
req GET /style; expect_status 200; expect_json .name "Natural Earth"
req GET /style "" -H 'If-None-Match: "0"'; expect_status 304

# Equal styles share tile ETags; different styles do not.
req GET "/tiles/2/1/1.png?session=$A"; ETAG_A=$(header ETag)
req GET "/tiles/2/1/1.png?session=$NAMED"; ETAG_N=$(header ETag)
req GET "/tiles/2/1/1.png?session=$B"; expect_status 200; expect_png 256 256; ETAG_B=$(header ETag)
[ "$ETAG_A" = "$ETAG_N" ] || fail "equal styles should share ETags ($ETAG_A vs $ETAG_N)"
[ "$ETAG_A" != "$ETAG_B" ] || fail "different styles must not share ETags"

# Unknown sessions are 404 everywhere, never the default style.
for id in 0123456789abcdef0123456789abcdef nothex "../../etc/passwd"; do
  req GET "/style" "" -H "X-Session-ID: $id"; expect_error 404 unknown_session
done
req GET "/tiles/0/0/0.png?session=0123456789abcdef0123456789abcdef"; expect_error 404 unknown_session
req GET /sessions/0123456789abcdef0123456789abcdef; expect_error 404 unknown_session

# Bad create bodies.
req POST /sessions '{"style": "no-such-style"}'; expect_error 404 unknown_style
req POST /sessions '{"style": "../server"}'; expect_error 400 invalid_style_name /style
req POST /sessions '{"style": 5}'; expect_error 400 invalid_body /style
req POST /sessions '{"sytle": {}}'; expect_error 400 invalid_body /sytle
req POST /sessions '[1]'; expect_error 400 invalid_body
req POST /sessions '{"style": {"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background"}, {"id": "a", "type": "background"}]}}'
expect_status 409; expect_json .error.path /style/layers/1

# Delete.
req DELETE "/sessions/$EMPTY_BODY"; expect_status 204
req GET "/sessions/$EMPTY_BODY"; expect_error 404 unknown_session
req GET "/style?session=$EMPTY_BODY"; expect_error 404 unknown_session
req DELETE "/sessions/$EMPTY_BODY"; expect_error 404 unknown_session
req DELETE /sessions/default; expect_status 403
# The shipped config keeps the default map read-only: an anonymous client cannot restyle it.
req PATCH /layers/background '{"paint": {"background-color": "#000"}}'; expect_error 403 read_only
req POST /layers '{"layer": {"id": "x", "type": "background"}}'; expect_error 403 read_only

# kill -9 and restart: acknowledged sessions come back.
stop_server KILL
start_server
req GET "/sessions/$A"; expect_status 200
req GET "/style?session=$B"; expect_status 200; expect_json .name red
req GET "/sessions/$EMPTY_BODY"; expect_error 404 unknown_session
stop_server

# Session limit (a server with maxSessions 2; sessions never idle out during the checks).
limits_server() {  # limits_server IDLE_SECONDS: (re)starts the limited server
  stop_server
  cat > "$WORK/limits.json" <<JSON
{"dataDir": "$WORK/data", "stylesDir": "$STRATA_ROOT/config/styles", "publicDir": "$STRATA_ROOT/Public",
 "maxSessions": 2, "sessionIdleSeconds": $1, "maxStyleBytes": 2000, "store": ":memory:", "defaultSessionReadOnly": true}
JSON
  : > "$WORK/server.log"
  "$STRATA_BIN" serve --config "$WORK/limits.json" --port 0 --render-timeout-ms "$TEST_RENDER_BUDGET_MS" >"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  PORT=""
  for _ in $(seq 1 600); do PORT=$(sed -n 's/^strata listening on http:\/\/[^:]*:\([0-9]*\)$/\1/p' "$WORK/server.log"); [ -n "$PORT" ] && break; sleep 0.05; done
  [ -n "$PORT" ] || fail "the limited server did not report its port"
  BASE="http://127.0.0.1:$PORT"
}
limits_server 3600
req PATCH /layers/background '{"paint": {"background-color": "#000"}}'; expect_error 403 read_only
req GET /style; expect_status 200
req POST /sessions '{}'; expect_status 201; S1=$(jqr .id)
req PATCH "/layers/background?session=$S1" '{"paint": {"background-color": "#000"}}'; expect_status 200
req POST /sessions '{}'; expect_status 201
req POST /sessions '{}'; expect_error 503 session_limit; [ -n "$(header Retry-After)" ] || fail "no Retry-After"
BIG=$(python3 -c 'import json; print(json.dumps({"style": {"version": 8, "name": "x" * 3000, "sources": {}, "layers": []}}))')
req POST /sessions "$BIG"; expect_status 413

# Idle expiry (1 s): the session is swept however long the machine takes to get there. The
# wait reads the strata_sessions gauge of /metrics (which touches no session), bounded at 2 minutes.
limits_server 1
sessions_gauge() { curl -s --max-time 120 "$BASE/metrics" | sed -n 's/^strata_sessions \([0-9.e+]*\).*/\1/p' | head -1; }
BEFORE=$(sessions_gauge)
req POST /sessions '{}'; expect_status 201; S1=$(jqr .id)
[ "$(sessions_gauge)" != "$BEFORE" ] || fail "strata_sessions did not count the new session"
gone=""
for _ in $(seq 1 1200); do
  [ "$(sessions_gauge)" = "$BEFORE" ] && { gone=1; break; }
  sleep 0.1
done
[ -n "$gone" ] || fail "the idle session was not swept within 2 minutes"
req GET "/sessions/$S1"; expect_error 404 unknown_session
req POST /sessions '{}'; expect_status 201
req GET /health; expect_status 200
done_ok
