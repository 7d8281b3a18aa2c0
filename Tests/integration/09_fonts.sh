#!/usr/bin/env bash
# Fonts without PBFs: the config's fonts directory (Debian's fonts-noto-core) served as
# MapLibre glyph ranges, made with FreeType; bad ranges, fontstacks and unknown fonts get
# JSON errors.
source "$(dirname "$0")/lib.sh"
start_server

req GET /fonts; expect_status 200
python3 -c 'import json,sys; names=json.load(open(sys.argv[1])); assert "Noto Sans Regular" in names, names[:5]' "$BODY" \
  || fail "GET /fonts does not list Noto Sans Regular"
pass

req GET "/fonts/Noto%20Sans%20Regular,Noto%20Sans%20Bold/0-255.pbf"; expect_status 200
grep -qi "content-type: application/x-protobuf" "$HEADERS" || fail "glyph ranges are application/x-protobuf"
# The PBF: one fontstack named as asked, range 0-255, glyphs for the ASCII letters with
# fields that fit their boxes (decoded here with a protobuf reader of our own).
python3 - "$BODY" <<'PY' || fail "the glyph range is not a valid MapLibre glyph PBF"
import sys
data = open(sys.argv[1], "rb").read()
def varint(b, i):
    v = s = 0
    while True:
        c = b[i]; i += 1; v |= (c & 0x7F) << s; s += 7
        if c < 0x80: return v, i
def fields(b):
    i = 0
    while i < len(b):
        tag, i = varint(b, i); f, w = tag >> 3, tag & 7
        if w == 0: v, i = varint(b, i); yield f, v
        elif w == 2:
            n, i = varint(b, i); yield f, b[i:i + n]; i += n
        else: raise ValueError("wire type %d" % w)
stacks = [v for f, v in fields(data) if f == 1]
assert len(stacks) == 1
st = dict((f, v) for f, v in fields(stacks[0]) if f in (1, 2))
assert st[1] == b"Noto Sans Regular,Noto Sans Bold" and st[2] == b"0-255", st
glyphs = [dict(fields(v)) for f, v in fields(stacks[0]) if f == 3]
ids = {g[1] for g in glyphs}
assert all(c in ids for c in range(ord("A"), ord("Z") + 1)), sorted(ids)[:10]
for g in glyphs:
    if 2 in g: assert len(g[2]) == (g[3] + 6) * (g[4] + 6), g[1]
print("glyphs:", len(glyphs))
PY
pass

req GET "/fonts/Noto%20Sans%20Regular/0-256.pbf"; expect_error 400 invalid_range
req GET "/fonts/Noto%20Sans%20Regular/65536-65791.pbf"; expect_error 400 invalid_range
req GET "/fonts/No%20Such%20Font/0-255.pbf"; expect_error 404 unknown_font
req GET "/fonts/a,b,c,d,e,f,g,h,i/0-255.pbf"; expect_error 400 invalid_fontstack
pass
done_ok
