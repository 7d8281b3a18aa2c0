"""Starts and stops the real `strata serve` for the browser test: a temp data dir (a copy of
config/data) and a temp SQLite store, so a restart keeps the sessions (durability). Its styles
folder publishes config/styles/default.json and OCEAN (one blue background layer), so the
viewer's style picker has two published styles to offer."""
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request


OCEAN = {"version": 8, "name": "Ocean", "sources": {},
         "layers": [{"id": "ocean", "type": "background", "paint": {"background-color": "#0000ff"}}]}


class Server:
    def __init__(self, root, binary):
        self.root, self.binary = root, binary
        self.work = tempfile.mkdtemp(prefix="strata-browser-")
        os.makedirs(os.path.join(self.work, "data"))
        for name in os.listdir(os.path.join(root, "config", "data")):
            if name.endswith(".geojson"):
                shutil.copy(os.path.join(root, "config", "data", name), os.path.join(self.work, "data"))
        styles = os.path.join(self.work, "styles")
        os.makedirs(styles)
        shutil.copy(os.path.join(root, "config", "styles", "default.json"), styles)
        with open(os.path.join(styles, "ocean.json"), "w") as f:
            json.dump(OCEAN, f)
        with open(os.path.join(root, "config", "server.json")) as f:
            config = json.load(f)
        config.update(stylesDir=styles, publicDir=os.path.join(root, "Public"))
        self.config = os.path.join(self.work, "server.json")
        with open(self.config, "w") as f:
            json.dump(config, f)
        self.log_path = os.path.join(self.work, "server.log")
        self.proc = None
        self.port = 0

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        """Starts on the previous port (or a free one the first time); waits for /health."""
        log = open(self.log_path, "a")
        self.proc = subprocess.Popen(
            [self.binary, "serve", "--config", self.config,
             "--port", str(self.port), "--data-dir", os.path.join(self.work, "data"),
             "--store", os.path.join(self.work, "store.sqlite"),
             # A render budget no test render meets: a busy machine must not make a tile a 503.
             "--render-timeout-ms", "600000"],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        log.close()
        deadline = time.time() + 120
        while self.port == 0 and time.time() < deadline:
            m = re.search(r"^strata listening on http://[^:]+:(\d+)$", self.log_text(), re.M)
            if m:
                self.port = int(m.group(1))
            elif self.proc.poll() is not None:
                raise RuntimeError("server exited during start-up:\n" + self.log_text()[-2000:])
            time.sleep(0.05)
        while time.time() < deadline:
            try:
                if self.request("GET", "/health")[0] == 200:
                    return
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError("server exited during start-up:\n" + self.log_text()[-2000:])
            time.sleep(0.05)
        raise RuntimeError("server did not become healthy")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def cleanup(self):
        if self.proc and self.proc.poll() is None:  # nothing left to keep: no graceful stop
            self.proc.kill()
            self.proc.wait()
        self.proc = None
        shutil.rmtree(self.work, ignore_errors=True)

    def log_text(self):
        try:
            with open(self.log_path, errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def request(self, method, path, body=None, session=None):
        """(status, parsed JSON or raw bytes) of one request."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if session:
            req.add_header("X-Session-ID", session)
        try:
            with urllib.request.urlopen(req, timeout=30) as res:
                status, raw = res.status, res.read()
        except urllib.error.HTTPError as e:
            status, raw = e.code, e.read()
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, raw
