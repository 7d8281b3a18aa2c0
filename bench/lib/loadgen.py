#!/usr/bin/env python3
"""Helpers for the load and memory scripts (stdlib only).

  loadgen.py sessions BASE STYLE N OUT    POST N sessions, each with STYLE whose background
                                          colour is unique per session (distinct render hash:
                                          no shared cache entries); one id per line to OUT
  loadgen.py pyramid IDS ZOOMS OUT [SEED] every tile of ZOOMS (e.g. 0-6) for every session of
                                          IDS (or "default"), shuffled: each URL once
  loadgen.py random IDS ZOOMS N OUT [SEED]  N requests, each a random session of IDS and a
                                          random tile of ZOOMS (uniform over the pyramid)
  loadgen.py warm BASE PATHS              GET every path once (fills the cache); fails on non-200
  loadgen.py metrics BASE [NAME...]       selected lines of /metrics as JSON
  loadgen.py rss PID                      resident set size of PID in MB
  loadgen.py cpu PID                      CPU seconds (user + system) PID has used so far
"""
import os
import json
import random
import sys
import urllib.request


def post_json(url, body):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return r.status, json.loads(r.read())


def colour(i):
    # 2^24 distinct colours; a multiplicative hash spreads neighbours apart.
    v = (i * 2654435761 + 0x5A5A5A) & 0xFFFFFF
    return "#%06x" % v


def sessions(base, style_path, n, out):
    style = json.load(open(style_path))
    ids = []
    for i in range(int(n)):
        s = json.loads(json.dumps(style))
        for layer in s["layers"]:
            if layer.get("type") == "background":
                layer.setdefault("paint", {})["background-color"] = colour(i)
        status, body = post_json(base + "/sessions", {"style": s})
        if status != 201:
            raise SystemExit("POST /sessions answered %d: %s" % (status, body))
        ids.append(body["id"])
    with open(out, "w") as f:
        f.write("\n".join(ids) + "\n")


def zoom_range(text):
    lo, _, hi = text.partition("-")
    return range(int(lo), int(hi or lo) + 1)


def read_ids(ids):
    if ids == "default":
        return [None]
    return [line.strip() for line in open(ids) if line.strip()]


def path(z, x, y, sid):
    return "/tiles/%d/%d/%d.png" % (z, x, y) + ("?session=" + sid if sid else "")


def pyramid(ids, zooms, out, seed=1):
    paths = [path(z, x, y, sid) for sid in read_ids(ids) for z in zoom_range(zooms)
             for y in range(1 << z) for x in range(1 << z)]
    random.Random(int(seed)).shuffle(paths)
    with open(out, "w") as f:
        f.write("\n".join(paths) + "\n")


def random_requests(ids, zooms, n, out, seed=1):
    sids = read_ids(ids)
    rng = random.Random(int(seed))
    zs = list(zoom_range(zooms))
    weights = [4 ** z for z in zs]
    with open(out, "w") as f:
        for _ in range(int(n)):
            z = rng.choices(zs, weights)[0]
            f.write(path(z, rng.randrange(1 << z), rng.randrange(1 << z), rng.choice(sids)) + "\n")


def warm(base, paths_file):
    n = 0
    for line in open(paths_file):
        line = line.strip()
        if not line:
            continue
        with urllib.request.urlopen(base + line, timeout=60) as r:
            if r.status != 200:
                raise SystemExit("GET %s answered %d" % (line, r.status))
            r.read()
        n += 1
    print("warmed %d paths" % n, file=sys.stderr)


def metrics(base, names):
    with urllib.request.urlopen(base + "/metrics", timeout=30) as r:
        text = r.read().decode()
    out = {}
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        key, _, value = line.rpartition(" ")
        if not names or any(key.startswith(n) for n in names):
            out[key] = float(value)
    print(json.dumps(out, sort_keys=True))


def rss(pid):
    for line in open("/proc/%s/status" % pid):
        if line.startswith("VmRSS:"):
            print("%.1f" % (int(line.split()[1]) / 1024.0))
            return
    raise SystemExit("no VmRSS for %s" % pid)


def cpu(pid):
    fields = open("/proc/%s/stat" % pid).read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    print("%.3f" % (ticks / os.sysconf("SC_CLK_TCK")))


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    {"sessions": sessions, "pyramid": pyramid, "random": random_requests, "warm": warm,
     "metrics": lambda base, *names: metrics(base, names), "rss": rss, "cpu": cpu}[cmd](*args)
