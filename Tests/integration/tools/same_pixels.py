#!/usr/bin/env python3
"""Exit 0 when two PNG files decode to the same RGBA pixels (whatever their encoding), 1
otherwise, printing how many pixels differ. usage: same_pixels.py A.png B.png"""
import sys
sys.path.insert(0, __file__.rsplit('/', 1)[0])
from png_pixel import rows  # noqa: E402

if open(sys.argv[1], 'rb').read() == open(sys.argv[2], 'rb').read():
    sys.exit(0)
wa, ha, pa = rows(sys.argv[1])
wb, hb, pb = rows(sys.argv[2])
if (wa, ha) != (wb, hb):
    print(f'sizes differ: {wa}x{ha} vs {wb}x{hb}')
    sys.exit(1)
diff = sum(1 for y in range(ha) for x in range(wa) if pa(x, y) != pb(x, y))
if diff:
    print(f'{diff} of {wa * ha} pixels differ')
    sys.exit(1)
