#!/usr/bin/env bash
# A remote PMTiles archive (pmtiles://http://127.0.0.1:PORT/x.pmtiles) read over HTTP by range
# requests from a loopback server that honours Range (tools/range_server.py): every tile draws
# its own colour, every request is a range (never the whole file), and the header and root
# directory are fetched once, not once per tile. A server that ignores Range (200, the whole
# file) still gives the right tiles: the range is cut out of the answer.
source "$(dirname "$0")/lib.sh"
free() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
TOOLS="$STRATA_ROOT/Tests/integration/tools"
mkdir -p "$WORK/archives"
python3 "$TOOLS/make_pmtiles.py" "$WORK/archives/x.pmtiles" || fail "make_pmtiles.py failed"
RANGED=$(free); WHOLE=$(free)
python3 "$TOOLS/range_server.py" "$WORK/archives" --port "$RANGED" --log "$WORK/ranged.log" >"$WORK/ranged.out" 2>&1 &
RANGED_PID=$!
python3 "$TOOLS/range_server.py" "$WORK/archives" --port "$WHOLE" --ignore-range --log "$WORK/whole.log" >"$WORK/whole.out" 2>&1 &
WHOLE_PID=$!
trap 'kill $RANGED_PID $WHOLE_PID 2>/dev/null || true; cleanup' EXIT
for f in ranged.out whole.out; do
  for _ in $(seq 1 600); do grep -q ready "$WORK/$f" 2>/dev/null && break; sleep 0.1; done
  grep -q ready "$WORK/$f" || fail "range_server.py ($f) did not start"
done
touch "$WORK/ranged.log" "$WORK/whole.log"
use_config '{"remoteHosts": ["127.0.0.1"], "remotePrivateHosts": ["127.0.0.1"]}'
start_server

# pmtiles PORT: a session drawing the archive served on PORT, its id.
pmtiles() {
  req POST /sessions "{\"style\": {\"version\": 8, \"sources\": {\"p\": {\"type\": \"raster\", \"tileSize\": 256,
    \"url\": \"pmtiles://http://127.0.0.1:$1/x.pmtiles\"}},
    \"layers\": [{\"id\": \"bg\", \"type\": \"background\", \"paint\": {\"background-color\": \"#ffffff\"}},
                 {\"id\": \"p\", \"type\": \"raster\", \"source\": \"p\", \"paint\": {\"raster-fade-duration\": 0}}]}}"
  expect_status 201 "session of the archive on port $1"; jqr .id
}
# colours SESSION: each tile of z0-z1 in the colour make_pmtiles.py gave it.
colours() {
  req GET "/tiles/0/0/0.png?session=$1"; expect_status 200 "z0"; expect_pixel 128 128 255 0 0
  req GET "/tiles/1/0/0.png?session=$1"; expect_status 200; expect_pixel 128 128 0 255 0
  req GET "/tiles/1/1/0.png?session=$1"; expect_status 200; expect_pixel 128 128 0 0 255
  req GET "/tiles/1/0/1.png?session=$1"; expect_status 200; expect_pixel 128 128 255 255 0
  req GET "/tiles/1/1/1.png?session=$1"; expect_status 200; expect_pixel 128 128 255 0 255
}

S=$(pmtiles "$RANGED")
colours "$S"
grep -qv '^/x.pmtiles bytes=[0-9]*-[0-9]* 206$' "$WORK/ranged.log" && fail "a request was not a range answered 206: $(grep -v ' 206$' "$WORK/ranged.log")"
pass
[ "$(grep -c ' bytes=0-' "$WORK/ranged.log")" = 1 ] || fail "the header was fetched more than once: $(cat "$WORK/ranged.log")"
# The header's range (with the root directory), the metadata's, and one range per tile (5 tiles).
[ "$(wc -l < "$WORK/ranged.log")" -le 7 ] || fail "more range requests than header, metadata and tiles: $(cat "$WORK/ranged.log")"
pass
req GET /metrics
grep -q 'strata_remote_fetches_total{.*kind="tile".*result="ok"' "$BODY" || fail "the ranges were not counted"
pass

# A server without range support: whole files, the same tiles.
S=$(pmtiles "$WHOLE")
colours "$S"
grep -q '^/x.pmtiles bytes=0-[0-9]* 200$' "$WORK/whole.log" || fail "the server that ignores ranges was not asked: $(cat "$WORK/whole.log")"
pass

# A missing archive (404, permanent): the source draws nothing, and the render says so.
req POST /sessions "{\"style\": {\"version\": 8, \"sources\": {\"p\": {\"type\": \"raster\", \"tileSize\": 256,
  \"url\": \"pmtiles://http://127.0.0.1:$RANGED/missing.pmtiles\"}}, \"layers\": [{\"id\": \"p\", \"type\": \"raster\", \"source\": \"p\"}]}}"
expect_status 201; M=$(jqr .id)
req GET "/tiles/0/0/0.png?session=$M"; expect_status 200
req GET "/sessions/$M/warnings"; expect_status 200
jqr '.warnings[0].message' | grep -q 'remote archive 127.0.0.1 answered 404' || fail "the missing archive is not among the session's warnings"
grep -q 'render skipped: source "p": remote archive 127.0.0.1 answered 404' "$SERVER_LOG" || fail "the missing archive was not logged"
pass
done_ok
