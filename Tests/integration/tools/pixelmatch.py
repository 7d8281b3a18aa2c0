#!/usr/bin/env python3
"""Grade two PNGs the way MapLibre's render tests do: pixelmatch 7.2.0 (YIQ colour delta with
maxDelta = 35215 * threshold^2, semi-transparent pixels over pixelmatch's checkerboard, pixels
judged to be anti-aliasing not counted), difference = mismatched pixels / all pixels.
numpy + Pillow (the GL client's venv). Exit 0 when difference <= allowed, 1 above, 2 on error.
usage: pixelmatch.py A.png B.png [--threshold 0.1285] [--allowed 0.00025] [--diff diff.png]"""
import argparse
import sys

import numpy as np
from PIL import Image

# neighbour visiting order of pixelmatch's loops (x outer, y inner): decides ties like the JS
NEIGHBOURS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def background(k):
    """pixelmatch's checkerboard colour behind pixel offset k (RGBA byte index)."""
    return (48.0 + 159.0 * (k % 2), 48.0 + 159.0 * (np.trunc(k / 1.618033988749895).astype(np.int64) % 2),
            48.0 + 159.0 * (np.trunc(k / 2.618033988749895).astype(np.int64) % 2))


def rgb_deltas(p1, p2, k):
    """dr, dg, db of two (n, 4) float pixel arrays, blended over the checkerboard when not opaque."""
    r1, g1, b1, a1 = p1.T
    r2, g2, b2, a2 = p2.T
    da = a1 - a2
    blend = (a1 < 255) | (a2 < 255)
    rb, gb, bb = background(k)
    return (np.where(blend, (r1 * a1 - r2 * a2 - rb * da) / 255, r1 - r2),
            np.where(blend, (g1 * a1 - g2 * a2 - gb * da) / 255, g1 - g2),
            np.where(blend, (b1 * a1 - b2 * a2 - bb * da) / 255, b1 - b2))


def many_siblings(p32):
    """(h, w) bool: a pixel with 3+ identical neighbours (an edge pixel counts one for free)."""
    h, w = p32.shape
    pad = np.zeros((h + 2, w + 2), dtype=p32.dtype)
    inside = np.zeros((h + 2, w + 2), dtype=bool)
    pad[1:-1, 1:-1] = p32
    inside[1:-1, 1:-1] = True
    count = np.zeros((h, w), dtype=np.int32)
    for dx, dy in NEIGHBOURS:
        count += (inside[1 + dy:1 + dy + h, 1 + dx:1 + dx + w] & (pad[1 + dy:1 + dy + h, 1 + dx:1 + dx + w] == p32))
    count[0, :] += 1
    count[-1, :] += 1
    count[1:-1, 0] += 1
    count[1:-1, -1] += 1
    return count > 2


def antialiased(img, cx, cy, siblings_own, siblings_other):
    """pixelmatch's antialiased() for the candidate pixels (cx, cy) of img ((h, w, 4) float)."""
    h, w = img.shape[:2]
    k = (cy * w + cx) * 4
    centre = img[cy, cx]
    deltas, valid, nxs, nys = [], [], [], []
    for dx, dy in NEIGHBOURS:
        nx, ny = cx + dx, cy + dy
        valid.append((nx >= 0) & (nx < w) & (ny >= 0) & (ny < h))
        nx, ny = np.clip(nx, 0, w - 1), np.clip(ny, 0, h - 1)
        dr, dg, db = rgb_deltas(centre, img[ny, nx], k)
        deltas.append(dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223)
        nxs.append(nx)
        nys.append(ny)
    deltas, valid, nxs, nys = map(np.array, (deltas, valid, nxs, nys))
    edge = ((cx == 0) | (cx == w - 1) | (cy == 0) | (cy == h - 1)).astype(np.int64)
    zeroes = edge + np.sum(valid & (deltas == 0), axis=0)
    neg = np.where(valid & (deltas < 0), deltas, np.inf)
    pos = np.where(valid & (deltas > 0), deltas, -np.inf)
    jmin, jmax = np.argmin(neg, axis=0), np.argmax(pos, axis=0)
    ar = np.arange(cx.shape[0])
    mnx, mny, mxx, mxy = nxs[jmin, ar], nys[jmin, ar], nxs[jmax, ar], nys[jmax, ar]
    siblings = ((siblings_own[mny, mnx] & siblings_other[mny, mnx]) |
                (siblings_own[mxy, mxx] & siblings_other[mxy, mxx]))
    return (zeroes <= 2) & np.isfinite(neg.min(axis=0)) & np.isfinite(pos.max(axis=0)) & siblings


def pixelmatch(a, b, threshold):
    """Mismatched (x, y) arrays of two (h, w, 4) uint8 images, anti-aliasing excluded."""
    h, w = a.shape[:2]
    a32, b32 = a.view(np.uint32).reshape(h, w), b.view(np.uint32).reshape(h, w)
    ys, xs = np.nonzero(a32 != b32)
    af, bf = a.astype(np.float64), b.astype(np.float64)
    dr, dg, db = rgb_deltas(af[ys, xs], bf[ys, xs], (ys * w + xs) * 4)
    y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
    q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
    over = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q > 35215 * threshold * threshold
    cx, cy = xs[over], ys[over]
    if cx.size == 0:
        return cx, cy
    sa, sb = many_siblings(a32), many_siblings(b32)
    aa = antialiased(af, cx, cy, sa, sb)
    rest = np.nonzero(~aa)[0]
    if rest.size:
        aa[rest[antialiased(bf, cx[rest], cy[rest], sb, sa)]] = True
    return cx[~aa], cy[~aa]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('a')
    ap.add_argument('b')
    ap.add_argument('--threshold', type=float, default=0.1285)
    ap.add_argument('--allowed', type=float, default=0.00025)
    ap.add_argument('--diff')
    args = ap.parse_args()
    try:
        a = np.ascontiguousarray(Image.open(args.a).convert('RGBA'), dtype=np.uint8)
        b = np.ascontiguousarray(Image.open(args.b).convert('RGBA'), dtype=np.uint8)
    except OSError as e:
        print(f'error: {e}')
        return 2
    if a.shape != b.shape:
        print(f'error: sizes differ: {a.shape[1]}x{a.shape[0]} vs {b.shape[1]}x{b.shape[0]}')
        return 2
    xs, ys = pixelmatch(a, b, args.threshold)
    if args.diff:
        out = (255 - (255 - a[..., :3].mean(axis=2)) * 0.1).astype(np.uint8)
        out = np.dstack([out, out, out])
        out[ys, xs] = (255, 0, 0)
        Image.fromarray(out).save(args.diff)
    difference = xs.size / (a.shape[0] * a.shape[1])
    verdict = 'ok' if difference <= args.allowed else 'FAIL'
    print(f'{verdict}: {xs.size} of {a.shape[0] * a.shape[1]} px differ ({difference * 100:.3f} %, '
          f'allowed {args.allowed * 100:.3f} %, threshold {args.threshold})')
    return 0 if difference <= args.allowed else 1


if __name__ == '__main__':
    sys.exit(main())
