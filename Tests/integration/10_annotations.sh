#!/usr/bin/env bash
# View annotations over HTTP: add, list, get, patch, delete; bad input is a 4xx with the JSON
# pointer of the bad value and changes nothing; the configured count and text limits hold for
# single adds and batches; boxes show in tiles, @2x, 512 px tiles and static images, whole on
# both sides of a tile edge; overlap and selection decide the same in every tile; history,
# undo, If-Match, ETags and a restart keep them; 256/512 px tilings agree (seam_check.py).
source "$(dirname "$0")/lib.sh"
start_server

S=$(new_session '{}')
Q="?session=$S"

# The latitude of the centre row of tile row 3 at z3 (tile 3/4/3 spans 0°E..45°E).
LAT=$(python3 -c 'import math; print(math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * 3.5 / 8)))))')

# --- bad input: 4xx with a path, nothing changes -----------------------------------------------
req GET "/style$Q"; REV0=$(header ETag)
req POST "/annotations$Q" '{"coordinate": [10, 95], "text": "x"}';        expect_error 400 invalid_annotation /coordinate/1
req POST "/annotations$Q" '{"coordinate": [10, -85.06], "text": "x"}';    expect_error 400 invalid_annotation /coordinate/1
req POST "/annotations$Q" '{"coordinate": [1e999, 0], "text": "x"}';      expect_status 400
req POST "/annotations$Q" '{"coordinate": ["10", 0], "text": "x"}';       expect_error 400 invalid_annotation /coordinate/0
req POST "/annotations$Q" '{"text": "x"}';                                 expect_error 400 invalid_annotation /coordinate
req POST "/annotations$Q" '{"coordinate": [0, 0]}';                        expect_error 400 invalid_annotation /text
req POST "/annotations$Q" '{"coordinate": [0, 0], "text": "x", "anchor": "up"}'; expect_error 400 invalid_annotation /anchor
req POST "/annotations$Q" '{"coordinate": [0, 0], "text": "x", "style": {"border-color": 3}}'; expect_error 400 invalid_annotation /style/border-color
req POST "/annotations$Q" '{"coordinate": [0, 0], "text": "x", "layer": "nope"}'; expect_error 400 unknown_layer /layer
req POST "/annotations$Q" '{"coordinate": [0, 0], "text": "x", "extra": 1}'; expect_error 400 invalid_annotation /extra
req POST "/annotations$Q" '[1]';                                           expect_error 400 invalid_body
req POST "/annotations$Q" '{"coordinate": [0, 0], "text": '"$(python3 -c 'print("\"" + "a" * 1001 + "\"")')"'}'
expect_error 400 invalid_annotation /text
req GET "/style$Q"; [ "$(header ETag)" = "$REV0" ] || fail "a refused annotation changed the revision"
req GET "/annotations$Q"; expect_json length 0

# --- add, list, get, patch, 404, 409 -----------------------------------------------------------
req GET "/tiles/3/4/3.png$Q"; TAG0=$(header ETag)
req POST "/annotations$Q" "{\"coordinate\": [22.5, $LAT], \"text\": \"\", \"width\": 40, \"height\": 20,
  \"style\": {\"background-color\": \"#ff0000\", \"border-color\": \"#ff0000\"}}"
expect_status 201; expect_json .id annotation-1; RED=annotation-1
req POST "/annotations$Q" '{"id": "annotation-1", "coordinate": [0, 0], "text": "dup"}'; expect_error 409 duplicate_annotation /id
req GET "/annotations$Q"; expect_json length 1; expect_json '.[0].anchor' center; expect_json '.[0].visible' true
req GET "/annotations/$RED$Q"; expect_json .width 40; expect_json '.style."background-color"' '#ff0000'
req GET "/annotations/nope$Q"; expect_error 404 unknown_annotation
req PATCH "/annotations/nope$Q" '{"text": "x"}'; expect_error 404 unknown_annotation
req DELETE "/annotations/nope$Q"; expect_error 404 unknown_annotation
req PATCH "/annotations/$RED$Q" '{"offsetX": "far"}'; expect_error 400 invalid_annotation /offsetX
req PATCH "/annotations/$RED$Q" '{"coordinate": [0, 86]}'; expect_error 400 invalid_annotation /coordinate/1

# --- drawn in tiles, @2x, 512 px, static; the ETag follows ----------------------------------
req GET "/tiles/3/4/3.png$Q"; expect_png 256 256; expect_pixel 128 128 255 0 0
[ "$(header ETag)" != "$TAG0" ] || fail "the tile's ETag did not change with an annotation"
expect_pixel 108 128 255 0 0; expect_pixel 147 128 255 0 0   # 40 px: 108..147
got=$(python3 "$PIXEL" "$BODY" 148 128); [ "$got" != "255 0 0 255" ] || fail "the 40 px box is wider than 40 px"
req GET "/tiles/3/4/3@2x.png$Q"; expect_png 512 512; expect_pixel 256 256 255 0 0; expect_pixel 220 256 255 0 0
got=$(python3 "$PIXEL" "$BODY" 296 256); [ "$got" != "255 0 0 255" ] || fail "@2x: the box is not 80 device px"
req GET "/tiles/512/2/2/1.png$Q"; expect_png 512 512; expect_pixel 128 384 255 0 0
req GET "/static/22.5,$LAT,2,30/200x100.png$Q"; expect_png 200 100; expect_pixel 100 50 255 0 0
req GET "/static/22.5,$LAT,2/200x100@2x.png$Q"; expect_png 400 200; expect_pixel 200 100 255 0 0

# --- a box across a tile edge shows whole on both sides ---------------------------------------
req POST "/annotations$Q" "{\"id\": \"edge\", \"coordinate\": [0, $LAT], \"text\": \"\", \"width\": 40, \"height\": 20,
  \"style\": {\"background-color\": \"#0000ff\", \"border-color\": \"#0000ff\"}}"
expect_status 201; expect_json .id edge
req GET "/tiles/3/4/3.png$Q"; expect_pixel 0 128 0 0 255; expect_pixel 19 128 0 0 255
req GET "/tiles/3/3/3.png$Q"; expect_pixel 255 128 0 0 255; expect_pixel 236 128 0 0 255

# --- overlap and selection: the same decision in every tile -----------------------------------
req POST "/annotations$Q" "{\"id\": \"green\", \"coordinate\": [22.5, $LAT], \"offsetX\": 10, \"text\": \"\", \"width\": 40, \"height\": 20,
  \"style\": {\"background-color\": \"#00ff00\", \"border-color\": \"#00ff00\"}}"
expect_status 201
req GET "/tiles/3/4/3.png$Q"; expect_pixel 128 128 255 0 0     # green overlaps red, which came first: hidden
req PATCH "/annotations/green$Q" '{"selected": true}'; expect_status 200
req GET "/tiles/3/4/3.png$Q"; expect_pixel 128 128 0 255 0     # selected goes first: red is hidden now
req GET "/tiles/512/2/2/1.png$Q"; expect_pixel 128 384 0 255 0
req PATCH "/annotations/$RED$Q" '{"allowOverlap": true}'; expect_status 200
req GET "/tiles/3/4/3.png$Q"; expect_pixel 128 128 0 255 0; expect_pixel 110 128 255 0 0  # both; selected on top
req PATCH "/annotations/green$Q" '{"visible": false}'; expect_status 200
req GET "/tiles/3/4/3.png$Q"; expect_pixel 128 128 255 0 0

# --- history, undo, If-Match, batches --------------------------------------------------------
req GET "/style/history$Q"; expect_json '.revisions[0].operations[0][0]' updateAnnotation
req GET "/style$Q"; REV=$(header ETag)
req DELETE "/annotations/green$Q" "" -H "If-Match: \"0\""; expect_error 412 revision_mismatch
req DELETE "/annotations/green$Q" "" -H "If-Match: $REV"; expect_status 204
req GET "/annotations$Q"; expect_json length 2
req POST "/style/undo$Q"; expect_status 200
req GET "/annotations/green$Q"; expect_json .visible false
req POST "/style/operations$Q" '[["removeAnnotation", "green"], ["addAnnotation", {"coordinate": [0, 99], "text": "x"}]]'
expect_error 400 invalid_annotation /1/1/coordinate/1
req GET "/annotations$Q"; expect_json length 3

# --- limits: 1000 per session by default, for batches and single adds --------------------------
python3 -c 'import json; print(json.dumps([["addAnnotation", {"coordinate": [(i % 100) * 3.5 - 175, (i // 100) * 15 - 70], "text": "n%d" % i}] for i in range(998)]))' > "$WORK/many.json"
req POST "/style/operations$Q" "@$WORK/many.json"; expect_error 409 too_many_annotations /997
python3 -c 'import json; print(json.dumps([["addAnnotation", {"coordinate": [(i % 100) * 3.5 - 175, (i // 100) * 15 - 70], "text": "n%d" % i}] for i in range(997)]))' > "$WORK/many.json"
req POST "/style/operations$Q" "@$WORK/many.json"; expect_status 200
req GET "/annotations$Q"; expect_json length 1000
req POST "/annotations$Q" '{"coordinate": [0, 0], "text": "one too many"}'; expect_error 409 too_many_annotations
start=$(date +%s%N)
req GET "/tiles/1/0/0.png$Q"; expect_status 200; expect_png 256 256
req GET "/tiles/512/0/0/0.png$Q"; expect_status 200
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$ms" -lt 10000 ] || fail "tiles with 1000 annotations took $ms ms"
req POST "/style/undo$Q"; expect_status 200
req GET "/annotations$Q"; expect_json length 3

# --- durable: a restart keeps them ------------------------------------------------------------
stop_server
start_server
req GET "/annotations$Q"; expect_json length 3; expect_json '.[1].id' edge
req GET "/tiles/3/4/3.png$Q"; expect_pixel 128 128 255 0 0

# --- 256 and 512 px tilings agree ---------------------------------------------------------------
SEAM="$STRATA_ROOT/../shared/tools/seam_check.py"
[ -n "${STRATA_SHARED:-}" ] && SEAM="$STRATA_SHARED/tools/seam_check.py"
if [ -f "$SEAM" ]; then
  for text in "Across the seam" "Second, overlapping" "Third"; do
    req POST "/annotations$Q" "{\"coordinate\": [$([ "$text" = Third ] && echo 33.75 || echo 22.5), 40.98], \"text\": \"$text\"}"
    expect_status 201
  done
  python3 "$SEAM" --server "$BASE" --session "$S" --z 4 --x 8 --y 4 --n 4 > "$WORK/seam.txt" || fail "seam_check: $(tail -1 "$WORK/seam.txt")"
  pass
elif is_ci; then
  fail "../shared/tools/seam_check.py is missing"
fi

req GET /health; expect_status 200
done_ok
