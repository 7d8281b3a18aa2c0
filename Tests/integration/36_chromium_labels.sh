#!/usr/bin/env bash
# Shaped labels against Chromium (which shapes with HarfBuzz too): the first city name of each
# script of the hb-shape corpus (Tests/FontsTests/Fixtures/shaping-corpus.tsv) drawn by
# `strata render` in a style naming only "Noto Sans Regular" (fallback by script) and by headless
# Chromium with the same font file as @font-face, both at 24 px, black on white, compared by
# their ink across the label (tools/label_ink.py).
source "$(dirname "$0")/lib.sh"
FONTS=/usr/share/fonts/truetype/noto
CHROMIUM=${STRATA_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ] || [ ! -d "$FONTS" ]; then
  if is_ci; then fail "Chromium (apt-get install chromium) and $FONTS (fonts-noto-core) are required under CI"; fi
  echo "SKIP: Chromium or $FONTS missing"; exit 0
fi

python3 - "$STRATA_BIN" "$CHROMIUM" "$FONTS" "$STRATA_ROOT" "$WORK" <<'PY' || fail "shaped labels differ from Chromium's"
import os, sys
strata, chromium, fonts, root, work = sys.argv[1:6]
sys.path.insert(0, os.path.join(root, "Tests/integration/tools"))
from label_ink import compare

labels, seen = [], set()
for line in open(os.path.join(root, "Tests/FontsTests/Fixtures/shaping-corpus.tsv"), encoding="utf-8"):
    if line.startswith("#"): continue
    script, font, text = line.rstrip("\n").split("\t")
    if script not in seen:
        seen.add(script); labels.append((script, os.path.join(fonts, font), text))
assert len(labels) >= 20, len(labels)
report, failures = compare(labels, strata, chromium, root, work)
print("\n".join(report))
assert not failures, failures
PY
pass
