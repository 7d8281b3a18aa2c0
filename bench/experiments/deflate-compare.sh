#!/usr/bin/env bash
# Would another deflater speed up Strata's PNG encode? Saves the z0–z5 tiles of the default
# style, extracts exactly the bytes libpng handed to zlib, and times zlib level 1 (what the
# encoder uses) against libdeflate on them (apt-get install libdeflate-dev).
# usage: bench/experiments/deflate-compare.sh   (env: SKIP_BUILD=1 REPS=11 ZOOMS=0-5)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/bench/lib/server.sh"
strata_build
TMP=$(mktemp -d /tmp/strata-deflate.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
(cd "$ROOT" && "$STRATA_BIN" bench tiles --zooms "${ZOOMS:-0-5}" --reps 1 --slowest 0 --save-dir "$TMP/tiles" >/dev/null)
"$PY" "$ROOT/bench/experiments/idat_dump.py" "$TMP/records.bin" "$TMP"/tiles/*.png >&2
cc -O2 -o "$TMP/deflate_compare" "$ROOT/bench/experiments/deflate_compare.c" -lz -ldeflate
taskset -c "${CORE:-0}" "$TMP/deflate_compare" "$TMP/records.bin" "${REPS:-11}"
