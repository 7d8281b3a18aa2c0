#!/usr/bin/env python3
"""Writes the small JPEG/WebP test fixtures and their PNG twins (issue #23, image decoding).

Deterministic pixels, encoded with Pillow (`pip install pillow`; its bundled libjpeg-turbo and
libwebp): the committed files are what the tests read, this script only says how they were
made. Run from the package root: python3 Scripts/make-image-fixtures.py
"""
import io
import math
import pathlib
import shutil

from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parent.parent
CODEC = ROOT / "Tests/ImageCodecTests/Fixtures"
RENDER = ROOT / "Tests/RendererTests/ImageFixtures"
SEEDS = ROOT / "Tests/Fuzz/Seeds"


def rgba_gradient(w=24, h=16):
    """Straight RGBA with every alpha kind: 0, 255 and partial."""
    img = Image.new("RGBA", (w, h))
    img.putdata([(x * 10 % 256, y * 15 % 256, (x * y * 3) % 256,
                  0 if x == 0 else 255 if x >= w - 4 else (x * 11 + y * 7) % 256)
                 for y in range(h) for x in range(w)])
    return img


def smooth_rgb(w, h):
    """An opaque picture without hard edges (what JPEG keeps well): gradients and a soft disc."""
    img = Image.new("RGB", (w, h))
    px = []
    for y in range(h):
        for x in range(w):
            d = math.hypot(x - w * 0.6, y - h * 0.4) / max(w, h)
            disc = max(0.0, 1.0 - 3 * d)
            px.append((int(40 + 180 * x / w), int(60 + 150 * y / h), int(90 + 160 * disc)))
    img.putdata(px)
    return img


def dem(size=64):
    """A hill in Mapbox Terrain-RGB: elevation = (R·65536 + G·256 + B)·0.1 − 10000."""
    img = Image.new("RGB", (size, size))
    px = []
    for y in range(size):
        for x in range(size):
            h = 1500 * math.exp(-((x - 30) ** 2 + (y - 36) ** 2) / 300.0) + 3 * x
            v = int(round((h + 10000) * 10))
            px.append((v >> 16 & 255, v >> 8 & 255, v & 255))
    img.putdata(px)
    return img


def save(img, path, **options):
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, **options)


def main():
    rgba = rgba_gradient()
    save(rgba, CODEC / "rgba.png")
    save(rgba, CODEC / "rgba-lossless.webp", lossless=True, exact=True)
    rgb = smooth_rgb(24, 16)
    soft = rgb.copy()
    soft.putalpha(Image.linear_gradient("L").transpose(Image.Transpose.ROTATE_90).resize((24, 16)))
    save(soft, CODEC / "soft-rgba.png")
    save(soft, CODEC / "soft-rgba-lossy.webp", quality=90, method=4)
    save(rgb, CODEC / "rgb.png")
    save(rgb, CODEC / "rgb.jpg", quality=95, subsampling=0)
    save(rgb, CODEC / "rgb-420.jpg", quality=85, subsampling=2)
    save(rgb, CODEC / "rgb-progressive.jpg", quality=95, subsampling=0, progressive=True)
    save(rgb, CODEC / "rgb-lossy.webp", quality=90, method=4)
    gray = rgb.convert("L")
    save(gray, CODEC / "gray.png")
    save(gray, CODEC / "gray.jpg", quality=95)
    save(rgb.convert("CMYK"), CODEC / "cmyk.jpg", quality=90)
    frames = [rgb, rgb.transpose(Image.Transpose.FLIP_LEFT_RIGHT)]
    save(frames[0], CODEC / "animated.webp", save_all=True, append_images=frames[1:], duration=100, lossless=True)

    photo = smooth_rgb(64, 64)
    save(photo, RENDER / "photo.png")
    save(photo, RENDER / "photo.jpg", quality=90)
    save(photo, RENDER / "photo.webp", quality=90, method=4)
    hill = dem()
    save(hill, RENDER / "dem.png")
    save(hill, RENDER / "dem.webp", lossless=True, exact=True)

    for target, names in {"jpeg": ["rgb.jpg", "rgb-420.jpg", "rgb-progressive.jpg", "gray.jpg", "cmyk.jpg"],
                          "webp": ["rgba-lossless.webp", "soft-rgba-lossy.webp", "rgb-lossy.webp", "animated.webp"]}.items():
        (SEEDS / target).mkdir(parents=True, exist_ok=True)
        for name in names:
            shutil.copy(CODEC / name, SEEDS / target / name)


if __name__ == "__main__":
    main()
