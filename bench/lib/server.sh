# Shared shell helpers for the bench scripts: build, a throw-away config, start/stop the server.
# Source it after setting ROOT (the package root).

STRATA_BIN=${STRATA_BIN:-$ROOT/.build/release/strata}
PY=${PYTHON:-python3}
LOADGEN="$PY $ROOT/bench/lib/loadgen.py"

strata_build() {
  if [ "${SKIP_BUILD:-0}" != 1 ]; then
    (cd "$ROOT" && swift build -c release --product strata)
  fi
  [ -x "$STRATA_BIN" ] || { echo "no strata binary at $STRATA_BIN" >&2; exit 1; }
}

# strata_config OUT KEY=JSON... : config/server.json with absolute paths into the package,
# a store under the temp dir, and the given overrides (values are JSON: 64, "x", true). The
# default session's style is the benchmark style, bench/styles/natural-earth.json (the default
# style without its city labels: the workload the anchors draw).
strata_config() {
  local out=$1; shift
  "$PY" - "$ROOT" "$out" "$@" <<'PY'
import json, os, sys
root, out, overrides = sys.argv[1], sys.argv[2], sys.argv[3:]
cfg = json.load(open(os.path.join(root, "config", "server.json")))
cfg["dataDir"] = os.path.join(root, "config", "data")
cfg["stylesDir"] = os.path.join(root, "bench", "styles")
cfg["defaultStyle"] = "natural-earth"
cfg["publicDir"] = os.path.join(root, "Public")
cfg["store"] = os.path.join(os.path.dirname(os.path.abspath(out)), "strata.sqlite")
for o in overrides:
    k, _, v = o.partition("=")
    cfg[k] = json.loads(v)
json.dump(cfg, open(out, "w"), indent=1)
PY
}

# strata_start CONFIG PORT LOG [SERVE_ARGS...] : starts the server in the background
# (SERVER_PID) with any further `serve` options and waits until /health answers 200.
strata_start() {
  local config=$1 port=$2 log=$3; shift 3
  "$STRATA_BIN" serve --config "$config" --port "$port" "$@" >"$log" 2>&1 &
  SERVER_PID=$!
  BASE="http://127.0.0.1:$port"
  for _ in $(seq 1 300); do
    if curl -fsS -o /dev/null "$BASE/health" 2>/dev/null; then return 0; fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then echo "server exited; log:" >&2; cat "$log" >&2; exit 1; fi
    sleep 0.1
  done
  echo "server did not become healthy in 30 s" >&2; exit 1
}

strata_stop() {
  if [ -n "${SERVER_PID:-}" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=
}

strata_rss_mb() { $LOADGEN rss "$SERVER_PID"; }
strata_cpu_s() { $LOADGEN cpu "$SERVER_PID"; }

# wrk_json FILE : the JSON after "WRK " in wrk's output.
wrk_json() { grep '^WRK ' "$1" | tail -1 | cut -c5-; }

# wrk_once OUT PATHS THREADS CONNECTIONS MAX_SECONDS : every path of PATHS once (paths.lua,
# once mode); SIGINT to wrk as soon as every thread has all its responses, so the duration
# (and tiles/s) covers the work only.
wrk_once() {
  local out=$1 paths=$2 threads=$3 conns=$4 secs=$5 done_dir
  done_dir=$(mktemp -d /tmp/strata-wrk.XXXXXX)
  PATHS_MODE=once wrk -t"$threads" -c"$conns" -d"${secs}s" --timeout 30s \
    -s "$ROOT/bench/lib/paths.lua" "$BASE" -- "$paths" "$threads" "$done_dir" >"$out" &
  local wrk_pid=$!
  while kill -0 "$wrk_pid" 2>/dev/null; do
    if [ "$(ls "$done_dir" | wc -l)" -ge "$threads" ]; then kill -INT "$wrk_pid"; break; fi
    sleep 0.05
  done
  wait "$wrk_pid" || true
  rm -rf "$done_dir"
}

# wrk_loop OUT PATHS THREADS CONNECTIONS SECONDS : cycle through PATHS for SECONDS.
wrk_loop() {
  PATHS_MODE=loop wrk -t"$3" -c"$4" -d"${5}s" --timeout 30s \
    -s "$ROOT/bench/lib/paths.lua" "$BASE" -- "$2" "$3" >"$1"
}

# run_anchor NAME SCRIPT ARGS... : one anchor script of $ANCHORS, pinned to $CORE with $REPS
# repetitions, for round $round; its RESULT line goes to $OUT/NAME-$round.json (log beside it).
run_anchor() {
  local name=$1 script=$2; shift 2
  EGL_PLATFORM=surfaceless GALLIUM_DRIVER=llvmpipe OMP_NUM_THREADS=1 \
    taskset -c "$CORE" "$VENV_PY" "$ANCHORS/$script" "$@" --reps "$REPS" --save 0 >"$OUT/$name-$round.log" 2>&1 || true
  grep '^RESULT ' "$OUT/$name-$round.log" | tail -1 | cut -c8- >"$OUT/$name-$round.json" || true
  [ -s "$OUT/$name-$round.json" ] || echo "!! $name failed in round $round (see $OUT/$name-$round.log)" >&2
}

# The 4×4 block at zoom z whose centre is closest to the old town, as the anchors pick it.
city_block() {
  "$PY" - "$1" <<'PY'
import math, sys
z = int(sys.argv[1]); lon, lat = 13.2625, 53.5570
n = 2 ** z
fx = (lon + 180) / 360 * n
fy = (1 - math.log(math.tan(math.radians(lat)) + 1 / math.cos(math.radians(lat))) / math.pi) / 2 * n
x0, y0 = int(round(fx - 2)), int(round(fy - 2))
print("%d/%d-%d/%d-%d" % (z, x0, x0 + 3, y0, y0 + 3))
PY
}
