#!/usr/bin/env bash
# Live styling over HTTP: layers (positions, slots), patch/replace/move/copy/delete, sources,
# images, feature and global state, PUT /style diff, atomic batches, history, undo, If-Match,
# tiles following changes, and two sessions proving isolation.
source "$(dirname "$0")/lib.sh"
start_server

S=$(new_session '{}')
O=$(new_session '{}')
Q="?session=$S"

req GET "/layers$Q"; expect_status 200
expect_json 'map(.id) | join(",")' "background,bottom,countries-fill,countries-line,middle,cities,city-labels,top"
expect_json '.[5].type' circle; expect_json '.[4].type' slot; expect_json '.[0].visibility' visible

# --- add with positions and slots -----------------------------------------------------------
req POST "/layers$Q" '{"layer": {"id": "rivers", "type": "line", "source": "countries", "paint": {"line-color": "#00f"}}}'
expect_status 201; expect_json .revision 1; expect_json .index 8; expect_header ETag '"1"'
req POST "/layers$Q" '{"layer": {"id": "lakes", "type": "fill", "source": "countries", "slot": "middle"}}'
expect_status 201; expect_json .index 5
req POST "/layers$Q" '{"layer": {"id": "glow", "type": "line", "source": "countries", "slot": "middle"}, "position": {"below": "lakes"}}'
expect_status 201; expect_json .index 5
req POST "/layers$Q" '{"layer": {"id": "under", "type": "fill", "source": "countries", "slot": "bottom"}}'
expect_status 201; expect_json .index 2
req POST "/layers$Q" '{"layer": {"id": "first", "type": "fill", "source": "countries"}, "position": {"at": 0}}'
expect_status 201; expect_json .index 0
req POST "/layers$Q" '{"layer": {"id": "mid2", "type": "circle", "source": "cities"}, "position": {"above": "countries-line"}}'
expect_status 201
req GET "/layers$Q"
expect_json 'map(.id) | join(",")' "first,background,bottom,under,countries-fill,countries-line,mid2,middle,glow,lakes,cities,city-labels,top,rivers"
expect_json '.[9].slot' middle

# A new slot layer is a new insertion point.
req POST "/layers$Q" '{"layer": {"id": "labels", "type": "slot"}, "position": {"above": "cities"}}'; expect_status 201
req POST "/layers$Q" '{"layer": {"id": "in-labels", "type": "circle", "source": "cities", "slot": "labels"}}'; expect_status 201
req GET "/layers$Q"; expect_json 'map(.id) | index("in-labels") - index("labels")' 1

# Errors: duplicate 409, missing source / bad value / bad positions / missing slot 400, nothing changes.
req GET "/style$Q"; REV_BEFORE=$(header ETag)
req POST "/layers$Q" '{"layer": {"id": "rivers", "type": "line", "source": "countries"}}'; expect_error 409 duplicate_layer
req POST "/layers$Q" '{"layer": {"id": "x", "type": "line", "source": "nope"}}'; expect_status 400; expect_json .error.code unknown_source
jqr .error.path | grep -q '^/layer' || fail "path should point into /layer"
req POST "/layers$Q" '{"layer": {"id": "x", "type": "fill", "source": "countries", "paint": {"fill-opacity": "lots"}}}'
expect_status 400; expect_json .error.path /layer/paint/fill-opacity
req POST "/layers$Q" '{"layer": {"id": "x", "type": "fill", "source": "countries", "paint": {"fill-colour": "red"}}}'
expect_status 400; expect_json .error.path /layer/paint/fill-colour
req POST "/layers$Q" '{"layer": {"id": "x", "type": "fill", "source": "cities2"}}'; expect_status 400
req POST "/layers$Q" '{"layer": {"id": "x", "type": "fill", "source": "countries"}, "position": {"above": "nope"}}'; expect_status 400
req POST "/layers$Q" '{"layer": {"id": "x", "type": "fill", "source": "countries"}, "position": {"at": 99}}'; expect_error 400 invalid_position /position
req POST "/layers$Q" '{"layer": {"id": "x", "type": "fill", "source": "countries"}, "position": {"below": "lakes"}}'; expect_error 400 invalid_position /position
req POST "/layers$Q" '{"layer": {"id": "x", "type": "fill", "source": "countries"}, "position": {"near": "lakes"}}'; expect_status 400
req POST "/layers$Q" '{"layer": {"id": "x", "type": "fill", "source": "countries", "slot": "nowhere"}}'; expect_status 400
req POST "/layers$Q" '{"layer": {"id": "x", "type": "sprinkles", "source": "countries"}}'; expect_error 400 invalid_layer /layer/type
req POST "/layers$Q" '{"layer": "x"}'; expect_error 400 invalid_body /layer
req POST "/layers$Q" '{"layer": {"id": "x", "type": "fill", "source": "countries"}, "extra": 1}'; expect_error 400 invalid_body /extra
req POST "/layers$Q" '{"layer": {'; expect_error 400 malformed_json
req GET "/style$Q"; [ "$(header ETag)" = "$REV_BEFORE" ] || fail "a failed request changed the revision"

# --- get, patch, replace, move, copy, delete ------------------------------------------------
req GET "/layers/rivers$Q"; expect_status 200; expect_json .paint.\"line-color\" "#00f"
req GET "/layers/nope$Q"; expect_error 404 unknown_layer
req PATCH "/layers/rivers$Q" '{"paint": {"line-width": 4, "line-color": "#f00"}, "layout": {"visibility": "none"}, "filter": ["==", ["get", "continent"], "Europe"], "minzoom": 2, "maxzoom": 12}'
expect_status 200
req GET "/layers/rivers$Q"; expect_json .paint.\"line-width\" 4; expect_json .layout.visibility none; expect_json .minzoom 2; expect_json .maxzoom 12
expect_json '.filter[0]' "=="
req GET "/layers$Q"; expect_json '.[] | select(.id == "rivers") | .visibility' none
req PATCH "/layers/rivers$Q" '{"paint": {"line-width": null}, "filter": null, "minzoom": null}'; expect_status 200
req GET "/layers/rivers$Q"; expect_json '.paint."line-width"' null; expect_json .filter null; expect_json .minzoom null; expect_json .maxzoom 12
req PATCH "/layers/rivers$Q" '{"paint": {"line-width": -3}}'; expect_status 400; expect_json .error.path /paint/line-width
req PATCH "/layers/rivers$Q" '{"paint": {"line-width": 2, "line-color": 17}}'; expect_status 400; expect_json .error.path /paint/line-color
req GET "/layers/rivers$Q"; expect_json '.paint."line-width"' null   # atomic: width not applied either
req PATCH "/layers/rivers$Q" '{"colour": 1}'; expect_error 400 invalid_body /colour
req PATCH "/layers/nope$Q" '{"paint": {}}'; expect_error 404 unknown_layer
req PATCH "/layers/rivers$Q" '{"slot": "middle"}'; expect_status 200
req GET "/layers/rivers$Q"; expect_json .slot middle
req PATCH "/layers/rivers$Q" '{"slot": "nowhere"}'; expect_status 400
req PATCH "/layers/rivers$Q" '{"slot": null}'; expect_status 200

req GET "/layers$Q"; IDX=$(jqr 'map(.id) | index("countries-line")')
req PUT "/layers/countries-line$Q" '{"type": "line", "source": "countries", "paint": {"line-color": "#000", "line-width": 3}}'
expect_status 200; expect_json .index "$IDX"
req GET "/layers/countries-line$Q"; expect_json '.paint."line-width"' 3; expect_json .layout null
req PUT "/layers/countries-line$Q" '{"id": "other", "type": "line", "source": "countries"}'; expect_error 400 invalid_body /id
req PUT "/layers/nope$Q" '{"type": "line", "source": "countries"}'; expect_error 404 unknown_layer

req POST "/layers/first/move$Q" '{"position": {"above": "rivers"}}'; expect_status 200
req GET "/layers$Q"; expect_json '.[-1].id' first
req POST "/layers/first/move$Q" '{"position": {"at": 0}}'; expect_status 200; expect_json .index 0
req POST "/layers/lakes/move$Q" '{"position": {"at": 0}}'; expect_status 200
req GET "/layers$Q"; expect_json 'map(.id) | index("lakes") - index("middle")' 1
req POST "/layers/lakes/move$Q" '{"position": {"above": "cities"}}'; expect_error 400 invalid_position /position
req POST "/layers/lakes/move$Q" '{}'; expect_error 400 invalid_position /position
req POST "/layers/nope/move$Q" '{"position": {"at": 0}}'; expect_error 404 unknown_layer

req POST "/layers/rivers/copy$Q" '{"id": "rivers2", "position": {"below": "rivers"}}'; expect_status 201
req GET "/layers$Q"; expect_json 'map(.id) | index("rivers") - index("rivers2")' 1
req GET "/layers/rivers2$Q"; expect_json .maxzoom 12
req POST "/layers/rivers/copy$Q" '{"id": "rivers2"}'; expect_error 409 duplicate_layer
req POST "/layers/rivers/copy$Q" '{}'; expect_error 400 invalid_body /id

req DELETE "/layers/rivers2$Q"; expect_status 204
req DELETE "/layers/rivers2$Q"; expect_error 404 unknown_layer
req DELETE "/layers/middle$Q"; expect_status 409   # slot still used by glow/lakes

# --- sources ----------------------------------------------------------------------------------
req GET "/sources$Q"; expect_status 200; expect_json .countries.type geojson
req GET "/sources/cities$Q"; expect_status 200; expect_json .data cities.geojson
req GET "/sources/nope$Q"; expect_error 404 unknown_source
POINTS='{"type": "FeatureCollection", "features": [{"type": "Feature", "id": 1, "properties": {}, "geometry": {"type": "Point", "coordinates": [13.4, 52.5]}}]}'
req POST "/sources$Q" "{\"id\": \"pts\", \"source\": {\"type\": \"geojson\", \"data\": $POINTS}}"; expect_status 201
req POST "/sources$Q" "{\"id\": \"pts\", \"source\": {\"type\": \"geojson\", \"data\": $POINTS}}"; expect_error 409 duplicate_source
req POST "/sources$Q" '{"id": "bad", "source": {"type": "teleport"}}'; expect_status 400; jqr .error.path | grep -q '^/source' || fail "path into /source"
# Source URLs never leave the data directory.
ln -s /etc/hostname "$WORK/data/out.geojson"
for url in ../../etc/passwd /etc/passwd file:///etc/passwd out.geojson 'a/%2e%2e/%2e%2e/etc/passwd'; do
  req POST "/sources$Q" "{\"id\": \"esc\", \"source\": {\"type\": \"geojson\", \"data\": \"$url\"}}"
  expect_status 400; expect_json .error.path /source/data   # a pointer into the request body
done
req POST "/style/operations$Q" '[["addSource", "esc", {"type": "geojson", "data": "../x.geojson"}]]'
expect_status 400; expect_json .error.path /0/2/data
req PUT "/sources/countries/data$Q" '"../../etc/passwd"'; expect_status 400; expect_json .error.path ""
req POST "/sources$Q" '{"id": "esc", "source": {"type": "geojson", "data": "http://example.com/x.geojson"}}'; expect_status 400
req POST "/sources$Q" '{"id": "vt", "source": {"type": "vector", "tiles": ["../tiles/{z}/{x}/{y}.mvt"]}}'; expect_status 400
expect_json .error.path /source/tiles/0
req POST /sessions '{"style": {"version": 8, "sources": {"a": {"type": "geojson", "data": "../secret.json"}}, "layers": []}}'
expect_status 400; expect_json .error.path /style/sources/a/data; expect_json .error.code forbidden_path
req POST /static '{"center": [0, 0], "zoom": 1, "width": 8, "height": 8, "style": {"version": 8, "sources": {"a": {"type": "geojson", "data": "/etc/passwd"}}, "layers": []}}'
expect_status 400; expect_json .error.path /style/sources/a/data
req PUT "/style$Q" '{"version": 8, "glyphs": "../fonts/{fontstack}/{range}.pbf", "sources": {}, "layers": []}'; expect_status 400; expect_json .error.path /glyphs
req POST "/sources$Q" '{"id": "fine", "source": {"type": "geojson", "data": "cities.geojson"}}'; expect_status 201
req POST "/sources$Q" '{"source": {"type": "geojson"}}'; expect_error 400 invalid_body /id
req POST "/layers$Q" '{"layer": {"id": "pts-circles", "type": "circle", "source": "pts"}}'; expect_status 201
req PUT "/sources/pts/data$Q" '{"type": "FeatureCollection", "features": []}'; expect_status 200
req GET "/sources/pts$Q"; expect_json '.data.features | length' 0
req PUT "/sources/nope/data$Q" '{"type": "FeatureCollection", "features": []}'; expect_error 404 unknown_source
req PUT "/sources/pts/data$Q" '{"type": "FeatureCollection", '; expect_error 400 malformed_json
req DELETE "/sources/pts$Q"; expect_error 409 source_in_use
req DELETE "/sources/pts$Q&cascade=true"; expect_status 204
req GET "/layers/pts-circles$Q"; expect_error 404 unknown_layer
req DELETE "/sources/pts$Q"; expect_error 404 unknown_source

# --- feature state and global state ------------------------------------------------------------
req PUT "/sources/countries/features/42/state$Q" '{"hover": true, "n": 3}'; expect_status 200
req PUT "/sources/countries/features/42/state$Q" '{"n": 4}'; expect_status 200
req DELETE "/sources/countries/features/42/state$Q&key=n"; expect_status 204
req DELETE "/sources/countries/features/42/state$Q"; expect_status 204
req DELETE "/sources/countries/state$Q"; expect_status 204
req PUT "/sources/nope/features/1/state$Q" '{"a": 1}'; expect_error 404 unknown_source
req PUT "/sources/countries/features/1/state$Q" '[1]'; expect_error 400 invalid_body
req PATCH "/style/state$Q" '{"highlight": "Europe"}'; expect_status 200
req PATCH "/style/state$Q" '{}'; expect_error 400 invalid_body

# --- images ------------------------------------------------------------------------------------
req GET "/tiles/0/0/0.png$Q"; cp "$BODY" "$WORK/icon.png"
STATUS=$(curl -s -o "$BODY" -D "$HEADERS" -w '%{http_code}' -X PUT -H 'Content-Type: image/png' --data-binary @"$WORK/icon.png" "$BASE/images/marker$Q&pixelRatio=2&sdf=false")
expect_status 201
STATUS=$(curl -s -o "$BODY" -D "$HEADERS" -w '%{http_code}' -X PUT -H 'Content-Type: image/png' --data-binary @"$WORK/icon.png" "$BASE/images/marker$Q")
expect_status 200
head -c 100 "$WORK/icon.png" > "$WORK/broken.png"
STATUS=$(curl -s -o "$BODY" -D "$HEADERS" -w '%{http_code}' -X PUT --data-binary @"$WORK/broken.png" "$BASE/images/bad$Q"); expect_error 400 invalid_image
STATUS=$(curl -s -o "$BODY" -D "$HEADERS" -w '%{http_code}' -X PUT --data-binary 'not a png' "$BASE/images/bad$Q"); expect_error 400 invalid_image
STATUS=$(curl -s -o "$BODY" -D "$HEADERS" -w '%{http_code}' -X PUT --data-binary @"$WORK/icon.png" "$BASE/images/x$Q&pixelRatio=-1"); expect_error 400 invalid_image
# JPEG and WebP bodies are images too (fixtures of the ImageCodec tests); a cut one is a 400.
FIXTURES="$(dirname "$0")/../ImageCodecTests/Fixtures"
for f in rgb.jpg rgba-lossless.webp; do
  STATUS=$(curl -s -o "$BODY" -D "$HEADERS" -w '%{http_code}' -X PUT --data-binary @"$FIXTURES/$f" "$BASE/images/upload$Q"); expect_status 201
  req DELETE "/images/upload$Q"; expect_status 204
done
head -c 300 "$FIXTURES/rgb.jpg" > "$WORK/broken.jpg"
STATUS=$(curl -s -o "$BODY" -D "$HEADERS" -w '%{http_code}' -X PUT --data-binary @"$WORK/broken.jpg" "$BASE/images/bad$Q"); expect_error 400 invalid_image
# GET /images lists what icon-image can name: the session's images, then its sprite's.
req GET "/images$Q"; expect_status 200; expect_json length 1; expect_json '.[0].id' marker
expect_json '.[0].source' image; expect_json '.[0].pixelRatio' 1; expect_json '.[0].sdf' false
req GET "/images?session=$O"; expect_status 200; expect_json length 0
cp "$WORK/icon.png" "$WORK/data/sprite.png"
echo '{"pin": {"x": 0, "y": 0, "width": 16, "height": 24, "pixelRatio": 1}, "dot": {"x": 16, "y": 0, "width": 8, "height": 8, "pixelRatio": 1, "sdf": true}}' > "$WORK/data/sprite.json"
SP=$(new_session '{"style": {"version": 8, "sprite": "sprite", "sources": {}, "layers": []}}')
req PUT "/images/marker?session=$SP" "@$WORK/icon.png"; expect_status 201
req GET "/images?session=$SP"; expect_json 'map(.id + ":" + .source) | join(",")' "marker:image,dot:sprite,pin:sprite"
req DELETE "/images/marker$Q"; expect_status 204
req DELETE "/images/marker$Q"; expect_error 404 unknown_image
req GET "/images$Q"; expect_json length 0

# --- tiles follow changes; sessions are isolated -------------------------------------------------
req GET "/tiles/1/0/0.png$Q"; T1=$(header ETag); cp "$BODY" "$WORK/t1.png"
req GET "/tiles/1/0/0.png?session=$O"; TO1=$(header ETag)
req GET "/tiles.json$Q"; V1=$(jqr '.tiles[0]')
req PATCH "/layers/background$Q" '{"paint": {"background-color": "#102030"}}'; expect_status 200
req GET "/tiles/1/0/0.png$Q" "" -H "If-None-Match: $T1"; expect_status 200 "tile must change after a mutation"
T2=$(header ETag); [ "$T1" != "$T2" ] || fail "ETag unchanged after a change"
cmp -s "$BODY" "$WORK/t1.png" && fail "tile bytes unchanged after a change"
req GET "/tiles.json$Q"; [ "$(jqr '.tiles[0]')" != "$V1" ] || fail "tiles.json ?v= unchanged"
req GET "/tiles/1/0/0.png?session=$O"; [ "$(header ETag)" = "$TO1" ] || fail "the other session's tile changed"
req GET "/style?session=$O"; expect_json '.layers | map(.id) | index("rivers")' null
req GET "/layers/rivers?session=$O"; expect_error 404 unknown_layer
req PATCH "/layers/background?session=$O" '{"paint": {"background-color": "#102030"}}'; expect_status 200
req GET "/tiles/1/0/0.png?session=$O"; expect_status 200

# --- If-Match -------------------------------------------------------------------------------------
req GET "/style$Q"; CUR=$(header ETag); CURN=$(echo "$CUR" | tr -d '"')
req PATCH "/layers/background$Q" '{"paint": {"background-opacity": 0.5}}' -H 'If-Match: "1"'; expect_error 412 revision_mismatch
req PATCH "/layers/background$Q" '{"paint": {"background-opacity": 0.5}}' -H "If-Match: $CUR"; expect_status 200
expect_json .revision $((CURN + 1))
req DELETE "/layers/first$Q" "" -H "If-Match: $CUR"; expect_error 412 revision_mismatch
req PATCH "/layers/background$Q" '{}' -H 'If-Match: nonsense'; expect_error 400 invalid_if_match

# --- batches: atomic ------------------------------------------------------------------------------
req GET "/style$Q"; R0=$(header ETag)
req POST "/style/operations$Q" '[["setPaintProperty", "background", "background-color", "#ffffff"], ["removeLayer", "nope"]]'
expect_status 400; jqr .error.path | grep -q '^/1' || fail "batch error should point at /1: $(jqr .error.path)"
req GET "/style$Q"; [ "$(header ETag)" = "$R0" ] || fail "failed batch changed the style"
req GET "/layers/background$Q"; expect_json '.paint."background-color"' "#102030"
req POST "/style/operations$Q" '[["setPaintProperty", "background", "background-color", "#ffffff"], ["addLayer", {"id": "b1", "type": "fill", "source": "countries"}, "background"], ["moveLayer", "b1"]]'
expect_status 200
req GET "/layers$Q"; expect_json '.[-1].id' b1
req POST "/style/operations$Q" '[["frobnicate"]]'; expect_status 400; expect_json .error.path /0/0
req POST "/style/operations$Q" '{"not": "a list"}'; expect_status 400

# --- PUT /style diff ---------------------------------------------------------------------------------
req GET "/style$Q"; jq '.layers |= map(select(.id != "b1")) | (.layers[] | select(.id == "background") | .paint."background-color") = "#abcdef"' "$BODY" > "$WORK/target.json"
req PUT "/style$Q" "@$WORK/target.json"; expect_status 200
expect_json '[.operations[][0]] | sort | join(",")' "removeLayer,setPaintProperty"
req GET "/layers/background$Q"; expect_json '.paint."background-color"' "#abcdef"
req GET "/style$Q"; REVB=$(header ETag); req PUT "/style$Q" "@$WORK/target.json"; expect_status 200; expect_json '.operations | length' 0; expect_header ETag "$REVB"
req PUT "/style$Q" '{"version": 8, "sources": {}, "layers": [{"id": "only", "type": "background"}]}'; expect_status 200
req GET "/layers$Q"; expect_json 'map(.id) | join(",")' only
req PUT "/style$Q" '{"version": 8, "sources": {}, "layers": [{"id": "x", "type": "line", "source": "missing"}]}'; expect_status 400
jqr .error.path | grep -q "^/layers/0" || fail "path should point at /layers/0"
req PUT "/style$Q" '{"version": 9}'; expect_status 400

# --- history and undo ----------------------------------------------------------------------------------
req GET "/style/history$Q"; expect_status 200
NEWEST=$(jqr '.revisions[0].revision'); SECOND=$(jqr '.revisions[1].revision')
[ "$NEWEST" -gt "$SECOND" ] || fail "history must be newest first"
[ "$(jqr '.revisions[0].operations | length')" -gt 0 ] || fail "newest revision without operations"
req POST "/style/undo$Q"; expect_status 200; expect_json .revision $((NEWEST + 1))
req GET "/layers/background$Q"; expect_json '.paint."background-color"' "#abcdef"
req POST "/style/undo$Q"; expect_status 200
req GET "/style/history$Q"; expect_json '.revisions[0].revision' $((NEWEST + 2))
req POST "/style/undo?session=$(new_session '{}')"; expect_error 409 nothing_to_undo

req GET /health; expect_status 200
done_ok
