#!/usr/bin/env bash
# Tier 4: MapLibre's pitched render tests (../shared/render-tests/cases-pitch, lists/tier4-pitch.txt)
# through the shared harness against the real binary: run.py --pitch asks for
# /static/{lon},{lat},{zoom},{bearing},{pitch}/… and grades with pixelmatch as MapLibre does.
# The set of passing cases must be exactly tier4-passing.txt (each other case's cause is noted in
# tier4-failing.txt): a case that starts passing or stops passing fails the script.
source "$(dirname "$0")/lib.sh"
TESTS="$STRATA_ROOT/../shared/render-tests"
if [ ! -f "$TESTS/run.py" ] || [ ! -d "$TESTS/cases-pitch" ]; then
  is_ci && fail "the shared render tests ($TESTS) are missing"
  echo "skip: $TESTS not found (outside CI)"; exit 0
fi
ln -s "$TESTS/assets" "$WORK/data"
start_server --fonts-dir /usr/share/fonts/truetype/noto
python3 "$TESTS/run.py" --server "$BASE" --pitch --cases "$TESTS/cases-pitch" --list "$TESTS/lists/tier4-pitch.txt" \
  --out "$WORK/out" --jobs 2 --timeout 300 > "$WORK/run.txt" 2>&1 || fail "run.py crashed: $(tail -5 "$WORK/run.txt")"
tail -1 "$WORK/run.txt"
grep '^PASS ' "$WORK/run.txt" | awk '{print $2}' | sort > "$WORK/passing.txt"
EXPECTED="$(dirname "$0")/tier4-passing.txt"
if ! diff <(grep -v '^#' "$EXPECTED" | sort) "$WORK/passing.txt" > "$WORK/diff.txt"; then
  echo "--- < expected to pass, > passes now:" >&2; cat "$WORK/diff.txt" >&2
  fail "the passing Tier 4 cases changed (update tier4-passing.txt and tier4-failing.txt)"
fi
pass
[ "$(grep -c '^ERROR ' "$WORK/run.txt" || true)" = "0" ] || fail "run.py reported errors: $(grep '^ERROR ' "$WORK/run.txt" | head -3)"; pass
echo "$(wc -l < "$WORK/passing.txt") Tier 4 cases pass, as expected"
done_ok
