#!/usr/bin/env python3
"""Where two PNGs of one size differ: prints "COUNT X0 Y0 X1 Y1" (the differing pixels and
their bounding box, X1/Y1 exclusive), or "0" when every pixel is the same. Standard library.
usage: diff_box.py A.png B.png"""
import sys
sys.path.insert(0, __file__.rsplit('/', 1)[0])
from png_pixel import rows  # noqa: E402

wa, ha, pa = rows(sys.argv[1])
wb, hb, pb = rows(sys.argv[2])
if (wa, ha) != (wb, hb):
    sys.exit(f'sizes differ: {wa}x{ha} vs {wb}x{hb}')
xs, ys = [], []
for y in range(ha):
    for x in range(wa):
        if pa(x, y) != pb(x, y):
            xs.append(x)
            ys.append(y)
print(f'{len(xs)} {min(xs)} {min(ys)} {max(xs) + 1} {max(ys) + 1}' if xs else '0')
