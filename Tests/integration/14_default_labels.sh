#!/usr/bin/env bash
# The default style labels its cities: the `city-labels` symbol layer draws each city's name in
# Noto Sans Regular from the configured fonts directory (no glyph PBFs needed), beside the
# circle and not over it, from style zoom 2 (256 px tile z3) up, at @2x too; hiding the layer
# takes the text away; and 256 px and 512 px tilings of labelled ground agree (seam_check.py).
source "$(dirname "$0")/lib.sh"
start_server

req GET /layers; expect_status 200
expect_json 'map(.id) | join(",")' "background,bottom,countries-fill,countries-line,middle,cities,city-labels,top"
expect_json '.[] | select(.id == "city-labels") | .type' symbol
req GET /layers/city-labels; expect_json '.layout."text-font"[0]' "Noto Sans Regular"
expect_json .minzoom 2
req GET /fonts; expect_status 200
[ "$(jq 'index("Noto Sans Regular") != null' "$BODY")" = true ] || fail "the fonts directory lacks the style's font"
pass

# dark TILE X0 Y0 X1 Y1: how many pixels of the rectangle are text-dark (every channel < 110;
# the country outlines' blue stays above it, the circles are red and white).
dark() { python3 "$PIXEL" --dark "$BODY" "$1" "$2" "$3" "$4" 110; }

# Madrid (-3.685, 40.402) is at (88, 35) of tile 6/31/24 (style zoom 5), alone in its tile: its
# name goes right of the circle (the first variable anchor that fits).
req GET /tiles/6/31/24.png; expect_status 200; expect_png 256 256
expect_pixel 88 35 214 39 40 24                         # the circle, not covered by its label
n=$(dark 93 24 170 47); [ "$n" -ge 20 ] || fail "no label right of Madrid's circle ($n dark px)"; pass
n=$(dark 0 0 84 256); [ "$n" = 0 ] || fail "$n dark px left of Madrid's circle"; pass
req GET /tiles/6/31/24@2x.png; expect_status 200; expect_png 512 512
n=$(dark 186 48 340 94); [ "$n" -ge 40 ] || fail "@2x: no label right of Madrid's circle ($n dark px)"; pass

# Europe at style zoom 2 (tile z3) is labelled; style zoom 1 (tile z2) is below the minzoom.
req GET /tiles/3/4/2.png; n=$(dark 0 0 256 256); [ "$n" -ge 300 ] || fail "z3 Europe: only $n dark px of labels"; pass
req GET /tiles/2/2/1.png; n=$(dark 0 0 256 256); [ "$n" = 0 ] || fail "z2 (style zoom 1, below minzoom 2): $n dark px"; pass

# A session that hides the layer: the same tile without text, the circle unchanged.
S=$(new_session '{}')
req PATCH "/layers/city-labels?session=$S" '{"layout": {"visibility": "none"}}'; expect_status 200
req GET "/tiles/6/31/24.png?session=$S"; expect_pixel 88 35 214 39 40 24
n=$(dark 0 0 256 256); [ "$n" = 0 ] || fail "labels hidden, yet $n dark px"; pass

# 256 px and 512 px tilings of labelled ground are the same picture (labels placed by blocks).
SEAM="$STRATA_ROOT/../shared/tools/seam_check.py"
[ -n "${STRATA_SHARED:-}" ] && SEAM="$STRATA_SHARED/tools/seam_check.py"
if [ -f "$SEAM" ]; then
  for zxy in "3 4 2" "4 8 4" "5 16 10" "6 32 22"; do
    read -r z x y <<<"$zxy"
    python3 "$SEAM" --server "$BASE" --z "$z" --x "$x" --y "$y" --n 4 > "$WORK/seam.txt" \
      || fail "seam_check z$z: $(tail -1 "$WORK/seam.txt")"
    grep -q "^seams: 0 differing px" "$WORK/seam.txt" || fail "seam_check z$z: $(tail -1 "$WORK/seam.txt")"
    pass
  done
elif is_ci; then
  fail "../shared/tools/seam_check.py is missing"
fi
done_ok
