"""A tiny Chrome DevTools Protocol client over --remote-debugging-pipe (Python stdlib only).

Chromium reads NUL-terminated JSON commands on fd 3 and writes replies and events on fd 4,
so no websocket library and no downloaded browser are needed: only Debian's `chromium`.
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time


class CDPError(Exception):
    pass


def find_chromium():
    """The installed Chromium binary, or None (the test then skips, loudly)."""
    for name in (os.environ.get("STRATA_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class Browser:
    def __init__(self, binary, width=1100, height=700, scale=1):
        self.profile = tempfile.mkdtemp(prefix="strata-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def wire_pipes():  # runs in the child: fd 3 = commands in, fd 4 = replies out
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        args = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
                f"--window-size={width},{height}", f"--force-device-scale-factor={scale}",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-sync", "--mute-audio",
                "--hide-scrollbars", "about:blank"]
        self.log = open(os.path.join(self.profile, "chromium.log"), "wb")
        self.proc = subprocess.Popen(args, preexec_fn=wire_pipes, close_fds=False,
                                     stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._next_id = 0
        self._lock = threading.Lock()
        self._replies = {}
        self._cond = threading.Condition()
        self.events = []          # (method, params, sessionId), appended by the reader
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    def _read_loop(self):
        buf = b""
        while True:
            try:
                chunk = os.read(self._from_chrome, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                with self._cond:
                    self._closed = True
                    self._cond.notify_all()
                return
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw)
                with self._cond:
                    if "id" in msg:
                        self._replies[msg["id"]] = msg
                    else:
                        self.events.append((msg.get("method"), msg.get("params", {}), msg.get("sessionId")))
                    self._cond.notify_all()

    def send(self, method, params=None, session=None, timeout=120):
        with self._lock:
            self._next_id += 1
            mid = self._next_id
        msg = {"id": mid, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self._to_chrome, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        with self._cond:
            while mid not in self._replies:
                if getattr(self, "_closed", False):
                    raise CDPError(f"{method}: the browser closed the pipe")
                left = deadline - time.time()
                if left <= 0:
                    raise CDPError(f"{method}: no reply in {timeout}s")
                self._cond.wait(left)
            reply = self._replies.pop(mid)
        if "error" in reply:
            raise CDPError(f"{method}: {reply['error'].get('message')}")
        return reply.get("result", {})

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_chrome, self._from_chrome):
            try:
                os.close(fd)
            except OSError:
                pass
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


class Page:
    """One tab: navigation, script evaluation, real mouse/keyboard input and screenshots."""

    def __init__(self, browser):
        self.b = browser
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "DOM"):
            self.send(f"{domain}.enable")

    def send(self, method, params=None, timeout=120):
        return self.b.send(method, params, session=self.session, timeout=timeout)

    def navigate(self, url):
        self.send("Page.navigate", {"url": url})

    def reload(self):
        self.send("Page.reload", {"ignoreCache": False})

    def evaluate(self, expression, timeout=120):
        """The JSON value of a JS expression (promises awaited); JS exceptions raise."""
        r = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                           "returnByValue": True, "timeout": timeout * 1000}, timeout=timeout + 5)
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            text = d.get("exception", {}).get("description") or d.get("text")
            raise CDPError(f"JS exception in {expression[:80]!r}: {text}")
        return r["result"].get("value")

    def wait_for(self, expression, what, timeout=120, interval=0.1):
        deadline = time.time() + timeout
        last = None
        while time.time() < deadline:
            try:
                last = self.evaluate(expression)
            except CDPError as e:
                last = str(e)
            if last is True:
                return
            time.sleep(interval)
        raise AssertionError(f"timed out after {timeout}s waiting for {what} (last: {last!r})")

    def exceptions(self):
        """Uncaught page exceptions and console errors seen so far."""
        out = []
        for method, params, sid in self.b.events:
            if sid != self.session:
                continue
            if method == "Runtime.exceptionThrown":
                d = params["exceptionDetails"]
                out.append(d.get("exception", {}).get("description") or d.get("text"))
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                out.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        return out

    # Input: real mouse and keyboard events, as a person's.

    def center_of(self, selector):
        r = self.evaluate(f"""(() => {{ const el = document.querySelector({json.dumps(selector)});
            if (!el) return null; el.scrollIntoView({{block: 'nearest'}}); const r = el.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]; }})()""")
        if not r:
            raise AssertionError(f"no element {selector}")
        return r

    def mouse(self, kind, x, y, buttons=0, button="none", clicks=0):
        self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": button,
                                               "buttons": buttons, "clickCount": clicks})

    def click(self, selector):
        x, y, _, _ = self.center_of(selector)
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y, buttons=1, button="left", clicks=1)
        self.mouse("mouseReleased", x, y, button="left", clicks=1)

    def drag(self, x0, y0, x1, y1, steps=12):
        self.mouse("mouseMoved", x0, y0)
        self.mouse("mousePressed", x0, y0, buttons=1, button="left", clicks=1)
        for i in range(1, steps + 1):
            t = i / steps
            self.mouse("mouseMoved", x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, buttons=1, button="left")
        self.mouse("mouseReleased", x1, y1, button="left", clicks=1)

    def key(self, key, code=None, vk=None, text=None):
        base = {"key": key, "code": code or key, "windowsVirtualKeyCode": vk or 0}
        self.send("Input.dispatchKeyEvent", {"type": "keyDown", **base, **({"text": text} if text else {})})
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", **base})

    def type_into(self, selector, text, enter=False):
        """Focuses a field, replaces its text as typed input, optionally presses Enter."""
        self.click(selector)
        self.evaluate(f"document.querySelector({json.dumps(selector)}).select()")
        self.send("Input.insertText", {"text": text})
        if enter:
            self.key("Enter", vk=13, text="\r")

    def set_files(self, selector, paths):
        doc = self.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = self.send("DOM.querySelector", {"nodeId": doc, "selector": selector})["nodeId"]
        self.send("DOM.setFileInputFiles", {"nodeId": node, "files": paths})

    def screenshot(self, path=None, clip=None):
        params = {"format": "png"}
        if clip:
            params["clip"] = {**clip, "scale": clip.get("scale", 1)}
        data = base64.b64decode(self.send("Page.captureScreenshot", params)["data"])
        if path:
            with open(path, "wb") as f:
                f.write(data)
        return data
