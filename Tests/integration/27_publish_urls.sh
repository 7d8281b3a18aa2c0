#!/usr/bin/env bash
# The URLs and caching of published resources: publicUrl starts every absolute URL the server
# writes; X-Forwarded-*/Forwarded only count when the config trusts the proxy; a publicUrl
# that is no absolute http(s) URL stops the start naming the key. publishedCacheControl on
# published and data tiles, glyphs and sprites, publishedMetadataCacheControl on the documents.
# Glyph PBF folders of the fonts directory (OpenMapTiles' fonts) served at /fonts as stored,
# combined with each other and with TTF-made glyphs, and listed in /fonts.json. A style's
# local GeoJSON and TileJSON files (and its TileJSON's tiles) served to GL clients. Remote
# sprites through /styles/{id}/sprite from a loopback upstream (fault_upstream.py): the bytes,
# an upstream 404 as a 404, a 500 as a 502 and a timeout as a 504 JSON error.
source "$(dirname "$0")/lib.sh"
mkdir -p "$WORK/data/sprites"
cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
python3 - "$WORK/data/city.mbtiles" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
db.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
for k, v in [("name", "City"), ("format", "pbf"), ("minzoom", "0"), ("maxzoom", "1")]:
    db.execute("INSERT INTO metadata VALUES (?, ?)", (k, v))
db.execute("INSERT INTO tiles VALUES (0, 0, 0, ?)", (b"tile zero",))
db.commit()
PY
mkdir -p "$WORK/styles"
jq '.sprite = "sprites/s" | .sources.shade = {"type": "raster", "url": "shade.json", "tileSize": 256}' \
  "$STRATA_ROOT/config/styles/default.json" > "$WORK/styles/default.json"
echo '{"tilejson": "3.0.0", "tiles": ["shade/{z}/{x}/{y}.png"], "maxzoom": 3}' > "$WORK/data/shade.json"
mkdir -p "$WORK/data/shade/0/0"; printf 'not really a png' > "$WORK/data/shade/0/0/0.png"
echo '{"dot": {"x": 0, "y": 0, "width": 1, "height": 1, "pixelRatio": 1}}' > "$WORK/data/sprites/s.json"

# publicUrl (a trailing slash is taken off): catalogs, TileJSON, style.json, WMTS
use_config "{\"stylesDir\": \"$WORK/styles\", \"publicUrl\": \"https://maps.example.com/tiles/\"}"
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
req GET /styles.json '' -H 'X-Forwarded-Host: evil.example'; expect_json '.[0].url' "$PUB/styles/default/style.json"
stop_server

# No publicUrl, proxy not trusted (the default): the forwarded headers change nothing
use_config '{}'
start_server
req GET /styles.json '' -H 'X-Forwarded-Proto: https' -H 'X-Forwarded-Host: maps.example.com'
expect_json '.[0].url' "http://127.0.0.1:$PORT/styles/default/style.json"
stop_server

# A trusted proxy: X-Forwarded-Proto/-Host, and Forwarded (which wins)
use_config '{"trustProxyHeaders": true}'
start_server
req GET /styles/default.json '' -H 'X-Forwarded-Proto: https' -H 'X-Forwarded-Host: maps.example.com'
expect_json '.tiles[0] | startswith("https://maps.example.com/styles/default/")' true
req GET /styles.json '' -H 'Forwarded: for=10.0.0.1;proto=https;host="proxy.example:8443"' -H 'X-Forwarded-Host: other'
expect_json '.[0].url' "https://proxy.example:8443/styles/default/style.json"
req GET /styles.json; expect_json '.[0].url' "http://127.0.0.1:$PORT/styles/default/style.json"
stop_server

# Cache-Control: before the keys, what was sent; with them, theirs (ETag/304 unchanged)
FONT="/fonts/Noto%20Sans%20Regular/0-255.pbf"
use_config "{\"stylesDir\": \"$WORK/styles\"}"
start_server
req GET /styles/default/0/0/0.png; expect_status 200; expect_header Cache-Control no-cache
req GET /data/city/0/0/0.pbf; expect_status 200; expect_header Cache-Control "public, max-age=3600"
req GET /styles/default/sprite.json; expect_status 200; expect_header Cache-Control no-cache
req GET "$FONT"; expect_status 200; expect_header Cache-Control "public, max-age=86400"
req GET /styles/default/style.json; expect_status 200; expect_header Cache-Control no-cache

# GL clients get no relative URL: local GeoJSON and TileJSON files served under the style
SRC="http://127.0.0.1:$PORT/styles/default/sources"
expect_json .sources.cities.data "$SRC/cities.geojson"
expect_json .sources.shade.url "$SRC/shade.json"
req GET /styles/default/sources/cities.geojson; expect_status 200; expect_header Content-Type application/geo+json
cmp -s "$BODY" "$WORK/data/cities.geojson" || fail "the GeoJSON file not served as stored"; pass
req GET /styles/default/sources/shade.json; expect_status 200
expect_json '.tiles[0]' "$SRC/shade/{z}/{x}/{y}.png"; expect_json .maxzoom 3
req GET /styles/default/sources/shade/0/0/0.png; expect_status 200; expect_header Content-Type image/png
[ "$(cat "$BODY")" = "not really a png" ] || fail "the tile file not served as stored"; pass
req GET /styles/default/sources/shade/1/0/0.png; expect_error 404 no_tile
req GET /styles/default/sources/nope.geojson; expect_error 404 unknown_source
stop_server
use_config "{\"stylesDir\": \"$WORK/styles\", \"publishedCacheControl\": \"public, max-age=86400\",
             \"publishedMetadataCacheControl\": \"public, max-age=60\"}"
start_server
req GET /styles/default/0/0/0.png; expect_status 200; expect_header Cache-Control "public, max-age=86400"
ETAG=$(header ETag)
req GET /styles/default/0/0/0.png '' -H "If-None-Match: $ETAG"; expect_status 304; expect_header Cache-Control "public, max-age=86400"
req GET /data/city/0/0/0.pbf; expect_status 200; expect_header Cache-Control "public, max-age=86400"
req GET /data/city/1/1/1.pbf; expect_status 204; expect_header Cache-Control "public, max-age=86400"
req GET /styles/default/sprite.json; expect_status 200; expect_header Cache-Control "public, max-age=86400"
req GET "$FONT"; expect_status 200; expect_header Cache-Control "public, max-age=86400"
for doc in /styles.json /rendered.json /index.json /data.json /data/city.json /fonts.json /styles/default.json \
           /styles/default/style.json /styles/default/wmts.xml; do
  req GET "$doc"; expect_status 200 "$doc"; expect_header Cache-Control "public, max-age=60"
done
req GET /tiles.json; expect_status 200; expect_header Cache-Control no-cache
stop_server
use_config '{"publishedCacheControl": "a\r\nSet-Cookie: x"}'
if "$STRATA_BIN" serve --config "$STRATA_CONFIG" --port 0 --data-dir "$WORK/data" --store :memory: > "$WORK/bad.log" 2>&1; then
  fail "a server with a two-line Cache-Control started"
fi
grep -q "/publishedCacheControl: expected a Cache-Control value" "$WORK/bad.log" || fail "no error naming the key: $(cat "$WORK/bad.log")"; pass

# Glyph PBF folders next to a TTF font in the fonts directory
GLYPHS="${STRATA_SHARED:-$STRATA_ROOT/../shared}/data/osm-neubrandenburg-omt/glyphs"
NOTO=/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf
if [ -d "$GLYPHS" ] && [ -f "$NOTO" ]; then
  mkdir -p "$WORK/fonts"; cp -r "$GLYPHS"/. "$WORK/fonts/"; cp "$NOTO" "$WORK/fonts/"
  use_config "{\"stylesDir\": \"$WORK/styles\", \"fontsDir\": \"$WORK/fonts\"}"
  start_server
  req GET "/fonts/Noto%20Sans%20Regular/0-255.pbf"; expect_status 200; expect_header Content-Type application/x-protobuf
  cmp -s "$BODY" "$WORK/fonts/Noto Sans Regular/0-255.pbf" || fail "a folder's range not served as stored"; pass
  req GET "/fonts/Metropolis%20Regular,Noto%20Sans%20Regular/8192-8447.pbf"; expect_status 200
  cmp -s "$BODY" "$WORK/fonts/Metropolis Regular,Noto Sans Regular/8192-8447.pbf" || fail "the whole stack's folder not served"; pass
  req GET "/fonts/Noto%20Serif%20Regular/0-255.pbf"; expect_status 200
  [ "$(wc -c < "$BODY")" -gt 10000 ] || fail "TTF-made glyphs expected for a font without a folder"; pass
  req GET "/fonts/Noto%20Sans%20Bold,Noto%20Serif%20Regular/0-255.pbf"; expect_status 200
  python3 - "$BODY" "$WORK/fonts/Noto Sans Bold/0-255.pbf" <<'PY' || fail "the combined stack is not Bold's glyphs first, then Serif's"
import sys
def varint(b, i):
    v = s = 0
    while True:
        c = b[i]; i += 1; v |= (c & 0x7f) << s; s += 7
        if c < 0x80: return v, i
def fields(b):
    i = 0
    while i < len(b):
        tag, i = varint(b, i); wire = tag & 7
        if wire == 0: v, i = varint(b, i)
        elif wire == 2: n, i = varint(b, i); v = b[i:i + n]; i += n
        else: raise SystemExit("unexpected wire type")
        yield tag >> 3, v
def glyphs(path):
    data = open(path, "rb").read()
    stack = next(v for f, v in fields(data) if f == 1)
    out = {}
    for f, g in fields(stack):
        if f == 3:
            d = dict(fields(g))
            out[d[1]] = tuple(bytes(d[k]) if k == 2 else d[k] for k in range(2, 8) if k in d and d[k] not in (0, b""))
    return out
combined, bold = glyphs(sys.argv[1]), glyphs(sys.argv[2])
assert len(bold) > 50 and all(combined.get(k) == v for k, v in bold.items()), "Bold's glyphs come first"
assert len(combined) > len(bold) or set(combined) == set(bold), "Serif fills what Bold lacks"
PY
  pass
  req GET /fonts.json; expect_status 200
  expect_json 'index("Metropolis Regular,Noto Sans Regular") != null and index("Noto Sans Bold") != null and index("Noto Serif Regular") != null' true
  stop_server
else
  is_ci && fail "$GLYPHS or $NOTO is missing"
  echo "skip: glyph folders need ../shared/data/osm-neubrandenburg-omt/glyphs and fonts-noto-core"
fi

# Remote sprites of published styles, fetched from a loopback upstream the test starts
UP=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 "$STRATA_ROOT/Tests/integration/tools/fault_upstream.py" --port "$UP" --log "$WORK/up.log" >"$WORK/up.out" 2>&1 &
UP_PID=$!
trap 'kill $UP_PID 2>/dev/null; cleanup' EXIT
for _ in $(seq 1 600); do grep -q ready "$WORK/up.out" 2>/dev/null && break; sleep 0.1; done
grep -q ready "$WORK/up.out" || fail "fault_upstream.py did not start"
touch "$WORK/up.log"
mkdir -p "$WORK/remote-styles"
for kind in sprite e500 slow gone; do
  jq --arg s "http://127.0.0.1:$UP/$kind/s" '.sprite = $s' "$WORK/styles/default.json" > "$WORK/remote-styles/$kind.json"
done
cp "$WORK/styles/default.json" "$WORK/remote-styles/default.json"
use_config "{\"stylesDir\": \"$WORK/remote-styles\", \"remoteHosts\": [\"127.0.0.1\"], \"remotePrivateHosts\": [\"127.0.0.1\"],
             \"remoteTimeoutMs\": 1500}"
start_server
req GET /styles/sprite/style.json; expect_status 200; expect_json .sprite "http://127.0.0.1:$PORT/styles/sprite/sprite"
req GET /styles/sprite/sprite.json; expect_status 200; expect_header Content-Type application/json; expect_json .dot.width 16
req GET /styles/sprite/sprite@2x.png; expect_status 200; expect_header Content-Type image/png; expect_png 16 16
grep -q '^/sprite/s@2x.png 200' "$WORK/up.log" || fail "the @2x sprite was not fetched from the upstream: $(cat "$WORK/up.log")"; pass
req GET /styles/gone/sprite.json; expect_error 404 no_sprite
req GET /styles/e500/sprite.png; expect_error 502 upstream_failed
expect_json '.error.message | contains("127.0.0.1")' true
req GET /styles/slow/sprite.json; expect_error 504 upstream_timeout
req GET /health; expect_status 200
stop_server

# A publicUrl that is not an absolute http(s) URL stops the start
use_config '{"publicUrl": "maps.example.com/tiles"}'
if "$STRATA_BIN" serve --config "$STRATA_CONFIG" --port 0 --data-dir "$WORK/data" --store :memory: > "$WORK/bad.log" 2>&1; then
  fail "a server with a relative publicUrl started"
fi
grep -q "/publicUrl: expected an absolute http(s) URL" "$WORK/bad.log" || fail "no error naming /publicUrl: $(cat "$WORK/bad.log")"; pass

done_ok
