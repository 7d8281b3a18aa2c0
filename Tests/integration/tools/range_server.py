#!/usr/bin/env python3
"""Serves the files of a folder on loopback honouring single `Range: bytes=A-B` requests (206
with Content-Range; 416 past the end), as object storage serves PMTiles archives; with
--ignore-range every answer is the whole file (200), as a server without range support.

--log FILE appends 'PATH RANGE STATUS' per request (RANGE '-' when none). Prints 'ready'.
usage: range_server.py DIR --port P [--log FILE] [--ignore-range]
"""
import argparse
import http.server
import os
import re
import socketserver
import threading

LOCK = threading.Lock()


def handler(root, log, ignore_range):
    class H(http.server.BaseHTTPRequestHandler):
        protocol_version = 'HTTP/1.1'

        def log_message(self, *a):
            pass

        def answer(self, status, body=b'', headers=None):
            if log:
                with LOCK, open(log, 'a') as f:
                    f.write(f'{self.path} {self.headers.get("Range") or "-"} {status}\n')
            self.send_response(status)
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            path = os.path.normpath(os.path.join(root, self.path.split('?')[0].lstrip('/')))
            if not path.startswith(root + os.sep) or not os.path.isfile(path):
                return self.answer(404, b'not found')
            with open(path, 'rb') as f:
                data = f.read()
            m = re.fullmatch(r'bytes=(\d+)-(\d+)', self.headers.get('Range') or '')
            if not m or ignore_range:
                return self.answer(200, data, {'Content-Type': 'application/octet-stream'})
            start, end = int(m.group(1)), int(m.group(2))
            if start >= len(data) or end < start:
                return self.answer(416, b'', {'Content-Range': f'bytes */{len(data)}'})
            end = min(end, len(data) - 1)
            return self.answer(206, data[start:end + 1], {'Content-Type': 'application/octet-stream',
                                                          'Content-Range': f'bytes {start}-{end}/{len(data)}'})
    return H


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('dir')
    ap.add_argument('--port', type=int, required=True)
    ap.add_argument('--log')
    ap.add_argument('--ignore-range', action='store_true')
    a = ap.parse_args()
    s = Server(('127.0.0.1', a.port), handler(os.path.realpath(a.dir), a.log, a.ignore_range))
    print('ready', flush=True)
    s.serve_forever()
