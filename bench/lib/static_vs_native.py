#!/usr/bin/env python3
"""Static views of OpenMapTiles styles: a running Strata server against MapLibre Native (pymgl), same run.

For each style file (a local variant: its vector source `mbtiles://NAME`, `glyphs` a relative
`{fontstack}/{range}.pbf` template and an optional relative `sprite`, all inside DATA):
  - MapLibre Native renders 1024x1024 views at zooms Z centred on CENTRE (absolute file:// URLs), with the Python
    given by --native-python (the anchors' venv, pymgl);
  - Strata renders the same views: POST /sessions with the style, GET /static/LON,LAT,Z/1024x1024.png;
  - pixelmatch as MapLibre's render tests grade (../shared/render-tests/compare.py, threshold 0.1285).
Prints one line per style and zoom: differing pixels in %, and writes OUT/<style>-z<Z>-{strata,native,diff}.png.

usage: static_vs_native.py --server URL --data DIR --native-python PY [--zooms 13,14,15,16] [--out DIR] STYLE.json...
"""
import argparse, json, os, subprocess, sys, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('STRATA_SHARED', os.path.join(HERE, '..', '..', '..', 'shared'))
sys.path.insert(0, os.path.join(SHARED, 'render-tests'))
import compare  # noqa: E402  (PNG reading/writing and pixelmatch 7.2.0)

CENTRE = (13.2625, 53.5570)
NATIVE = r'''
import json, os, sys
os.environ.setdefault('EGL_PLATFORM', 'surfaceless')
import pymgl
style, lon, lat, out = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
for z in [int(z) for z in sys.argv[5].split(',')]:
    m = pymgl.Map(open(style).read(), 1024, 1024, 1, lon, lat, z)
    open('%s-z%d-native.png' % (out, z), 'wb').write(m.renderPNG())
    del m
'''


def absolute(style, data):
    """the style with its local URLs made absolute for MapLibre Native"""
    s = json.loads(json.dumps(style))
    for src in s['sources'].values():
        url = src.get('url', '')
        if url.startswith('mbtiles://') and not url.startswith('mbtiles:///'):
            src['url'] = 'mbtiles://' + os.path.join(data, url[len('mbtiles://'):] + '.mbtiles')
    for key in ('glyphs', 'sprite'):
        if isinstance(s.get(key), str) and '://' not in s[key]:
            s[key] = 'file://' + os.path.join(data, s[key])
    return s


def request(server, method, path, body=None, session=None):
    headers = {'Content-Type': 'application/json'} if body is not None else {}
    if session:
        headers['X-Session-ID'] = session
    req = urllib.request.Request(server + path, data=None if body is None else json.dumps(body).encode(),
                                 method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=300) as r:
        return r.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--server', required=True)
    ap.add_argument('--data', required=True)
    ap.add_argument('--native-python', required=True)
    ap.add_argument('--zooms', default='13,14,15,16')
    ap.add_argument('--out', default='out/static-vs-native')
    ap.add_argument('styles', nargs='+')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    data = os.path.abspath(a.data)
    for path in a.styles:
        name = os.path.splitext(os.path.basename(path))[0]
        style = json.load(open(path, encoding='utf-8'))
        native_style = os.path.join(a.out, name + '-native.json')
        json.dump(absolute(style, data), open(native_style, 'w'))
        subprocess.run([a.native_python, '-c', NATIVE, native_style, str(CENTRE[0]), str(CENTRE[1]),
                        os.path.join(a.out, name), a.zooms], check=True)
        session = json.loads(request(a.server, 'POST', '/sessions', {'style': style}))['id']
        warnings = json.loads(request(a.server, 'GET', '/sessions/%s/warnings' % session))['warnings']
        for z in [int(z) for z in a.zooms.split(',')]:
            base = os.path.join(a.out, '%s-z%d' % (name, z))
            png = request(a.server, 'GET', '/static/%s,%s,%d/1024x1024.png' % (CENTRE[0], CENTRE[1], z), session=session)
            open(base + '-strata.png', 'wb').write(png)
            w, h, mine = compare.read_png(base + '-strata.png')
            _, _, theirs = compare.read_png(base + '-native.png')
            diff = bytearray(w * h * 4)
            n = compare.pixelmatch(mine, theirs, w, h, diff, threshold=compare.DEFAULT_THRESHOLD)
            compare.write_png(base + '-diff.png', w, h, diff)
            print('%-24s z%-3d %6.3f %%  (%d warnings)' % (name, z, 100.0 * n / (w * h), len(warnings)), flush=True)
        request(a.server, 'DELETE', '/sessions/' + session)


if __name__ == '__main__':
    main()
