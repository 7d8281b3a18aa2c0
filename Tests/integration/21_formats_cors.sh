#!/usr/bin/env bash
# WebP and JPEG output for tiles and static images (content type, signature, size, quality,
# ETags, 400s), TileJSON's format, and CORS: open reads, preflights, and mutations only for
# the configured origins.
source "$(dirname "$0")/lib.sh"
use_config '{"corsMutationOrigins": ["https://editor.example"], "jpegBackground": "#102030"}'
start_server

hex() { head -c "$1" "$BODY" | od -An -tx1 | tr -d ' \n'; }
# expect_webp [WIDTH HEIGHT]: RIFF....WEBP; for lossless (VP8L) files also the size.
expect_webp() {
  expect_header Content-Type image/webp
  [ "$(head -c 4 "$BODY")" = RIFF ] && [ "$(tail -c +9 "$BODY" | head -c 4)" = WEBP ] || fail "not a WebP ($(hex 16))"
  if [ $# -ge 2 ] && [ "$(tail -c +13 "$BODY" | head -c 4)" = VP8L ]; then
    local b; read -r -a b <<<"$(od -An -tu1 -j21 -N4 "$BODY")"
    local w=$(( (b[0] | (b[1] & 63) << 8) + 1 )) h=$(( ((b[1] >> 6) | b[2] << 2 | (b[3] & 15) << 10) + 1 ))
    [ "$w" = "$1" ] && [ "$h" = "$2" ] || fail "expected a ${1}x${2} WebP, got ${w}x${h}"
  fi
  pass
}
expect_jpeg() {
  expect_header Content-Type image/jpeg
  [ "$(hex 3)" = ffd8ff ] || fail "not a JPEG ($(hex 3))"
  pass
}

# Formats by extension.
req GET /tiles/1/0/0.png; expect_status 200; expect_png 256 256; PNG_ETAG=$(header ETag)
req GET /tiles/1/0/0.webp; expect_status 200; expect_webp 256 256; WEBP_ETAG=$(header ETag)
req GET /tiles/1/0/0@2x.webp; expect_status 200; expect_webp 512 512
req GET /tiles/512/1/0/0.webp; expect_status 200; expect_webp 512 512
LOSSLESS=$(wc -c < "$BODY")
req GET "/tiles/512/1/0/0.webp?quality=60"; expect_status 200; expect_webp
[ "$(wc -c < "$BODY")" -lt "$LOSSLESS" ] || fail "lossy WebP is not smaller than lossless"; pass
req GET "/tiles/1/0/0.webp?quality=60"; LOSSY_ETAG=$(header ETag)
req GET /tiles/1/0/0.jpg; expect_status 200; expect_jpeg; JPEG_ETAG=$(header ETag)
req GET "/tiles/1/0/0@2x.jpeg?quality=40"; expect_status 200; expect_jpeg
req GET "/static/0,20,1/300x200.webp"; expect_status 200; expect_webp 300 200
req GET "/static/0,20,1/300x200@2x.jpg?quality=90"; expect_status 200; expect_jpeg
req POST /static '{"center": [0, 20], "zoom": 1, "width": 64, "height": 32, "format": "webp"}'; expect_status 200; expect_webp 64 32
[ "$(printf '%s\n' "$PNG_ETAG" "$WEBP_ETAG" "$LOSSY_ETAG" "$JPEG_ETAG" | sort -u | wc -l)" = 4 ] || fail "formats share ETags"; pass
req GET /tiles/1/0/0.webp "" -H "If-None-Match: $WEBP_ETAG"; expect_status 304
req GET /tiles/1/0/0.png "" -H "If-None-Match: $WEBP_ETAG"; expect_status 200; expect_png 256 256

# Bad quality / format: the contract's JSON errors.
for bad in "/tiles/1/0/0.webp?quality=0" "/tiles/1/0/0.webp?quality=101" "/tiles/1/0/0.jpg?quality=x" \
           "/tiles/1/0/0.png?quality=80" "/static/0,0,1/10x10.jpg?quality=-1"; do
  req GET "$bad"; expect_error 400 invalid_quality
done
req GET /tiles/1/0/0.gif; expect_error 400 invalid_tile
req POST /static '{"center": [0, 0], "zoom": 1, "width": 4, "height": 4, "format": "webp", "quality": 0}'; expect_error 400 invalid_quality /quality

# TileJSON names the format it links to.
req GET /tiles.json; expect_json .format png
req GET "/tiles.json?format=webp&quality=75"; expect_json .format webp
jqr '.tiles[0]' | grep -q '/tiles/{z}/{x}/{y}.webp?.*quality=75' || fail "tile URL: $(jqr '.tiles[0]')"; pass
req GET "/tiles.json?format=tiff"; expect_error 400 invalid_format

# CORS: reads are open to any origin.
for path in /tiles/1/0/0.png /tiles/1/0/0.webp /tiles.json /style /fonts "/static/0,0,1/10x10.png"; do
  req GET "$path" "" -H "Origin: https://viewer.example"; expect_status 200; expect_header Access-Control-Allow-Origin '*'
done
req HEAD /tiles/1/0/0.png "" -H "Origin: https://viewer.example" -I; expect_header Access-Control-Allow-Origin '*'
# Preflight for a read, then for a mutation from a listed and an unlisted origin.
req OPTIONS /tiles/1/0/0.png "" -H "Origin: https://viewer.example" -H "Access-Control-Request-Method: GET"
expect_status 204; expect_header Access-Control-Allow-Origin '*'; expect_header Access-Control-Allow-Methods "GET, HEAD, OPTIONS"
expect_header Access-Control-Max-Age 86400
header Access-Control-Allow-Headers | grep -q X-Session-ID || fail "preflight does not allow X-Session-ID"; pass
req OPTIONS /layers/background "" -H "Origin: https://editor.example" -H "Access-Control-Request-Method: PATCH"
expect_status 204; expect_header Access-Control-Allow-Origin https://editor.example
header Access-Control-Allow-Methods | grep -q PATCH || fail "PATCH not allowed to the editor"; pass
req OPTIONS /layers/background "" -H "Origin: https://evil.example" -H "Access-Control-Request-Method: PATCH"
expect_status 204; [ -z "$(header Access-Control-Allow-Origin)" ] || fail "an unlisted origin may mutate"; pass
req OPTIONS /no/such/route; expect_error 404 unknown_route
# Mutations: CORS only for the listed origin, with Vary: Origin.
SID=$(new_session)
req POST /sessions '{}' -H "Origin: https://evil.example"; expect_status 201
[ -z "$(header Access-Control-Allow-Origin)" ] || fail "mutation answered with CORS to an unlisted origin"; pass
header Vary | grep -q Origin || fail "mutation without Vary: Origin"; pass
req DELETE "/sessions/$SID" "" -H "Origin: https://editor.example"; expect_status 204
expect_header Access-Control-Allow-Origin https://editor.example
header Vary | grep -q Origin || fail "echoed origin without Vary: Origin"; pass

done_ok
