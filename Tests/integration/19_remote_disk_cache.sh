#!/usr/bin/env bash
# The disk cache of remote bodies (remoteCacheDir) survives a restart: tiles fetched through a
# loopback upstream still render the same pixels after Strata and the upstream both stopped and
# Strata started again on the same folder. Fresh copies come from disk without a fetch (OSM
# Bright as shipped, from asset_server.py: TileJSON, tiles and glyphs, max-age=60); stale ones are
# revalidated, and with the upstream gone they serve as stale-if-error does, with a warning in
# the log, a failed fetch in /metrics and /health degraded (raster tiles from fault_upstream.py).
# File names are SHA-256 digests: the URL's key is in no name and no file.
source "$(dirname "$0")/lib.sh"
SHARED="${STRATA_SHARED:-$STRATA_ROOT/../shared}"
OMT="$SHARED/data/osm-neubrandenburg-omt"
if [ ! -f "$OMT/omt-neubrandenburg.mbtiles" ] || [ ! -f "$SHARED/tools/asset_server.py" ]; then
  is_ci && fail "$OMT or asset_server.py is missing"
  echo "skip: $(basename "$0") needs ../shared/data/osm-neubrandenburg-omt"; exit 0
fi
free() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
python3 "$STRATA_ROOT/Tests/integration/tools/omt_upstream.py" "$OMT" "$WORK/upstream" >/dev/null || fail "omt_upstream.py failed"
UP_PORT=$(free); FAULT_PORT=$(free)
python3 "$SHARED/tools/asset_server.py" "$WORK/upstream" --port "$UP_PORT" --log "$WORK/upstream.log" >"$WORK/asset.out" 2>&1 &
UP_PID=$!
python3 "$STRATA_ROOT/Tests/integration/tools/fault_upstream.py" --port "$FAULT_PORT" --log "$WORK/fault.log" >"$WORK/fault.out" 2>&1 &
FAULT_PID=$!
trap 'kill $UP_PID $FAULT_PID 2>/dev/null || true; cleanup' EXIT
for _ in $(seq 1 600); do grep -q serving "$WORK/asset.out" 2>/dev/null && grep -q ready "$WORK/fault.out" 2>/dev/null && break; sleep 0.1; done
grep -q serving "$WORK/asset.out" || fail "asset_server.py did not start"
grep -q ready "$WORK/fault.out" || fail "fault_upstream.py did not start"
: > "$WORK/upstream.log"; : > "$WORK/fault.log"

mkdir -p "$WORK/data"
cp "$OMT/omt-neubrandenburg.mbtiles" "$WORK/data/"
cp -r "$OMT/glyphs" "$WORK/data/"
CACHE="$WORK/remote-cache"
use_config "{\"remoteHosts\": [\"127.0.0.1\"], \"remotePrivateHosts\": [\"127.0.0.1\"],
             \"remoteParameters\": {\"127.0.0.1\": {\"key\": \"secret-test-key\"}},
             \"remoteCacheDir\": \"$CACHE\", \"remoteCacheDirBytes\": 268435456}"
start_server

jq '{style: .}' <(sed "s#https://api.maptiler.com#http://127.0.0.1:$UP_PORT#g; s#https://openmaptiles.github.io#http://127.0.0.1:$UP_PORT#g" \
  "$OMT/shipped/style-bright.json") > "$WORK/bright.json"
req POST /sessions "@$WORK/bright.json"; expect_status 201; B=$(jqr .id)
# A raster source whose tiles are fresh for 1 s (max-age=1): stale on disk after the restart.
req POST /sessions "{\"style\": {\"version\": 8, \"sources\": {\"r\": {\"type\": \"raster\", \"tileSize\": 256,
  \"tiles\": [\"http://127.0.0.1:$FAULT_PORT/swr/{z}/{x}/{y}.png\"]}}, \"layers\": [{\"id\": \"r\", \"type\": \"raster\", \"source\": \"r\"}]}}"
expect_status 201; R=$(jqr .id)

PATHS="tiles/12/2198/1323.png tiles/14/8795/5294.png tiles/16/35181/21179.png"
for p in $PATHS; do
  req GET "/$p?session=$B"; expect_status 200 "bright $p"; cp "$BODY" "$WORK/before-$(echo "$p" | tr / _)"
done
req GET "/tiles/2/1/1.png?session=$R"; expect_status 200; expect_pixel 128 128 255 0 0
grep -q '^GET /tiles/14/.*\.pbf?key=secret-test-key 200' "$WORK/upstream.log" || fail "no vector tile was fetched"
pass

# Both stop. The saves finish before Strata exits (graceful stop).
expect_graceful_stop
kill "$UP_PID" "$FAULT_PID"; wait "$UP_PID" "$FAULT_PID" 2>/dev/null || true
[ -n "$(ls "$CACHE")" ] || fail "nothing was saved in remoteCacheDir"
for f in "$CACHE"/*; do
  [[ "$(basename "$f")" =~ ^[0-9a-f]{64}$ ]] || fail "a cache file is not named by a digest: $f"
done
grep -rlq secret-test-key "$CACHE" && fail "the key is in a cache file"
pass
sleep 1.5                                   # the raster tile's copy is stale now

start_server
PIXELS="$STRATA_ROOT/Tests/integration/tools/same_pixels.py"
for p in $PATHS; do
  req GET "/$p?session=$B"; expect_status 200 "bright $p from disk"
  python3 "$PIXELS" "$WORK/before-$(echo "$p" | tr / _)" "$BODY" || fail "bright $p: the pixels from disk differ"
  pass
done
req GET /metrics
grep -q 'strata_remote_fetches_total{.*kind="tile".*result="disk"' "$BODY" || fail "no tile counted as read from disk"
grep -q 'strata_remote_fetches_total{.*kind="tilejson".*result="disk"' "$BODY" || fail "the TileJSON was not read from disk"
pass
# The stale raster tile: revalidated against the upstream that is gone, served stale, and said so.
req GET "/tiles/2/1/1.png?session=$R"; expect_status 200 "a stale copy from disk while the upstream is down"
expect_pixel 128 128 255 0 0
grep -q 'remote tile from 127.0.0.1 failed' "$SERVER_LOG" || fail "the failing upstream was not logged"
req GET /metrics
grep -q 'strata_remote_fetches_total{.*kind="tile".*result="failed"' "$BODY" || fail "the failing upstream was not counted"
pass
req GET /health; expect_json .status degraded; expect_json '.upstreams.failing[0]' 127.0.0.1

# A damaged file is not served: it is removed and the resource fetched again (here: failing).
stop_server
for f in "$CACHE"/*; do printf 'garbage' > "$f"; done
start_server
req GET "/tiles/2/1/1.png?session=$R"; expect_error 502 upstream_failed
grep -q 'removed a damaged file' "$SERVER_LOG" || fail "the damaged file was not reported"
pass

# A remoteCacheDir that cannot be a folder is a configuration error at start-up.
stop_server
touch "$WORK/not-a-folder"
use_config "{\"remoteHosts\": [\"127.0.0.1\"], \"remoteCacheDir\": \"$WORK/not-a-folder\"}"
if "$STRATA_BIN" serve --config "$STRATA_CONFIG" --port 0 --data-dir "$WORK/data" --store "$WORK/store.sqlite" >"$WORK/bad.log" 2>&1; then
  fail "the server started with a file as remoteCacheDir"
fi
grep -q 'remoteCacheDir' "$WORK/bad.log" || fail "the error does not name remoteCacheDir: $(cat "$WORK/bad.log")"
pass
done_ok
