#!/usr/bin/env bash
# One data directory for the whole server: an archive lying in --data-dir is found by name
# (mbtiles://NAME) by session validation and by the renderer alike, as `strata render` finds it.
source "$(dirname "$0")/lib.sh"
mkdir -p "$WORK/data"
cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
python3 "$STRATA_ROOT/Tests/integration/tools/make_mbtiles.py" "$WORK/data/tiny.mbtiles" || fail "cannot write the test archive"
start_server

STYLE='{"version": 8, "sources": {"t": {"type": "vector", "url": "mbtiles://tiny"}},
  "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
             {"id": "water", "type": "fill", "source": "t", "source-layer": "water", "paint": {"fill-color": "#ff0000"}}]}'
req POST /sessions "{\"style\": $STYLE}"; expect_status 201
SID=$(jqr .id)
req GET "/tiles/1/0/0.png?session=$SID"; expect_status 200; expect_png 256 256
cp "$BODY" "$WORK/fill.png"
# The archive's one polygon covers the tile: the same bytes as a red background.
RED='{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ff0000"}}]}'
req POST /sessions "{\"style\": $RED}"; expect_status 201
req GET "/tiles/1/0/0.png?session=$(jqr .id)"; expect_status 200
cmp -s "$BODY" "$WORK/fill.png" || fail "the mbtiles://tiny fill does not cover the tile in red"
pass

# Adding the source at runtime goes through the same table.
req POST "/sources?session=$SID" '{"id": "t2", "source": {"type": "vector", "url": "mbtiles://tiny"}}'; expect_status 201
# Unknown archives stay refused, with the path into the request.
req POST "/sources?session=$SID" '{"id": "t3", "source": {"type": "vector", "url": "mbtiles://nothing"}}'
expect_error 400 unknown_archive /source/url

# `strata render` resolves the same style the same way.
echo "$STYLE" > "$WORK/style.json"
"$STRATA_BIN" render --style "$WORK/style.json" --data-dir "$WORK/data" --tile 1/0/0 -o "$WORK/render.png" >/dev/null \
  || fail "strata render failed"
pass
done_ok
