#!/usr/bin/env bash
# strata export: the dense city (../shared/data/osm-neubrandenburg) and Natural Earth at low
# zooms into a z/x/y folder equal byte for byte to the server's own tiles of the same published
# style, a PMTiles archive read back with the `pmtiles` package (PyPI) and an MBTiles file read
# with sqlite3, every tile once with the folder's bytes; a `kill -9` in the middle, then the
# same command, ends with the same archive as an uninterrupted run without rendering again what
# was done; SIGTERM stops cleanly with the journal kept; bad options are refused.
source "$(dirname "$0")/lib.sh"
SHARED="${STRATA_SHARED:-$STRATA_ROOT/../shared}"
OSM="$SHARED/data/osm-neubrandenburg"
if [ ! -f "$OSM/osm-neubrandenburg.mbtiles" ]; then
  is_ci && fail "../shared/data/osm-neubrandenburg is required under CI"
  echo "skip: $(basename "$0") needs ../shared/data/osm-neubrandenburg"; exit 0
fi
# The pmtiles reader: python3's own, else the CI venv's (.ci/run installs it there).
PMPY=python3
python3 -c 'import pmtiles' 2>/dev/null || PMPY="${STRATA_GL_CLIENT_VENV:-$HOME/.cache/strata-ci/venv}/bin/python"
if ! "$PMPY" -c 'import pmtiles' 2>/dev/null; then
  is_ci && fail "the pmtiles Python package is required under CI (.ci/run installs it)"
  echo "skip: $(basename "$0") needs the pmtiles Python package"; exit 0
fi
command -v sqlite3 >/dev/null || fail "sqlite3 is required"
CHECK="$STRATA_ROOT/Tests/integration/tools/export_check.py"

mkdir -p "$WORK/data" "$WORK/styles"
cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"
cp "$OSM/osm-neubrandenburg.mbtiles" "$WORK/data/"
cp "$OSM/style.json" "$WORK/styles/city.json"
cp "$STRATA_ROOT/config/styles/default.json" "$WORK/styles/default.json"
use_config "{\"stylesDir\": \"$WORK/styles\"}"
export_run() { "$STRATA_BIN" export --config "$STRATA_CONFIG" --data-dir "$WORK/data" --quiet "$@"; }

# The old town at z13-z15 (a handful of tiles per zoom), two threads.
CITY="--style city --bbox 13.255,53.553,13.270,53.561 --zooms 13-15 --threads 2"
export_run $CITY --out "$WORK/city" > "$WORK/out.txt" || fail "folder export failed: $(cat "$WORK/out.txt")"
N=$(find "$WORK/city" -name '*.png' | wc -l)
[ "$N" -ge 6 ] || fail "expected at least 6 city tiles, got $N"; pass
[ ! -e "$WORK/city.journal" ] || fail "the journal outlived a finished export"; pass

start_server
# The folder equals the server's /styles/city tiles byte for byte.
for f in $(cd "$WORK/city" && find . -name '*.png' | sort); do
  t=${f#./}
  req GET "/styles/city/$t"; expect_status 200 "/styles/city/$t"
  cmp -s "$BODY" "$WORK/city/$t" || fail "exported $t differs from the server's tile"; pass
done

# PMTiles and MBTiles of the same tiles: every tile once with the folder's bytes.
export_run $CITY --out "$WORK/city.pmtiles" > /dev/null || fail "pmtiles export failed"
"$PMPY" "$CHECK" pmtiles "$WORK/city.pmtiles" "$WORK/city" png > "$WORK/check.txt" || fail "pmtiles check: $(cat "$WORK/check.txt")"; pass
export_run $CITY --out "$WORK/city.mbtiles" > /dev/null || fail "mbtiles export failed"
python3 "$CHECK" mbtiles "$WORK/city.mbtiles" "$WORK/city" png > "$WORK/check.txt" || fail "mbtiles check: $(cat "$WORK/check.txt")"; pass
[ "$(sqlite3 "$WORK/city.mbtiles" "SELECT count(*) FROM tiles")" = "$N" ] || fail "MBTiles tile count"; pass
[ "$(sqlite3 "$WORK/city.mbtiles" "SELECT count(DISTINCT zoom_level || '/' || tile_column || '/' || tile_row) FROM tiles")" = "$N" ] || fail "a tile twice"; pass
for kv in "format|png" "minzoom|13" "maxzoom|15" "name|$(jq -r .name "$OSM/style.json")" "bounds|13.255,53.553,13.27,53.561"; do
  [ "$(sqlite3 "$WORK/city.mbtiles" "SELECT value FROM metadata WHERE name = '${kv%%|*}'")" = "${kv#*|}" ] || fail "metadata ${kv%%|*}"; pass
done
[ -n "$(sqlite3 "$WORK/city.mbtiles" "SELECT value FROM metadata WHERE name = 'attribution'")" ] || fail "MBTiles without attribution"; pass
[ -n "$(sqlite3 "$WORK/city.mbtiles" "SELECT value FROM metadata WHERE name = 'center'")" ] || fail "MBTiles without center"; pass

# Natural Earth, the whole world at z0-z2 (the default style), WebP: folder = server, PMTiles = folder.
NE="--style default --bbox -180,-85,180,85 --zooms 0-2 --format webp --threads 2"
export_run $NE --out "$WORK/ne" > /dev/null || fail "Natural Earth folder export failed"
[ "$(find "$WORK/ne" -name '*.webp' | wc -l)" = 21 ] || fail "expected the 21 tiles of z0-z2"; pass
for t in 0/0/0 1/1/0 2/2/1 2/3/3; do
  req GET "/styles/default/$t.webp"; expect_status 200
  cmp -s "$BODY" "$WORK/ne/$t.webp" || fail "exported $t.webp differs from the server's"; pass
done
export_run $NE --out "$WORK/ne.pmtiles" > /dev/null || fail "Natural Earth pmtiles export failed"
"$PMPY" "$CHECK" pmtiles "$WORK/ne.pmtiles" "$WORK/ne" webp > "$WORK/check.txt" || fail "NE pmtiles: $(cat "$WORK/check.txt")"; pass
grep -q 'distinct=' "$WORK/check.txt" || fail "no summary"; pass
stop_server

# kill -9 in the middle, then the same command: the same archive as an uninterrupted run.
BIG="--style city --bbox 13.23,53.54,13.29,53.57 --zooms 12-15 --threads 1"
export_run $BIG --out "$WORK/whole.pmtiles" > "$WORK/whole.txt" || fail "uninterrupted export failed"
TOTAL=$(sed -n 's/.*: \([0-9]*\) tiles (.*/\1/p' "$WORK/whole.txt")
[ "${TOTAL:-0}" -ge 20 ] || fail "expected at least 20 tiles, got '$TOTAL'"; pass
# The binary itself in the background (not a shell function), so $! is the process killed.
"$STRATA_BIN" export --config "$STRATA_CONFIG" --data-dir "$WORK/data" --quiet $BIG --out "$WORK/killed.pmtiles" > /dev/null 2>&1 &
EXPORT_PID=$!
for _ in $(seq 1 2400); do
  n=0
  [ -e "$WORK/killed.pmtiles.journal" ] && n=$(sqlite3 -readonly "$WORK/killed.pmtiles.journal" "SELECT count(*) FROM tiles" 2>/dev/null || echo 0)
  [ "${n:-0}" -ge 16 ] && break
  kill -0 "$EXPORT_PID" 2>/dev/null || break
  sleep 0.05
done
kill -KILL "$EXPORT_PID" 2>/dev/null || fail "the export finished before it could be killed"
wait "$EXPORT_PID" 2>/dev/null || true
[ ! -e "$WORK/killed.pmtiles" ] || fail "an archive exists after kill -9 in the middle"; pass
export_run $BIG --out "$WORK/killed.pmtiles" > "$WORK/resumed.txt" 2>&1 || fail "the rerun failed: $(cat "$WORK/resumed.txt")"
FROM_JOURNAL=$(sed -n 's/.*rendered now, \([0-9]*\) from the journal.*/\1/p' "$WORK/resumed.txt")
[ "${FROM_JOURNAL:-0}" -ge 16 ] || fail "the rerun redid finished tiles: $(cat "$WORK/resumed.txt")"; pass
cmp -s "$WORK/killed.pmtiles" "$WORK/whole.pmtiles" || fail "the resumed archive differs from the uninterrupted one"; pass
[ ! -e "$WORK/killed.pmtiles.journal" ] && [ ! -e "$WORK/killed.pmtiles.journal.lock" ] || fail "journal left behind"; pass

# SIGTERM (as Ctrl-C): a clean stop that keeps the finished tiles, and the same command resumes.
"$STRATA_BIN" export --config "$STRATA_CONFIG" --data-dir "$WORK/data" --quiet $BIG --out "$WORK/termed.pmtiles" > /dev/null 2> "$WORK/term.txt" &
EXPORT_PID=$!
for _ in $(seq 1 2400); do
  n=0
  [ -e "$WORK/termed.pmtiles.journal" ] && n=$(sqlite3 -readonly "$WORK/termed.pmtiles.journal" "SELECT count(*) FROM tiles" 2>/dev/null || echo 0)
  [ "${n:-0}" -ge 16 ] && break
  sleep 0.05
done
kill -TERM "$EXPORT_PID" 2>/dev/null || fail "the export finished before SIGTERM"
RC=0; wait "$EXPORT_PID" || RC=$?
[ "$RC" != 0 ] || fail "a stopped export exited 0"; pass
grep -q "resumes" "$WORK/term.txt" || fail "no word on resuming: $(cat "$WORK/term.txt")"; pass
[ ! -e "$WORK/termed.pmtiles" ] && [ -e "$WORK/termed.pmtiles.journal" ] || fail "after SIGTERM: no journal, or an archive"; pass
export_run $BIG --out "$WORK/termed.pmtiles" > /dev/null || fail "the rerun after SIGTERM failed"
cmp -s "$WORK/termed.pmtiles" "$WORK/whole.pmtiles" || fail "the archive after SIGTERM + rerun differs"; pass

# Bad options: refused, nothing written.
bad_run() {
  if export_run "$@" --out "$WORK/bad.pmtiles" > "$WORK/bad.txt" 2>&1; then fail "accepted: $*"; fi
  [ ! -e "$WORK/bad.pmtiles" ] && [ ! -e "$WORK/bad.pmtiles.journal" ] || fail "refused but left files: $*"; pass
}
bad_run --style city --bbox 10,0,5,1 --zooms 13
bad_run --style city --bbox 1,2,3 --zooms 13
bad_run --style city --bbox 13,53,14,54 --zooms 5-3
bad_run --style city --bbox 13,53,14,54 --zooms 13 --format gif
bad_run --style city --bbox 13,53,14,54 --zooms 13 --tile-size 300
bad_run --style nosuchstyle --bbox 13,53,14,54 --zooms 13
bad_run --style city --bbox -180,-85,180,85 --zooms 0-20
bad_run --style city --zooms 13
grep -q "bbox\|geojson" "$WORK/bad.txt" || fail "the missing area is not named: $(cat "$WORK/bad.txt")"; pass
echo "31_export: $CHECKS checks passed"
