#!/usr/bin/env bash
# A remote upstream that misbehaves (Tests/integration/tools/fault_upstream.py, on loopback):
# each fault has its answer. Transient failures are a 502/504 JSON error with Retry-After that
# names the host, never a blank 200 and never cached; a 404 is an empty tile; oversized bodies,
# redirect loops and redirects to a host not allowed are refused (the latter before anything
# connects to it); a stale copy is served while the upstream fails, and fresh data returns.
source "$(dirname "$0")/lib.sh"
free() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
UP=$(free); AWAY=$(free)
FAULTS="$STRATA_ROOT/Tests/integration/tools/fault_upstream.py"
python3 "$FAULTS" --port "$UP" --away-port "$AWAY" --log "$WORK/up.log" >"$WORK/up.out" 2>&1 &
UP_PID=$!
# The redirect target: another loopback address, not on the allow-list; it must see nothing.
python3 "$FAULTS" --host 127.0.0.2 --port "$AWAY" --log "$WORK/away.log" >"$WORK/away.out" 2>&1 &
AWAY_PID=$!
trap 'kill $UP_PID $AWAY_PID 2>/dev/null; cleanup' EXIT
for f in up.out away.out; do
  for _ in $(seq 1 600); do grep -q ready "$WORK/$f" 2>/dev/null && break; sleep 0.1; done
  grep -q ready "$WORK/$f" || fail "fault_upstream.py ($f) did not start"
done
touch "$WORK/up.log" "$WORK/away.log"
use_config '{"remoteHosts": ["127.0.0.1"], "remotePrivateHosts": ["127.0.0.1"], "remoteTimeoutMs": 1500}'
start_server

# raster PATH [OPACITY]: a session drawing 256 px raster tiles from the upstream's PATH.
raster() {
  req POST /sessions "{\"style\": {\"version\": 8, \"sources\": {\"r\": {\"type\": \"raster\", \"tileSize\": 256,
    \"tiles\": [\"http://127.0.0.1:$UP/$1/{z}/{x}/{y}.png\"]}},
    \"layers\": [{\"id\": \"bg\", \"type\": \"background\", \"paint\": {\"background-color\": \"#ffffff\"}},
                 {\"id\": \"r\", \"type\": \"raster\", \"source\": \"r\", \"paint\": {\"raster-opacity\": ${2:-1}}}]}}"
  expect_status 201 "session for /$1"; jqr .id
}
requests() { grep -c "^/$1/" "$WORK/up.log" || true; }

S=$(raster ok)
req GET "/tiles/1/0/0.png?session=$S"; expect_status 200; expect_png 256 256; expect_pixel 128 128 255 0 0

# Transient failures: 502 (504 for a timeout) with Retry-After, JSON naming the host; retried once.
for fault in e500 reset trunc slow; do
  S=$(raster $fault)
  req GET "/tiles/1/0/0.png?session=$S"
  if [ $fault = slow ]; then expect_error 504 upstream_timeout; else expect_error 502 upstream_failed; fi
  [ "$(header Retry-After)" = 5 ] || fail "$fault: no Retry-After"
  grep -q '127.0.0.1' "$BODY" || fail "$fault: the error does not name the host"
  pass
  [ "$(requests $fault)" -ge 2 ] || fail "$fault: a transient failure was not retried ($(requests $fault) requests)"
  pass
done
req GET /health; expect_json .status degraded; expect_json '.upstreams.failing[0]' 127.0.0.1

# Permanent answers: a 404 is an empty tile (the background shows); garbage draws nothing.
S=$(raster gone); req GET "/tiles/1/0/0.png?session=$S"; expect_status 200; expect_pixel 128 128 255 255 255
S=$(raster garbage); req GET "/tiles/1/0/0.png?session=$S"; expect_status 200; expect_pixel 128 128 255 255 255
# ... and says so: the session's warnings, the log and /metrics.
req GET "/sessions/$S/warnings"; expect_status 200; expect_json '.warnings[0].kind' raster_tile
grep -q "render skipped: raster tile" "$SERVER_LOG" || fail "the undecodable tile was not logged"
req GET /metrics; grep -q 'strata_render_warnings_total{kind="raster_tile"} 1' "$BODY" || fail "the undecodable tile was not counted"
pass
# Refusals: a body over the tile limit, a redirect loop, a redirect to a host not allowed.
for fault in big loop away; do
  S=$(raster $fault); req GET "/tiles/1/0/0.png?session=$S"; expect_error 502 upstream_failed
done
[ ! -s "$WORK/away.log" ] || fail "the redirect target outside the allow-list saw a request: $(cat "$WORK/away.log")"
pass
MOST=$(grep '^/loop/' "$WORK/up.log" | cut -d' ' -f1 | sort | uniq -c | sort -rn | head -1 | awk '{print $1}')
[ "${MOST:-0}" -ge 1 ] && [ "$MOST" -le 4 ] || fail "one URL of the redirect loop was requested $MOST times (1 + 3 redirects at most)"
pass

# no-store: used for the render that fetched it, asked again for the next render.
S=$(raster nostore); req GET "/tiles/1/0/0.png?session=$S"; expect_status 200; expect_pixel 128 128 0 255 0
S=$(raster nostore 0.99); req GET "/tiles/1/0/0.png?session=$S"; expect_status 200
[ "$(requests nostore)" -ge 2 ] || fail "a no-store body was reused"
pass

# Stale if error: the upstream fails after a first success; the stale copy serves new renders.
# Then it comes back with new content (another ETag): fresh data returns.
# (/ok answers max-age=0: once the fetching render's 2 s hand-off has passed, every use revalidates.)
S=$(raster ok 0.9); req GET "/tiles/1/0/0.png?session=$S"; expect_status 200
sleep 2.5
curl -s "http://127.0.0.1:$UP/admin/down" >/dev/null
S=$(raster ok 0.8); req GET "/tiles/1/0/0.png?session=$S"; expect_status 200 "stale copy while the upstream fails"
expect_pixel 128 128 255 51 51
grep -q '^/ok/.* 500$' "$WORK/up.log" || fail "the stale copy was not revalidated against the failing upstream"
pass
# max-age=1 (not strict): once stale, renders use the copy at once and it is revalidated in the
# background (stale-while-revalidate), which the failing upstream then sees.
curl -s "http://127.0.0.1:$UP/admin/up" >/dev/null
S=$(raster swr 0.9); req GET "/tiles/1/0/0.png?session=$S"; expect_status 200
sleep 3.5
curl -s "http://127.0.0.1:$UP/admin/down" >/dev/null
S=$(raster swr 0.8); req GET "/tiles/1/0/0.png?session=$S"; expect_status 200 "stale while revalidating"
expect_pixel 128 128 255 51 51
revalidated() { grep -q '^/swr/.* 500$' "$WORK/up.log"; }
for _ in $(seq 1 1200); do revalidated && break; sleep 0.1; done
revalidated || fail "the stale copy was not revalidated in the background"
pass
curl -s "http://127.0.0.1:$UP/admin/colour/0000ff" >/dev/null
curl -s "http://127.0.0.1:$UP/admin/up" >/dev/null
fresh=""
for i in $(seq 1 240); do   # a new render each time, until the failure window has passed
  S=$(raster ok "0.7$i"); req GET "/tiles/1/0/0.png?session=$S"
  [ "$STATUS" = 200 ] && [ "$(python3 "$PIXEL" "$BODY" 128 128 | cut -d' ' -f3)" -gt 200 ] && { fresh=1; break; }
  sleep 0.5
done
[ -n "$fresh" ] || fail "the new content did not return after the upstream came back"
pass
grep -q 'ETag\|If-None-Match' "$SERVER_LOG" && fail "request headers leaked into the log"

# A rendered tile's ETag names the remote data it was drawn from: once the upstream changed and
# the copy was revalidated, a conditional GET with the old ETag is a 200 with a new ETag.
curl -s "http://127.0.0.1:$UP/admin/colour/ff0000" >/dev/null
sleep 2.5                   # the copy fetched above is past its hand-off: the next render revalidates it
S=$(raster ok 0.55); req GET "/tiles/1/0/0.png?session=$S"; expect_status 200; expect_pixel 128 128 255 115 115
OLD=$(header ETag); [ -n "$OLD" ] || fail "no ETag"
req GET "/tiles/1/0/0.png?session=$S" "" -H "If-None-Match: $OLD"; expect_status 304 "the upstream data did not change"
curl -s "http://127.0.0.1:$UP/admin/colour/00ff00" >/dev/null
sleep 2.5                   # /ok is max-age=0: past the 2 s hand-off, the next render revalidates it
req GET "/tiles/1/0/0.png?session=$S" "" -H "If-None-Match: $OLD"; expect_status 200 "the upstream data changed"
expect_pixel 128 128 115 255 115
NEW=$(header ETag); [ -n "$NEW" ] && [ "$NEW" != "$OLD" ] || fail "the ETag did not change with the upstream data ($OLD, $NEW)"
pass
req GET "/tiles/1/0/0.png?session=$S" "" -H "If-None-Match: $NEW"; expect_status 304 "the new ETag is current"

# A remote sprite that changes upstream is read again, not served from the sprite cache: the
# sprite (max-age=0) is revalidated, its new body changes what was built from it, and the ETag.
curl -s "http://127.0.0.1:$UP/admin/colour/ff0000" >/dev/null
req POST /sessions "{\"style\": {\"version\": 8, \"sprite\": \"http://127.0.0.1:$UP/sprite/s\", \"sources\": {},
  \"layers\": [{\"id\": \"bg\", \"type\": \"background\", \"paint\": {\"background-pattern\": \"dot\"}}]}}"
expect_status 201 "session with a remote sprite"; S=$(jqr .id)
req GET "/tiles/1/0/0.png?session=$S"; expect_status 200; expect_pixel 128 128 255 0 0
OLD=$(header ETag)
curl -s "http://127.0.0.1:$UP/admin/colour/0000ff" >/dev/null
sleep 2.5
req GET "/tiles/1/0/0.png?session=$S" "" -H "If-None-Match: $OLD"; expect_status 200 "the sprite changed upstream"
expect_pixel 128 128 0 0 255
[ "$(header ETag)" != "$OLD" ] || fail "the ETag did not change with the sprite"
pass
grep -q '^/sprite/s.png 200$' "$WORK/up.log" || fail "the sprite was not fetched"

# A remote TileJSON that changes upstream (its tiles move) is read again: the source's new tiles draw.
curl -s "http://127.0.0.1:$UP/admin/colour/ff0000" >/dev/null
req POST /sessions "{\"style\": {\"version\": 8, \"sources\": {\"r\": {\"type\": \"raster\", \"url\": \"http://127.0.0.1:$UP/tilejson/t.json\"}},
  \"layers\": [{\"id\": \"r\", \"type\": \"raster\", \"source\": \"r\"}]}}"
expect_status 201 "session with a remote TileJSON"; S=$(jqr .id)
req GET "/tiles/1/0/0.png?session=$S"; expect_status 200; expect_pixel 128 128 255 0 0
curl -s "http://127.0.0.1:$UP/admin/colour/00ff00" >/dev/null
sleep 2.5
req GET "/tiles/1/0/0.png?session=$S"; expect_status 200 "the TileJSON changed upstream"; expect_pixel 128 128 0 255 0
grep -q '^/fixed/00ff00/' "$WORK/up.log" || fail "the new TileJSON's tiles were not fetched"
pass

# A session's upstream fetches are budgeted (remoteFetchesPerMinute): beyond, 429 + Retry-After.
stop_server
use_config '{"remoteHosts": ["127.0.0.1"], "remotePrivateHosts": ["127.0.0.1"], "remoteFetchesPerMinute": 3}'
start_server
S=$(raster ok)
req GET "/tiles/1/0/0.png?session=$S"; expect_status 200
codes=""
for t in 3/0/0 3/1/1 3/2/2 3/3/3; do req GET "/tiles/$t.png?session=$S"; codes="$codes $STATUS"; done
case "$codes" in *429*) pass ;; *) fail "no 429 after the fetch budget was spent: $codes" ;; esac
req GET "/tiles/3/4/4.png?session=$S"; expect_error 429 remote_budget
[ -n "$(header Retry-After)" ] || fail "429 without Retry-After"
pass
done_ok
