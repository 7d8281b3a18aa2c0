#!/usr/bin/env python3
"""A loopback tile upstream that misbehaves on purpose, for 17_remote_faults.sh. Every path
answers a 256 px raster tile (solid colour PNG) or a fault, by its first segment:

  /ok/...        200, the current colour, ETag of the colour, Cache-Control: max-age=0 (revalidated each use)
  /swr/...       as /ok with max-age=1 (served stale while revalidated in the background)
  /slow/...      sleeps 4 s before answering (beyond the server's remoteTimeoutMs)
  /e500/...      500            /reset/...   closes the connection without an answer
  /trunc/...     promises 1000 bytes, sends 10 and closes
  /garbage/...   200 with bytes that are no image
  /big/...       200 with 40 MB (over the tile size limit)
  /loop/...      302 to itself  /away/...   302 to http://127.0.0.2:PORT2/x (another loopback host)
  /gone/...      404            /nostore/...  200 with Cache-Control: no-store
  /sprite/NAME.json, /sprite/NAME.png   a sprite of one 16 px image "dot" in the current colour,
                 ETag of the colour, Cache-Control: max-age=0 (as /ok)
  /tilejson/...  a raster TileJSON whose tiles are /fixed/COLOUR/{z}/{x}/{y}.png of the current
                 colour, ETag of the colour, Cache-Control: max-age=0
  /fixed/RRGGBB/...  200, a tile of that colour (max-age=3600)
  /admin/down    every tile path answers 500 from now on; /admin/up undoes it
  /admin/colour/RRGGBB  the colour of /ok tiles from now on

--log FILE appends 'PATH STATUS' per request. Prints 'ready' when listening.
usage: fault_upstream.py --port P [--log FILE]
"""
import argparse
import http.server
import socketserver
import struct
import sys
import threading
import time
import zlib

STATE = {'down': False, 'colour': 'ff0000'}
LOCK = threading.Lock()


def png(colour, size=256):
    r, g, b = (int(colour[i:i + 2], 16) for i in (0, 2, 4))
    row = b'\x00' + bytes([r, g, b]) * size
    raw = zlib.compress(row * size)

    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', size, size, 8, 2, 0, 0, 0)) + \
        chunk(b'IDAT', raw) + chunk(b'IEND', b'')


def handler(log):
    class H(http.server.BaseHTTPRequestHandler):
        protocol_version = 'HTTP/1.1'

        def log_message(self, *a):
            pass

        def record(self, status):
            if log:
                with LOCK, open(log, 'a') as f:
                    f.write(f'{self.path} {status}\n')

        def send(self, status, body=b'', headers=None):
            self.record(status)
            self.send_response(status)
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            kind = self.path.split('/')[1]
            if kind == 'admin':
                parts = self.path.split('/')
                with LOCK:
                    if parts[2] == 'down':
                        STATE['down'] = True
                    elif parts[2] == 'up':
                        STATE['down'] = False
                    elif parts[2] == 'colour':
                        STATE['colour'] = parts[3]
                return self.send(200, b'ok')
            if STATE['down']:
                return self.send(500, b'down')
            if kind in ('ok', 'swr'):
                colour = STATE['colour']
                etag = f'"{colour}"'
                cc = 'max-age=0' if kind == 'ok' else 'max-age=1'
                if self.headers.get('If-None-Match') == etag:
                    return self.send(304, headers={'ETag': etag, 'Cache-Control': cc})
                return self.send(200, png(colour), {'Content-Type': 'image/png', 'ETag': etag, 'Cache-Control': cc})
            if kind == 'sprite':
                colour = STATE['colour']
                etag = f'"{colour}{self.path[-4:]}"'
                headers = {'ETag': etag, 'Cache-Control': 'max-age=0'}
                if self.headers.get('If-None-Match') == etag:
                    return self.send(304, headers=headers)
                if self.path.endswith('.json'):
                    index = b'{"dot": {"x": 0, "y": 0, "width": 16, "height": 16, "pixelRatio": 1}}'
                    return self.send(200, index, {**headers, 'Content-Type': 'application/json'})
                return self.send(200, png(colour, 16), {**headers, 'Content-Type': 'image/png'})
            if kind == 'tilejson':
                colour = STATE['colour']
                etag = f'"{colour}"'
                headers = {'ETag': etag, 'Cache-Control': 'max-age=0', 'Content-Type': 'application/json'}
                if self.headers.get('If-None-Match') == etag:
                    return self.send(304, headers=headers)
                port = self.server.server_address[1]
                body = f'{{"tilejson": "2.2.0", "tileSize": 256, "tiles": ["http://127.0.0.1:{port}/fixed/{colour}/{{z}}/{{x}}/{{y}}.png"]}}'
                return self.send(200, body.encode(), headers)
            if kind == 'fixed':
                return self.send(200, png(self.path.split('/')[2]), {'Content-Type': 'image/png', 'Cache-Control': 'max-age=3600'})
            if kind == 'nostore':
                return self.send(200, png('00ff00'), {'Content-Type': 'image/png', 'Cache-Control': 'no-store'})
            if kind == 'slow':
                self.record('arrived')
                time.sleep(4)
                return self.send(200, png('0000ff'), {'Content-Type': 'image/png'})
            if kind == 'e500':
                return self.send(500, b'boom')
            if kind == 'reset':
                self.record('reset')
                self.close_connection = True
                self.connection.shutdown(2)
                return
            if kind == 'trunc':
                self.record('truncated')
                self.send_response(200)
                self.send_header('Content-Length', '1000')
                self.end_headers()
                self.wfile.write(b'\x89PNG\r\n\x1a\n12')
                self.close_connection = True
                return
            if kind == 'garbage':
                return self.send(200, b'this is no image at all', {'Content-Type': 'image/png'})
            if kind == 'big':
                return self.send(200, b'\0' * (40 << 20), {'Content-Type': 'image/png'})
            if kind == 'loop':
                return self.send(302, headers={'Location': self.path})
            if kind == 'away':
                return self.send(302, headers={'Location': f'http://127.0.0.2:{self.server.away_port}/x'})
            return self.send(404, b'no such tile')
    return H


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--port', type=int, required=True)
    ap.add_argument('--host', default='127.0.0.1')
    ap.add_argument('--away-port', type=int, default=0)
    ap.add_argument('--log')
    a = ap.parse_args()
    s = Server((a.host, a.port), handler(a.log))
    s.away_port = a.away_port
    print('ready', flush=True)
    s.serve_forever()
