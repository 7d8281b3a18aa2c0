#!/usr/bin/env bash
# Write amplification of a mutation on a large style (docs/BENCHMARKS.md §16): a session made
# from the default style plus an inline GeoJSON source of MB megabytes, then N sequential
# `PUT /sources/big/features/{i}/state` (setFeatureState, each durable before its answer), with
# the SQLite store and with the PostgreSQL store (local, fsync on). Per run: latency p50/p90/p99,
# bytes per mutation in the stored rows (what each append statement carried: operations, plus
# style and extras when it stored them), bytes the node wrote to disk (SQLite, /proc/PID/io
# write_bytes) or PostgreSQL's WAL grew by, per mutation.
# Then, on the same node, bench/cluster.sh's mutation workload (SMALL sequential PATCH /style/state
# on a session with the default style) for the small-style latency.
# OLD_BIN=<strata built before the log> adds the same runs for it (the "before" column).
# Needs postgresql and sqlite3. usage: bench/revision-log.sh   (env: SKIP_BUILD=1 N MB OLD_BIN)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/lib/server.sh"
N=${N:-200}
SMALL=${SMALL:-1000}
MB=${MB:-1}
PG="$ROOT/Tests/integration/tools/postgres.sh"

strata_build
TMP=$(mktemp -d /tmp/strata-revlog-bench.XXXXXX)
NODE=
cleanup() {
  [ -n "$NODE" ] && kill "$NODE" 2>/dev/null || true
  bash "$PG" stop "$TMP/pg" || true
  rm -rf "$TMP"
}
trap cleanup EXIT
PG_PORT=$(bash "$PG" start "$TMP/pg")
export STRATA_PG_PASSWORD=strata-test
features=$("$PY" "$ROOT/bench/lib/big_style.py" "$ROOT/config/styles/default.json" "$TMP/big.json" "$MB")
style_bytes=$(stat -c %s "$TMP/big.json")
port=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

wal_lsn() { bash "$PG" psql "$TMP/pg" strata -c "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint"; }
io_written() { awk '/^write_bytes/ {print $2}' "/proc/$1/io"; }

# run LABEL BIN KIND: one node on a fresh store, N mutations, one JSON line
run() {
  local label=$1 bin=$2 kind=$3 store
  if [ "$kind" = sqlite ]; then
    store="$TMP/$label.sqlite"
  else
    bash "$PG" createdb "$TMP/pg" "$label"
    store="postgres://strata@127.0.0.1:$PG_PORT/$label"
  fi
  # Every revision stays (historyLimit), so the rows show what each append wrote.
  strata_config "$TMP/$label.json" "store=\"$store\"" historyLimit=100000 fontsDir='""'
  "$bin" serve --config "$TMP/$label.json" --port "$port" >"$TMP/$label.log" 2>&1 &
  NODE=$!
  for _ in $(seq 1 300); do curl -fsS -o /dev/null "http://127.0.0.1:$port/health" 2>/dev/null && break; sleep 0.1; done
  local io0 wal0 io1 wal1 result sid rows
  io0=$(io_written "$NODE"); wal0=$(wal_lsn)
  result=$("$PY" "$ROOT/bench/lib/feature_state_latency.py" "http://127.0.0.1:$port" "$N" "$TMP/big.json" big)
  io1=$(io_written "$NODE"); wal1=$(wal_lsn)
  small=$("$PY" "$ROOT/bench/lib/mutation_latency.py" "http://127.0.0.1:$port" "$SMALL")
  sid=$("$PY" -c 'import json,sys; print(json.loads(sys.argv[1])["session"])' "$result")
  if [ "$kind" = sqlite ]; then
    rows=$(sqlite3 "$store" "SELECT count(*) || ' ' || sum(length(CAST(operations AS BLOB)) + IFNULL(length(CAST(style AS BLOB)), 0) + IFNULL(length(CAST(extras AS BLOB)), 0)) || ' ' || sum(style IS NOT NULL) FROM revisions WHERE session_id = '$sid' AND revision > 0")
  else
    rows=$(bash "$PG" psql "$TMP/pg" "$label" -c "SELECT count(*) || ' ' || sum(octet_length(operations) + COALESCE(octet_length(style), 0) + COALESCE(octet_length(extras), 0)) || ' ' || count(style) FROM strata_revisions WHERE session_id = '$sid' AND revision > 0")
  fi
  kill "$NODE"; wait "$NODE" 2>/dev/null || true; NODE=
  "$PY" - "$label" "$kind" "$result" "$rows" "$io0" "$io1" "$wal0" "$wal1" "$small" <<'PY'
import json, sys
label, kind, result, rows, io0, io1, wal0, wal1, small = sys.argv[1:10]
r = json.loads(result)
r["default_style"] = json.loads(small)
count, row_bytes, snapshots = (int(x) for x in rows.split())
written = (int(io1) - int(io0)) if kind == "sqlite" else (int(wal1) - int(wal0))
r.update(label=label, store=kind, revisions=count, snapshots=snapshots, row_bytes_per_mutation=row_bytes / count,
         disk_bytes_per_mutation=written / r["n"], disk_measure="node write_bytes" if kind == "sqlite" else "PostgreSQL WAL")
print(json.dumps(r))
PY
}

lines=()
if [ -n "${OLD_BIN:-}" ]; then
  lines+=("$(run before_sqlite "$OLD_BIN" sqlite)")
  lines+=("$(run before_pg "$OLD_BIN" pg)")
fi
lines+=("$(run log_sqlite "$STRATA_BIN" sqlite)")
lines+=("$(run log_pg "$STRATA_BIN" pg)")

echo "style: $style_bytes bytes ($features GeoJSON lines inline), $N setFeatureState mutations per run, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| run | store | p50 ms | p90 ms | p99 ms | stored bytes / mutation | snapshots | disk bytes / mutation | default style p50 / p99 ms ($SMALL PATCH /style/state) |"
echo "|---|---|---|---|---|---|---|---|---|"
for l in "${lines[@]}"; do
  "$PY" -c '
import json, sys
r = json.loads(sys.argv[1])
d = r["default_style"]
print("| %s | %s | %.2f | %.2f | %.2f | %s | %d / %d | %s (%s) | %.2f / %.2f |" % (r["label"], r["store"], r["p50_ms"], r["p90_ms"], r["p99_ms"],
      format(round(r["row_bytes_per_mutation"]), ","), r["snapshots"], r["revisions"], format(round(r["disk_bytes_per_mutation"]), ","),
      r["disk_measure"], d["p50_ms"], d["p99_ms"]))' "$l"
done
for l in "${lines[@]}"; do echo "$l"; done
