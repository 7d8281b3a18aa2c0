#!/usr/bin/env bash
# `strata shape`: labels shaped with HarfBuzz in fonts from the fonts directory (Debian's
# fonts-noto-core), fallback by script from "Noto Sans Regular", runs split by direction, the
# glyphs equal to hb-shape's (libharfbuzz-bin) on the run's font, ICU's line breaks; an unknown
# fontstack is an error naming it.
source "$(dirname "$0")/lib.sh"
FONTS=/usr/share/fonts/truetype/noto
if ! command -v hb-shape >/dev/null || [ ! -d "$FONTS" ]; then
  if is_ci; then fail "hb-shape (libharfbuzz-bin) and $FONTS (fonts-noto-core) are required under CI"; fi
  echo "SKIP: hb-shape or $FONTS missing"; exit 0
fi

# shape_vs_hb TEXT NAME DIRECTION: one run in font NAME and DIRECTION, glyphs as hb-shape's.
shape_vs_hb() {
  "$STRATA_BIN" shape --fontstack "Noto Sans Regular" --text "$1" --fonts-dir "$FONTS" > "$WORK/shape.json" \
    || fail "strata shape failed on $1"
  python3 - "$WORK/shape.json" "$1" "$2" "$3" <<'PY' || fail "strata shape of $1 differs from hb-shape"
import json, subprocess, sys
out = json.load(open(sys.argv[1])); text, name, direction = sys.argv[2:5]
runs = out["runs"]
assert len(runs) == 1, runs
run = runs[0]
assert run["name"] == name, (run["name"], name)
assert run["direction"] == direction, run["direction"]
hb = json.loads(subprocess.check_output(["hb-shape", "--output-format=json", "--no-glyph-names", "--font-size=1536",
                                         "--face-index=%d" % run["face"], run["font"], text]))
mine = run["glyphs"]
assert [g["g"] for g in mine] == [g["g"] for g in hb], ([g["g"] for g in mine], [g["g"] for g in hb])
for a, b in zip(mine, hb):
    assert a["cl"] == b["cl"] and abs(a["ax"] - b["ax"]) <= 1 and abs(a["dx"] - b["dx"]) <= 1 and abs(a["dy"] - b["dy"]) <= 1, (a, b)
PY
  pass
}

shape_vs_hb "नई दिल्ली" "Noto Sans Devanagari Regular" ltr
shape_vs_hb "الرياض" "Noto Sans Arabic Regular" rtl
shape_vs_hb "ශ්‍රී ජයවර්ධනපුර කෝට්ටේ" "Noto Sans Sinhala Regular" ltr
shape_vs_hb "Zürich" "Noto Sans Regular" ltr

# Mixed directions and scripts: Latin in Noto Sans, Arabic in Noto Sans Arabic right to left.
"$STRATA_BIN" shape --fontstack "Noto Sans Regular" --text "Zürich زيورخ" --fonts-dir "$FONTS" > "$WORK/mixed.json" \
  || fail "strata shape failed on mixed text"
jq -e '[.runs[] | [.name, .direction, .start, .end]] == [["Noto Sans Regular","ltr",0,7],["Noto Sans Arabic Regular","rtl",7,12]]' \
  "$WORK/mixed.json" >/dev/null || fail "mixed text runs: $(jq -c '[.runs[] | [.name, .direction, .start, .end]]' "$WORK/mixed.json")"
pass

# Thai at text-max-width 2: several lines, each starting where ICU allows a break.
"$STRATA_BIN" shape --fontstack "Noto Sans Regular" --text "สนามบินสุวรรณภูมิ" --max-width 2 --fonts-dir "$FONTS" > "$WORK/thai.json" \
  || fail "strata shape failed on Thai"
jq -e '(.lines | length) > 1 and ([.breaks[].at] as $b | all(.lines[1:][]; .[0] as $s | $b | index($s) != null))' "$WORK/thai.json" >/dev/null \
  || fail "Thai lines $(jq -c .lines "$WORK/thai.json") not at ICU breaks $(jq -c '[.breaks[].at]' "$WORK/thai.json")"
pass

# An unknown fontstack is an error naming it, with no output.
if "$STRATA_BIN" shape --fontstack "No Such Font" --text "x" --fonts-dir "$FONTS" > "$WORK/none.json" 2> "$WORK/none.err"; then
  fail "an unknown fontstack succeeded"
fi
grep -q "No Such Font" "$WORK/none.err" || fail "the error does not name the fontstack: $(cat "$WORK/none.err")"
[ ! -s "$WORK/none.json" ] || fail "an unknown fontstack printed output"
pass

done_ok
