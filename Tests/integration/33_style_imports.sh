#!/usr/bin/env bash
# Style imports (Mapbox GL v3): a session style imports the city basemap (a published style
# with a `schema`) by id and puts a GeoJSON route into its `middle` slot. Changing a config
# option over HTTP changes the next tile and its ETag in one revision, is undone by undo,
# survives kill -9; imports are added, moved, replaced and removed; PUT /style diffs them; every
# refused change is a 400 (or 404/409/412) with its JSON pointer and changes nothing. A
# restarted server restores the session from the imported documents its revision kept.
source "$(dirname "$0")/lib.sh"
SHARED="${STRATA_SHARED:-$STRATA_ROOT/../shared}"
CITY="$SHARED/data/osm-neubrandenburg"
if [ ! -f "$CITY/osm-neubrandenburg.mbtiles" ]; then
  is_ci && fail "$CITY is missing"
  echo "skip: $(basename "$0") needs ../shared/data/osm-neubrandenburg"; exit 0
fi
mkdir -p "$WORK/data" "$WORK/styles"
cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
cp "$CITY/osm-neubrandenburg.mbtiles" "$WORK/data/"
cp -r "$CITY/glyphs" "$CITY/sprites" "$WORK/data/"
cp "$STRATA_ROOT/config/styles/default.json" "$WORK/styles/"
cp "$STRATA_ROOT/Tests/RendererTests/StyleImports/city-basemap.json" "$WORK/styles/city-basemap.json"
# Two styles of the data directory that import each other: a cycle.
echo '{"version": 8, "imports": [{"id": "b", "url": "cycle-b.json"}], "sources": {}, "layers": []}' > "$WORK/data/cycle-a.json"
echo '{"version": 8, "imports": [{"id": "a", "url": "cycle-a.json"}], "sources": {}, "layers": []}' > "$WORK/data/cycle-b.json"
use_config "{\"stylesDir\": \"$WORK/styles\"}"
start_server

ROUTE='{"type": "geojson", "data": {"type": "LineString", "coordinates": [[13.2405, 53.5495], [13.259, 53.5572], [13.279, 53.565]]}}'
STYLE="{\"version\": 8, \"imports\": [{\"id\": \"basemap\", \"url\": \"city-basemap\", \"config\": {\"poiDensity\": \"low\"}}],
  \"sources\": {\"route\": $ROUTE},
  \"layers\": [{\"id\": \"route\", \"type\": \"line\", \"source\": \"route\", \"slot\": \"middle\",
               \"paint\": {\"line-color\": \"#d0336c\", \"line-width\": 5}}]}"
S=$(new_session "{\"style\": $STYLE}")

req GET "/style?session=$S"; expect_status 200
expect_json '.imports[0].url' city-basemap
expect_json '.imports[0].config.poiDensity' low
expect_json '.layers | length' 1
req GET "/imports?session=$S"; expect_status 200
expect_json '.[0].id' basemap
expect_json '.[0].schema.landColor.type' color
expect_json '.[0].schema.poiDensity.values | join(",")' low,medium,high
expect_json '.[0].slots | join(",")' bottom,middle,top
req GET "/imports/basemap/config?session=$S"; expect_status 200
expect_json .config.landColor '#f2efe9'
expect_json .config.poiDensity low
expect_json .set.poiDensity low

# The basemap published as it is: GL clients get its options' defaults written in, no schema.
req GET /styles/city-basemap/style.json; expect_status 200
expect_json '[.. | arrays | select(.[0] == "config")] | length' 0
expect_json '.schema' null
expect_json '.layers[0].paint."background-color" | tojson' '["literal","#f2efe9"]'

TILE=/tiles/15/17590/10589.png
req GET "$TILE?session=$S"; expect_status 200; expect_png 256 256
cp "$BODY" "$WORK/before.png"; ETAG1=$(header ETag)

# One PATCH of two options: one revision; the next tile differs.
req PATCH "/imports/basemap/config?session=$S" '{"landColor": "#203040", "showLabels": false}'
expect_status 200; expect_json .revision 1; expect_json .config.landColor '#203040'; expect_json .config.showLabels false
req GET "$TILE?session=$S"; expect_status 200
cmp -s "$BODY" "$WORK/before.png" && fail "the tile did not change with the land colour"; pass
[ "$(header ETag)" != "$ETAG1" ] || fail "the ETag did not change"; pass
cp "$BODY" "$WORK/dark.png"
req GET "/style/history?session=$S"
expect_json '.revisions[0].operations | map(.[0]) | join(",")' setConfigProperty,setConfigProperty
expect_json '.revisions | length' 2

# Refused changes: 400 with the pointer, nothing changed.
req PATCH "/imports/basemap/config?session=$S" '{"poiDensity": "huge"}'; expect_error 400 invalid_config /poiDensity
req PATCH "/imports/basemap/config?session=$S" '{"nope": 1}'; expect_error 400 invalid_config /nope
req PATCH "/imports/basemap/config?session=$S" '{"landColor": "not a colour"}'; expect_error 400 invalid_config /landColor
req PATCH "/imports/basemap/config?session=$S" '{}'; expect_error 400 invalid_body ""
req PATCH "/imports/other/config?session=$S" '{"landColor": "#fff"}'; expect_error 404 unknown_import
req POST "/style/operations?session=$S" '[["setConfigProperty", "basemap", "landColor", 5]]'; expect_error 400 invalid_config /0/3
req POST "/style/operations?session=$S" '[["setConfigProperty", "basemap"]]'; expect_error 400 invalid_command /0
req PATCH "/imports/basemap/config?session=$S" '{"poiDensity": "high"}' -H 'If-Match: "0"'; expect_status 412
req GET /sessions/$S; expect_json .revision 1
req POST /sessions '{"style": {"version": 8, "imports": [{"id": "x", "url": "missing-style"}], "sources": {}, "layers": []}}'
expect_error 400 invalid_import /style/imports/0/url
jqr .error.message | grep -q '"missing-style"' || fail "the error does not name the URL"; pass
req POST /sessions '{"style": {"version": 8, "imports": [{"id": "x", "url": "city-basemap", "config": {"poiDensity": 3}}], "sources": {}, "layers": []}}'
expect_error 400 invalid_config /style/imports/0/config/poiDensity
req POST /sessions '{"style": {"version": 8, "imports": [{"id": "x", "url": "cycle-a.json"}], "sources": {}, "layers": []}}'
expect_error 400 invalid_import /style/imports/0/url
jqr .error.message | grep -q cycle || fail "a cycle is not named"; pass
req POST /sessions '{"style": {"version": 8, "imports": [{"id": "x", "data": {"version": 8, "sources": {}, "layers": [{"id": "l", "type": "nope"}]}}], "sources": {}, "layers": []}}'
expect_status 400; expect_json .error.path /style/imports/0/data/layers/0/type

# Undo restores the options and the tile.
req POST "/style/undo?session=$S"; expect_status 200; expect_json .revision 2
req GET "/imports/basemap/config?session=$S"; expect_json .config.landColor '#f2efe9'
req GET "$TILE?session=$S"; cmp -s "$BODY" "$WORK/before.png" || fail "undo did not restore the tile"; pass

# Imports added at a position, moved, replaced, removed; a basemap still holding a layer in its slot stays.
SMALL='{"version": 8, "sources": {}, "layers": [{"id": "tint", "type": "background", "paint": {"background-color": "#ff0000", "background-opacity": 0.2}}]}'
req POST "/imports?session=$S" "{\"import\": {\"id\": \"tint\", \"data\": $SMALL}, \"before\": \"basemap\"}"; expect_status 201
req GET "/imports?session=$S"; expect_json 'map(.id) | join(",")' tint,basemap
req POST "/imports/tint/move?session=$S" '{"before": null}'; expect_status 200
req GET "/imports?session=$S"; expect_json 'map(.id) | join(",")' basemap,tint
req GET "$TILE?session=$S"; cmp -s "$BODY" "$WORK/before.png" && fail "the tint import did not draw"; pass
req PUT "/imports/tint?session=$S" '{"data": {"version": 8, "sources": {}, "layers": []}}'; expect_status 200
req GET "$TILE?session=$S"; cmp -s "$BODY" "$WORK/before.png" || fail "an emptied import still draws"; pass
req POST "/imports?session=$S" '{"import": {"id": "tint", "data": {}}}'; expect_error 409 duplicate_import /import/id
req POST "/imports?session=$S" '{"import": {"id": "t2", "url": 5}}'; expect_error 400 invalid_import /import/url
req POST "/imports?session=$S" '{"import": {"id": "t2", "url": "city-basemap"}, "before": "zz"}'; expect_error 400 unknown_import /before
req DELETE "/imports/tint?session=$S"; expect_status 204
req DELETE "/imports/basemap?session=$S"; expect_error 409 slot_in_use
req DELETE "/imports/zz?session=$S"; expect_error 404 unknown_import

# The importer's layers go into the import's slots like into its own.
req POST "/layers?session=$S" '{"layer": {"id": "route-2", "type": "line", "source": "route", "slot": "middle"}, "position": {"at": 0}}'
expect_status 201
req PATCH "/layers/route-2?session=$S" '{"slot": "top"}'; expect_status 200
req PATCH "/layers/route-2?session=$S" '{"slot": "nowhere"}'; expect_error 400 unknown_slot /slot
req DELETE "/layers/route-2?session=$S"; expect_status 204

# PUT /style diffs imports: a changed option is one setConfigProperty.
req GET "/style?session=$S"
jq '.imports[0].config.landColor = "#203040" | .imports[0].config.showLabels = false' "$BODY" > "$WORK/style.json"
req PUT "/style?session=$S" "@$WORK/style.json"; expect_status 200
expect_json '.operations | map(.[0]) | join(",")' setConfigProperty,setConfigProperty
req GET "$TILE?session=$S"; cmp -s "$BODY" "$WORK/dark.png" || fail "PUT /style's options did not draw as PATCH's"; pass

# kill -9 after an acknowledged change: the option and its tile survive.
req PATCH "/imports/basemap/config?session=$S" '{"poiDensity": "high"}'; expect_status 200
REV=$(jqr .revision)
req GET "$TILE?session=$S"; cp "$BODY" "$WORK/acked.png"
stop_server KILL
# The revision kept the documents it imported: the session loads as it was without the file.
rm "$WORK/styles/city-basemap.json"
start_server
req GET /sessions/$S; expect_json .revision "$REV"
req GET "/imports/basemap/config?session=$S"; expect_json .config.poiDensity high; expect_json .config.landColor '#203040'
req GET "$TILE?session=$S"; cmp -s "$BODY" "$WORK/acked.png" || fail "the tile after a restart differs"; pass
done_ok
