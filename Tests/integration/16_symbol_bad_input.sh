#!/usr/bin/env bash
# Symbol layers fed hostile input: unknown fonts, broken glyph PBFs, a broken sprite, absurd
# sizes and widths, a 100 000-character label. Each is a 400 with a JSON pointer (and nothing
# changes) or a rendered tile in bounded work — never a crash or a timeout. Work is the render
# threads' CPU seconds (a busy machine does not inflate them), bounded at ~10x what a debug
# build spends on the worst tile; the server's wall-time budget is set beyond any test render.
source "$(dirname "$0")/lib.sh"
mkdir -p "$WORK/data/glyphs/Broken Font" "$WORK/data/sprites"
cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
head -c 3000 /dev/urandom >"$WORK/data/glyphs/Broken Font/0-255.pbf"
printf '{"dot": {"x": 0, "y": 0, "width": 99999, "height": -4, "pixelRatio": 1}, "bad": 7' >"$WORK/data/sprites/broken.json"
printf 'not a png' >"$WORK/data/sprites/broken.png"
start_server

S=$(new_session)
Q="?session=$S"
layer() { printf '{"layer": {"id": "%s", "type": "symbol", "source": "cities", "layout": %s}}' "$1" "$2"; }
tile_ok() {
  local cpu; cpu=$(render_cpu)
  req GET "/tiles/$1.png$Q"; expect_status 200 "tile $1"; expect_png 256 256
  expect_cpu_since "$cpu" 25 "tile $1"
}

# An invalid value is refused with its path, and the style does not change.
req GET "/style$Q"; REV=$(header ETag)
req POST "/layers$Q" "$(layer bad '{"text-field": "x", "text-size": -5}')"
expect_error 400 invalid_property /layer/layout/text-size
req POST "/layers$Q" "$(layer bad '{"text-field": "x", "text-max-width": "wide"}')"
expect_error 400 invalid_property /layer/layout/text-max-width
req GET "/style$Q"; expect_header ETag "$REV"
[ "$(jq '[.layers[] | select(.id == "bad")] | length' "$BODY")" = 0 ] || fail "a refused layer was added"; pass

# Unknown fonts, absurd sizes and widths, a missing icon: accepted (the spec allows them),
# and every tile still renders.
req POST "/layers$Q" "$(layer unknown-font '{"text-field": ["get", "name"], "text-font": ["No Such Font"]}')"; expect_status 201
req POST "/layers$Q" "$(layer huge '{"text-field": ["get", "name"], "text-size": 1e9, "text-max-width": 1e12, "icon-image": "nothing", "icon-size": 1e9}')"
expect_status 201
for t in 0/0/0 2/2/1 3/4/2; do tile_ok "$t"; done

# A 100 000-character label on the cities with short names (each cut to its first 2 000
# characters for layout; whole, they would take minutes): a rendered tile within the render
# budget, and the style keeps the whole text.
LONG=$(python3 -c 'print("x" * 100000)')
req POST "/layers$Q" "$(layer long "{\"text-field\": \"$LONG\", \"text-max-width\": 0.001}")"; expect_status 201
req PATCH "/layers/long$Q" '{"filter": ["<=", ["length", ["get", "name"]], 4]}'; expect_status 200
for t in 1/0/0 1/1/0 3/4/2; do tile_ok "$t"; done
req GET "/style$Q"
[ "$(jq -r '.layers[] | select(.id == "long") | .layout["text-field"] | length' "$BODY")" = 100000 ] || fail "the label text was changed"; pass

# Broken glyph PBFs and a broken sprite (JSON and PNG) in the data directory: tiles render,
# without those glyphs and icons.
req GET "/style$Q"
jq '.glyphs = "glyphs/{fontstack}/{range}.pbf" | .sprite = "sprites/broken"
    | .layers += [{"id": "broken-font", "type": "symbol", "source": "cities",
                   "layout": {"text-field": ["get", "name"], "text-font": ["Broken Font"], "icon-image": "dot"}}]' "$BODY" >"$WORK/style.json"
req PUT "/style$Q" "@$WORK/style.json"; expect_status 200
for t in 0/0/0 2/2/1 3/4/2; do tile_ok "$t"; done
req GET /health; expect_status 200
done_ok
