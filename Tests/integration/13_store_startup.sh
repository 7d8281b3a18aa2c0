#!/usr/bin/env bash
# Start-up with a bad PostgreSQL store: malformed URL, wrong password, unreachable host,
# unknown database, a schema newer than this build. Each is a one-line configuration error
# naming the problem (exit 2), never a stack dump and never the password.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tools/cluster.sh"
require_cluster_tools
start_postgres
mkdir -p "$WORK/data"; cp "$STRATA_ROOT"/config/data/*.geojson "$WORK/data/"

# expect_startup_error STORE PATTERN [env...]
expect_startup_error() {
  local store="$1" pattern="$2"; shift 2
  local rc=0
  env "$@" timeout 120 "$STRATA_BIN" serve --config "$STRATA_ROOT/config/server.json" --port 0 --data-dir "$WORK/data" \
    --store "$store" > "$WORK/out" 2>&1 || rc=$?
  [ "$rc" = 2 ] || fail "store $pattern: exit status $rc, expected 2: $(cat "$WORK/out")"
  grep -q "strata: configuration error: store: .*$pattern" "$WORK/out" || fail "expected '$pattern' in: $(cat "$WORK/out")"
  grep -q "hunter2\|strata-test" "$WORK/out" && fail "the password is in the error: $(cat "$WORK/out")"
  [ "$(wc -l < "$WORK/out")" -le 2 ] || fail "more than a one-line error: $(cat "$WORK/out")"
  pass
}
unset STRATA_PG_PASSWORD
expect_startup_error "postgres://strata:hunter2@127.0.0.1:notaport/strata" "malformed PostgreSQL URL: the port"
expect_startup_error "postgres://127.0.0.1/strata" "malformed PostgreSQL URL: a user is required"
expect_startup_error "postgres://strata:hunter2@127.0.0.1:$PG_PORT/strata" "authentication failed"
expect_startup_error "postgres://strata@127.0.0.1:$PG_PORT/strata" "authentication failed" STRATA_PG_PASSWORD=hunter2
expect_startup_error "postgres://strata@127.0.0.1:$PG_PORT/strata" "none was given"
expect_startup_error "postgres://strata@127.0.0.1:$(free_port)/strata" "unavailable" STRATA_PG_PASSWORD=strata-test
expect_startup_error "postgres://strata@127.0.0.1:$PG_PORT/nodb" 'database "nodb" does not exist' STRATA_PG_PASSWORD=strata-test
# A schema newer than this build (a node left behind in a rolling upgrade).
export STRATA_PG_PASSWORD=strata-test
start_node A
kill_node A
bash "$PG" psql "$PGDIR" strata -c "INSERT INTO strata_schema_migrations (version, description) VALUES (999, 'future')"
expect_startup_error "$PG_URL" "schema is at version 999, newer than this Strata"
done_ok
