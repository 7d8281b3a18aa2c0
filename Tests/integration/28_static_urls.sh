#!/usr/bin/env bash
# tileserver-gl's static image URLs on a published style — centre-based
# /styles/{id}/static/{lon},{lat},{zoom}[@{bearing}[,{pitch}]]/… (tileserver-gl's zoom: MapLibre's
# + 1) and area-based /styles/{id}/static/{minx},{miny},{maxx},{maxy}/… fitted with `padding` —,
# the same fit for sessions (GET /static/bounds/…, POST /static "bounds"), and the 400s, which
# render nothing.
source "$(dirname "$0")/lib.sh"
TOOLS="$STRATA_ROOT/Tests/integration/tools"
mkdir -p "$WORK/data" "$WORK/styles"
cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
cp "$STRATA_ROOT/config/styles/default.json" "$WORK/styles/default.json"
use_config "{\"stylesDir\": \"$WORK/styles\", \"maxStaticSide\": 2048, \"maxPixelRatio\": 4, \"maxPitch\": 80}"
start_server
req POST /sessions '{"style": "default"}'; expect_status 201; SID=$(jqr .id)

# expect_size FORMAT W H: the last body's header says so (python stdlib parses it).
expect_size() {
  local got; got=$(python3 "$TOOLS/image_size.py" "$BODY") || fail "cannot read the image header"
  [ "$got" = "$1 $2 $3" ] || fail "expected a $1 of $2x$3, got $got"; pass
}
# same_as FILE: the last body equals FILE byte for byte.
same_as() { cmp -s "$BODY" "$1" || fail "$2: not the same bytes"; pass; }

# Centre-based: tileserver-gl's zoom 4 is MapLibre's 3, i.e. Strata's /static/…,3.
req GET "/static/10,50,3/300x200.png?session=$SID"; expect_status 200; cp "$BODY" "$WORK/s.png"
req GET /styles/default/static/10,50,4/300x200.png; expect_status 200; expect_png 300 200; expect_size png 300 200
same_as "$WORK/s.png" "centre-based vs the session's /static"
python3 "$TOOLS/same_pixels.py" "$BODY" "$WORK/s.png" || fail "centre-based pixels differ"; pass
[ -z "$(header Vary)" ] || fail "a published static image must not vary on the session"; pass
req GET /styles/default/static/10,50,4/300x200@2x.png; expect_status 200; expect_size png 600 400
req GET "/static/10,50,3,30/300x200.png?session=$SID"; cp "$BODY" "$WORK/turned.png"
req GET /styles/default/static/10,50,4@30/300x200.png; expect_status 200; same_as "$WORK/turned.png" "bearing @30"
req GET /styles/default/static/10,50,4@30,0/300x200.png; expect_status 200; same_as "$WORK/turned.png" "pitch 0"
# A pitch is the fifth value of Strata's own view and follows the bearing in tileserver-gl's.
req GET "/static/10,50,3,30,40/300x200.png?session=$SID"; expect_status 200; cp "$BODY" "$WORK/tilted.png"
cmp -s "$BODY" "$WORK/turned.png" && fail "pitch 40 drew the same image as pitch 0"; pass
req GET /styles/default/static/10,50,4@30,40/300x200.png; expect_status 200; same_as "$WORK/tilted.png" "pitch @30,40"
cmp -s "$WORK/turned.png" "$WORK/s.png" && fail "bearing 30 drew the unturned view"; pass
req GET "/static/10,50,3/300x200.jpg?session=$SID&quality=50"; cp "$BODY" "$WORK/s.jpg"
req GET "/styles/default/static/10,50,4/300x200.jpg?quality=50"; expect_status 200
expect_header Content-Type image/jpeg; expect_size jpeg 300 200; same_as "$WORK/s.jpg" "JPEG quality 50"
req GET /styles/default/static/10,50,4/300x200.jpeg; expect_header Content-Type image/jpeg; expect_size jpeg 300 200
req GET /styles/default/static/10,50,4/300x200@2x.webp; expect_status 200
expect_header Content-Type image/webp; expect_size webp 600 400
req GET "/static/10,50,3/300x200.png?session=$SID&attribution=true"; cp "$BODY" "$WORK/attr.png"
req GET "/styles/default/static/10,50,4/300x200.png?attribution=true"; expect_status 200; same_as "$WORK/attr.png" "attribution=true"

# Area-based: the zoom and Web Mercator centre worked out here from tileserver-gl's formula.
read -r LON LAT Z <<<"$(python3 - <<'PY'
import math
def y(lat): return 0.5 - math.log(math.tan(math.pi / 4 + lat * math.pi / 360)) / (2 * math.pi)
minx, miny, maxx, maxy, w, h, pad = 5, 45, 15, 55, 400, 300, 0.1
z = min(math.log2(w / (1 + 2 * pad) / ((maxx - minx) / 360 * 512)), math.log2(h / (1 + 2 * pad) / ((y(miny) - y(maxy)) * 512)))
z = max(math.log2(max(w, h) / 512), min(24, z))
lat = (2 * math.atan(math.exp((0.5 - (y(miny) + y(maxy)) / 2) * 2 * math.pi)) - math.pi / 2) * 180 / math.pi
print(repr((minx + maxx) / 2), repr(lat), repr(z))  # shortest round-trip decimals: the same doubles
PY
)"
req GET /styles/default/static/5,45,15,55/400x300.png; expect_status 200; expect_png 400 300; cp "$BODY" "$WORK/area.png"
CENTRE=$(python3 "$PIXEL" "$WORK/area.png" 200 150)
req GET "/static/$LON,$LAT,$Z/400x300.png?session=$SID"; expect_status 200
[ "$(python3 "$PIXEL" "$BODY" 200 150)" = "$CENTRE" ] || fail "area-based centre pixel $CENTRE differs from the view at $LON,$LAT,$Z"; pass
# Python's libm and Strata's agree on the doubles, so the whole image is the same one.
same_as "$WORK/area.png" "area-based vs the centre-based view at the fitted zoom $Z"
req GET /styles/default/static/5,45,15,55/400x300.png?padding=0; expect_status 200
cmp -s "$BODY" "$WORK/area.png" && fail "padding=0 drew the padded view"; pass
# Sessions: GET /static/bounds/… and POST /static "bounds" are the same fit, the same bytes.
req GET "/static/bounds/5,45,15,55/400x300.png?session=$SID"; expect_status 200; same_as "$WORK/area.png" "session /static/bounds"
req POST "/static?session=$SID" '{"bounds": [5, 45, 15, 55], "width": 400, "height": 300}'; expect_status 200
same_as "$WORK/area.png" "POST /static bounds"
req POST "/static?session=$SID" '{"bounds": [5, 45, 15, 55], "padding": 0, "width": 400, "height": 300, "format": "webp"}'
expect_status 200; expect_size webp 400 300

# Bad input: a 400 naming the part, and nothing rendered.
BEFORE=$(render_cpu)
req GET "/static/10,50,3,0,82/300x200.png?session=$SID"; expect_error 400 invalid_view
case "$(jqr .error.message)" in *"maxPitch of 80"*) pass ;; *) fail "the pitch error does not name maxPitch" ;; esac
req GET /styles/default/static/10,50,4@0,81/300x200.png; expect_error 400 invalid_view
req POST "/static?session=$SID" '{"center": [10, 50], "zoom": 3, "pitch": 81, "width": 300, "height": 200}'; expect_error 400 invalid_view /pitch
req GET /styles/default/static/10,50,4@0,86/300x200.png; expect_error 400 invalid_view
case "$(jqr .error.message)" in *"pitch must be in [0, 85]"*"86"*) pass ;; *) fail "the pitch error does not name 86" ;; esac
req GET /styles/default/static/auto/300x200.png; expect_error 400 auto_needs_overlays
case "$(jqr .error.message)" in *overlays*) pass ;; *) fail "auto's error does not say overlays" ;; esac
req GET /styles/default/static/15,45,5,55/300x200.png; expect_error 400 invalid_bounds
case "$(jqr .error.message)" in *minx*maxx*) pass ;; *) fail "inverted bounds' error does not name minx/maxx" ;; esac
req GET /styles/default/static/5,55,15,45/300x200.png; expect_error 400 invalid_bounds
req GET /styles/default/static/5,45,15,90/300x200.png; expect_error 400 invalid_bounds
req GET /styles/default/static/5,45,15,55/300x200.png?padding=-1; expect_error 400 invalid_padding
req GET /styles/default/static/10,50,4/3000x200.png; expect_error 400 invalid_view
req GET /styles/default/static/10,50,4/300x200@5x.png; expect_error 400 invalid_scale
req GET /styles/default/static/10,50,4/300x200.gif; expect_error 400 invalid_view
req GET /styles/default/static/10,50,30/300x200.png; expect_error 400 invalid_view
case "$(jqr .error.message)" in *zoom*) pass ;; *) fail "the zoom error does not say zoom" ;; esac
req GET /styles/default/static/10,50,4/300x200.png?quality=50; expect_error 400 invalid_quality
req GET /styles/nope/static/10,50,4/300x200.png; expect_error 404 unknown_style
req GET "/static/bounds/15,45,5,55/300x200.png?session=$SID"; expect_error 400 invalid_bounds
req GET "/static/bounds/5,45,15/300x200.png?session=$SID"; expect_error 400 invalid_bounds
req GET "/static/bounds/5,45,15,55/3000x200.png?session=$SID"; expect_error 400 invalid_view
req POST "/static?session=$SID" '{"bounds": [15, 45, 5, 55], "width": 400, "height": 300}'; expect_error 400 invalid_bounds /bounds
req POST "/static?session=$SID" '{"bounds": [5, 45, 15, 55], "zoom": 3, "width": 400, "height": 300}'; expect_error 400 invalid_body /zoom
req POST "/static?session=$SID" '{"bounds": [5, 45, 15, 55], "padding": -1, "width": 400, "height": 300}'; expect_error 400 invalid_padding /padding
req POST "/static?session=$SID" '{"center": [5, 45], "zoom": 3, "padding": 0.1, "width": 400, "height": 300}'; expect_error 400 invalid_body /padding
[ "$(render_cpu)" = "$BEFORE" ] || fail "a rejected request rendered (render CPU $BEFORE → $(render_cpu))"; pass
done_ok
