#!/usr/bin/env bash
# Style imports over HTTP: a style imports the city basemap from a loopback upstream (a host
# `remoteHosts` allows) and draws exactly what the same import by style name draws; the
# document is fetched once (then served from the remote cache); an upstream 404 or malformed
# JSON is a 400 at /style/imports/0/url naming the URL; a host that is not allowed is refused
# before anything connects.
source "$(dirname "$0")/lib.sh"
SHARED="${STRATA_SHARED:-$STRATA_ROOT/../shared}"
CITY="$SHARED/data/osm-neubrandenburg"
if [ ! -f "$CITY/osm-neubrandenburg.mbtiles" ]; then
  is_ci && fail "$CITY is missing"
  echo "skip: $(basename "$0") needs ../shared/data/osm-neubrandenburg"; exit 0
fi
command -v python3 >/dev/null || fail "python3 is required (the loopback upstream)"
mkdir -p "$WORK/data" "$WORK/styles" "$WORK/upstream"
cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
cp "$CITY/osm-neubrandenburg.mbtiles" "$WORK/data/"
cp -r "$CITY/glyphs" "$CITY/sprites" "$WORK/data/"
cp "$STRATA_ROOT/config/styles/default.json" "$WORK/styles/"
cp "$STRATA_ROOT/Tests/RendererTests/StyleImports/city-basemap.json" "$WORK/styles/city-basemap.json"
cp "$STRATA_ROOT/Tests/RendererTests/StyleImports/city-basemap.json" "$WORK/upstream/basemap.json"
echo '{"version": 8, "sources": {' > "$WORK/upstream/broken.json"
UP_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -m http.server "$UP_PORT" --bind 127.0.0.1 --directory "$WORK/upstream" >"$WORK/upstream.log" 2>&1 &
UP_PID=$!
trap 'kill $UP_PID 2>/dev/null; cleanup' EXIT
for _ in $(seq 1 300); do curl -s -o /dev/null "http://127.0.0.1:$UP_PORT/basemap.json" && break; sleep 0.1; done
: > "$WORK/upstream.log"
use_config "{\"stylesDir\": \"$WORK/styles\", \"remoteHosts\": [\"127.0.0.1\"], \"remotePrivateHosts\": [\"127.0.0.1\"]}"
start_server

importing() {  # importing URL → a session style importing URL with options, and a route in its middle slot
  echo "{\"style\": {\"version\": 8, \"imports\": [{\"id\": \"basemap\", \"url\": \"$1\", \"config\": {\"landColor\": \"#e4dcc8\"}}],
    \"sources\": {\"route\": {\"type\": \"geojson\", \"data\": {\"type\": \"LineString\", \"coordinates\": [[13.2405, 53.5495], [13.279, 53.565]]}}},
    \"layers\": [{\"id\": \"route\", \"type\": \"line\", \"source\": \"route\", \"slot\": \"middle\", \"paint\": {\"line-color\": \"#d0336c\", \"line-width\": 5}}]}}"
}
URL="http://127.0.0.1:$UP_PORT/basemap.json"
R=$(new_session "$(importing "$URL")")
L=$(new_session "$(importing city-basemap)")
req GET "/style?session=$R"; expect_json '.imports[0].url' "$URL"
for t in 15/17590/10589 14/8795/5294; do
  req GET "/tiles/$t.png?session=$R"; expect_status 200; cp "$BODY" "$WORK/remote.png"
  req GET "/tiles/$t.png?session=$L"; expect_status 200
  cmp -s "$BODY" "$WORK/remote.png" || fail "tile $t: the remote import draws other pixels than the import by name"; pass
done
# A config change and a second session: the document is not fetched again.
req PATCH "/imports/basemap/config?session=$R" '{"showLabels": false}'; expect_status 200
new_session "$(importing "$URL")" >/dev/null
[ "$(grep -c 'GET /basemap.json' "$WORK/upstream.log")" = 1 ] || fail "basemap.json fetched $(grep -c 'GET /basemap.json' "$WORK/upstream.log") times"; pass

req POST /sessions "$(importing "http://127.0.0.1:$UP_PORT/missing.json")"
expect_error 400 invalid_import /style/imports/0/url
jqr .error.message | grep -q "missing.json" || fail "the 404 does not name the URL"; pass
req POST /sessions "$(importing "http://127.0.0.1:$UP_PORT/broken.json")"
expect_error 400 invalid_import /style/imports/0/url
jqr .error.message | grep -q "malformed JSON" || fail "broken JSON is not said"; pass
: > "$WORK/upstream.log"
req POST /sessions "$(importing "http://other.invalid/basemap.json")"
expect_error 400 invalid_import /style/imports/0/url
[ ! -s "$WORK/upstream.log" ] || fail "a refused host was connected to"; pass
done_ok
