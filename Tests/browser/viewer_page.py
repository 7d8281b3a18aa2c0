"""The viewer page as the browser test sees it: checks, waits, pixel reads and screenshots."""
import json
import os
import time

import png

RED, BLUE, GREEN = (255, 0, 0), (0, 0, 255), (0, 255, 0)


class Viewer:
    """The page plus the few queries the checks need."""

    def __init__(self, page, server, artifacts):
        self.page, self.server, self.art, self.checks = page, server, artifacts, 0

    def check(self, ok, what):
        if not ok:
            raise AssertionError(what)
        self.checks += 1
        print(f"  ok {self.checks:2d}  {what}", flush=True)

    def js(self, expr):
        return self.page.evaluate(expr)

    def session(self):
        return self.js("new URLSearchParams(location.hash.slice(1)).get('session')")

    def shot(self, name):
        self.page.screenshot(os.path.join(self.art, name))

    def server_layers(self, session=None):
        status, body = self.server.request("GET", "/layers", session=session or self.session())
        assert status == 200, f"GET /layers: {status} {body}"
        return [layer["id"] for layer in body]

    def wait_tiles(self, what="tiles of the current style", timeout=120):
        """Waits until every visible tile shows the server's current style hash."""
        session = self.session()
        status, tj = self.server.request("GET", "/tiles.json", session=session)
        assert status == 200, f"GET /tiles.json: {status}"
        v = tj["tiles"][0].split("v=")[1].split("&")[0]
        self.page.wait_for(f"strata.map.version === {json.dumps(session + ' ' + v)} && strata.map.pending === 0"
                           " && strata.map.tiles.size > 0 && strata.map.failed === 0 && [...document.querySelectorAll("
                           f"'#map .tile-layer:not(.backdrop) img')].every(i => i.src.includes('v={v}'))", what, timeout=timeout)
        return v

    def wait_idle(self):
        """Waits for the page's last request to finish (the app refreshes after each change)."""
        time.sleep(0.3)
        self.wait_tiles()

    def map_pixel(self, lon, lat):
        x, y = self.js(f"""(() => {{ const r = document.getElementById('map').getBoundingClientRect();
            const p = strata.map.pixelAt({lon}, {lat}); return [r.left + p[0], r.top + p[1]]; }})()""")
        data = self.page.screenshot(clip={"x": round(x) - 1, "y": round(y) - 1, "width": 3, "height": 3})
        _, _, ch, rows = png.decode(data)
        return png.pixel(rows, ch, 1, 1)

    def expect_color(self, want, what, lon=0, lat=0):
        got = self.map_pixel(lon, lat)
        self.check(all(abs(a - b) <= 16 for a, b in zip(got, want)), f"{what}: map pixel at {lon},{lat} is {got}, want {want}")

    def set_select(self, selector, value):
        self.js(f"""(() => {{ const s = document.querySelector({json.dumps(selector)}); s.value = {json.dumps(value)};
            s.dispatchEvent(new Event('change', {{bubbles: true}})); return s.value; }})()""")

    def text(self, selector):
        return self.js(f"document.querySelector({json.dumps(selector)})?.textContent ?? null")

    def row_order(self):
        return self.js("[...document.querySelectorAll('#layer-list .layer-row')].map(li => li.dataset.id)")

    def watch_tiles(self):
        """Records the fewest tile images shown while the tiles refresh (flicker = a gap)."""
        self.js("""(() => { const layer = document.querySelector('#map .tile-layer:not(.backdrop)');
            window.__minTiles = layer.querySelectorAll('img').length;
            window.__tileObserver?.disconnect();
            window.__tileObserver = new MutationObserver(() => { window.__minTiles = Math.min(window.__minTiles,
                layer.querySelectorAll('img').length); });
            window.__tileObserver.observe(layer, {childList: true}); return window.__minTiles; })()""")


def non_blank(v):
    """The first view shows the default style: background, country fill and city dots."""
    r = v.js("(() => { const r = document.getElementById('map').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
    data = v.page.screenshot(clip={"x": r[0], "y": r[1], "width": r[2], "height": r[3], "scale": 0.5})
    w, h, ch, rows = png.decode(data)
    colors, green, land_or_sea = set(), 0, 0
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            p = png.pixel(rows, ch, x, y)
            colors.add((p[0] >> 4, p[1] >> 4, p[2] >> 4))
            if p[1] > p[0] + 20 and p[1] > p[2] + 10:
                green += 1
            land_or_sea += 1
    return len(colors), green / land_or_sea
