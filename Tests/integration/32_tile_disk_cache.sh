#!/usr/bin/env bash
# tileCacheDir: a restarted server answers the tiles it rendered before from the disk cache,
# byte for byte and without rendering (strata_renders_total stays 0, the disk hits count them);
# under a load of many distinct tiles the folder stays within tileCacheDirBytes; a tileCacheDir
# that cannot be a folder stops the start naming the key.
source "$(dirname "$0")/lib.sh"
metric() { curl -s --max-time 60 "$BASE/metrics" | sed -n "s/^$1 \([0-9.e+]*\).*/\1/p" | head -1; }
renders() { curl -s --max-time 60 "$BASE/metrics" | sed -n 's/^strata_renders_total{result="ok"} \([0-9]*\).*/\1/p' | head -1; }

use_config "{\"tileCacheDir\": \"$WORK/tiles\"}"
start_server
for t in 3/4/2.png 2/1/1@2x.png 512/2/2/1.webp; do
  req GET "/tiles/$t"; expect_status 200 "/tiles/$t"; cp "$BODY" "$WORK/first-${t//\//_}"
done
[ "$(renders)" = 3 ] || fail "expected 3 renders, got $(renders)"; pass
for _ in $(seq 1 100); do [ "$(find "$WORK/tiles" -type f ! -name '*.tmp' | wc -l)" -ge 3 ] && break; sleep 0.05; done
[ "$(find "$WORK/tiles" -type f ! -name '*.tmp' | wc -l)" = 3 ] || fail "expected 3 files in tileCacheDir"; pass
stop_server

start_server
for t in 3/4/2.png 2/1/1@2x.png 512/2/2/1.webp; do
  req GET "/tiles/$t"; expect_status 200 "/tiles/$t (after a restart)"
  cmp -s "$BODY" "$WORK/first-${t//\//_}" || fail "$t differs after the restart"; pass
done
[ "$(renders)" = "" ] || [ "$(renders)" = 0 ] || fail "a restarted server rendered $(renders) tiles it had on disk"; pass
[ "$(metric strata_tile_disk_cache_hits_total)" = 3 ] || fail "disk hits: $(metric strata_tile_disk_cache_hits_total)"; pass
# A tile not rendered before is rendered (and saved).
req GET /tiles/3/5/2.png; expect_status 200
[ "$(renders)" = 1 ] || fail "a new tile was not rendered"; pass
stop_server

# Bounded under load: 64 distinct tiles through a 60 kB folder.
rm -rf "$WORK/tiles"
use_config "{\"tileCacheDir\": \"$WORK/tiles\", \"tileCacheDirBytes\": 60000}"
start_server
for x in $(seq 0 7); do
  pids=()
  for y in $(seq 0 7); do curl -s --max-time 120 -o /dev/null "$BASE/tiles/3/$x/$y.png" & pids+=($!); done
  wait "${pids[@]}"   # the curls only: a bare `wait` would wait for the server too
done
sleep 1
BYTES=$(find "$WORK/tiles" -type f ! -name '*.tmp' -printf '%s\n' | awk '{s += $1} END {print s + 0}')
[ "$BYTES" -le 60000 ] || fail "tileCacheDir holds $BYTES bytes, over its 60000"; pass
[ "$BYTES" -gt 0 ] || fail "tileCacheDir is empty"; pass
stop_server

# A tileCacheDir that cannot be a folder: the start fails naming the key.
: > "$WORK/not-a-folder"
use_config "{\"tileCacheDir\": \"$WORK/not-a-folder\"}"
if "$STRATA_BIN" serve --config "$STRATA_CONFIG" --port 0 --data-dir "$WORK/data" --store :memory: > "$WORK/bad.log" 2>&1; then
  fail "started with a file as tileCacheDir"
fi
grep -q tileCacheDir "$WORK/bad.log" || fail "the error does not name tileCacheDir: $(cat "$WORK/bad.log")"; pass
echo "32_tile_disk_cache: $CHECKS checks passed"
