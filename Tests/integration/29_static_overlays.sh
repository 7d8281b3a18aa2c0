#!/usr/bin/env bash
# tileserver-gl's static overlays — path= (coordinates, enc: polylines, stroke/width/fill/border,
# defaults), marker= (built-in pins, icon files of iconsDir, scale/offset), latlng, before_layer,
# static/auto with padding and maxzoom, and the same by POST — on published styles and sessions,
# checked at the pixel: a marker's tip at its coordinate, a path's pixels along its polyline,
# widths in CSS px doubled by @2x, auto containing every overlay with its padding; bad input is a
# 400 naming the part, and renders nothing.
source "$(dirname "$0")/lib.sh"
TOOLS="$STRATA_ROOT/Tests/integration/tools"
OV="$TOOLS/overlay_pixels.py"
mkdir -p "$WORK/data" "$WORK/styles" "$WORK/icons/sub" "$WORK/outside"
cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
cp "$STRATA_ROOT/config/styles/default.json" "$WORK/styles/default.json"
# A 10×20 opaque blue icon (stdlib PNG), one in a sub-folder, and one outside behind a symlink.
python3 - "$WORK" <<'PY'
import struct, sys, zlib
def png(path, w, h, rgba):
    raw = b"".join(b"\0" + bytes(rgba) * w for _ in range(h))
    chunk = lambda k, d: struct.pack(">I", len(d)) + k + d + struct.pack(">I", zlib.crc32(k + d) & 0xffffffff)
    open(path, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
png(sys.argv[1] + "/icons/blue.png", 10, 20, (0, 0, 255, 255))
png(sys.argv[1] + "/icons/sub/blue.png", 10, 20, (0, 0, 255, 255))
png(sys.argv[1] + "/outside/secret.png", 10, 20, (0, 0, 255, 255))
open(sys.argv[1] + "/icons/not-a.png", "w").write("text")
PY
ln -s "$WORK/outside/secret.png" "$WORK/icons/escape.png"
use_config "{\"stylesDir\": \"$WORK/styles\", \"iconsDir\": \"$WORK/icons\", \"maxStaticSide\": 2048}"
start_server
req POST /sessions '{"style": "default"}'; expect_status 201; SID=$(jqr .id)

# near PX PY R G B [TOL] / not_near …: the last body's pixel is (not) that colour.
near() { python3 "$OV" near "$BODY" "$@" || fail "pixel $1,$2 is not $3 $4 $5"; pass; }
not_near() { python3 "$OV" near "$BODY" "$@" 2>/dev/null && fail "pixel $1,$2 is $3 $4 $5"; pass; }
calc() { awk "BEGIN { print $1 }"; }
same_as() { cmp -s "$BODY" "$1" || fail "$2: not the same bytes"; pass; }
MAGENTA="255 0 255 40"; GREEN="0 255 0 40"; BLUE="0 0 255 40"

# A pin's tip is its coordinate: magenta just above it, not below; the same at @2x.
read -r PX PY <<<"$(python3 "$OV" project 10 50 5 400 300 1 11 51)"
req GET "/static/10,50,5/400x300.png?session=$SID&marker=11,51|pin-f0f"; expect_status 200; expect_png 400 300
cp "$BODY" "$WORK/pin.png"
near "$PX" "$(calc "$PY - 7")" $MAGENTA; near "$PX" "$(calc "$PY - 25")" 255 255 255 40   # the head's white dot
not_near "$PX" "$(calc "$PY + 3")" $MAGENTA
req GET "/static/10,50,5/400x300@2x.png?session=$SID&marker=11,51|pin-f0f"; expect_png 800 600
near "$(calc "$PX * 2")" "$(calc "$PY * 2 - 14")" $MAGENTA; not_near "$(calc "$PX * 2")" "$(calc "$PY * 2 + 6")" $MAGENTA
# The published style's URL (tileserver-gl's zoom, + 1) is the same image; latlng swaps the pair.
req GET "/styles/default/static/10,50,6/400x300.png?marker=11,51|pin-f0f"; expect_status 200; same_as "$WORK/pin.png" "published pin"
req GET "/styles/default/static/10,50,6/400x300.png?marker=51,11|pin-f0f&latlng=1"; same_as "$WORK/pin.png" "latlng=1"
req POST "/styles/default/static/10,50,6/400x300.png" '{"marker": ["11,51|pin-f0f"]}'; expect_status 200; same_as "$WORK/pin.png" "published POST"
req POST "/static?session=$SID" '{"center": [10, 50], "zoom": 5, "width": 400, "height": 300, "marker": "11,51|pin-f0f"}'
expect_status 200; same_as "$WORK/pin.png" "POST /static marker"
# A labelled pin: white letters in its head (the style's label font), no white dot.
req GET "/static/10,50,5/400x300@2x.png?session=$SID&marker=11,51|pin-f0f-W"; expect_status 200
WHITE=$(python3 - "$TOOLS" "$BODY" "$PX" "$PY" <<'PY'
import sys; sys.path.insert(0, sys.argv.pop(1))
from png_pixel import rows
w, h, px = rows(sys.argv[1]); cx, cy = 2 * float(sys.argv[2]), 2 * (float(sys.argv[3]) - 24)
print(sum(1 for y in range(int(cy) - 12, int(cy) + 13) for x in range(int(cx) - 12, int(cx) + 13) if min(px(x, y)[:3]) > 200))
PY
)
[ "$WHITE" -gt 20 ] || fail "no white label in the pin's head ($WHITE px)"; pass
python3 "$OV" near "$BODY" "$(calc "$PX * 2")" "$(calc "$PY * 2 - 48")" 255 255 255 40 2>/dev/null && fail "the labelled pin has a white dot"; pass

# A marker whose coordinate is inside the image is drawn even where its picture crosses the edge.
read -r EX EY <<<"$(python3 "$OV" project 10 50 5 400 300 1 14.3 51)"
req GET "/static/10,50,5/400x300.png?session=$SID&marker=14.3,51|pin-f0f"; near "$(calc "$EX - 6")" "$(calc "$EY - 24")" $MAGENTA

# The map's labels are placed around markers: Prague's label, right of its dot, moves left of it
# when a pin stands there (the default style's variable anchors); Luxembourg's, under a pin, goes.
dark() { python3 "$PIXEL" --dark "$BODY" "$@" 80; }
req GET "/styles/default/static/10,50,6/500x350.png"
[ "$(dark 395 160 445 178)" = 0 ] && [ "$(dark 456 160 500 178)" -gt 15 ] || fail "Prague's label is not right of its dot"; pass
[ "$(dark 80 195 160 210)" -gt 15 ] || fail "no Luxembourg label"; pass
req GET "/styles/default/static/10,50,6/500x350.png?marker=14.9,49.95|pin-0a0-B&marker=6.2,49.5|pin-f80"
[ "$(dark 395 160 445 178)" -gt 15 ] && [ "$(dark 456 160 500 178)" = 0 ] || fail "Prague's label did not move around the pin"; pass
[ "$(dark 80 195 160 210)" = 0 ] || fail "Luxembourg's label is drawn under the pin"; pass

# Icon files: bottom centre on the coordinate, offset (CSS px, times scale), scale; folders.
req GET "/static/10,50,5/400x300.png?session=$SID&marker=11,51|blue.png"; expect_status 200
near "$PX" "$(calc "$PY - 10")" $BLUE; not_near "$PX" "$(calc "$PY + 3")" $BLUE
not_near "$(calc "$PX + 8")" "$(calc "$PY - 10")" $BLUE
req GET "/static/10,50,5/400x300.png?session=$SID&marker=11,51|sub/blue.png|offset:20,0"
near "$(calc "$PX + 20")" "$(calc "$PY - 10")" $BLUE; not_near "$PX" "$(calc "$PY - 10")" $BLUE
req GET "/static/10,50,5/400x300.png?session=$SID&marker=11,51|blue.png|scale:2|offset:5,0"
near "$(calc "$PX + 10 + 8")" "$(calc "$PY - 35")" $BLUE; not_near "$(calc "$PX + 10 + 12")" "$(calc "$PY - 35")" $BLUE
# sprite:NAME: an image of the style's sprite or the session's images (PUT /images/{id}).
STATUS=$(curl -s -o "$BODY" -D "$HEADERS" -w '%{http_code}' -X PUT -H 'Content-Type: image/png' \
  --data-binary @"$WORK/icons/blue.png" "$BASE/images/blueimg?session=$SID"); expect_status 201
req GET "/static/10,50,5/400x300.png?session=$SID&marker=11,51|sprite:blueimg"; expect_status 200
near "$PX" "$(calc "$PY - 10")" $BLUE; not_near "$PX" "$(calc "$PY + 3")" $BLUE

# Paths: pixels along the polyline; a 6 px stroke is ±3 px at @1x and ±6 device px at @2x.
P="8,50|12,50|12,48.5"
req GET "/static/10,50,5/400x300.png?session=$SID&path=stroke:%2300ff00|width:6|$P"; expect_status 200
python3 "$OV" along "$BODY" 10 50 5 400 300 1 "$P" $GREEN || fail "the path's pixels"; pass
read -r QX QY <<<"$(python3 "$OV" project 10 50 5 400 300 1 9 50)"
near "$QX" "$(calc "$QY + 2")" $GREEN; not_near "$QX" "$(calc "$QY + 5")" $GREEN
req GET "/static/10,50,5/400x300@2x.png?session=$SID&path=stroke:%2300ff00|width:6|$P"; expect_png 800 600
python3 "$OV" along "$BODY" 10 50 5 400 300 2 "$P" $GREEN || fail "the @2x path's pixels"; pass
near "$(calc "$QX * 2")" "$(calc "$QY * 2 + 5")" $GREEN; not_near "$(calc "$QX * 2")" "$(calc "$QY * 2 + 9")" $GREEN
# Query-level defaults, a border beside the stroke, a fill inside a closed path.
req GET "/static/10,50,5/400x300.png?session=$SID&stroke=%2300ff00&width=6&border=%230000ff&borderwidth=3&path=$P"
near "$QX" "$(calc "$QY + 1")" $GREEN; near "$QX" "$(calc "$QY + 5")" $BLUE; not_near "$QX" "$(calc "$QY + 8")" $BLUE
read -r FX FY <<<"$(python3 "$OV" project 10 50 5 400 300 1 10 49)"
req GET "/static/10,50,5/400x300.png?session=$SID&path=fill:%23ff00ff|width:0|8,50|12,50|12,48|8,48|8,50"
near "$FX" "$FY" $MAGENTA

# before_layer: under the opaque background the path is not seen; the image is the plain one.
req GET "/static/10,50,5/400x300.png?session=$SID"; cp "$BODY" "$WORK/plain.png"
req GET "/static/10,50,5/400x300.png?session=$SID&path=stroke:%2300ff00|width:6|$P&before_layer=background"; expect_status 200
python3 "$TOOLS/same_pixels.py" "$BODY" "$WORK/plain.png" || fail "a path below the background shows"; pass
req GET "/static/10,50,5/400x300.png?session=$SID&path=stroke:%2300ff00|width:6|$P&before_layer=countries-fill"; expect_status 200
python3 "$OV" along "$BODY" 10 50 5 400 300 1 "$P" $GREEN 2>/dev/null && fail "countries-fill (translucent) did not tint the path below it"; pass
req GET "/static/10,50,5/400x300.png?session=$SID&path=stroke:%2300ff00|width:6|$P&before_layer=countries-line"; expect_status 200
python3 "$OV" along "$BODY" 10 50 5 400 300 1 "$P" $GREEN || fail "a path above countries-fill is tinted"; pass

# auto: every overlay inside the image, the limiting axis at its padding; maxzoom caps it.
ENC='_p~iF~ps|U_ulLnnqC_mqNvxq`@'
Q="path=stroke:%2300ff00|width:4|enc:$(printf %s "$ENC" | jq -sRr @uri)&marker=-126.453,43.252|pin-f0f"
read -r ALON ALAT AZ <<<"$(python3 "$OV" fit -126.453 38.5 -120.2 43.252 400 300 0.2)"
req GET "/static/auto/400x300.png?session=$SID&$Q&padding=0.2"; expect_status 200; cp "$BODY" "$WORK/auto.png"
python3 "$OV" along "$BODY" "$ALON" "$ALAT" "$AZ" 400 300 1 "-120.2,38.5|-120.95,40.7|-126.453,43.252" $GREEN || fail "auto: the path"; pass
read -r TX TY <<<"$(python3 "$OV" project "$ALON" "$ALAT" "$AZ" 400 300 1 -126.453 43.252)"
near "$TX" "$(calc "$TY - 7")" $MAGENTA
read -r X0 Y0 X1 Y1 <<<"$(python3 "$OV" bbox "$BODY" $GREEN)"
python3 - "$X0" "$Y0" "$X1" "$Y1" <<'PY' || fail "auto: the path's box $X0,$Y0–$X1,$Y1 is not inside the padding"
import sys
x0, y0, x1, y1 = map(int, sys.argv[1:])
mx, my = 400 * 0.2 / 1.4, 300 * 0.2 / 1.4      # the padding, px, on each side
assert x0 >= mx - 3 and x1 <= 400 - mx + 3 and y0 >= my - 3 and y1 <= 300 - my + 3, "outside"
assert abs(y0 - my) <= 4 or abs(x0 - mx) <= 4, "no axis is at its padding"
PY
pass
req GET "/styles/default/static/auto/400x300.png?$Q&padding=0.2"; same_as "$WORK/auto.png" "published auto"
req POST "/static?session=$SID" "{\"width\": 400, \"height\": 300, \"padding\": 0.2, \"path\": [\"stroke:#00ff00|width:4|enc:$ENC\"], \"marker\": \"-126.453,43.252|pin-f0f\"}"
expect_status 200; same_as "$WORK/auto.png" "POST /static fitted to the overlays"
req GET "/static/$ALON,$ALAT,3/400x300.png?session=$SID&$Q"; cp "$BODY" "$WORK/z3.png"
req GET "/styles/default/static/auto/400x300.png?$Q&padding=0.2&maxzoom=4"; same_as "$WORK/z3.png" "maxzoom 4 (MapLibre 3)"
# Area-based images take overlays too.
req GET "/styles/default/static/5,45,15,55/400x300.png"; cp "$BODY" "$WORK/area.png"
req GET "/styles/default/static/5,45,15,55/400x300.png?marker=11,51|pin-f0f"; expect_status 200
cmp -s "$BODY" "$WORK/area.png" && fail "the area-based image has no marker"; pass
read -r BLON BLAT BZ <<<"$(python3 "$OV" fit 5 45 15 55 400 300 0.1)"
read -r BX BY <<<"$(python3 "$OV" project "$BLON" "$BLAT" "$BZ" 400 300 1 11 51)"
near "$BX" "$(calc "$BY - 7")" $MAGENTA

# Bad input: a 400 naming the part, nothing rendered.
BEFORE=$(render_cpu)
bad() { req GET "$1"; expect_error 400 "$2"; case "$(jqr .error.message)" in *"$3"*) pass ;; *) fail "the message does not say: $3" ;; esac; }
bad "/static/10,50,5/400x300.png?session=$SID&path=0,0|1,1&path=0,0|abc" invalid_overlay 'path[1]: "abc" is not lng,lat'
bad "/styles/default/static/10,50,6/400x300.png?path=stroke:nope|0,0|1,1" invalid_overlay 'path[0].stroke: "nope" is not a CSS colour'
bad "/styles/default/static/10,50,6/400x300.png?path=enc:_p~iF" invalid_overlay 'is not a Google encoded polyline'
bad "/styles/default/static/10,50,6/400x300.png?marker=11,51|nope.png" invalid_overlay 'marker[0] icon: no icon "nope.png"'
bad "/styles/default/static/10,50,6/400x300.png?marker=11,51|escape.png" invalid_overlay 'marker[0] icon: no icon "escape.png"'
bad "/styles/default/static/10,50,6/400x300.png?marker=11,51|not-a.png" invalid_overlay 'is not a PNG'
bad "/styles/default/static/10,50,6/400x300.png?marker=11,51|..%2Fsecret.png" invalid_overlay 'is not an icon file name'
bad "/static/10,50,5/400x300.png?session=$SID&marker=11,51|sprite:nope" invalid_overlay 'marker[0] icon: the style has no image "nope"'
bad "/styles/default/static/10,50,6/400x300.png?marker=11,51|pin|scale:99" invalid_overlay 'marker[0].scale'
bad "/styles/default/static/10,50,6/400x300.png?marker=11,51|pin&before_layer=nope" invalid_overlay 'before_layer: the style has no layer "nope"'
bad "/styles/default/static/auto/400x300.png" auto_needs_overlays 'path= or marker='
bad "/static/auto/400x300.png?session=$SID&marker=11,51|pin&maxzoom=x" invalid_maxzoom 'maxzoom'
req POST "/styles/default/static/10,50,6/400x300.png" '{"path": [{"a": 1}]}'; expect_error 400 invalid_overlay /path/0
req POST "/styles/default/static/10,50,6/400x300.png" '{"paths": "0,0|1,1"}'; expect_error 400 invalid_body /paths
req POST "/static?session=$SID" '{"width": 400, "height": 300, "marker": "11,51|pin", "maxzoom": 3, "zoom": 4, "center": [1, 1]}'
expect_error 400 invalid_body /maxzoom
[ "$(render_cpu)" = "$BEFORE" ] || fail "a rejected request rendered (render CPU $BEFORE → $(render_cpu))"; pass
done_ok
