#!/usr/bin/env bash
# Absurd paint values cost what their visible result costs: 2,000 discs of circle-radius 1e7
# render as one blend (the tile equals a red background), and huge line widths, blurs,
# offsets and sub-pixel dashes render in a few CPU milliseconds, unchanged for the server
# afterwards. Cost is asserted as the render threads' CPU seconds (strata_render_cpu_seconds_total),
# with bounds ~30x what a debug build spends: wall time against the production budget would
# pass or fail with the machine's load, so the server runs with a budget no test render meets (lib.sh).
source "$(dirname "$0")/lib.sh"
mkdir -p "$WORK/data"
cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
# A 1,000,000-vertex polygon in one feature, as a file of the data directory.
python3 -c 'import json, math
n = 1000000
ring = [[round(10 + 5 * math.cos(2 * math.pi * i / n), 6), round(50 + 5 * math.sin(2 * math.pi * i / n), 6)] for i in range(n)]
json.dump({"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [ring + [ring[0]]]}},
          open("'"$WORK"'/data/huge.geojson", "w"), separators=(",", ":"))'
start_server

POINTS=$(python3 -c 'import json; print(json.dumps({"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [(i * 7.3) % 360 - 180, (i * 3.1) % 160 - 80]}}
  for i in range(2000)]}))')
LINES='{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "LineString",
  "coordinates": [[-170, -60], [-20, 10], [30, -40], [170, 70], [100, 80]]}}]}'
STYLE="{\"version\": 8, \"sources\": {\"p\": {\"type\": \"geojson\", \"data\": $POINTS}, \"l\": {\"type\": \"geojson\", \"data\": $LINES}},
  \"layers\": [{\"id\": \"bg\", \"type\": \"background\", \"paint\": {\"background-color\": \"#ffffff\"}},
               {\"id\": \"line\", \"type\": \"line\", \"source\": \"l\"},
               {\"id\": \"discs\", \"type\": \"circle\", \"source\": \"p\", \"paint\": {\"circle-radius\": 1e7, \"circle-color\": \"#ff0000\"}}]}"
echo "{\"style\": $STYLE}" > "$WORK/body.json"
req POST /sessions "@$WORK/body.json"; expect_status 201
SID=$(jqr .id); Q="?session=$SID"
RED='{"style": {"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ff0000"}}]}}'
req POST /sessions "$RED"; expect_status 201; RQ="?session=$(jqr .id)"

for t in 1/0/0 3/4/2 0/0/0; do
  req GET "/tiles/$t.png$RQ"; expect_status 200; cp "$BODY" "$WORK/red.png"
  CPU=$(render_cpu)
  req GET "/tiles/$t.png$Q"; expect_status 200 "2,000 tile-covering discs at $t"
  cmp -s "$BODY" "$WORK/red.png" || fail "tile $t of 2,000 opaque red discs is not plain red"
  pass
  expect_cpu_since "$CPU" 1.5 "2,000 tile-covering discs at $t"
done
CPU=$(render_cpu)
req GET "/static/0,0,1/1024x1024@2x.png$Q"; expect_status 200; expect_png 2048 2048
expect_cpu_since "$CPU" 3 "a 2048 px static view of 2,000 covering discs"

# Translucent covering discs stack exactly (composed, not drawn one by one).
req PATCH "/layers/discs$Q" '{"paint": {"circle-opacity": 0.01, "circle-blur": 1e7, "circle-stroke-width": 1e7}}'; expect_status 200
CPU=$(render_cpu)
req GET "/tiles/2/1/1.png$Q"; expect_status 200; expect_png 256 256
expect_cpu_since "$CPU" 1.5 "translucent blurred covering discs"

for paint in '{"line-width": 1e9}' '{"line-gap-width": 1e9}' '{"line-offset": 1e9}' '{"line-blur": 1e9}' \
             '{"line-dasharray": [1e-9, 1e-9]}' '{"line-dasharray": [1e-9, 1e-9], "line-width": 1e9}' '{"line-width": 1e9, "line-blur": 1e9}'; do
  req PATCH "/layers/line$Q" "{\"paint\": $paint}"; expect_status 200
  CPU=$(render_cpu)
  req GET "/tiles/1/0/0.png$Q"; expect_status 200 "$paint"; expect_png 256 256
  expect_cpu_since "$CPU" 1.5 "a line with $paint"
  req PATCH "/layers/line$Q" '{"paint": {"line-width": null, "line-gap-width": null, "line-offset": null, "line-blur": null, "line-dasharray": null}}'
  expect_status 200
done
# The huge polygon: filled and stroked at world and street scale.
req POST "/sources$Q" '{"id": "huge", "source": {"type": "geojson", "data": "huge.geojson"}}'; expect_status 201
req POST "/layers$Q" '{"layer": {"id": "huge-fill", "type": "fill", "source": "huge", "paint": {"fill-color": "#00f"}}}'; expect_status 201
req POST "/layers$Q" '{"layer": {"id": "huge-line", "type": "line", "source": "huge", "paint": {"line-width": 2}}}'; expect_status 201
for t in 0/0/0 5/16/10 9/270/172 13/4322/2777; do
  req GET "/tiles/$t.png$Q"; expect_status 200 "1,000,000-vertex polygon at $t"; expect_png 256 256
done
# Inline GeoJSON is held to maxGeoJSONBytes like a data upload.
python3 -c 'import json; print(json.dumps({"id": "inline", "source": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[0, 0]] * 3000000}}}))' > "$WORK/inline.json"
req POST "/sources$Q" "@$WORK/inline.json"; expect_error 413 payload_too_large
req GET "/sources/inline$Q"; expect_error 404 unknown_source

req GET /health; expect_status 200
done_ok
