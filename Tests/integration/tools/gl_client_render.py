#!/usr/bin/env python3
"""Render a published style with MapLibre Native (pymgl) as a GL client of a Strata server:
the client itself fetches /styles/{id}/style.json and every URL in it (TileJSON, vector tiles,
glyphs, sprite) over HTTP. It talks to Strata through a recording proxy on 127.0.0.1, which
keeps the client's Host header so Strata's absolute URLs name the proxy, and writes one line
per request ("STATUS PATH") so the test can see what the client fetched. Loopback only: a
server or any style URL off 127.0.0.1 is refused before the client starts.
usage: gl_client_render.py --server http://127.0.0.1:PORT --style ID --view LON,LAT,ZOOM
                           --size WxH --out client.png --log requests.txt"""
import argparse
import http.server
import json
import os
import sys
import threading
import urllib.error
import urllib.request

os.environ.setdefault('EGL_PLATFORM', 'surfaceless')  # headless EGL on Mesa (llvmpipe), no X server
import numpy as np  # noqa: E402
import pymgl  # noqa: E402
from PIL import Image  # noqa: E402

LOOPBACK = 'http://127.0.0.1:'
FORWARDED = ('Content-Type', 'Content-Encoding', 'ETag', 'Cache-Control')


def start_proxy(server, log):
    """A threaded HTTP server on 127.0.0.1 passing GETs to `server`, recording each in `log`."""
    class Recorder(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            headers = {'Host': self.headers.get('Host', '')}
            if self.headers.get('Accept-Encoding'):
                headers['Accept-Encoding'] = self.headers['Accept-Encoding']
            request = urllib.request.Request(server + self.path, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=120) as r:
                    status, body, got = r.status, r.read(), r.headers
            except urllib.error.HTTPError as e:
                status, body, got = e.code, e.read(), e.headers
            log.append(f'{status} {self.path}')
            self.send_response(status)
            for name in FORWARDED:
                if got.get(name):
                    self.send_header(name, got[name])
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    proxy = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Recorder)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    return proxy, f'{LOOPBACK}{proxy.server_address[1]}'


def resource_urls(style):
    """The URLs a GL client fetches for a style: sources' url/tiles/data, glyphs, sprite(s)."""
    urls = []
    for source in style.get('sources', {}).values():
        urls += [source.get('url'), source.get('data')] + list(source.get('tiles', []))
    sprite = style.get('sprite')
    urls += [style.get('glyphs')] + ([s.get('url') for s in sprite] if isinstance(sprite, list) else [sprite])
    return [u for u in urls if isinstance(u, str) and '://' in u]


def check_loopback(style_url, base):
    """The style the client will load (and each TileJSON it names) must only name `base`."""
    with urllib.request.urlopen(style_url, timeout=120) as r:
        urls = resource_urls(json.load(r))
    for url in list(urls):
        if url.endswith('.json') and url.startswith(base + '/data/'):
            with urllib.request.urlopen(url, timeout=120) as r:
                urls += [u for u in json.load(r).get('tiles', []) if isinstance(u, str)]
    off = [u for u in urls if not u.startswith(base + '/')]
    if off or not urls:
        sys.exit(f'refusing to render: style URLs not on {base}: {off or "none at all"}')
    return len(urls)


def main():
    ap = argparse.ArgumentParser()
    for name in ('--server', '--style', '--view', '--size', '--out', '--log'):
        ap.add_argument(name, required=True)
    args = ap.parse_args()
    if not args.server.startswith(LOOPBACK):
        sys.exit(f'refusing a server off loopback: {args.server}')
    lon, lat, zoom = map(float, args.view.split(','))
    width, height = map(int, args.size.split('x'))
    log = []
    proxy, base = start_proxy(args.server.rstrip('/'), log)
    style_url = f'{base}/styles/{args.style}/style.json'
    checked = check_loopback(style_url, base)
    log.clear()  # only the client's own requests from here
    with pymgl.Map(style_url, width, height, 1, lon, lat, zoom) as m:
        pixels = m.renderBuffer().reshape(height, width, 4)
    proxy.shutdown()
    Image.fromarray(np.ascontiguousarray(pixels)).save(args.out)
    with open(args.log, 'w') as f:
        f.write('\n'.join(log) + '\n')
    print(f'MapLibre Native {pymgl.__version__ if hasattr(pymgl, "__version__") else ""} rendered '
          f'{style_url} ({checked} URLs, all on {base}) with {len(log)} HTTP requests')


if __name__ == '__main__':
    main()
