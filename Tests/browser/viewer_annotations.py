"""The viewer's Notes tab: an annotation added by clicking the map, its text, anchor and
offsets edited, a refused value shown at its field, visible and selected toggled, deleted —
each checked on the server and, where it shows, in the map's pixels."""
import time

import png
from viewer_page import RED

WHITE = (255, 255, 255)


def wait_server(v, session, test, what, timeout=120):
    """Polls GET /annotations until `test(items)` holds."""
    deadline = time.time() + timeout
    while True:
        items = v.server.request("GET", "/annotations", session=session)[1]
        if test(items):
            return items
        if time.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}: {items}")
        time.sleep(0.1)


def pixel_near(v, lon, lat, dx, dy):
    """The screen pixel (dx, dy) CSS px from a coordinate on the map."""
    x, y = v.js(f"""(() => {{ const r = document.getElementById('map').getBoundingClientRect();
        const p = strata.map.pixelAt({lon}, {lat}); return [r.left + p[0], r.top + p[1]]; }})()""")
    data = v.page.screenshot(clip={"x": round(x) + dx - 1, "y": round(y) + dy - 1, "width": 3, "height": 3})
    _, _, ch, rows = png.decode(data)
    return png.pixel(rows, ch, 1, 1)


def expect_near(v, dx, dy, want, what):
    got = pixel_near(v, 0, 0, dx, dy)
    v.check(all(abs(a - b) <= 16 for a, b in zip(got, want)), f"{what}: pixel {dx:+d},{dy:+d} from 0°,0° is {got}, want {want}")


def annotations_tab(v, session):
    print("viewer: annotations (add on the map, edit, toggle, delete)")
    page = v.page
    page.click('[data-tab="annotations"]')
    v.wait_tiles()
    expect_near(v, 4, 4, RED, "before any annotation the red box shows")
    page.click("#tab-annotations button.arm")
    page.wait_for("document.getElementById('map').classList.contains('placing')", "the map armed for a click")
    x, y = v.js("""(() => { const r = document.getElementById('map').getBoundingClientRect();
        const p = strata.map.pixelAt(0, 0); return [r.left + p[0], r.top + p[1]]; })()""")
    page.mouse("mouseMoved", x, y)
    page.mouse("mousePressed", x, y, buttons=1, button="left", clicks=1)
    page.mouse("mouseReleased", x, y, button="left", clicks=1)
    items = wait_server(v, session, lambda a: len(a) == 1, "the annotation added by the click")
    lon, lat = items[0]["coordinate"]
    tol = 360 / (256 * 2 ** v.js("strata.map.z"))
    v.check(abs(lon) <= tol and abs(lat) <= tol, f"a click on the map adds an annotation there ({lat:.4f}°, {lon:.4f}°)")
    aid = items[0]["id"]
    row = f'#tab-annotations li[data-id="{aid}"]'
    page.wait_for(f"!!document.querySelector('{row}')", "its row in the panel")
    v.check(not v.js("document.getElementById('map').classList.contains('placing')"), "one click adds one annotation")

    page.type_into(f"{row} input[name=text]", "Hello", enter=True)
    wait_server(v, session, lambda a: a[0]["text"] == "Hello", "the new text")
    v.check(True, "editing the text patches the annotation")
    v.set_select(f"{row} select[name=anchor]", "top-left")
    wait_server(v, session, lambda a: a[0]["anchor"] == "top-left", "the anchor")
    v.wait_idle()
    expect_near(v, 4, 4, WHITE, "anchor top-left: the box lies right of and below its point")
    expect_near(v, -4, -4, RED, "and not above-left of it")
    page.type_into(f"{row} input[name=offsetX]", "40", enter=True)
    wait_server(v, session, lambda a: a[0]["offsetX"] == 40, "offsetX 40")
    v.wait_idle()
    expect_near(v, 4, 4, RED, "offsetX 40 moves the box right")
    expect_near(v, 44, 4, WHITE, "offsetX 40 moves the box right, where it shows")

    page.type_into(f"{row} input[name=offsetY]", "abc", enter=True)
    page.wait_for(f"document.querySelector('{row} .field-error')?.textContent.length > 0", "the refused offset's error")
    v.check(v.js(f"document.querySelector('{row} input[name=offsetY]').classList.contains('invalid')"),
            f"a refused offsetY is marked at its field: {v.text(row + ' .field-error')!r}")
    v.check(v.server.request("GET", f"/annotations/{aid}", session=session)[1]["offsetY"] == 0, "and changes nothing")
    v.shot("15-annotation.png")

    page.click(f"{row} input[name=visible]")
    wait_server(v, session, lambda a: a[0]["visible"] is False, "hidden")
    v.wait_idle()
    expect_near(v, 44, 4, RED, "visible off hides the box")
    page.click(f"{row} input[name=visible]")
    wait_server(v, session, lambda a: a[0]["visible"] is True, "shown")
    page.click(f"{row} input[name=selected]")
    wait_server(v, session, lambda a: a[0]["selected"] is True, "selected")
    v.check(True, "visible and selected toggle on the server")
    v.wait_idle()
    expect_near(v, 44, 4, WHITE, "shown again")

    page.click(f"{row} button.remove")
    wait_server(v, session, lambda a: a == [], "the delete")
    page.wait_for(f"!document.querySelector('{row}')", "the row gone")
    v.wait_idle()
    expect_near(v, 44, 4, RED, "a deleted annotation leaves the map")
    page.click('[data-tab="layers"]')
