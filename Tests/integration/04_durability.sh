#!/usr/bin/env bash
# Durability and concurrency: 50 parallel PATCHes to one session end at revision 50 with no lost
# update; kill -9 during a stream of mutations loses no acknowledged change and never shows a
# half-applied one; the server keeps serving throughout.
source "$(dirname "$0")/lib.sh"
start_server

S=$(new_session '{}')
# 50 parallel PATCHes, each adding its own paint property value through a distinct layer copy
# would race on ids; instead each sets a distinct feature-state key, so every update must survive.
seq 1 50 | xargs -P 50 -I{} curl -s -o /dev/null -w '%{http_code}\n' -X PUT \
  -H 'Content-Type: application/json' --data-binary '{"k{}": {}}' \
  "$BASE/sources/countries/features/7/state?session=$S" > "$WORK/codes"
[ "$(sort -u "$WORK/codes")" = "200" ] || fail "parallel PUTs: $(sort "$WORK/codes" | uniq -c | tr '\n' ' ')"
req GET "/sessions/$S"; expect_json .revision 50
req GET "/style/history?session=$S"; expect_json '.revisions[0].revision' 50

# 50 parallel PATCHes of one layer: serialised, one revision each.
seq 1 50 | xargs -P 50 -I{} curl -s -o /dev/null -w '%{http_code}\n' -X PATCH \
  -H 'Content-Type: application/json' --data-binary '{"paint": {"line-width": {}}}' \
  "$BASE/layers/countries-line?session=$S" > "$WORK/codes"
[ "$(sort -u "$WORK/codes")" = "200" ] || fail "parallel PATCHes: $(sort "$WORK/codes" | uniq -c | tr '\n' ' ')"
req GET "/sessions/$S"; expect_json .revision 100

# Concurrent If-Match on the same revision: exactly one wins, the others get 412.
seq 1 10 | xargs -P 10 -I{} curl -s -o /dev/null -w '%{http_code}\n' -X PATCH -H 'If-Match: "100"' \
  -H 'Content-Type: application/json' --data-binary '{"paint": {"line-width": {}}}' \
  "$BASE/layers/countries-line?session=$S" > "$WORK/codes"
[ "$(grep -c 200 "$WORK/codes")" = 1 ] && [ "$(grep -c 412 "$WORK/codes")" = 9 ] || fail "If-Match race: $(sort "$WORK/codes" | uniq -c | tr '\n' ' ')"

req POST "/layers?session=$S" '{"layer": {"id": "marker", "type": "circle", "source": "cities", "paint": {"circle-radius": 1}}}'
expect_status 201
# A stream of acknowledged mutations, killed with -9 in the middle.
(
  for i in $(seq 2 400); do
    code=$(curl -s -o /dev/null -w '%{http_code}' -X PATCH -H 'Content-Type: application/json' \
      --data-binary "{\"layout\": {\"circle-sort-key\": $i}}" "$BASE/layers/marker?session=$S") || break
    [ "$code" = 200 ] && echo "$i" >> "$WORK/acked" || break
  done
) &
WRITER=$!
# Killed once 20 changes are acknowledged (however long that takes), while the writer goes on.
for _ in $(seq 1 1200); do
  [ "$(wc -l < "$WORK/acked" 2>/dev/null || echo 0)" -ge 20 ] && break
  kill -0 "$WRITER" 2>/dev/null || break
  sleep 0.1
done
stop_server KILL
wait "$WRITER" 2>/dev/null || true
[ -s "$WORK/acked" ] || fail "no mutation was acknowledged before the kill"
LAST=$(tail -1 "$WORK/acked")
start_server
req GET "/layers/marker?session=$S"; expect_status 200
GOT=$(jqr '.layout."circle-sort-key"')
# The last acknowledged value survived (a request in flight at the kill may have committed too).
[ "$GOT" -ge "$LAST" ] || fail "lost an acknowledged change: acked sort key $LAST, found $GOT"
[ "$GOT" -le $((LAST + 1)) ] || fail "found sort key $GOT beyond the last request sent ($LAST + 1)"
req GET "/sessions/$S"; REV=$(jqr .revision)
[ "$REV" -eq $((101 + 1 + GOT - 1)) ] || fail "revision $REV does not match $GOT applied changes"
req GET "/style?session=$S"; expect_json '.layers | map(.id) | index("marker") != null' true
req GET "/tiles/2/1/1.png?session=$S"; expect_status 200; expect_png 256 256
req PATCH "/layers/marker?session=$S" '{"paint": {"circle-radius": 1000}}'; expect_status 200
req GET /health; expect_status 200
done_ok
