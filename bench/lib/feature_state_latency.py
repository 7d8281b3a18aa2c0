#!/usr/bin/env python3
"""Sequential setFeatureState latency on a session with a given style (stdlib only).

  feature_state_latency.py BASE N STYLE_FILE SOURCE   creates a session from the style (inline),
      then sends N `PUT /sources/SOURCE/features/{i}/state` one after another on one keep-alive
      connection (each a new revision made durable before the answer); prints JSON with the
      session id and p50/p90/p99/max in milliseconds
"""
import http.client
import json
import sys
import time
import urllib.parse


def main():
    base, n, style_file, source = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    u = urllib.parse.urlparse(base)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=120)
    body = '{"style": %s}' % open(style_file).read()
    conn.request("POST", "/sessions", body=body, headers={"Content-Type": "application/json"})
    r = conn.getresponse()
    created = r.read()
    if r.status != 201:
        raise SystemExit("POST /sessions answered %d: %s" % (r.status, created[:300]))
    sid = json.loads(created)["id"]
    times = []
    for i in range(n):
        t0 = time.perf_counter()
        conn.request("PUT", "/sources/%s/features/%d/state?session=%s" % (source, i % 500, sid),
                     body=json.dumps({"sel": i % 2 == 0}), headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        r.read()
        times.append((time.perf_counter() - t0) * 1000)
        if r.status != 200:
            raise SystemExit("PUT feature state answered %d" % r.status)
    times.sort()
    pick = lambda q: round(times[min(len(times) - 1, int(q * len(times)))], 3)
    print(json.dumps({"session": sid, "n": n, "p50_ms": pick(0.5), "p90_ms": pick(0.9), "p99_ms": pick(0.99),
                      "max_ms": round(times[-1], 3)}))


main()
