#!/usr/bin/env python3
"""Pixel checks of static-map overlays (standard library only, through png_pixel.py).

  overlay_pixels.py fit MINX MINY MAXX MAXY W H PAD            -> "lon lat zoom" (tileserver-gl's fit, MapLibre zoom)
  overlay_pixels.py project LON LAT ZOOM W H RATIO X Y         -> "px py" device pixels of X,Y in that view
  overlay_pixels.py near FILE PX PY R G B TOL                  -> exit 0 when the pixel is within TOL of R G B
  overlay_pixels.py along FILE LON LAT ZOOM W H RATIO "x,y|x,y|…" R G B TOL
                                                               -> exit 0 when ≥ 95 % of the points every 2 px
                                                                  along the polyline are that colour
  overlay_pixels.py bbox FILE R G B TOL                        -> "x0 y0 x1 y1" of the pixels of that colour
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from png_pixel import rows  # noqa: E402


def mx(lon): return (lon + 180) / 360
def my(lat): return 0.5 - math.log(math.tan(math.pi / 4 + lat * math.pi / 360)) / (2 * math.pi)


def fit(minx, miny, maxx, maxy, w, h, pad):
    z = min(math.log2(w / (1 + 2 * pad) / ((mx(maxx) - mx(minx) or 1e-300) * 512)),
            math.log2(h / (1 + 2 * pad) / ((my(miny) - my(maxy) or 1e-300) * 512)))
    z = max(math.log2(max(w, h) / 512), min(24, z), -2)
    y = (my(miny) + my(maxy)) / 2
    lat = (2 * math.atan(math.exp((0.5 - y) * 2 * math.pi)) - math.pi / 2) * 180 / math.pi
    return (minx + maxx) / 2, lat, z


def project(lon, lat, z, w, h, ratio, x, y):
    world = 512 * 2 ** z
    return ((w / 2 + (mx(x) - mx(lon)) * world) * ratio, (h / 2 + (my(y) - my(lat)) * world) * ratio)


def close(p, rgb, tol):
    return p[3] > 200 and all(abs(a - b) <= tol for a, b in zip(p[:3], rgb))


def main(a):
    cmd = a[0]
    if cmd == "fit":
        print(*map(repr, fit(*map(float, a[1:5]), int(a[5]), int(a[6]), float(a[7]))))
    elif cmd == "project":
        px, py = project(*map(float, a[1:9]))
        print(f"{px:.3f} {py:.3f}")
    elif cmd == "near":
        w, h, pixel = rows(a[1])
        x, y = int(float(a[2])), int(float(a[3]))
        p = pixel(x, y)
        ok = 0 <= x < w and 0 <= y < h and close(p, list(map(int, a[4:7])), int(a[7]))
        if not ok:
            print(f"pixel {x},{y} is {p}, not {a[4:7]}±{a[7]}", file=sys.stderr)
        return 0 if ok else 1
    elif cmd == "along":
        w, h, pixel = rows(a[1])
        lon, lat, z = map(float, a[2:5])
        W, H, ratio = float(a[5]), float(a[6]), float(a[7])
        pts = [project(lon, lat, z, W, H, ratio, *map(float, p.split(","))) for p in a[8].split("|")]
        rgb, tol = list(map(int, a[9:12])), int(a[12])
        good = total = 0
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            n = max(1, int(math.hypot(x1 - x0, y1 - y0) / 2))
            for i in range(n + 1):
                x, y = x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n
                if 0 <= x < w and 0 <= y < h:
                    total += 1
                    good += close(pixel(int(x), int(y)), rgb, tol)
        if total == 0 or good < 0.95 * total:
            print(f"{good} of {total} points along the path are {rgb}±{tol}", file=sys.stderr)
            return 1
    elif cmd == "bbox":
        w, h, pixel = rows(a[1])
        rgb, tol = list(map(int, a[2:5])), int(a[5])
        xs, ys = [], []
        for y in range(h):
            for x in range(w):
                if close(pixel(x, y), rgb, tol):
                    xs.append(x); ys.append(y)
        if not xs:
            print("none", file=sys.stderr)
            return 1
        print(min(xs), min(ys), max(xs), max(ys))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
