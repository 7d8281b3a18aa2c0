#!/usr/bin/env bash
# Shaped labels against Chromium (which shapes with HarfBuzz too): the first city name of each
# script of the hb-shape corpus (Tests/FontsTests/Fixtures/shaping-corpus.tsv) drawn by
# `strata render` in a style naming only "Noto Sans Regular" (fallback by script) and by headless
# Chromium with the same font file as @font-face, both at 24 px, black on white. Their ink
# across the label (dark per column) must have the same width and the same shape: glyphs in
# another order, missing, or at other advances change both. Outlines may differ by
# anti-aliasing and hinting, so the profiles (smoothed over 5 px) are compared by correlation,
# not pixel by pixel, and each must match Chromium's far better than Chromium's mirror image.
source "$(dirname "$0")/lib.sh"
FONTS=/usr/share/fonts/truetype/noto
CHROMIUM=${STRATA_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ] || [ ! -d "$FONTS" ]; then
  if is_ci; then fail "Chromium (apt-get install chromium) and $FONTS (fonts-noto-core) are required under CI"; fi
  echo "SKIP: Chromium or $FONTS missing"; exit 0
fi

python3 - "$STRATA_BIN" "$CHROMIUM" "$FONTS" "$STRATA_ROOT" "$WORK" <<'PY' || fail "shaped labels differ from Chromium's"
import json, os, subprocess, sys
strata, chromium, fonts, root, work = sys.argv[1:6]
sys.path.insert(0, os.path.join(root, "Tests/integration/tools"))
from png_pixel import rows

labels, seen = [], set()
for line in open(os.path.join(root, "Tests/FontsTests/Fixtures/shaping-corpus.tsv"), encoding="utf-8"):
    if line.startswith("#"): continue
    script, font, text = line.rstrip("\n").split("\t")
    if script not in seen:
        seen.add(script); labels.append((script, font, text))
assert len(labels) >= 20, len(labels)
W, H = 480, 64

def profile(path):
    w, h, px = rows(path)
    cols = [sum((255 - min(px(x, y)[:3])) / 255 for y in range(h)) for x in range(w)]
    ink = [x for x, v in enumerate(cols) if v > 0.35]
    assert ink, "no ink in %s" % path
    return cols[ink[0]:ink[-1] + 1]

def smooth(p, k=2):
    # A box of 2k+1 px: sub-pixel pen positions and hinting move strokes by a pixel or so.
    return [sum(p[max(0, i - k):i + k + 1]) / (2 * k + 1) for i in range(len(p))]

def correlation(a, b):
    # b resampled to a's length, then Pearson's r.
    n = len(a)
    rb = [b[min(len(b) - 1, int(i * len(b) / n))] for i in range(n)]
    ma, mb = sum(a) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, rb))
    va = sum((x - ma) ** 2 for x in a) ** 0.5; vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb)

failures, report = [], []
for i, (script, font, text) in enumerate(labels):
    style = {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "t", "type": "symbol", "source": "p",
                         "layout": {"text-field": text, "text-font": ["Noto Sans Regular"], "text-size": 24},
                         "paint": {"text-color": "#000000"}}]}
    sp, sj, cp, ch = (os.path.join(work, "%d.%s" % (i, e)) for e in ("strata.png", "style.json", "chromium.png", "page.html"))
    json.dump(style, open(sj, "w"), ensure_ascii=False)
    subprocess.run([strata, "render", "--style", sj, "--data-dir", os.path.join(root, "config/data"), "--fonts-dir", fonts,
                    "--view", "0,0,2", "--size", "%dx%d" % (W, H), "-o", sp], check=True, capture_output=True)
    open(ch, "w", encoding="utf-8").write(
        '<!doctype html><meta charset="utf-8"><style>@font-face{font-family:L;src:url("file://%s/%s")}'
        'html,body{margin:0;background:#fff}div{font:24px L;position:absolute;left:20px;top:12px;white-space:pre;color:#000}'
        '</style><div>%s</div>' % (fonts, font, text))
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                    "--window-size=%d,%d" % (W, H), "--screenshot=" + cp, "file://" + ch], check=True, capture_output=True, timeout=120)
    a, b = profile(sp), profile(cp)
    r, mirrored = correlation(smooth(a), smooth(b)), correlation(smooth(a), smooth(b[::-1]))
    # Close to Chromium's ink, and much closer than to its mirror image (a label's own order).
    ok = abs(len(a) - len(b)) <= max(3, 0.05 * len(b)) and r >= 0.8 and r - mirrored >= 0.15
    report.append("%-10s %-24s width %3d / %3d  r=%.3f (against Chromium's mirrored: %.3f) %s"
                  % (script, text, len(a), len(b), r, mirrored, "" if ok else "FAIL"))
    if not ok: failures.append(script)
print("\n".join(report))
assert not failures, failures
PY
pass
done_ok
