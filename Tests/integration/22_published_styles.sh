#!/usr/bin/env bash
# Published styles and data at tileserver-gl's URLs: every style file of stylesDir served
# read-only as rendered tiles (256/512, @Nx, png/jpg/webp), TileJSON and the catalogs; every
# archive of the data directory as vector tiles (bytes as stored) with TileJSON; fonts.json.
source "$(dirname "$0")/lib.sh"
mkdir -p "$WORK/data"
cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
python3 - "$WORK/data/city.mbtiles" <<'PY'
import gzip, json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
db.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
layers = {"vector_layers": [{"id": "water", "fields": {"class": "String"}}]}
for k, v in [("name", "City"), ("attribution", "OSM contributors"), ("format", "pbf"), ("minzoom", "0"),
             ("maxzoom", "1"), ("bounds", "13,53,14,54"), ("json", json.dumps(layers))]:
    db.execute("INSERT INTO metadata VALUES (?, ?)", (k, v))
db.execute("INSERT INTO tiles VALUES (0, 0, 0, ?)", (gzip.compress(b"tile zero"),))
db.execute("INSERT INTO tiles VALUES (1, 1, 0, ?)", (b"plain",))
db.commit()
PY
mkdir -p "$WORK/data/sprites"
echo '{"dot": {"x": 0, "y": 0, "width": 1, "height": 1, "pixelRatio": 1}}' > "$WORK/data/sprites/blue.json"
python3 -c 'import struct, sys, zlib
def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
sys.stdout.buffer.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0))
  + chunk(b"IDAT", zlib.compress(b"\0\0\0\0\0")) + chunk(b"IEND", b""))' > "$WORK/data/sprites/blue.png"
mkdir -p "$WORK/styles"
cp "$STRATA_ROOT/config/styles/default.json" "$WORK/styles/default.json"
cat > "$WORK/styles/blue.json" <<'JSON'
{"version": 8, "name": "Blue", "center": [10, 50], "zoom": 2, "sprite": "sprites/blue",
 "glyphs": "glyphs/{fontstack}/{range}.pbf",
 "sources": {"city": {"type": "vector", "url": "mbtiles://city"},
             "cities": {"type": "geojson", "data": "cities.geojson", "attribution": "Natural Earth"}},
 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#0000ff"}}]}
JSON
echo '{"version": 8, "layers": [' > "$WORK/styles/broken.json"
# A writable default session: the check below restyles it and the published style must not follow.
use_config "{\"stylesDir\": \"$WORK/styles\", \"defaultSessionReadOnly\": false}"
start_server
HOST="127.0.0.1:$PORT"

# Catalogs
req GET /styles.json; expect_status 200
expect_json 'map(.id) | join(",")' "blue,default"
expect_json '.[0].name' Blue
expect_json '.[0].version' 8
expect_json '.[0].url' "http://$HOST/styles/blue/style.json"
[ -z "$(header Vary)" ] || fail "published catalogs must not vary on the session"; pass
req GET /rendered.json; expect_status 200
expect_json 'map(.id) | join(",")' "blue,default"
# the sources' own attributions, and for one without, its archive's (city.mbtiles' metadata)
expect_json '.[0].attribution' "OSM contributors | Natural Earth"
req GET /512/rendered.json; expect_status 200; expect_json 'map(.tileSize) | join(",")' "512,512"

# TileJSON: absolute tile URLs on the request's Host, pinned to the style hash
req GET /styles/blue.json; expect_status 200
expect_json .format png
expect_json ".center | tostring" "[10,50,3]"
expect_json '.tiles[0] | test("^http://'"$HOST"'/styles/blue/\\{z\\}/\\{x\\}/\\{y\\}\\.png\\?v=[0-9a-f]+$")' true
TILE_URL=$(jqr '.tiles[0]')
req GET /styles/512/blue.json '' -H 'Host: maps.example'; expect_status 200
expect_json '.tiles[0] | startswith("http://maps.example/styles/blue/512/{z}/{x}/{y}.png?v=")' true
expect_json .tileSize 512
req GET "/styles/blue.json?format=webp&quality=80"
expect_json '.tiles[0] | endswith("&quality=80")' true
expect_json .format webp

# Tiles: the style's pixels, the session tile path (same ETag for the same style), cacheable by hash
req GET /styles/blue/1/0/0.png; expect_status 200; expect_png 256 256; expect_pixel 128 128 0 0 255
req GET "$(echo "${TILE_URL#http://$HOST}" | sed 's|{z}/{x}/{y}|2/1/1|')"
expect_status 200; expect_header Cache-Control "public, max-age=31536000, immutable"
req GET /styles/blue/512/1/0/0.png; expect_status 200; expect_png 512 512
req GET /styles/blue/1/0/0@2x.png; expect_status 200; expect_png 512 512
req GET /styles/blue/256/1/0/0.webp; expect_status 200; expect_header Content-Type image/webp
req GET /styles/blue/1/0/0.jpg; expect_status 200; expect_header Content-Type image/jpeg
req GET /tiles/2/1/1.png; SESSION_ETAG=$(header ETag)
req GET /styles/default/2/1/1.png; expect_status 200; expect_header ETag "$SESSION_ETAG"

# Read-only and never restyled through the default session
req PATCH /layers/background '{"paint": {"background-color": "#ff0000"}}'; expect_status 200
req GET /styles/default/2/1/1.png; expect_status 200
[ "$(header ETag)" = "$SESSION_ETAG" ] || fail "the published style changed with the default session"; pass
req PUT /styles/blue/1/0/0.png '{}'; expect_status 405
req DELETE /styles/blue.json; expect_status 405

# Errors
req GET /styles/nope.json; expect_error 404 unknown_style
req GET /styles/broken.json; expect_error 404 unknown_style
req GET /styles/nope/1/0/0.png; expect_error 404 unknown_style
req GET /styles/blue/1/2/0.png; expect_error 400 invalid_tile
req GET /styles/blue/x/0/0.png; expect_error 400 invalid_tile
req GET /styles/blue/1/0/0.gif; expect_error 400 invalid_tile
req GET /styles/blue/300/1/0/0.png; expect_error 400 invalid_tile_size
req GET /styles/300/blue.json; expect_error 400 invalid_tile_size
req GET "/styles/blue/1/0/0.webp?quality=0"; expect_error 400 invalid_quality

# Data for GL clients
req GET /data.json; expect_status 200; expect_json 'map(.id) | join(",")' city
req GET /index.json; expect_json 'map(.id) | join(",")' "blue,default,city"
req GET /data/city.json; expect_status 200
expect_json '.tiles[0]' "http://$HOST/data/city/{z}/{x}/{y}.pbf"
expect_json .attribution "OSM contributors"
expect_json .vector_layers[0].id water
expect_json ".bounds | tostring" "[13,53,14,54]"
expect_json .maxzoom 1
curl -s --compressed "$BASE/data/city/0/0/0.pbf" -o "$WORK/tile0" || fail "curl"
[ "$(cat "$WORK/tile0")" = "tile zero" ] || fail "gzip tile not served as stored"; pass
req GET /data/city/0/0/0.pbf; expect_status 200
expect_header Content-Type application/x-protobuf; expect_header Content-Encoding gzip
req GET /data/city/1/1/1.pbf; expect_status 200
[ "$(cat "$BODY")" = plain ] && [ -z "$(header Content-Encoding)" ] || fail "plain tile"; pass
req GET /data/city/1/0/0.pbf; expect_status 204
req GET /data/nope.json; expect_error 404 unknown_data
req GET /data/nope/0/0/0.pbf; expect_error 404 unknown_data
req GET /data/city/0/0/0.png; expect_error 400 invalid_format
req GET /data/city/1/2/0.pbf; expect_error 400 invalid_tile
req GET /data/city/2/0/0.pbf; expect_error 404 out_of_bounds
# style.json for GL clients: URLs absolute to this server; the sprite files
req GET /styles/blue/style.json; expect_status 200
expect_json .sources.city.url "http://$HOST/data/city.json"
expect_json .sources.cities.data "http://$HOST/styles/blue/sources/cities.geojson"
expect_json .glyphs "http://$HOST/fonts/{fontstack}/{range}.pbf"
expect_json .sprite "http://$HOST/styles/blue/sprite"
req GET /styles/blue/sprite.json; expect_status 200; expect_json .dot.width 1
req GET /styles/blue/sprite@2x.json; expect_status 200; expect_json .dot.width 1
req GET /styles/blue/sprite.png; expect_status 200; expect_png 1 1
req GET /styles/default/sprite.png; expect_error 404 no_sprite
req GET /styles/nope/style.json; expect_error 404 unknown_style
req GET /fonts.json; expect_status 200; expect_json 'map(select(. == "Noto Sans Regular")) | length' 1

done_ok
