#!/usr/bin/env bash
# libFuzzer runs of the Strata readers of untrusted bytes (docs/FUZZING.md).
#   Scripts/fuzz.sh [seconds-per-target] [target...]     default: 60 s, every target
# Builds strata-fuzz with -sanitize=fuzzer,address into .build-fuzz, seeds a fresh corpus
# per target (.build-fuzz/corpus/<target>) from Tests/Fuzz/Seeds and the repo's fixtures,
# runs each target, and exits 1 if any crashed (artifacts in .build-fuzz/artifacts).
# Leak detection is off: Swift's lazily initialised globals read as leaks to LSan.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SECONDS_PER_TARGET=${1:-60}
shift || true
ALL=(json style expression geojson mvt pmtiles mbtiles-row image jpeg webp glyphs sprite)
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL[@]}")
BUILD=$ROOT/.build-fuzz
SHARED=$ROOT/../shared/render-tests/assets
MAX_SEED_BYTES=65536

echo "== building strata-fuzz (libFuzzer + ASan) into $BUILD"
mkdir -p "$BUILD"
if ! swift build --build-path "$BUILD" -c debug -j 2 --product strata-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DSTRATA_FUZZ \
    -Xcc -fsanitize=fuzzer-no-link,address >"$BUILD/build.log" 2>&1; then
  grep -v "Cannot export local symbol" "$BUILD/build.log" | tail -40
  echo "fuzz build failed"; exit 2
fi
BIN=$(swift build --build-path "$BUILD" -c debug --show-bin-path)/strata-fuzz

# Copies the files given (up to MAX_SEED_BYTES each) into corpus dir $1, named by content hash.
seed() {
  local dir=$1; shift
  local f
  for f in "$@"; do
    [ -f "$f" ] || continue
    [ "$(wc -c <"$f")" -le $MAX_SEED_BYTES ] || continue
    cp "$f" "$dir/$(sha1sum <"$f" | cut -c1-16)"
  done
}

# Seeds target $1's corpus in directory $2.
seed_corpus() {
  local t=$1 dir=$2
  shopt -s nullglob globstar
  seed "$dir" "$ROOT"/Tests/Fuzz/Seeds/"$t"/*
  case $t in
    json)
      seed "$dir" "$ROOT"/config/**/*.json "$ROOT"/Tests/StyleSpecTests/Fixtures/validation-tests/*.json "$SHARED"/geojson/*.json ;;
    style)
      seed "$dir" "$ROOT"/config/styles/*.json "$ROOT"/Tests/StyleSpecTests/Fixtures/validation-tests/*.input.json "$SHARED"/styles/*.json ;;
    expression)
      # The "expression" member of each MapLibre expression test.
      if command -v python3 >/dev/null; then
        python3 - "$ROOT/Tests/StyleSpecTests/Fixtures/expression-tests" "$dir" <<'PY'
import hashlib, json, pathlib, sys
for p in pathlib.Path(sys.argv[1]).rglob("test.json"):
    try: e = json.loads(p.read_text())["expression"]
    except Exception: continue
    b = json.dumps(e).encode()
    (pathlib.Path(sys.argv[2]) / hashlib.sha1(b).hexdigest()[:16]).write_bytes(b)
PY
      fi ;;
    geojson)
      seed "$dir" "$ROOT"/config/data/*.geojson "$SHARED"/data/*.geojson "$SHARED"/geojson/*.json ;;
    mvt)
      seed "$dir" "$SHARED"/tiles/**/*.mvt ;;
    mbtiles-row)
      local f
      for f in "$SHARED"/tiles/**/*.mvt; do
        [ -s "$f" ] && [ "$(wc -c <"$f")" -le $MAX_SEED_BYTES ] && gzip -n -c "$f" >"$dir/$(sha1sum <"$f" | cut -c1-16).gz"
      done ;;
    glyphs)
      seed "$dir" "$SHARED"/glyphs/**/*.pbf ;;
    image)
      seed "$dir" "$SHARED"/image/*.png "$SHARED"/tiles/**/*.png "$ROOT"/Tests/RasterTests/References/*.png ;;
    sprite)
      # The harness reads a sheet size from the first two bytes (×8 px): 1024×1024 here.
      local f
      for f in "$SHARED"/sprites/*.json; do
        [ "$(wc -c <"$f")" -le $MAX_SEED_BYTES ] && { printf '\x80\x80'; cat "$f"; } >"$dir/$(sha1sum <"$f" | cut -c1-16)"
      done ;;
  esac
  shopt -u nullglob globstar
}

FAILED=()
for t in "${TARGETS[@]}"; do
  case " ${ALL[*]} " in *" $t "*) ;; *) echo "unknown target $t (targets: ${ALL[*]})"; exit 2 ;; esac
  corpus=$BUILD/corpus/$t
  rm -rf "$corpus"; mkdir -p "$corpus" "$BUILD/artifacts" "$BUILD/logs" "$BUILD/tmp"
  seed_corpus "$t" "$corpus"
  echo "== $t: $(ls "$corpus" | wc -l) seeds, ${SECONDS_PER_TARGET}s"
  # image, jpeg and webp decode up to 4096² px (the upload limit) twice per input: under ASan
  # their freed 64 MB buffers pile up in the allocator (a replay of the input alone stays far
  # below), so they get more room and every target a small quarantine that gives memory back.
  rss=2048; case $t in image|jpeg|webp) rss=4096 ;; esac
  STRATA_FUZZ_TARGET=$t SWIFT_BACKTRACE=enable=no TMPDIR=$BUILD/tmp \
  ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=32:allocator_release_to_os_interval_ms=500${ASAN_OPTIONS:+:$ASAN_OPTIONS} \
    "$BIN" -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb=$rss -timeout=10 -detect_leaks=0 -print_final_stats=1 \
    -artifact_prefix="$BUILD/artifacts/$t-" "$corpus" >"$BUILD/logs/$t.log" 2>&1
  status=$?
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^stat::new_units_added" "$BUILD/logs/$t.log" | tr '\n' ' '; echo
  if [ $status -ne 0 ]; then
    FAILED+=("$t")
    grep -E "Fatal error|ERROR: |SUMMARY|invariant failed" "$BUILD/logs/$t.log" | head -5
    grep -o "Test unit written to .*" "$BUILD/logs/$t.log" | sed "s/^/$t: /"
    echo "$t: exit $status, log $BUILD/logs/$t.log"
  fi
done
if [ ${#FAILED[@]} -gt 0 ]; then
  echo "fuzzing FAILED for: ${FAILED[*]} (replay: STRATA_FUZZ_TARGET=<target> $BIN <crash file>)"
  exit 1
fi
echo "fuzzing passed: ${TARGETS[*]}"
