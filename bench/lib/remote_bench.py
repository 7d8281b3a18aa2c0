#!/usr/bin/env python3
"""The measurements of bench/remote-vs-local.sh (see there). Prints a markdown table and a JSON line."""
import argparse, json, os, re, shutil, socket, subprocess, sys, tempfile, threading, time, urllib.request

ap = argparse.ArgumentParser()
for k in ('root', 'shared', 'bin'):
    ap.add_argument('--' + k, required=True)
ap.add_argument('--rounds', type=int, default=5)
ap.add_argument('--delay-ms', type=int, default=20)
ap.add_argument('--wrk-seconds', type=int, default=10)
a = ap.parse_args()
OMT = os.path.join(a.shared, 'data', 'osm-neubrandenburg-omt')
work = tempfile.mkdtemp(prefix='strata-remote-bench.')
procs = []


def free_port():
    s = socket.socket(); s.bind(('127.0.0.1', 0)); p = s.getsockname()[1]; s.close(); return p


def start(cmd, ready_url):
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    procs.append(p)
    for _ in range(600):
        try:
            urllib.request.urlopen(ready_url, timeout=2); return p
        except Exception:
            time.sleep(0.1)
    sys.exit(f'{cmd[0]} did not start')


def http(method, url, body=None):
    req = urllib.request.Request(url, data=body, method=method)
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def cpu(base):
    text = http('GET', base + '/metrics')[1].decode()
    return float(re.search(r'^strata_render_cpu_seconds_total ([0-9.e+-]+)', text, re.M).group(1))


def blocks():
    """The 4x4 blocks of 256 px tiles at z12-z16 around the old town (13.2625 E, 53.557 N)."""
    import math
    out = {}
    for z in range(12, 17):
        n = 2 ** z
        x = (13.2625 + 180) / 360 * n
        y = (1 - math.log(math.tan(math.radians(53.557)) + 1 / math.cos(math.radians(53.557))) / math.pi) / 2 * n
        x0, y0 = round(x) - 2, round(y) - 2
        out[z] = [f'{z}/{x0 + i}/{y0 + j}' for j in range(4) for i in range(4)]
    return out


try:
    up_dir = os.path.join(work, 'upstream')
    subprocess.run([sys.executable, os.path.join(a.root, 'Tests/integration/tools/omt_upstream.py'), OMT, up_dir], check=True,
                   stdout=subprocess.DEVNULL)
    up = free_port()
    start([sys.executable, os.path.join(a.shared, 'tools/asset_server.py'), up_dir, '--port', str(up), '--delay-ms', str(a.delay_ms)],
          f'http://127.0.0.1:{up}/tiles/v3/tiles.json')
    data = os.path.join(work, 'data'); os.makedirs(data)
    shutil.copy(os.path.join(OMT, 'omt-neubrandenburg.mbtiles'), data)
    shutil.copytree(os.path.join(OMT, 'glyphs'), os.path.join(data, 'glyphs'))
    cfg = json.load(open(os.path.join(a.root, 'config/server.json')))
    cfg.update({'dataDir': data, 'stylesDir': os.path.join(a.root, 'config/styles'), 'publicDir': os.path.join(a.root, 'Public'),
                'store': ':memory:', 'remoteHosts': ['127.0.0.1'], 'remotePrivateHosts': ['127.0.0.1'], 'maxSessions': 100000,
                'remoteFetchesPerMinute': 100000})
    json.dump(cfg, open(os.path.join(work, 'server.json'), 'w'))
    port = free_port(); base = f'http://127.0.0.1:{port}'
    start([a.bin, 'serve', '--config', os.path.join(work, 'server.json'), '--port', str(port)], base + '/health')

    local = json.load(open(os.path.join(OMT, 'style-bright-native.json')))
    remote = json.loads(open(os.path.join(OMT, 'shipped/style-bright.json')).read()
                        .replace('https://api.maptiler.com', f'http://127.0.0.1:{up}')
                        .replace('https://openmaptiles.github.io', f'http://127.0.0.1:{up}'))

    def session(style, colour=None):
        s = json.loads(json.dumps(style))
        if colour:
            for layer in s['layers']:
                if layer['type'] == 'background':
                    layer.setdefault('paint', {})['background-color'] = colour
        code, body = http('POST', base + '/sessions', json.dumps({'style': s}).encode())
        assert code == 201, body
        return json.loads(body)['id']

    tiles = blocks()

    def render_all(sid, zooms):
        for z in zooms:
            for t in tiles[z]:
                code, body = http('GET', f'{base}/tiles/{t}.png?session={sid}')
                assert code == 200, (t, code, body[:200])

    # Warm: every remote resource fetched, every decoded tile cached, for both.
    render_all(session(remote), tiles); render_all(session(local), tiles)
    rows = []
    for z in sorted(tiles):
        per = {}
        for name, style in (('local', local), ('remote', remote)):
            total = 0.0
            for r in range(a.rounds):
                sid = session(style, f'#f{r}f{r}f{r}')
                before = cpu(base); render_all(sid, [z]); total += cpu(base) - before
            per[name] = total / (a.rounds * len(tiles[z])) * 1000
        rows.append((z, per['local'], per['remote'], per['remote'] / per['local']))
    print('| z | local MBTiles ms/tile | remote (held) ms/tile | remote / local |')
    print('|---|---|---|---|')
    for z, l, r, q in rows:
        print(f'| {z} | {l:.2f} | {r:.2f} | {q:.3f} |')

    # Isolation: wrk on cached tiles of one session, alone and beside a cold remote session.
    sid = session(local); render_all(sid, tiles)
    paths = os.path.join(work, 'paths.txt')
    open(paths, 'w').write('\n'.join(f'/tiles/{t}.png?session={sid}' for z in tiles for t in tiles[z]) + '\n')

    def wrk():
        out = subprocess.run(['wrk', '-t1', '-c4', f'-d{a.wrk_seconds}s', '-s', os.path.join(a.root, 'bench/lib/paths.lua'), base,
                              '--', paths, '1', os.path.join(work, 'wrkdone')], capture_output=True, text=True).stdout
        m = re.search(r'Requests/sec:\s+([0-9.]+)', out)
        lat = re.search(r'Latency\s+([0-9.]+\w+)', out)
        return float(m.group(1)), lat.group(1) if lat else '?'
    alone = wrk()
    stop = threading.Event(); cold = [0]

    def cold_fetcher():
        # New sessions of the remote style on a server whose upstream answers after DELAY_MS:
        # every tile is a new render; new zooms beyond the block make new fetches.
        i = 0
        while not stop.is_set():
            i += 1
            s = session(remote, f'#{i % 250:02x}{i // 250 % 250:02x}88')
            for z in (12, 13, 14):
                for t in tiles[z][:4]:
                    if stop.is_set():
                        return
                    zz, x, y = map(int, t.split('/'))
                    http('GET', f'{base}/tiles/{zz + 2}/{x * 4 + i % 4}/{y * 4 + i // 4 % 4}.png?session={s}')
                    cold[0] += 1
    th = threading.Thread(target=cold_fetcher); th.start()
    beside = wrk()
    stop.set(); th.join()
    print()
    print(f'| wrk, cached tiles (1 thread, 4 connections, {a.wrk_seconds} s) | req/s | mean latency |')
    print('|---|---|---|')
    print(f'| alone | {alone[0]:.0f} | {alone[1]} |')
    print(f'| beside a session rendering cold remote tiles ({a.delay_ms} ms upstream; {cold[0]} cold tiles) | {beside[0]:.0f} | {beside[1]} |')
    print('JSON ' + json.dumps({'cpu_ms_per_tile': rows, 'wrk_alone': alone[0], 'wrk_beside_cold': beside[0], 'cold_tiles': cold[0]}))
finally:
    for p in procs:
        p.terminate()
    shutil.rmtree(work, ignore_errors=True)
