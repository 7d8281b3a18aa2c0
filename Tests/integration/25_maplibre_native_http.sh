#!/usr/bin/env bash
# A real GL client over HTTP: MapLibre Native (pymgl) loads /styles/bright/style.json from
# Strata and fetches everything it names from Strata (TileJSON, OpenMapTiles vector tiles, glyph
# PBFs, sprite) through a recording proxy on loopback (Tests/integration/tools/gl_client_render.py);
# its picture must match Strata's own /static raster of the same view within a pixelmatch
# tolerance. Every URL of the served style must be on this server's 127.0.0.1 address.
# The client's venv: $STRATA_GL_CLIENT_VENV (default $HOME/.cache/strata-ci/venv, made by
# .ci/run: pymgl 0.5.0, numpy, pillow). Without it the script skips, loudly; under CI=true it fails.
source "$(dirname "$0")/lib.sh"
SHARED="${STRATA_SHARED:-$STRATA_ROOT/../shared}"
OMT="$SHARED/data/osm-neubrandenburg-omt"
VENV=${STRATA_GL_CLIENT_VENV:-$HOME/.cache/strata-ci/venv}
TOOLS="$STRATA_ROOT/Tests/integration/tools"
if ! "$VENV/bin/python" -c 'import pymgl, numpy, PIL' 2>/dev/null || [ ! -f "$OMT/omt-neubrandenburg.mbtiles" ]; then
  is_ci && fail "needs pymgl in $VENV (see .ci/run) and the OpenMapTiles data in $OMT"
  echo "SKIP: 25_maplibre_native_http — no pymgl venv at $VENV or no data at $OMT"
  exit 0
fi

# OSM Bright (the local variant: mbtiles://omt-neubrandenburg) with a sprite of its POI icons
mkdir -p "$WORK/data/sprites" "$WORK/styles"
cp "$OMT/omt-neubrandenburg.mbtiles" "$WORK/data/"
icons=()
for class in shop town_hall bus railway school cafe restaurant fast_food bar beer pharmacy doctor \
  dentist hospital parking fuel bank atm post library museum theatre cinema place_of_worship police \
  fire_station grocery clothing_store hairdresser bakery lodging park attraction castle monument \
  toilets car bicycle swimming stadium music art_gallery college kindergarten laundry ice_cream \
  alcohol_shop information veterinary playground sports_centre airport star; do icons+=("${class}_11"); done
python3 "$TOOLS/make_sprite.py" "$WORK/data/sprites/bright" "${icons[@]}" || fail "make_sprite.py"
jq '.sprite = "sprites/bright"' "$OMT/style-bright.json" > "$WORK/styles/bright.json"
cp "$STRATA_ROOT/config/styles/default.json" "$WORK/styles/default.json"
use_config "{\"stylesDir\": \"$WORK/styles\"}"
start_server --fonts-dir /usr/share/fonts/truetype/noto

# The style a GL client gets names only this server, on loopback
req GET /styles/bright/style.json; expect_status 200
expect_json .sources.openmaptiles.url "$BASE/data/omt-neubrandenburg.json"
expect_json .glyphs "$BASE/fonts/{fontstack}/{range}.pbf"
expect_json .sprite "$BASE/styles/bright/sprite"
# (the resources a client fetches: source url/tiles/data, glyphs, sprite(s))
RESOURCES='[(.sources[] | .url?, .data?, .tiles[]?), .glyphs, (.sprite | if type == "array" then .[].url else . end)]
  | map(select(type == "string" and test("://")))'
[ "$(jq "$RESOURCES | length" "$BODY")" -ge 3 ] || fail "style.json has too few URLs"; pass
off=$(jq -r "$RESOURCES"' | map(select(startswith("'"$BASE"'/") | not)) | join(" ")' "$BODY")
[ -z "$off" ] || fail "style.json names URLs off $BASE: $off"; pass
req GET /data/omt-neubrandenburg.json; expect_status 200
expect_json '.tiles | map(startswith("'"$BASE"'/")) | all' true

# MapLibre Native renders it over HTTP; Strata renders the same view from a session of the style
VIEW=13.26,53.557,14
"$VENV/bin/python" "$TOOLS/gl_client_render.py" --server "$BASE" --style bright --view "$VIEW" \
  --size 512x512 --out "$WORK/client.png" --log "$WORK/requests.txt" || fail "the GL client did not render"
for route in '/styles/bright/style.json' '/data/omt-neubrandenburg.json' \
  '/data/omt-neubrandenburg/14/[0-9]*/[0-9]*.pbf' '/fonts/Noto%20Sans%20Regular/0-255.pbf' \
  '/styles/bright/sprite.json' '/styles/bright/sprite.png'; do
  grep -q "^200 $route\$" "$WORK/requests.txt" || { cat "$WORK/requests.txt" >&2; fail "the client did not fetch $route"; }
  pass
done
! grep -qv '^200 ' "$WORK/requests.txt" || { cat "$WORK/requests.txt" >&2; fail "a client request failed"; }; pass
req POST /sessions '{"style": "bright"}'; expect_status 201; SID=$(jqr .id)
req GET "/static/$VIEW/512x512.png?session=$SID"; expect_status 200; expect_png 512 512
cp "$BODY" "$WORK/strata.png"

# pixelmatch as MapLibre's render tests use it (threshold 0.1285, anti-aliasing not counted).
# Allowed 0.5 %: measured 0.17 % (one street label that the two renderers' collision placement
# puts differently); the same view without the sprite's icons differs by 0.9 %, without any
# labels by 2.4 %, so a missing sprite, missing glyphs or a wrong tile fails.
"$VENV/bin/python" "$TOOLS/pixelmatch.py" "$WORK/strata.png" "$WORK/client.png" --allowed 0.005 \
  --diff "$WORK/diff.png" || fail "MapLibre Native's picture differs from Strata's"
pass
done_ok
