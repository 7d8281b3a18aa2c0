#!/usr/bin/env python3
"""Sequential mutation latency of one Strata node (stdlib only).

  mutation_latency.py BASE N   creates a session, sends N PATCH /style/state requests one after
                               another on one keep-alive connection (each a new revision made
                               durable by the store before the answer), prints JSON with
                               p50/p90/p99/max in milliseconds
"""
import http.client
import json
import sys
import time
import urllib.parse


def main():
    base, n = sys.argv[1], int(sys.argv[2])
    u = urllib.parse.urlparse(base)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    conn.request("POST", "/sessions", body="{}", headers={"Content-Type": "application/json"})
    r = conn.getresponse()
    sid = json.loads(r.read())["id"]
    times = []
    for i in range(n):
        body = json.dumps({"k%d" % (i % 20): i})
        t0 = time.perf_counter()
        conn.request("PATCH", "/style/state?session=" + sid, body=body, headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        r.read()
        times.append((time.perf_counter() - t0) * 1000)
        if r.status != 200:
            raise SystemExit("PATCH answered %d" % r.status)
    times.sort()
    pick = lambda q: round(times[min(len(times) - 1, int(q * len(times)))], 3)
    print(json.dumps({"n": n, "p50_ms": pick(0.5), "p90_ms": pick(0.9), "p99_ms": pick(0.99), "max_ms": round(times[-1], 3)}))


main()
