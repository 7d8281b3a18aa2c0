#!/usr/bin/env bash
# The HTTP spine: health, metrics, viewer, unknown routes, wrong methods, body limits, malformed
# JSON, tiles/static/TileJSON and their error paths; the server keeps serving after each.
source "$(dirname "$0")/lib.sh"
start_server

req GET /health; expect_status 200; expect_json .status ok
req GET /; expect_status 200; expect_header_prefix Content-Type text/html
req GET /nope; expect_error 404 unknown_route
req GET /layers/a/b/c/d; expect_error 404 unknown_route
req DELETE /health; expect_error 405 method_not_allowed; expect_header Allow GET
req PUT /sessions; expect_error 405 method_not_allowed; expect_header Allow POST

# Malformed JSON: 400 with line and column.
req POST /sessions '{"style": ,}'; expect_error 400 malformed_json
jqr .error.message | grep -q "line 1, column 11" || fail "no position in: $(jqr .error.message)"
req POST /sessions $'{\n  "style": [1,\n}'; expect_error 400 malformed_json
jqr .error.message | grep -q "line 3" || fail "no line 3 in: $(jqr .error.message)"

# 413 on a huge body (config maxBodyBytes = 32 MiB), declared and streamed (chunked).
head -c 40000000 /dev/zero > "$WORK/huge"
# The server answers 413 and closes while curl is still sending, so curl may exit non-zero
# (55: failed sending data) after receiving the status: judge the status, not curl's exit.
STATUS=$(curl -s -D "$HEADERS" -o "$BODY" -w '%{http_code}' -H 'Content-Type: application/json' --data-binary "@$WORK/huge" "$BASE/sessions" || true)
expect_error 413 payload_too_large
STATUS=$(head -c 40000000 /dev/zero | curl -s -D "$HEADERS" -o "$BODY" -w '%{http_code}' -H 'Transfer-Encoding: chunked' --data-binary @- "$BASE/sessions" || true)
expect_error 413 payload_too_large
req GET /health; expect_status 200 "still serving after 413"

# Tiles.
req GET /tiles/0/0/0.png; expect_status 200; expect_png 256 256
expect_header Cache-Control no-cache
ETAG=$(header ETag); [ -n "$ETAG" ] || fail "no ETag"
req GET /tiles/0/0/0.png "" -H "If-None-Match: $ETAG"; expect_status 304; expect_header ETag "$ETAG"
# Session-dependent answers vary on the session header (304s and errors too); static files do not.
expect_header Vary X-Session-ID
req GET /tiles/0/0/0.png; expect_header Vary X-Session-ID
req GET /layers; expect_header Vary X-Session-ID
req GET /tiles/99/0/0.png; expect_header Vary X-Session-ID
req GET /health; [ -z "$(header Vary)" ] || fail "/health does not depend on the session"; pass
req GET /css/viewer.css; [ -z "$(header Vary)" ] || fail "static files do not depend on the session"; pass
req GET /tiles/3/7/7@2x.png; expect_status 200; expect_png 512 512
req GET /tiles/3/7/7@4x.png; expect_status 200; expect_png 1024 1024
req GET /tiles/512/2/1/1.png; expect_status 200; expect_png 512 512
req GET /tiles/512/2/1/1@2x.png; expect_status 200; expect_png 1024 1024
for bad in /tiles/1/2/0.png /tiles/1/0/2.png /tiles/-1/0/0.png /tiles/a/0/0.png /tiles/1/0/0.5.png \
           /tiles/1/0/0@5x.png /tiles/1/0/0@1.5x.png /tiles/25/0/0.png /tiles/1/0/0.gif /tiles/512/1/0/9.png; do
  req GET "$bad"; expect_error 400 invalid_tile
done
req GET /health; expect_status 200

# TileJSON carries the style hash; a URL with it is immutable.
req GET /tiles.json; expect_status 200; expect_json .tilejson 3.0.0
TILE_URL=$(jqr '.tiles[0]')
case "$TILE_URL" in *"/tiles/{z}/{x}/{y}.png?v="*) pass ;; *) fail "bad tiles url $TILE_URL" ;; esac
V=${TILE_URL##*v=}
req GET "/tiles/1/1/1.png?v=$V"; expect_status 200; expect_header Cache-Control "public, max-age=31536000, immutable"
req GET "/tiles/1/1/1.png?v=stale"; expect_status 200; expect_header Cache-Control no-cache

# Static images.
req GET "/static/0,0,1/300x200.png"; expect_status 200; expect_png 300 200
req GET "/static/-122.4,37.8,10.5,45/300x200@2x.png"; expect_status 200; expect_png 600 400
req GET "/static/0,0,-2/10x10@1.5x.png"; expect_status 200; expect_png 15 15
req GET "/static/190,0,1/20x10.png"; expect_status 200; expect_png 20 10   # longitudes beyond ±180 are places on the repeating world
req GET "/static/0,0,0/8192x1.png"; expect_status 200; expect_png 8192 1
for bad in "0,0/10x10.png" "0,0,25/10x10.png" "0,0,1/10x10@0x.png" "0,0,1/10x10@11x.png" "0,0,1/8193x1.png" \
           "0,0,1/5000x1@2x.png" "1e1,0,1/10x10.png" "0,0,1/10.5x10.png" "0,0,1,abc/10x10.png" "0,91,1/10x10.png"; do
  req GET "/static/$bad"; expect_error 400 invalid_view
done
req POST /static '{"center": [10, 50], "zoom": 3, "width": 64, "height": 32, "pixelRatio": 2}'
expect_status 200; expect_png 128 64
req POST /static '{"center": [10, 50], "zoom": 3, "width": 64, "height": 32, "style": {"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ff0000"}}]}}'
expect_status 200; expect_png 64 32
req POST /static '{"center": [10], "zoom": 3, "width": 64, "height": 32}'; expect_error 400 invalid_body /center
req POST /static '{"center": [10, 50], "zoom": 30, "width": 64, "height": 32}'; expect_error 400 invalid_view
req POST /static '{"center": [10, 50], "zoom": 3, "width": 64, "height": 32, "style": {"version": 7}}'
expect_status 400; expect_json .error.path /style/version

# Metrics.
req GET /metrics; expect_status 200
grep -q 'strata_http_requests_total{.*route="/tiles/{z}/{x}/{y}"' "$BODY" || fail "no per-route request counter"
grep -q '^strata_tile_cache_hits_total' "$BODY" || fail "no cache hit counter"
grep -q 'strata_render_seconds_bucket' "$BODY" || fail "no render histogram"
grep -q '^strata_sessions' "$BODY" || fail "no sessions gauge"
grep -q 'strata_http_request_duration_seconds_bucket' "$BODY" || fail "no latency histogram"

req GET /health; expect_status 200
expect_graceful_stop

# Start-up failures name the file and the problem, with a non-zero exit.
set +e
"$STRATA_BIN" serve --config "$WORK/missing.json" --port 0 >"$WORK/out" 2>&1; rc=$?
set -e
[ "$rc" != 0 ] && grep -q "missing.json: file not found" "$WORK/out" || fail "missing config: rc=$rc $(cat "$WORK/out")"
printf '{"port": 80,\n "colour": 1}' > "$WORK/bad.json"
set +e; "$STRATA_BIN" serve --config "$WORK/bad.json" >"$WORK/out" 2>&1; rc=$?; set -e
[ "$rc" != 0 ] && grep -q "bad.json: /colour: unknown key" "$WORK/out" || fail "bad config: rc=$rc $(cat "$WORK/out")"
printf '{"port": ' > "$WORK/bad.json"
set +e; "$STRATA_BIN" serve --config "$WORK/bad.json" >"$WORK/out" 2>&1; rc=$?; set -e
[ "$rc" != 0 ] && grep -q "bad.json: malformed JSON.*line 1" "$WORK/out" || fail "malformed config: rc=$rc $(cat "$WORK/out")"
printf '{"dataDir": "%s", "defaultStyle": "nope"}' "$WORK/data" > "$WORK/bad.json"
set +e; "$STRATA_BIN" serve --config "$WORK/bad.json" >"$WORK/out" 2>&1; rc=$?; set -e
[ "$rc" != 0 ] && grep -q "/defaultStyle: style file not found" "$WORK/out" || fail "missing style: rc=$rc $(cat "$WORK/out")"
set +e; "$STRATA_BIN" serve --config "$STRATA_ROOT/config/server.json" --data-dir "$WORK/nowhere" --port 0 >"$WORK/out" 2>&1; rc=$?; set -e
[ "$rc" != 0 ] && grep -q "/dataDir: directory not found" "$WORK/out" || fail "missing data dir: rc=$rc $(cat "$WORK/out")"
pass
done_ok
