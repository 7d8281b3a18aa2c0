#!/usr/bin/env bash
# Memory under the dense city: is the server's RSS its cache budgets plus a fixed overhead?
# For each pair of budgets in BUDGETS ("TILE_MB:RENDER_MB", default "32:64 64:256") a fresh
# server (`--data-dir ../shared/data/osm-neubrandenburg --store :memory:`) gets two sessions,
# one with the city's style.json and one with style-labels.json, and serves every z12–z16 tile
# of the city's data to both (shuffled, `wrk -t2 -c CONNECTIONS` until the last response),
# RUNS times (default twice). RSS (/proc/PID/status: VmRSS after each run once the heap is
# trimmed, VmHWM for the peak during the runs) is compared with the configured budgets — tileCacheBytes + renderCacheBytes + geoJSONCacheBytes (1 MiB here: the
# city's styles draw no GeoJSON) — and with what the caches hold (/metrics: tile cache and
# `strata_render_cache_bytes`). Prints per budget: peak RSS, the sum of the budgets, the
# fixed overhead (peak and settled RSS − the bytes the caches hold), growth from the first
# run to the last; one JSON line last. Fails (exit 1) when the peak exceeds budgets + FIXED_MB
# (the fixed overhead README states: code, threads' canvases and scratch, PNG encoders,
# renders in flight, sessions, allocator slack), when peak or settled RSS exceeds what the
# caches hold + FIXED_MB (an entry charged less than it holds), when the settled RSS of a
# later run grows by more than GROWTH_MB (the peak's change is shown: it is capped by the
# first check), or on request errors.
#
# usage: bench/memory-osm.sh   (env: SKIP_BUILD=1 BUDGETS="32:64 64:256" FIXED_MB=80 RUNS=2
#                                GROWTH_MB=8 ZOOMS=12-16 CONNECTIONS=8 PORT=18291 MAX_SECONDS=900
#                                TRIM_SECONDS=<heapTrimSeconds, default the config's 2>)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"

PORT=${PORT:-18291}
BUDGETS=${BUDGETS:-"32:64 64:256"}
FIXED_MB=${FIXED_MB:-80}
RUNS=${RUNS:-2}
SETTLE=$(( ${TRIM_SECONDS:-2} + 1 ))
GROWTH_MB=${GROWTH_MB:-8}
ZOOMS=${ZOOMS:-12-16}
CONNECTIONS=${CONNECTIONS:-8}
MAX_SECONDS=${MAX_SECONDS:-900}
GEOJSON_MB=1
SHARED=${STRATA_SHARED:-$ROOT/../shared}
OSM=$SHARED/data/osm-neubrandenburg
[ -f "$OSM/style.json" ] && [ -f "$OSM/style-labels.json" ] || { echo "no OSM city data at $OSM" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk missing (apt-get install wrk)" >&2; exit 1; }

strata_build
TMP=$(mktemp -d /tmp/strata-memory-osm.XXXXXX)
trap 'strata_stop; rm -rf "$TMP"' EXIT

# Every tile of each zoom that holds the city's data (the MBTiles' z14 extent, widened to
# whole tiles at the other zooms), for each session, shuffled (as bench/scale-osm.sh).
paths() { "$PY" "$ROOT/bench/lib/city_paths.py" "$OSM/osm-neubrandenburg.mbtiles" "$ZOOMS" "$1" "$2"; }

# hwm_mb : the server's peak RSS so far (VmHWM), MB.
hwm_mb() { awk '/^VmHWM:/ { printf "%.1f\n", $2 / 1024 }' "/proc/$SERVER_PID/status"; }

results=()
for pair in $BUDGETS; do
  tile_mb=${pair%%:*} render_mb=${pair##*:}
  strata_config "$TMP/server.json" "tileCacheBytes=$((tile_mb * 1048576))" "renderCacheBytes=$((render_mb * 1048576))" \
    "geoJSONCacheBytes=$((GEOJSON_MB * 1048576))" "queueLimit=4096" ${TRIM_SECONDS:+"heapTrimSeconds=$TRIM_SECONDS"}
  strata_start "$TMP/server.json" "$PORT" "$TMP/server-$pair.log" --data-dir "$OSM" --store :memory:
  rss_start=$(strata_rss_mb)
  $LOADGEN sessions "$BASE" "$OSM/style.json" 1 "$TMP/ids-plain.txt"
  $LOADGEN sessions "$BASE" "$OSM/style-labels.json" 1 "$TMP/ids-labels.txt"
  cat "$TMP/ids-plain.txt" "$TMP/ids-labels.txt" >"$TMP/ids.txt"
  count=$(paths "$TMP/ids.txt" "$TMP/paths.txt")
  rss_sessions=$(strata_rss_mb)
  echo "budgets tile $tile_mb MB + render $render_mb MB: server pid $SERVER_PID, RSS $rss_start MB at start," \
       "$rss_sessions MB with 2 sessions; $count tiles per run; loadavg $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  runs=()
  for run in $(seq 1 "$RUNS"); do
    wrk_once "$TMP/wrk-$pair-$run.out" "$TMP/paths.txt" 2 "$CONNECTIONS" "$MAX_SECONDS"
    # RSS after the run once the server has trimmed its heap (heapTrimSeconds) and settled.
    sleep "$SETTLE"
    rss=$(strata_rss_mb) hwm=$(hwm_mb)
    m=$($LOADGEN metrics "$BASE" strata_tile_cache_bytes strata_render_cache)
    runs+=("$(wrk_json "$TMP/wrk-$pair-$run.out")" "$rss" "$hwm" "$m")
    echo "  run $run: RSS $rss MB, peak $hwm MB; $(wrk_json "$TMP/wrk-$pair-$run.out" | cut -c1-120)" >&2
  done
  results+=("$("$PY" - "$tile_mb" "$render_mb" "$GEOJSON_MB" "$count" "$rss_start" "$rss_sessions" "${runs[@]}" <<'PY'
import json, sys
tile_mb, render_mb, geojson_mb, count, rss_start, rss_sessions = map(float, sys.argv[1:7])
runs = []
for i in range((len(sys.argv) - 7) // 4):
    w, rss, hwm, m = sys.argv[7 + 4 * i: 11 + 4 * i]
    w, m = json.loads(w), json.loads(m)
    errors = sum(w[k] for k in ("errors_connect", "errors_read", "errors_write", "errors_status", "errors_timeout", "non_200"))
    tile = sum(v for k, v in m.items() if k.startswith("strata_tile_cache_bytes")) / 1048576
    caches = {k.split('cache="')[1].split('"')[0]: v / 1048576 for k, v in m.items() if k.startswith("strata_render_cache_bytes{")}
    budgets = {k.split('cache="')[1].split('"')[0]: v / 1048576 for k, v in m.items() if k.startswith("strata_render_cache_budget_bytes{")}
    held = tile + sum(caches.values())
    runs.append({"rss_mb": float(rss), "peak_mb": float(hwm), "tiles": w["tiles"], "tiles_per_s": w["tiles_per_s"],
                 "errors": errors, "tile_cache_mb": round(tile, 1), "render_caches_mb": round(sum(caches.values()), 1),
                 "held_mb": round(held, 1), "overhead_mb": round(float(rss) - held, 1),
                 "peak_overhead_mb": round(float(hwm) - held, 1),
                 "render_caches": {k: round(v, 2) for k, v in sorted(caches.items()) if v > 0},
                 "full": sorted(k for k, v in caches.items() if budgets.get(k, 0) > 0 and v > 0.9 * budgets[k])})
print(json.dumps({"tile_mb": tile_mb, "render_mb": render_mb, "geojson_mb": geojson_mb,
                  "budgets_mb": tile_mb + render_mb + geojson_mb, "tiles": int(count),
                  "rss_start_mb": rss_start, "rss_sessions_mb": rss_sessions, "runs": runs}))
PY
)")
  strata_stop
done

"$PY" - "$FIXED_MB" "$GROWTH_MB" "$ZOOMS" "$(cut -d' ' -f1-3 /proc/loadavg)" "${results[@]}" <<'PY'
import json, sys
fixed, growth_allowed, zooms, load = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4]
rows = [json.loads(r) for r in sys.argv[5:]]
print("\ndense city, every z%s tile for 2 sessions (style.json, style-labels.json), %d runs; load %s\n" % (
    zooms, len(rows[0]["runs"]), load))
print("| budgets tile + render + GeoJSON (MB) | run | RSS after | peak RSS | caches hold (tile + render) | RSS − held | peak − held | peak − budgets | tiles/s | errors |")
print("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|")
ok = True
for r in rows:
    for i, run in enumerate(r["runs"], 1):
        print("| %g + %g + %g = %g | %d | %.1f | %.1f | %.1f + %.1f | %.1f | %.1f | %+.1f | %.0f | %d |" % (
            r["tile_mb"], r["render_mb"], r["geojson_mb"], r["budgets_mb"], i, run["rss_mb"], run["peak_mb"],
            run["tile_cache_mb"], run["render_caches_mb"], run["overhead_mb"], run["peak_overhead_mb"], run["peak_mb"] - r["budgets_mb"],
            run["tiles_per_s"], run["errors"]))
    r1, rn = r["runs"][0], r["runs"][-1]
    peak = max(run["peak_mb"] for run in r["runs"])
    r["peak_mb"] = peak
    r["overhead_mb"] = max(max(run["overhead_mb"], run["peak_overhead_mb"]) for run in r["runs"])
    r["growth_mb"] = round(rn["rss_mb"] - r1["rss_mb"], 1)
    r["peak_growth_mb"] = round(rn["peak_mb"] - r1["peak_mb"], 1)
    r["bound_mb"] = fixed + r["budgets_mb"]
    r["ok"] = (peak <= r["bound_mb"] and r["overhead_mb"] <= fixed and r["growth_mb"] <= growth_allowed
               and all(run["errors"] == 0 for run in r["runs"]))
    ok = ok and r["ok"]
print()
for r in rows:
    print("budgets %g MB: peak RSS %.1f MB ≤ %g fixed + %g budgets = %g MB: %s; (peak or settled RSS) − held ≤ %.1f MB ≤ %g fixed: %s; "
          "run 1 → %d: settled RSS %+.1f MB (allowed %g), peak %+.1f MB; render caches (MB) after the last run: %s" % (
        r["budgets_mb"], r["peak_mb"], fixed, r["budgets_mb"], r["bound_mb"], "yes" if r["peak_mb"] <= r["bound_mb"] else "NO",
        r["overhead_mb"], fixed, "yes" if r["overhead_mb"] <= fixed else "NO",
        len(r["runs"]), r["growth_mb"], growth_allowed, r["peak_growth_mb"],
        ", ".join("%s %.1f" % kv for kv in r["runs"][-1]["render_caches"].items())))
print(json.dumps({"bench": "memory-osm", "fixed_mb": fixed, "growth_allowed_mb": growth_allowed, "rows": rows, "ok": ok}))
sys.exit(0 if ok else 1)
PY
