#!/usr/bin/env bash
# Styles as they ship, with remote sources: OSM Bright and Positron exactly as upstream ships
# them, only their scheme and host pointed at a loopback upstream (asset_server.py serving the
# city's OpenMapTiles tiles, TileJSON and glyph PBFs), render the same pixels as their local
# variants. The {key} placeholder is filled from remoteParameters and never logged. Remote
# URLs are refused before anything connects when their host is not allowed, or resolves to a
# private address that remotePrivateHosts does not list.
source "$(dirname "$0")/lib.sh"
SHARED="${STRATA_SHARED:-$STRATA_ROOT/../shared}"
OMT="$SHARED/data/osm-neubrandenburg-omt"
if [ ! -f "$OMT/omt-neubrandenburg.mbtiles" ] || [ ! -f "$SHARED/tools/asset_server.py" ]; then
  is_ci && fail "$OMT or asset_server.py is missing"
  echo "skip: $(basename "$0") needs ../shared/data/osm-neubrandenburg-omt"; exit 0
fi
python3 "$STRATA_ROOT/Tests/integration/tools/omt_upstream.py" "$OMT" "$WORK/upstream" >/dev/null || fail "omt_upstream.py failed"
UP_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 "$SHARED/tools/asset_server.py" "$WORK/upstream" --port "$UP_PORT" --log "$WORK/upstream.log" >"$WORK/asset.out" 2>&1 &
UP_PID=$!
trap 'kill $UP_PID 2>/dev/null; cleanup' EXIT
for _ in $(seq 1 600); do grep -q serving "$WORK/asset.out" 2>/dev/null && break; sleep 0.1; done
grep -q serving "$WORK/asset.out" || fail "asset_server.py did not start"
: > "$WORK/upstream.log"

mkdir -p "$WORK/data"
cp "$OMT/omt-neubrandenburg.mbtiles" "$WORK/data/"
cp -r "$OMT/glyphs" "$WORK/data/"
use_config '{"remoteHosts": ["127.0.0.1", "localhost"], "remotePrivateHosts": ["127.0.0.1"],
             "remoteParameters": {"127.0.0.1": {"key": "secret-test-key"}}}'
start_server

# session STYLE_JSON_FILE: a session of that style, its id.
session() { jq '{style: .}' "$1" > "$WORK/body.json"; req POST /sessions "@$WORK/body.json"; expect_status 201 "session of $1"; jqr .id; }
remote_style() {
  sed "s#https://api.maptiler.com#http://127.0.0.1:$UP_PORT#g; s#https://openmaptiles.github.io#http://127.0.0.1:$UP_PORT#g" "$1" > "$2"
}
PIXELS="$STRATA_ROOT/Tests/integration/tools/same_pixels.py"
for s in bright positron; do
  remote_style "$OMT/shipped/style-$s.json" "$WORK/remote-$s.json"
  R=$(session "$WORK/remote-$s.json")
  L=$(session "$OMT/style-$s-native.json")
  for path in tiles/12/2198/1323.png tiles/14/8795/5294.png tiles/16/35181/21179.png static/13.2625,53.557,15/1024x1024.png; do
    req GET "/$path?session=$R"; expect_status 200 "$s remote $path"; cp "$BODY" "$WORK/remote.png"
    req GET "/$path?session=$L"; expect_status 200 "$s local $path"
    python3 "$PIXELS" "$WORK/remote.png" "$BODY" || { cp "$WORK/remote.png" /tmp/fail-remote.png; cp "$BODY" /tmp/fail-local.png; fail; } || fail "$s $path: the remote style's pixels differ from the local variant's"
    pass
  done
done
grep -q 'tiles/v3/tiles.json?key=secret-test-key 200' "$WORK/upstream.log" || fail "the TileJSON was not fetched with its key: $(head -3 "$WORK/upstream.log")"
grep -q '^GET /tiles/14/.*\.pbf?key=secret-test-key 200' "$WORK/upstream.log" || fail "no vector tile was fetched"
grep -q '^GET /fonts/.*\.pbf?key=secret-test-key 200' "$WORK/upstream.log" || fail "no glyph range was fetched"
pass
grep -q secret-test-key "$SERVER_LOG" && fail "the key is in the server's log"
req GET /metrics; grep -q 'secret-test-key' "$BODY" && fail "the key is in /metrics"
grep -q 'strata_remote_fetches_total{.*kind="tile".*result="ok"' "$BODY" || fail "no ok tile fetch counted in /metrics"
pass

# Refused before connecting: a host not allowed (400 at the source's JSON pointer), and an
# allowed name that resolves to loopback without being listed in remotePrivateHosts.
BEFORE=$(wc -l < "$WORK/upstream.log")
req POST /sessions "{\"style\": {\"version\": 8, \"sources\": {\"t\": {\"type\": \"vector\", \"url\": \"http://127.0.0.2:$UP_PORT/tiles/v3/tiles.json\"}}, \"layers\": []}}"
expect_error 400 forbidden_remote /style/sources/t/url
req POST /sessions "{\"style\": {\"version\": 8, \"sources\": {\"r\": {\"type\": \"raster\", \"tiles\": [\"http://localhost:$UP_PORT/tiles/{z}/{x}/{y}.png\"], \"tileSize\": 256}},
  \"layers\": [{\"id\": \"r\", \"type\": \"raster\", \"source\": \"r\"}]}}"
expect_status 201; P=$(jqr .id)
req GET "/tiles/1/0/0.png?session=$P"; expect_error 502 upstream_failed
grep -q "loopback" "$BODY" || fail "the refusal does not say why: $(cat "$BODY")"
[ "$(wc -l < "$WORK/upstream.log")" = "$BEFORE" ] || fail "the upstream saw a request for a refused address: $(tail -2 "$WORK/upstream.log")"
pass
req GET /health; expect_json .status degraded; expect_json '.upstreams.failing[0]' localhost
done_ok
