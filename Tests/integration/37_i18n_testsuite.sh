#!/usr/bin/env bash
# The labels of the MapLibre i18n test suite (github.com/wipfli/i18n-testsuite-maplibre,
# fixtures/i18n-testsuite: a city name in each of 26 scripts that MapLibre GL JS cannot draw)
# drawn by `strata render` in a style naming only "Noto Sans Regular" (fallback by script) and by
# headless Chromium with the font file `strata shape` picked for the name, both at 24 px, compared
# by their ink across the label (tools/label_ink.py). Every label must have a font in
# fonts-noto-core with no missing glyph, and match. STRATA_I18N_PICTURE=FILE also writes every
# pair (Strata above Chromium) into one picture (docs/i18n-testsuite.png).
source "$(dirname "$0")/lib.sh"
FONTS=/usr/share/fonts/truetype/noto
CHROMIUM=${STRATA_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ] || [ ! -d "$FONTS" ]; then
  if is_ci; then fail "Chromium (apt-get install chromium) and $FONTS (fonts-noto-core) are required under CI"; fi
  echo "SKIP: Chromium or $FONTS missing"; exit 0
fi

python3 - "$STRATA_BIN" "$CHROMIUM" "$FONTS" "$STRATA_ROOT" "$WORK" "${STRATA_I18N_PICTURE:-}" <<'PY' || fail "i18n test suite labels differ from Chromium's"
import json, os, subprocess, sys
strata, chromium, fonts, root, work, picture = sys.argv[1:7]
sys.path.insert(0, os.path.join(root, "Tests/integration/tools"))
from label_ink import compare

suite = json.load(open(os.path.join(root, "Tests/integration/fixtures/i18n-testsuite/tests.geojson"), encoding="utf-8"))
labels = []
for f in suite["features"]:
    script, text = f["properties"]["script"], f["properties"]["native_name"].strip()
    if text == "---": continue
    shaped = json.loads(subprocess.run([strata, "shape", "--fontstack", "Noto Sans Regular", "--text", text, "--fonts-dir", fonts],
                                       check=True, capture_output=True, text=True).stdout)
    files = {run["font"] for run in shaped["runs"] if run["script"] not in ("Zyyy", "Zinh")} or {shaped["runs"][0]["font"]}
    missing = sum(1 for run in shaped["runs"] for g in run["glyphs"] if g["g"] == 0)
    assert len(files) == 1 and missing == 0, "%s: fonts %s, %d missing glyphs" % (script, files, missing)
    labels.append((script, files.pop(), text))
assert len(labels) >= 26, len(labels)
report, failures = compare(labels, strata, chromium, root, work, picture=picture or None)
print("\n".join(report))
assert not failures, failures
PY
pass
