#!/usr/bin/env bash
# A tileserver-gl config.json read as it is: options.paths (root against the file's folder,
# the rest against root), style ids of the config (not file names), data ids that styles name
# as mbtiles://{id}, sprites under paths.sprites, tilejson members, unsupported keys warned
# once; OSM Bright on the city's OpenMapTiles at the published routes. Then republishing: an
# edited style file is served within seconds (polling) or at once on SIGHUP, a broken edit
# keeps the last good version, and a broken config stops the start with the key named.
source "$(dirname "$0")/lib.sh"
SHARED="${STRATA_SHARED:-$STRATA_ROOT/../shared}"
OMT="$SHARED/data/osm-neubrandenburg-omt"
if [ ! -f "$OMT/omt-neubrandenburg.mbtiles" ] || [ ! -f "$OMT/style-bright.json" ]; then
  is_ci && fail "$OMT is missing"
  echo "skip: $(basename "$0") needs ../shared/data/osm-neubrandenburg-omt"; exit 0
fi
# The tileserver-gl root is $WORK/data, which start_server also passes as --data-dir.
mkdir -p "$WORK/data/styles" "$WORK/data/tiles"
cp "$OMT/omt-neubrandenburg.mbtiles" "$WORK/data/tiles/"
# As a tileserver-gl style: the data id in braces, the sprite under paths.sprites by {style}.
BRIGHT='.sources.openmaptiles.url = "mbtiles://{openmaptiles}" | .sprite = "{style}/sprite"'
jq "$BRIGHT" "$OMT/style-bright.json" > "$WORK/data/styles/bright.json"
echo '{"version": 8, "sources": {}, "layers": []}' > "$WORK/data/styles/unlisted.json"
mkdir -p "$WORK/data/sprites/bright"
echo '{"dot": {"x": 0, "y": 0, "width": 1, "height": 1, "pixelRatio": 1}}' > "$WORK/data/sprites/bright/sprite.json"
python3 -c 'import struct, sys, zlib
def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
sys.stdout.buffer.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0))
  + chunk(b"IDAT", zlib.compress(b"\0\0\0\0\0")) + chunk(b"IEND", b""))' > "$WORK/data/sprites/bright/sprite.png"
# config POLL_SECONDS: the tileserver-gl config (Strata's own keys under "strata").
config() {
  cat > "$WORK/config.json" <<JSON
{
  "options": {
    "paths": {"root": "data", "styles": "styles", "mbtiles": "tiles", "sprites": "sprites",
              "fonts": "/usr/share/fonts/truetype/noto"},
    "serveAllFonts": true, "maxScaleFactor": 3, "pbfAlias": "pbf.pict"
  },
  "styles": {"osm-bright": {"style": "bright.json", "tilejson": {"type": "overlay"}}},
  "data": {"openmaptiles": {"mbtiles": "omt-neubrandenburg.mbtiles"}},
  "strata": {"stylePollSeconds": $1}
}
JSON
  STRATA_CONFIG="$WORK/config.json"
}
# recolour COLOUR: the style file's background colour, written as editors save (a rename).
recolour() {
  jq --arg c "$1" '(.layers[] | select(.type == "background") | .paint["background-color"]) = $c' \
    "$WORK/data/styles/bright.json" > "$WORK/bright.tmp" && mv "$WORK/bright.tmp" "$WORK/data/styles/bright.json"
}
# Far from the city at z2: only the background is drawn there.
TILE=/styles/osm-bright/2/0/0.png
config 1
start_server
HOST="127.0.0.1:$PORT"

# Catalog: the config's ids, only the listed styles (serveAllStyles is off)
req GET /styles.json; expect_status 200
expect_json 'map(.id) | join(",")' osm-bright
expect_json '.[0].url' "http://$HOST/styles/osm-bright/style.json"
req GET /styles/unlisted.json; expect_error 404 unknown_style
req GET /styles/osm-bright.json; expect_status 200
expect_json .type overlay
expect_json '.tiles[0] | test("^http://'"$HOST"'/styles/osm-bright/\\{z\\}/\\{x\\}/\\{y\\}\\.png\\?v=[0-9a-f]+$")' true
V1=$(jqr '.tiles[0]' | sed 's/.*?v=//')
req GET /styles/osm-bright/14/8795/5294.png; expect_status 200; expect_png 256 256
req GET /styles/osm-bright/14/8795/5294@3x.png; expect_status 200; expect_png 768 768
req GET /styles/osm-bright/14/8795/5294@4x.png; expect_error 400 invalid_tile
req GET "$TILE"; expect_status 200; expect_pixel 128 128 248 244 240; ETAG1=$(header ETag)

# Data: the config's id; the style's mbtiles://{openmaptiles} points GL clients at it
req GET /data.json; expect_status 200; expect_json 'map(.id) | join(",")' openmaptiles
req GET /data/openmaptiles.json; expect_status 200
expect_json '.tiles[0]' "http://$HOST/data/openmaptiles/{z}/{x}/{y}.pbf"
expect_json .maxzoom 14
req GET /data/openmaptiles/14/8795/5294.pbf; expect_status 200; expect_header Content-Type application/x-protobuf
[ "$(wc -c < "$BODY")" -gt 1000 ] || fail "a city tile of a few KB expected"; pass
req GET /styles/osm-bright/style.json; expect_status 200
expect_json .sources.openmaptiles.url "http://$HOST/data/openmaptiles.json"
expect_json .glyphs "http://$HOST/fonts/{fontstack}/{range}.pbf"
expect_json .sprite "http://$HOST/styles/osm-bright/sprite"
req GET /styles/osm-bright/sprite.json; expect_status 200; expect_json .dot.width 1
req GET /styles/osm-bright/sprite@2x.png; expect_status 200; expect_png 1 1
# A session starts from a config id; the default session (the first style) is read-only
req POST /sessions '{"style": "osm-bright"}'; expect_status 201
req GET /style; expect_status 200; expect_json '.sources.openmaptiles.url' "mbtiles://{openmaptiles}"
expect_json .sprite sprites/bright/sprite
req PATCH /layers/background '{"paint": {"background-color": "#000"}}'; expect_error 403 read_only
# Unsupported keys: a warning each, once
[ "$(grep -c 'options/pbfAlias' "$SERVER_LOG")" = 1 ] || fail "pbfAlias warned $(grep -c 'options/pbfAlias' "$SERVER_LOG") times"; pass

# Republish on change (polling every second): the new colour within a few seconds, new ETag and ?v=
recolour "#ff00ff"
for _ in $(seq 1 100); do
  req GET "$TILE"; [ "$(header ETag)" != "$ETAG1" ] && break; sleep 0.1
done
expect_status 200; expect_pixel 128 128 255 0 255
req GET /styles/osm-bright.json; V2=$(jqr '.tiles[0]' | sed 's/.*?v=//')
[ "$V2" != "$V1" ] || fail "TileJSON ?v= did not change with the style"; pass
# A broken edit keeps the last good version
echo '{"version": 8, "layers": [' > "$WORK/data/styles/bright.json"
sleep 3
req GET "$TILE"; expect_status 200; expect_pixel 128 128 255 0 255
grep -q "does not load, its last good version stays published" "$SERVER_LOG" || fail "no warning for the broken edit"; pass
stop_server

# SIGHUP: with polling off, an edit waits for the signal, then is served at once
config 0
jq "$BRIGHT" "$OMT/style-bright.json" > "$WORK/data/styles/bright.json"
start_server
req GET "$TILE"; expect_status 200; expect_pixel 128 128 248 244 240
recolour "#00ffff"
sleep 2
req GET "$TILE"; expect_status 200; expect_pixel 128 128 248 244 240
kill -HUP "$SERVER_PID"
for _ in $(seq 1 50); do
  req GET "$TILE"; expect_status 200
  python3 "$PIXEL" "$BODY" 128 128 | grep -q '^0 255 255' && break; sleep 0.1
done
expect_pixel 128 128 0 255 255
kill -0 "$SERVER_PID" || fail "SIGHUP ended the server"; pass
stop_server

# A broken config stops the start and names the key
echo '{"styles": {"osm-bright": {"style": 5}}}' > "$WORK/bad.json"
rc=0; "$STRATA_BIN" serve --config "$WORK/bad.json" --port 0 2>"$WORK/bad.err" >/dev/null || rc=$?
[ "$rc" = 2 ] || fail "a broken config exited with $rc"
grep -q '/styles/osm-bright/style: expected a style file name' "$WORK/bad.err" || fail "no key in: $(cat "$WORK/bad.err")"; pass
done_ok
