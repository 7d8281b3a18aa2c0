#!/usr/bin/env bash
# Attribution on static images: `attribution=true` (or config staticAttribution, which
# `attribution=false` turns off) draws the style's sources' attribution, HTML taken out, as
# MapLibre's attribution control shows it: dark 12 px text on a translucent white box in the
# bottom-right corner. The image differs from the plain one only there; bad values are 400s.
source "$(dirname "$0")/lib.sh"
TOOLS="$STRATA_ROOT/Tests/integration/tools"
mkdir -p "$WORK/styles"
cp "$STRATA_ROOT/config/styles/default.json" "$WORK/styles/default.json"
jq '.sources.countries.attribution = "<a href=\"https://www.openstreetmap.org/copyright\" target=\"_blank\">&copy; OpenStreetMap contributors</a>"
  | .sources.cities.attribution = "<a href=\"https://openmaptiles.org/\">© OpenMapTiles</a> &amp; friends"' \
  "$STRATA_ROOT/config/styles/default.json" > "$WORK/styles/osm.json"
# A style whose only source is an archive of the data directory: the archive's attribution
mkdir -p "$WORK/data"
cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
python3 - "$WORK/data/omt.mbtiles" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
db.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
for k, v in [("name", "OMT"), ("format", "pbf"), ("minzoom", "0"), ("maxzoom", "14"),
             ("attribution", '<a href="https://www.openmaptiles.org/">&copy; OpenMapTiles</a> <a href="https://www.openstreetmap.org/copyright">&copy; OpenStreetMap contributors</a>')]:
    db.execute("INSERT INTO metadata VALUES (?, ?)", (k, v))
db.commit()
PY
cat > "$WORK/styles/archived.json" <<'JSON'
{"version": 8, "name": "Archived", "sources": {"omt": {"type": "vector", "url": "mbtiles://omt"}},
 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#4a7ab0"}}]}
JSON
use_config "{\"stylesDir\": \"$WORK/styles\"}"
start_server
req GET /styles/archived.json; expect_status 200
expect_json .attribution '<a href="https://www.openmaptiles.org/">&copy; OpenMapTiles</a> <a href="https://www.openstreetmap.org/copyright">&copy; OpenStreetMap contributors</a>'
req POST /sessions '{"style": "archived"}'; expect_status 201; ASID=$(jqr .id)
req GET "/static/10,50,3/400x300.png?session=$ASID"; expect_status 200; cp "$BODY" "$WORK/archived-plain.png"
req GET "/static/10,50,3/400x300.png?session=$ASID&attribution=true"; expect_status 200; cp "$BODY" "$WORK/archived-attr.png"
read -r n x0 y0 x1 y1 <<<"$(python3 "$TOOLS/diff_box.py" "$WORK/archived-plain.png" "$WORK/archived-attr.png")"
[ "$n" -gt 500 ] && [ "$x1" = 400 ] && [ "$y1" = 300 ] && [ "$y0" -ge 270 ] \
  || fail "the archive's attribution is not drawn in the corner ($n px in [$x0, $x1) x [$y0, $y1))"; pass

# The rendered TileJSON keeps the HTML (a client's attribution control shows links)
req GET /styles/osm.json; expect_status 200
expect_json '.attribution | contains("&copy; OpenStreetMap contributors</a>")' true
req POST /sessions '{"style": "osm"}'; expect_status 201; SID=$(jqr .id)
V="/static/10,50,3/400x300.png"
req GET "$V?session=$SID"; expect_status 200; expect_png 400 300; cp "$BODY" "$WORK/plain.png"; PLAIN_ETAG=$(header ETag)
req GET "$V?session=$SID&attribution=false"; expect_status 200; expect_header ETag "$PLAIN_ETAG"
req GET "$V?session=$SID&attribution=true"; expect_status 200; expect_png 400 300; cp "$BODY" "$WORK/attr.png"
[ "$(header ETag)" != "$PLAIN_ETAG" ] || fail "the attributed image has the plain image's ETag"; pass

# Only the bottom-right corner changed: a box one text line high, as wide as the text
read -r n x0 y0 x1 y1 <<<"$(python3 "$TOOLS/diff_box.py" "$WORK/plain.png" "$WORK/attr.png")"
echo "attribution box: $n px differ in [$x0, $x1) x [$y0, $y1)"
[ "$n" -gt 500 ] || fail "attribution=true changed only $n px"; pass
[ "$x1" = 400 ] && [ "$y1" = 300 ] || fail "the changed region does not reach the bottom-right corner"; pass
[ "$y0" -ge 270 ] || fail "the changed region is more than one line high (from y=$y0)"; pass
# "© OpenStreetMap contributors | © OpenMapTiles & friends" at 12 px is ~300 px wide; less
# than 200 means the text was cut or wrapped, 400 that it was not fitted
[ "$x0" -le 200 ] && [ "$x0" -gt 0 ] || fail "the box starts at x=$x0"; pass
dark=$(python3 "$TOOLS/png_pixel.py" --dark "$WORK/attr.png" "$x0" "$y0" 400 300 110)
echo "dark text pixels: $dark"
[ "$dark" -gt 100 ] || fail "no dark text in the attribution box ($dark px)"; pass
# The translucent white box lightens the map under it (the default style's ocean there)
read -r pr pg pb _ <<<"$(python3 "$TOOLS/png_pixel.py" "$WORK/plain.png" 399 299)"
read -r ar ag ab _ <<<"$(python3 "$TOOLS/png_pixel.py" "$WORK/attr.png" 399 299)"
[ $((ar + ag + ab)) -gt $((pr + pg + pb)) ] || fail "the corner was not lightened ($pr $pg $pb → $ar $ag $ab)"; pass

# POST /static draws the same; bad values change nothing and say why
req POST "/static?session=$SID" '{"center": [10, 50], "zoom": 3, "width": 400, "height": 300, "attribution": true}'
expect_status 200; cmp -s "$BODY" "$WORK/attr.png" || fail "POST /static with attribution differs from GET"; pass
req POST "/static?session=$SID" '{"center": [10, 50], "zoom": 3, "width": 400, "height": 300, "attribution": "yes"}'
expect_error 400 invalid_attribution
req GET "$V?session=$SID&attribution=yes"; expect_error 400 invalid_attribution
# A style whose sources carry no attribution draws nothing
req GET "$V?attribution=true"; expect_status 200; cp "$BODY" "$WORK/default-attr.png"
req GET "$V"; expect_status 200
cmp -s "$BODY" "$WORK/default-attr.png" || fail "a style without attribution changed with attribution=true"; pass
stop_server

# staticAttribution: on by default, attribution=false turns it off
use_config "{\"stylesDir\": \"$WORK/styles\", \"staticAttribution\": true}"
start_server
req POST /sessions '{"style": "osm"}'; expect_status 201; SID=$(jqr .id)
req GET "$V?session=$SID"; expect_status 200; cmp -s "$BODY" "$WORK/attr.png" || fail "staticAttribution: true did not draw it"; pass
req GET "$V?session=$SID&attribution=false"; expect_status 200
cmp -s "$BODY" "$WORK/plain.png" || fail "attribution=false did not turn it off"; pass
stop_server
use_config '{"staticAttribution": "yes"}'
"$STRATA_BIN" serve --config "$STRATA_CONFIG" --port 0 --store :memory: >"$WORK/bad.log" 2>&1 && fail "a non-boolean staticAttribution started"
grep -q staticAttribution "$WORK/bad.log" || fail "the error does not name staticAttribution: $(cat "$WORK/bad.log")"; pass
done_ok
