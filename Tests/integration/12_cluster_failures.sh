#!/usr/bin/env bash
# Failures in a two-node cluster behind nginx: kill -9 of one node mid-load (the other keeps
# answering 200 through nginx); PostgreSQL stopped and started again mid-load (mutations
# answer 503 with Retry-After, tiles of held sessions keep rendering, /health says degraded,
# the nodes reconnect by themselves and no acknowledged change is lost).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tools/cluster.sh"
require_cluster_tools
start_postgres
PA=$(free_port); PB=$(free_port)
start_node A "$PA"
start_node B "$PB"
start_nginx A B
BASE=$LB
S=$(new_session '{}')
req POST "/layers?session=$S" '{"layer": {"id": "marker", "type": "circle", "source": "cities", "paint": {"circle-radius": 3}}}'
expect_status 201
# The default style's city labels off: this test is about the store, and a debug build's first
# label placement on a node (FreeType glyphs, seconds) leaves the load loops a request or two.
req PATCH "/layers/city-labels?session=$S" '{"layout": {"visibility": "none"}}'; expect_status 200

tile_load() {  # tile_load OUT STOPFILE: tiles through nginx until STOPFILE exists
  local i=0
  while [ ! -e "$2" ]; do
    i=$((i + 1))
    code GET "$LB/tiles/3/$((i % 8))/$((i / 8 % 8)).png?session=$S" >> "$1"; echo >> "$1"
  done
}

# --- kill -9 of node B while tiles are requested through nginx
tile_load "$WORK/tiles1" "$WORK/stop1" &
LOAD=$!
wait_until "tiles before the kill" lines_at_least "$WORK/tiles1" 3
kill_node B KILL
N=$(wc -l < "$WORK/tiles1")
wait_until "tiles after the kill" lines_at_least "$WORK/tiles1" $((N + 6))
touch "$WORK/stop1"; wait $LOAD
[ -s "$WORK/tiles1" ] || fail "no tile was requested"
[ "$(sort -u "$WORK/tiles1")" = "200" ] || fail "through nginx with node B killed: $(sort "$WORK/tiles1" | uniq -c | tr '\n' ' ')"
pass
req PATCH "/layers/marker?session=$S" '{"paint": {"circle-radius": 4}}'; expect_status 200
start_node B "$PB"
BASE=$(node_url B); req GET "/layers/marker?session=$S"; expect_json '.paint."circle-radius"' 4
BASE=$LB

# --- PostgreSQL stopped mid-load, then started again
tile_load "$WORK/tiles2" "$WORK/stop2" &
LOAD=$!
(
  i=0
  while [ ! -e "$WORK/stop2" ]; do
    i=$((i + 1))
    c=$(code PATCH "$LB/layers/marker?session=$S" "{\"layout\": {\"circle-sort-key\": $i}}")
    echo "$i $c" >> "$WORK/writes"
    sleep 0.02
  done
) &
WRITER=$!
wait_until "an acknowledged write before the outage" grep -qs ' 200$' "$WORK/writes"
bash "$PG" stop "$PGDIR"
wait_until "a refused write during the outage" grep -qs ' 503$' "$WORK/writes"
# While it is down: mutations 503 + Retry-After, tiles of held sessions render, health degraded.
BASE=$(node_url A)
req PATCH "/layers/marker?session=$S" '{"paint": {"circle-radius": 5}}'
expect_error 503 store_unavailable
[ -n "$(header Retry-After)" ] || fail "503 without Retry-After"
pass
req GET "/tiles/4/8/5.png?session=$S"; expect_status 200; expect_png 256 256
req GET /health; expect_status 200; expect_json .status degraded; expect_json .store.state down
grep -q "strata-test" "$BODY" && fail "the password is in /health"
req POST /sessions '{}'; expect_error 503 store_unavailable
bash "$PG" resume "$PGDIR"
# The nodes reconnect by themselves.
probe_ok() { [ "$(code PATCH "$(node_url A)/style/state?session=$S" '{"probe": 1}')" = 200 ]; }
wait_until "the nodes to reconnect after PostgreSQL came back" probe_ok
# The writer has an acknowledged write after its last refused one.
acked_after_outage() {
  awk '$2 == 503 { l = $1 } $2 == 200 && $1 > l && l != "" { ok = 1 } END { exit !ok }' "$WORK/writes"
}
wait_until "a write acknowledged after the outage" acked_after_outage
touch "$WORK/stop2"; wait $LOAD; wait $WRITER
[ "$(sort -u "$WORK/tiles2")" = "200" ] || fail "tiles during the outage: $(sort "$WORK/tiles2" | uniq -c | tr '\n' ' ')"
pass
codes=$(cut -d' ' -f2 "$WORK/writes" | sort -u | tr '\n' ' ')
[ "$codes" = "200 503 " ] || fail "mutations during the outage answered: $codes (expected 200 and 503 only)"
pass
LAST_503=$(awk '$2 == 503 { n = $1 } END { print n }' "$WORK/writes")
awk -v l="$LAST_503" '$1 > l && $2 == 200 { ok = 1 } END { exit !ok }' "$WORK/writes" || fail "no mutation succeeded after the outage"
LAST_ACK=$(awk '$2 == 200 { n = $1 } END { print n }' "$WORK/writes")
ACKED=$(awk '$2 == 200' "$WORK/writes" | wc -l)
for node in A B; do
  BASE=$(node_url $node)
  for _ in $(seq 1 1200); do  # B hears of the last changes through NOTIFY
    req GET "/layers/marker?session=$S"
    [ "$(jqr '.layout."circle-sort-key"')" -ge "$LAST_ACK" ] && break
    sleep 0.1
  done
  GOT=$(jqr '.layout."circle-sort-key"')
  [ "$GOT" -ge "$LAST_ACK" ] || fail "node $node lost an acknowledged change: acked $LAST_ACK, found $GOT"
  req GET "/sessions/$S"; REV=$(jqr .revision)
  # layer add + radius 4 + probe + every acknowledged PATCH (a 503 whose commit landed may add one).
  [ "$REV" -ge $((3 + ACKED)) ] || fail "node $node: revision $REV < $((3 + ACKED)) acknowledged changes"
  req GET /health; expect_json .status ok
done
BASE=$(node_url A)
req GET /metrics
ERRS=$(sed -n 's/^strata_store_errors_total \([0-9]*\).*/\1/p' "$BODY")
[ "${ERRS:-0}" -gt 0 ] || fail "strata_store_errors_total did not count the outage"
pass
grep -q '^strata_store_up 1' "$BODY" || fail "strata_store_up is not 1 after recovery"
pass
grep -rq "strata-test" "$WORK"/node-*.log && fail "a node logged the password"
pass
done_ok
