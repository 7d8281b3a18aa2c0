#!/usr/bin/env bash
# Custom layers over HTTP: a `triangles` layer POSTed with curl shows in tiles, @2x tiles and a
# rotated static view (the centroid is the average of red, green and blue); bad layers are a
# 400 with the JSON pointer of the bad value and change nothing; the layer takes part in
# positions, copy, patch, history and undo; `graticule` is registered too.
source "$(dirname "$0")/lib.sh"
start_server

S=$(new_session '{}')
Q="?session=$S"

# The classic triangle's centroid in Web Mercator, as device pixels of tile 3/4/3 (256 px).
read -r CX CY <<<"$(python3 -c '
import math
def y(lat): return 0.5 - math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)) / (2 * math.pi)
vs = [(12.5, 25), (0, 0), (25, 0)]
wx = sum(lon / 360 + 0.5 for lon, _ in vs) / 3; wy = sum(y(lat) for _, lat in vs) / 3
print(int((wx - 0.5) * 2048), int((wy - 0.375) * 2048))')"

# --- bad layers: 400 with a path, nothing changes --------------------------------------------
req GET "/style$Q"; REV0=$(header ETag)
req POST "/layers$Q" '{"layer": {"id": "tri", "type": "custom", "renderer": "nope"}}'
expect_error 400 unknown_renderer /layer/renderer
req POST "/layers$Q" '{"layer": {"id": "tri", "type": "custom", "renderer": "triangles", "options": {"vertices": [[12.5, 25, "red"], [0, 0, "#00ff00"], [25, 0, "not-a-colour"]]}}}'
expect_error 400 invalid_options /layer/options/vertices/2/2
req POST "/layers$Q" '{"layer": {"id": "tri", "type": "custom", "renderer": "triangles", "options": {"vertices": [[12.5, 25, "red"], [0, 0, "red"]]}}}'
expect_error 400 invalid_options /layer/options/vertices
req POST "/layers$Q" '{"layer": {"id": "tri", "type": "custom", "renderer": "triangles", "options": {"vertices": [[12.5, 1e999, "red"], [0, 0, "red"], [1, 1, "red"]]}}}'
expect_status 400
python3 -c 'import json; print(json.dumps({"layer": {"id": "big", "type": "custom", "renderer": "triangles", "options": {"vertices": [[0, 0, "red"]] * 100002}}}))' > "$WORK/big.json"
req POST "/layers$Q" "@$WORK/big.json"; expect_error 400 invalid_options /layer/options/vertices
req POST "/layers$Q" '{"layer": {"id": "grid", "type": "custom", "renderer": "graticule", "options": {"step": 0}}}'
expect_error 400 invalid_options /layer/options/step
req GET "/style$Q"; [ "$(header ETag)" = "$REV0" ] || fail "a refused custom layer changed the revision"

# --- add: positions, tiles, @2x, rotated static view ------------------------------------------
TRI='{"id": "tri", "type": "custom", "renderer": "triangles", "options": {"vertices": [[12.5, 25, "red"], [0, 0, "#00ff00"], [25, 0, "blue"]]}}'
req POST "/layers$Q" "{\"layer\": $TRI, \"position\": {\"below\": \"cities\"}}"
expect_status 201; expect_json .index 5
req GET "/layers$Q"; expect_json '.[5].type' custom; expect_json '.[5].id' tri
req GET "/layers/tri$Q"; expect_json .renderer triangles; expect_json '.options.vertices | length' 3
req GET "/tiles/3/4/3.png$Q"; expect_status 200; expect_png 256 256
expect_pixel "$CX" "$CY" 85 85 85
req GET "/tiles/3/4/3@2x.png$Q"; expect_status 200; expect_png 512 512
expect_pixel $((CX * 2)) $((CY * 2)) 85 85 85
req GET "/static/12.5,8.39,3,45/300x200.png$Q"; expect_status 200; expect_png 300 200
expect_pixel 150 100 85 85 85 6
# Outside the triangle the map below shows (no blank square, no stray paint).
req GET "/tiles/3/4/3.png$Q"; got=$(python3 "$PIXEL" "$BODY" 250 5)
[ "$got" != "85 85 85 255" ] || fail "outside the triangle: $got"

# --- copy, patch, history, undo, delete --------------------------------------------------------
req POST "/layers/tri/copy$Q" '{"id": "tri2", "position": {"above": "tri"}}'; expect_status 201; expect_json .index 6
req GET "/style$Q"; REV1=$(header ETag)
req PATCH "/layers/tri2$Q" '{"options": {"vertices": [[0, "x", "red"], [1, 0, "red"], [0, 1, "red"]]}}'
expect_error 400 invalid_options /options/vertices/0/1
req PATCH "/layers/tri2$Q" '{"renderer": "nope"}'; expect_error 400 unknown_renderer /renderer
req GET "/style$Q"; [ "$(header ETag)" = "$REV1" ] || fail "a refused patch changed the revision"
req PATCH "/layers/tri2$Q" '{"options": {"opacity": 0.5}, "layout": {"visibility": "none"}}'; expect_status 200
req GET "/layers/tri2$Q"; expect_json .options.opacity 0.5; expect_json .layout.visibility none
req GET "/style/history$Q"; expect_status 200
req POST "/style/undo$Q"; expect_status 200
req GET "/layers/tri2$Q"; expect_json .options.opacity null
req DELETE "/layers/tri2$Q"; expect_status 204
req DELETE "/layers/tri$Q"; expect_status 204
req GET "/tiles/3/4/3.png$Q"; got=$(python3 "$PIXEL" "$BODY" "$CX" "$CY")
[ "$got" != "85 85 85 255" ] || fail "the triangle is still drawn after DELETE"
req POST "/style/undo$Q"; expect_status 200
req GET "/tiles/3/4/3.png$Q"; expect_pixel "$CX" "$CY" 85 85 85

# --- the whole style: PUT validates custom layers; graticule ----------------------------------
req GET "/style$Q"; jq '.layers += [{"id": "grid", "type": "custom", "renderer": "graticule", "options": {"width": -1}}]' "$BODY" > "$WORK/bad-style.json"
REV2=$(header ETag)
req PUT "/style$Q" "@$WORK/bad-style.json"; expect_error 400 invalid_options /layers/9/options/width
req GET "/style$Q"; [ "$(header ETag)" = "$REV2" ] || fail "a refused PUT /style changed the revision"
req POST "/layers$Q" '{"layer": {"id": "grid", "type": "custom", "renderer": "graticule", "options": {"step": 10, "color": "#000", "width": 2}}}'
expect_status 201
req GET "/tiles/2/2/1.png$Q"; expect_status 200; expect_png 256 256
# 0°E, 10°N..: the prime meridian is the left edge of tile 2/2/1; 10°E lies at x = 256·10/90.
expect_pixel 28 40 0 0 0 40

req GET /health; expect_status 200
done_ok
