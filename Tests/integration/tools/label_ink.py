#!/usr/bin/env python3
"""Labels drawn by Strata against headless Chromium's drawing of the same string in the same
font file (Chromium shapes with HarfBuzz too): the ink across each label (dark per column) must
have the same width and the same shape. Outlines may differ by anti-aliasing and hinting, so the
profiles (smoothed over 5 px) are compared by correlation, not pixel by pixel, and each must
match Chromium's far better than Chromium's mirror image (glyphs in another order, missing or at
other advances change both). Used by 36_chromium_labels.sh and 37_i18n_testsuite.sh.

compare(labels, strata, chromium, root, work, picture=None): labels are (name, font file, text);
returns (report lines, failed names); `picture`: also writes a PNG of every pair, Strata above
Chromium, one label per row. Standard library only."""
import json
import os
import struct
import subprocess
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from png_pixel import rows  # noqa: E402

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
    va = sum((x - ma) ** 2 for x in a) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb)


def draw(i, font, text, strata, chromium, root, work):
    """(Strata's PNG, Chromium's PNG) of `text` at 24 px, black on white, on one line"""
    fonts = os.path.dirname(font)
    style = {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "t", "type": "symbol", "source": "p",
                         "layout": {"text-field": text, "text-font": ["Noto Sans Regular"], "text-size": 24,
                                    "text-max-width": 100},
                         "paint": {"text-color": "#000000"}}]}
    sp, sj, cp, ch = (os.path.join(work, "%d.%s" % (i, e)) for e in ("strata.png", "style.json", "chromium.png", "page.html"))
    json.dump(style, open(sj, "w"), ensure_ascii=False)
    subprocess.run([strata, "render", "--style", sj, "--data-dir", os.path.join(root, "config/data"), "--fonts-dir", fonts,
                    "--view", "0,0,2", "--size", "%dx%d" % (W, H), "-o", sp], check=True, capture_output=True)
    open(ch, "w", encoding="utf-8").write(
        '<!doctype html><meta charset="utf-8"><style>@font-face{font-family:L;src:url("file://%s")}'
        'html,body{margin:0;background:#fff}div{font:24px L;position:absolute;left:20px;top:12px;white-space:pre;color:#000}'
        '</style><div>%s</div>' % (font, text))
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                    "--window-size=%d,%d" % (W, H), "--screenshot=" + cp, "file://" + ch], check=True, capture_output=True, timeout=120)
    return sp, cp


def write_picture(path, pairs):
    """Strata's image above Chromium's for each pair, a grey line between labels (RGB PNG)."""
    out = []
    for sp, cp in pairs:
        for p in (sp, cp):
            w, h, px = rows(p)
            for y in range(h):
                out.append(bytes(c for x in range(W) for c in (px(x, y)[:3] if x < w else (255, 255, 255))))
        out.append(bytes([160] * (W * 3)))
    raw = b"".join(b"\x00" + r for r in out)
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, len(out), 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    open(path, "wb").write(png)


def compare(labels, strata, chromium, root, work, picture=None):
    failures, report, pairs = [], [], []
    for i, (name, font, text) in enumerate(labels):
        sp, cp = draw(i, font, text, strata, chromium, root, work)
        pairs.append((sp, cp))
        a, b = profile(sp), profile(cp)
        r, mirrored = correlation(smooth(a), smooth(b)), correlation(smooth(a), smooth(b[::-1]))
        # Close to Chromium's ink, and much closer than to its mirror image (a label's own order).
        ok = abs(len(a) - len(b)) <= max(3, 0.05 * len(b)) and r >= 0.8 and r - mirrored >= 0.15
        report.append("%-16s %-28s width %3d / %3d  r=%.3f (against Chromium's mirrored: %.3f) %s"
                      % (name, text, len(a), len(b), r, mirrored, "" if ok else "FAIL"))
        if not ok:
            failures.append(name)
    if picture:
        write_picture(picture, pairs)
    return report, failures
