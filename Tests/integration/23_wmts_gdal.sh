#!/usr/bin/env bash
# WMTS capabilities of a published style (GET /styles/{id}/wmts.xml) read by a real client:
# GDAL's WMTS driver lists the layers and tile matrix sets, georeferences the city in EPSG:3857,
# and cuts an image of it whose pixels are exactly Strata's own tiles of that area, for 256 and
# 512 px tiles, and the same for a session (GET /sessions/{id}/wmts.xml, its /tiles). Real data:
# OSM Bright on the Neubrandenburg OpenMapTiles archive. Every URL GDAL is given or finds, and
# every connection it makes, is on 127.0.0.1.
source "$(dirname "$0")/lib.sh"
SHARED="${STRATA_SHARED:-$STRATA_ROOT/../shared}"
OMT="$SHARED/data/osm-neubrandenburg-omt"
if [ ! -f "$OMT/omt-neubrandenburg.mbtiles" ]; then
  is_ci && fail "$OMT is missing"
  echo "skip: $(basename "$0") needs ../shared/data/osm-neubrandenburg-omt"; exit 0
fi
if ! command -v gdalinfo >/dev/null || ! command -v gdal_translate >/dev/null; then
  is_ci && fail "gdalinfo/gdal_translate are required under CI (apt-get install gdal-bin)"
  echo "skip: $(basename "$0") needs GDAL (apt-get install gdal-bin)"; exit 0
fi
# GDAL talks to the test's server only: no proxy, no disk cache, nothing from the environment.
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY GDAL_HTTP_PROXY ALL_PROXY all_proxy
export NO_PROXY=127.0.0.1 no_proxy=127.0.0.1 GDAL_ENABLE_WMS_CACHE=NO GDAL_HTTP_TIMEOUT=300 GDAL_HTTP_MAX_RETRY=0
export CPL_CURL_VERBOSE=YES GDAL_PAM_ENABLED=NO

mkdir -p "$WORK/data" "$WORK/styles"
cp "$OMT/omt-neubrandenburg.mbtiles" "$WORK/data/"
cp "$STRATA_ROOT/config/styles/default.json" "$WORK/styles/"
# The style's name has characters XML must escape; its source is the published archive.
jq '.name = "Bright & <Neubrandenburg>"' "$OMT/style-bright.json" > "$WORK/styles/bright.json"
use_config "{\"stylesDir\": \"$WORK/styles\"}"
start_server
cd "$WORK"
CAPS="WMTS:$BASE/styles/bright/wmts.xml"

# The document: XML, every URL in it (but the schema's) on this server.
req GET /styles/bright/wmts.xml; expect_status 200; expect_header Content-Type application/xml
python3 - "$BODY" "$BASE" <<'PY' || fail "capabilities URLs"
import re, sys
xml, base = open(sys.argv[1]).read(), sys.argv[2]
urls = [u for u in re.findall(r'(?:href|template)="([^"]+)"', xml)]
assert len(urls) >= 8, urls
bad = [u for u in urls if not u.startswith(base + "/")]
assert not bad, bad
PY
pass

# gdalinfo: the layers (titles unescaped) and their tile matrix sets as subdatasets.
gdalinfo "$CAPS" > "$WORK/info.txt" 2> "$WORK/gdal.log" || fail "gdalinfo: $(tail -5 "$WORK/gdal.log")"
grep -qx "  SUBDATASET_1_NAME=$CAPS,layer=bright-256" "$WORK/info.txt" || fail "no 256 px layer: $(cat "$WORK/info.txt")"
grep -qx "  SUBDATASET_2_NAME=$CAPS,layer=bright-512" "$WORK/info.txt" || fail "no 512 px layer: $(cat "$WORK/info.txt")"
grep -qx "  SUBDATASET_1_DESC=Layer Bright & <Neubrandenburg> (256 px)" "$WORK/info.txt" || fail "title not unescaped: $(cat "$WORK/info.txt")"
grep -q "SUBDATASET_3" "$WORK/info.txt" && fail "more than two layers: $(cat "$WORK/info.txt")"
pass

# One layer: Web Mercator, the city's bounds (from the archive) at zoom 24's pixel size, the
# zooms below as overviews (GDAL stops them near one tile's size: at least down to zoom 14);
# the same area in 512 px tiles at half the pixel size.
check_info() {  # check_info LAYER PIXEL_METRES
  gdalinfo -json "$CAPS,layer=$1" > "$WORK/info.json" 2> "$WORK/gdal.log" || fail "gdalinfo $1: $(tail -5 "$WORK/gdal.log")"
  python3 - "$WORK/info.json" "$2" <<'PY' || fail "gdalinfo $1: $(head -c 3000 "$WORK/info.json")"
import json, math, sys
info, res = json.load(open(sys.argv[1])), float(sys.argv[2])
assert 'ID["EPSG",3857]' in info["coordinateSystem"]["wkt"], info["coordinateSystem"]
gt = info["geoTransform"]
assert abs(gt[1] - res) < 1e-9 and abs(gt[5] + res) < 1e-9 and gt[2] == gt[4] == 0, gt
def merc(lon, lat):
    return (lon * math.pi / 180 * 6378137, math.log(math.tan(math.pi / 4 + lat * math.pi / 360)) * 6378137)
(w, s), (e, n) = merc(13.1094, 53.4382), merc(13.4074, 53.6153)
x0, y0 = gt[0], gt[3]
x1, y1 = x0 + info["size"][0] * res, y0 - info["size"][1] * res
# The raster covers the archive's bounds, give or take a tile of zoom 24.
slack = 256 * res * 2
assert abs(x0 - w) < slack and abs(y0 - n) < slack and abs(x1 - e) < slack and abs(y1 - s) < slack, (gt, info["size"], (w, s, e, n))
band = info["bands"][0]
assert len(info["bands"]) == 4, len(info["bands"])
# The origin is on zoom 24's pixel grid, counted from the tile matrix's top-left corner.
o = math.pi * 6378137
for edge in ((x0 + o) / res, (o - y0) / res):
    assert abs(edge - round(edge)) < 1e-3, (edge, gt)
overviews = [tuple(v["size"]) for v in band.get("overviews", [])]
assert len(overviews) >= 10, overviews
for k, (w, h) in enumerate(overviews, 1):
    assert abs(w - info["size"][0] / 2**k) <= 1 and abs(h - info["size"][1] / 2**k) <= 1, (k, w, h, info["size"])
PY
  pass
}
check_info bright-256 "$(python3 -c 'import math; print(2 * math.pi * 6378137 / 256 / 2**24)')"
check_info bright-512 "$(python3 -c 'import math; print(2 * math.pi * 6378137 / 512 / 2**24)')"

# gdal_translate: the old town at zoom 14 (tiles 14/8795..8796/5294..5295, the block the
# reference renders use), the window on tile edges; its pixels must be Strata's tiles'.
cut() {  # cut CAPABILITIES LAYER TILES_PATH TILE_PX [QUERY]: TILES_PATH/14/x/y.png[QUERY] are the tiles
  local caps="$1" layer="$2" tiles="$3" px="$4" query="${5:-}"
  local win
  win=$(python3 -c 'import math; o = math.pi * 6378137; t = 2 * o / 2**14
print(-o + 8795 * t, o - 5294 * t, -o + 8797 * t, o - 5296 * t)')
  # shellcheck disable=SC2086
  gdal_translate -q -oo ZOOM_LEVEL=14 -projwin $win -of PNG "$caps,layer=$layer" "$WORK/gdal-$layer.png" 2> "$WORK/gdal.log" \
    || fail "gdal_translate $layer: $(tail -5 "$WORK/gdal.log")"
  # curl's verbose log (CPL_CURL_VERBOSE): every connection GDAL made was to this server.
  grep -E '^\* +(Trying|Connected to) ' "$WORK/gdal.log" | grep -v "127.0.0.1" && fail "GDAL connected elsewhere"
  grep -Eq '^\* +(Trying|Connected to) 127\.0\.0\.1' "$WORK/gdal.log" || fail "no connection in GDAL's log: $(head -5 "$WORK/gdal.log")"
  grep -q "^> GET $tiles/14/8795/5294.png" "$WORK/gdal.log" || fail "GDAL did not fetch $tiles tiles: $(grep GET "$WORK/gdal.log" | head)"
  for x in 8795 8796; do
    for y in 5294 5295; do
      curl -sf --max-time 300 -o "$WORK/tile-$layer-$x-$y.png" "$BASE$tiles/14/$x/$y.png$query" || fail "curl tile $tiles/14/$x/$y.png$query"
    done
  done
  python3 - "$STRATA_ROOT/Tests/integration/tools" "$WORK" "$layer" "$px" <<'PY' || fail "$layer: GDAL's image differs from Strata's tiles"
import sys
sys.path.insert(0, sys.argv[1])
from png_pixel import rows
work, layer, px = sys.argv[2], sys.argv[3], int(sys.argv[4])
w, h, got = rows(f"{work}/gdal-{layer}.png")
assert (w, h) == (2 * px, 2 * px), (w, h)
differ, colours = 0, set()
for i, x in enumerate((8795, 8796)):
    for j, y in enumerate((5294, 5295)):
        tw, th, tile = rows(f"{work}/tile-{layer}-{x}-{y}.png")
        assert (tw, th) == (px, px), (tw, th)
        for ty in range(th):
            for tx in range(tw):
                a, b = tile(tx, ty), got(i * px + tx, j * px + ty)
                colours.add(a)
                differ += a != b
assert len(colours) > 20, f"the tiles are nearly blank ({len(colours)} colours)"
assert differ == 0, f"{differ} pixels differ"
PY
  pass
}
cut "$CAPS" bright-256 /styles/bright 256
cut "$CAPS" bright-512 /styles/bright/512 512

# A session's capabilities (GET /sessions/{id}/wmts.xml): its /tiles, the same pixels.
req POST /sessions '{"style": "bright"}'; expect_status 201
SID=$(jqr .id)
SCAPS="WMTS:$BASE/sessions/$SID/wmts.xml"
gdalinfo "$SCAPS" > "$WORK/info.txt" 2> "$WORK/gdal.log" || fail "gdalinfo session: $(tail -5 "$WORK/gdal.log")"
grep -qx "  SUBDATASET_1_NAME=$SCAPS,layer=session-$SID-256" "$WORK/info.txt" || fail "no session layer: $(cat "$WORK/info.txt")"
pass
cut "$SCAPS" "session-$SID-256" /tiles 256 "?session=$SID"

# Unknown style: the published routes' JSON 404.
req GET /styles/nope/wmts.xml; expect_error 404 unknown_style

done_ok
