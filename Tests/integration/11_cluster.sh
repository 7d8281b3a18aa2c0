#!/usr/bin/env bash
# Two Strata nodes on one PostgreSQL behind nginx (deploy/nginx.conf): a session made on one
# node is served by the other; a layer added on node A changes node B's next tile (pixels and
# ETag) within 1 s; 50 concurrent PATCHes spread over both nodes end at revision 50 with 50
# history entries, none lost. Then the same through nginx.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tools/cluster.sh"
require_cluster_tools
start_postgres
start_node A
start_node B
A=$(node_url A); B=$(node_url B)

BASE=$A; req GET /health; expect_json .store.kind postgres; expect_json .store.state up
# One default session for the cluster, not one per node.
BASE=$A; req GET /sessions/default; REV_A=$(jqr .revision)
BASE=$B; req GET /sessions/default; expect_json .revision "$REV_A"

# Created through A, served by B (which has never seen it).
BASE=$A; S=$(new_session '{}')
BASE=$B; req GET "/sessions/$S"; expect_status 200; expect_json .id "$S"; expect_json .revision 0
req GET "/tiles/2/2/1.png?session=$S"; expect_status 200; expect_png 256 256
ETAG0=$(header ETag); cp "$BODY" "$WORK/before.png"

# A layer added on A: B's next tile shows it within 1 s (different ETag and different pixels).
BASE=$A
req POST "/layers?session=$S" '{"layer": {"id": "wash", "type": "background", "paint": {"background-color": "#ff0000"}}}'
expect_status 201
BASE=$B
changed=""
for _ in $(seq 1 20); do
  req GET "/tiles/2/2/1.png?session=$S"; expect_status 200
  if [ "$(header ETag)" != "$ETAG0" ]; then changed=1; break; fi
  sleep 0.05
done
[ -n "$changed" ] || fail "node B still serves the old tile 1 s after node A's change"
cmp -s "$BODY" "$WORK/before.png" && fail "node B's tile has a new ETag but the same pixels"
pass
req GET "/layers/wash?session=$S"; expect_status 200
req GET "/sessions/$S"; expect_json .revision 1
# B heard of A's commit through NOTIFY and measured how late.
req GET /metrics
LAGS=$(sed -n 's/^strata_store_notification_lag_seconds_count \([0-9]*\).*/\1/p' "$BODY")
[ "${LAGS:-0}" -gt 0 ] || fail "node B counted no notification (strata_store_notification_lag_seconds_count)"
pass

# 50 concurrent PATCHes over both nodes, each setting its own global-state key.
BASE=$A; S2=$(new_session '{}')
seq 1 50 | xargs -P 50 -I{} bash -c 'n={}; port=$(( n % 2 == 0 ? '"${NODE_PORT[A]}"' : '"${NODE_PORT[B]}"' ));
  curl -s -o /dev/null -w "%{http_code}\n" -X PATCH -H "Content-Type: application/json" --data-binary "{\"k$n\": $n}" \
    "http://127.0.0.1:$port/style/state?session='"$S2"'"' > "$WORK/codes"
[ "$(sort -u "$WORK/codes")" = "200" ] || fail "parallel PATCHes over two nodes: $(sort "$WORK/codes" | uniq -c | tr '\n' ' ')"
for node in A B; do
  BASE=$(node_url $node)
  req GET "/sessions/$S2"; expect_json .revision 50
  req GET "/style/history?session=$S2"
  expect_json '.revisions | length' 50
  expect_json '[.revisions[].operations[][1]] | unique | length' 50
done

# Through nginx: sessions, mutations and tiles on whichever node.

start_nginx A B
BASE=$LB
S3=$(new_session '{}')
for i in 1 2 3 4; do
  req PATCH "/style/state?session=$S3" "{\"n\": $i}"; expect_status 200; expect_json .revision "$i"
done
# Consistent hashing: each tile URL lands on one node, so 6 tiles asked 3 times each are
# rendered 6 times in the whole cluster (the repeats are that node's cache hits).
renders() {
  local total=0 n
  for node in A B; do
    n=$(curl -s "$(node_url $node)/metrics" | sed -n 's/^strata_renders_total{result="ok"} \([0-9]*\).*/\1/p')
    total=$((total + ${n:-0}))
  done
  echo $total
}
R0=$(renders)
for round in 1 2 3; do
  for t in 2/0/0 2/1/1 2/2/1 2/3/2 3/4/2 3/5/3; do
    req GET "/tiles/$t.png?session=$S3"; expect_status 200; expect_png 256 256
  done
done
R1=$(renders)
[ $((R1 - R0)) = 6 ] || fail "6 tiles x 3 through nginx rendered $((R1 - R0)) times in the cluster (expected 6)"
pass
done_ok
