#!/usr/bin/env bash
# The URLs and caching of published resources: publicUrl starts every absolute URL the server
# writes; X-Forwarded-*/Forwarded only count when the config trusts the proxy; a publicUrl
# that is no absolute http(s) URL stops the start naming the key.
source "$(dirname "$0")/lib.sh"

# publicUrl (a trailing slash is taken off): catalogs, TileJSON, style.json, WMTS
use_config '{"publicUrl": "https://maps.example.com/tiles/"}'
start_server
PUB=https://maps.example.com/tiles
req GET /styles.json; expect_status 200; expect_json '.[0].url' "$PUB/styles/default/style.json"
req GET /styles/default.json; expect_status 200
expect_json '.tiles[0] | startswith("'"$PUB"'/styles/default/{z}/{x}/{y}.png?v=")' true
req GET /styles/default/style.json; expect_status 200
expect_json .glyphs "$PUB/fonts/{fontstack}/{range}.pbf"
req GET /tiles.json; expect_status 200; expect_json '.tiles[0] | startswith("'"$PUB"'/tiles/{z}/")' true
req GET /styles/default/wmts.xml; expect_status 200
grep -q "$PUB/styles/default/" "$BODY" || fail "WMTS capabilities without the publicUrl"; pass
req GET /styles.json -H 'X-Forwarded-Host: evil.example'; expect_json '.[0].url' "$PUB/styles/default/style.json"
stop_server

# No publicUrl, proxy not trusted (the default): the forwarded headers change nothing
use_config '{}'
start_server
req GET /styles.json -H 'X-Forwarded-Proto: https' -H 'X-Forwarded-Host: maps.example.com'
expect_json '.[0].url' "http://127.0.0.1:$PORT/styles/default/style.json"
stop_server

# A trusted proxy: X-Forwarded-Proto/-Host, and Forwarded (which wins)
use_config '{"trustProxyHeaders": true}'
start_server
req GET /styles/default.json -H 'X-Forwarded-Proto: https' -H 'X-Forwarded-Host: maps.example.com'
expect_json '.tiles[0] | startswith("https://maps.example.com/styles/default/")' true
req GET /styles.json -H 'Forwarded: for=10.0.0.1;proto=https;host="proxy.example:8443"' -H 'X-Forwarded-Host: other'
expect_json '.[0].url' "https://proxy.example:8443/styles/default/style.json"
req GET /styles.json; expect_json '.[0].url' "http://127.0.0.1:$PORT/styles/default/style.json"
stop_server

# A publicUrl that is not an absolute http(s) URL stops the start
use_config '{"publicUrl": "maps.example.com/tiles"}'
if "$STRATA_BIN" serve --config "$STRATA_CONFIG" --port 0 --data-dir "$WORK/data" --store :memory: > "$WORK/bad.log" 2>&1; then
  fail "a server with a relative publicUrl started"
fi
grep -q "/publicUrl: expected an absolute http(s) URL" "$WORK/bad.log" || fail "no error naming /publicUrl: $(cat "$WORK/bad.log")"; pass

done_ok
