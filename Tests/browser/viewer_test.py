#!/usr/bin/env python3
"""Drives the Strata web viewer (Public/) in headless Chromium against the real server.

Checks what a person would: tiles load and are not blank; adding a GeoJSON source (file
upload) and two layers; dragging one layer below the other flips the colour on the map where
they overlap; visibility toggles; remove + one-click re-add; an invalid paint value shows the
server's message next to the field (and in the JSON editor, at the line it names); undo; a
reload keeps the session's style; @2x tiles on a high-density screen; a server restart is
survived; copy, add into a slot, keyboard reorder; the style tab's history and download; a
deleted session offers a new one; zoom/pan/cursor on the map; annotations added by a click
on the map, edited, toggled and deleted in the Notes tab; a custom layer and a symbol layer
(text field, font from GET /fonts, icon from GET /images) added and edited; the style picker
lists the published styles and switching to one shows it. Screenshots go to Tests/browser/artifacts/.
Exit status 0 only when every check passed.
"""
import json
import os
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, Page, find_chromium  # noqa: E402
from server import Server  # noqa: E402
from viewer_page import BLUE, GREEN, RED, Viewer, non_blank  # noqa: E402
from viewer_annotations import annotations_tab  # noqa: E402
from viewer_custom import custom_layer  # noqa: E402
from viewer_symbols import symbol_layer  # noqa: E402
from viewer_styles import style_picker  # noqa: E402
from viewer_imports import imports_panel  # noqa: E402

ROOT = os.environ.get("STRATA_ROOT") or os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.environ.get("STRATA_BIN") or os.path.join(ROOT, ".build", "debug", "strata")
ART = os.path.join(ROOT, "Tests", "browser", "artifacts")
BOX = {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {
    "type": "Polygon", "coordinates": [[[-30, -20], [30, -20], [30, 20], [-30, 20], [-30, -20]]]}}]}


def map_interaction(v):
    """Zoom buttons, double-click, wheel, drag to pan, cursor coordinates, view in the URL."""
    print("viewer: map interaction")
    page = v.page
    z0 = v.js("strata.map.z")
    page.click("#zoom-in")
    page.wait_for(f"strata.map.z === {z0 + 1} && document.getElementById('status').textContent.includes('zoom {z0 + 1} ')", "+ zoom")
    v.check(True, "the + button zooms in and the status shows the zoom")
    mx, my, mw, mh = page.center_of("#map")
    page.mouse("mouseMoved", mx, my)
    for clicks in (1, 2):
        page.mouse("mousePressed", mx, my, buttons=1, button="left", clicks=clicks)
        page.mouse("mouseReleased", mx, my, button="left", clicks=clicks)
    page.wait_for(f"strata.map.z === {z0 + 2}", "double-click zoom")
    v.check(True, "double-click zooms in")
    page.send("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": mx, "y": my, "deltaX": 0, "deltaY": 240})
    page.wait_for(f"strata.map.z === {z0 + 1}", "wheel zoom out")
    v.check(True, "the wheel zooms out")
    lon0 = v.js("strata.map.center[0]")
    page.drag(mx, my, mx + 100, my)
    lon1 = v.js("strata.map.center[0]")
    want = -100 * 360 / (256 * 2 ** (z0 + 1))
    v.check(abs((lon1 - lon0) - want) < 0.5, f"dragging 100 px east pans by {lon1 - lon0:.2f}° (want {want:.2f}°)")
    page.mouse("mouseMoved", mx - 50, my + 30)
    lon, lat = v.js(f"strata.map.lonLatAt({mw / 2 - 50}, {mh / 2 + 30})")
    page.wait_for(f"document.getElementById('status').textContent.includes('{lat:.5f}°, {lon:.5f}°')", "cursor coordinates")
    v.check(True, f"the status shows the cursor's coordinates ({v.text('#status')})")
    page.wait_for(f"location.hash.includes('map={z0 + 1}/')", "the view in the fragment")
    v.wait_tiles(f"tiles at zoom {z0 + 1}")
    kept = v.js("(() => { strata.map.zoomBy(-1); return document.querySelectorAll('#map .backdrop img').length; })()")
    v.check(kept > 0, f"while zooming, the previous level stays visible under the new tiles ({kept} images)")
    v.wait_tiles(f"tiles back at zoom {z0}")
    v.check(v.js("document.querySelectorAll('#map .backdrop img').length") == 0, "the scaled backdrop goes once the new level loaded")
    v.js("strata.map.setView(0, 20, %d)" % z0)
    v.wait_tiles()


def copy_slot_and_keyboard(v, session):
    print("viewer: copy a layer, add one into a slot, reorder with the keyboard")
    page = v.page
    page.click('[data-tab="layers"]')
    page.click('#layer-list li[data-id="box-blue"] button.copy')
    page.wait_for("document.activeElement?.closest('.copy-form') !== null", "the copy form")
    page.type_into("#layer-list .copy-form input", "box-blue-2", enter=True)
    page.wait_for("strata.app.layers.some(l => l.id === 'box-blue-2')", "the copy")
    v.check(v.server_layers()[-3:] == ["box-blue", "box-blue-2", "box-red"], "the copy sits right above its original")
    copy = v.server.request("GET", "/layers/box-blue-2", session=session)[1]
    v.check(copy["paint"] == {"fill-color": "#0000ff", "fill-opacity": 1}, "the copy has the original's paint")
    v.js("document.querySelector('#layer-list li[data-id=\"box-blue-2\"] .handle').focus()")
    page.key("ArrowDown", vk=40)
    page.wait_for("strata.app.layers.at(-3).id === 'box-blue-2'", "the keyboard move")
    v.check(v.server_layers()[-3:] == ["box-blue-2", "box-blue", "box-red"], "ArrowDown on the handle moves the layer one row down")
    page.click('[data-tab="add"]')
    page.type_into("#add-layer input[name=id]", "box-edge")
    v.set_select("#add-layer select[name=type]", "line")
    v.set_select("#add-layer select[name=source]", "boxes")
    v.set_select("#add-layer select[name=position]", "slot")
    v.set_select("#add-layer select[name=target]", "middle")
    page.click("#add-layer .add-form .buttons button.primary")
    page.wait_for("strata.app.layers.some(l => l.id === 'box-edge')", "the slotted layer")
    edge = v.server.request("GET", "/layers/box-edge", session=session)[1]
    v.check(edge.get("slot") == "middle" and edge["type"] == "line", "the form added a line layer into slot 'middle'")
    rows = v.row_order()
    v.check(rows.index("box-edge") + 1 == rows.index("middle"), "the panel lists it just above its slot marker")
    page.click('[data-tab="layers"]')
    hx, hy, _, _ = page.center_of('#layer-list li[data-id="box-edge"] .handle')
    _, fy, _, fh = page.center_of('#layer-list li[data-id="countries-fill"]')
    page.drag(hx, hy, hx, fy - fh * 0.2)  # into the upper half of countries-fill: just above it
    page.wait_for("strata.app.layers.find(l => l.id === 'box-edge')?.slot === null", "box-edge out of its slot")
    layers = v.server_layers()
    v.check(v.server.request("GET", "/layers/box-edge", session=session)[1].get("slot") is None
            and layers.index("box-edge") == layers.index("countries-fill") + 1,
            "dragging a slotted layer into the main stack clears its slot and puts it where it was dropped")
    v.wait_idle()
    v.shot("11-copy-and-slot.png")


def style_tab(v, session):
    print("viewer: style tab (history, JSON, download)")
    page = v.page
    downloads = os.path.join(v.server.work, "downloads")
    os.makedirs(downloads)
    page.b.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    page.click('[data-tab="style"]')
    page.wait_for("document.querySelectorAll('#tab-style .history li').length > 3", "the history list")
    v.check("moveLayer box-edge" in v.text("#tab-style .history li"), "the newest revision is listed first with its operation")
    v.check('"box-edge"' in v.text("#tab-style .style-json"), "the style JSON shows the current style")
    page.click("#tab-style .buttons button:nth-child(2)")
    path = os.path.join(downloads, "style.json")
    deadline = time.time() + 120
    while not os.path.exists(path) and time.time() < deadline:
        time.sleep(0.1)
    with open(path) as f:
        downloaded = json.load(f)
    v.check(downloaded == v.server.request("GET", "/style", session=session)[1], "the download is the session's style")
    v.shot("12-style-tab.png")
    page.click('[data-tab="layers"]')


def run(v, server):
    page = v.page
    print("viewer: first load creates a session and shows tiles")
    page.navigate(server.base + "/")
    page.wait_for("!!(window.strata && strata.app.session && location.hash.includes('session='))", "a session in the fragment")
    session = v.session()
    v.check(len(session) >= 32 and server.request("GET", f"/sessions/{session}")[0] == 200, f"new session {session[:8]}… exists on the server")
    hash0 = v.wait_tiles("first tiles")
    v.check(v.js("[...document.querySelectorAll('#map .tile-layer img')].every(i => i.complete && i.naturalWidth === 256"
                 f" && i.src.includes('v={hash0}') && i.src.includes('session='))"), "tiles are 256 px PNGs whose URLs carry the style hash")
    ncolors, green = non_blank(v)
    v.check(ncolors >= 12 and green > 0.15, f"tiles are not blank ({ncolors} colours, {green:.0%} country green)")
    v.check(v.row_order() == list(reversed(v.server_layers())), "the panel lists the session's layers top to bottom")
    unit = page.evaluate(open(os.path.join(os.path.dirname(__file__), "unit.js")).read())
    v.check(not unit["failures"], f"{unit['passed']} module unit checks in the browser (failures: {unit['failures']})")
    v.shot("01-first-load.png")
    map_interaction(v)

    print("viewer: add a GeoJSON source by file upload and two layers")
    upload = os.path.join(server.work, "boxes.geojson")
    with open(upload, "w") as f:
        json.dump(BOX, f)
    page.click('[data-tab="add"]')
    page.set_files("#sources input[type=file]", [upload])
    page.wait_for("document.querySelector('#sources textarea').value.includes('FeatureCollection')", "the file's text in the form")
    page.click("#sources .buttons button.primary")
    page.wait_for("!!document.querySelector('#sources .source-list li[data-id=boxes]')", "source 'boxes' listed")
    v.check(server.request("GET", "/sources/boxes", session=session)[0] == 200, "uploaded source exists on the server")
    page.type_into("#add-layer input[name=id]", "box-red")
    v.set_select("#add-layer select[name=type]", "fill")
    v.set_select("#add-layer select[name=source]", "boxes")
    v.js("(() => { const c = document.querySelector('#add-layer input[name=color]'); c.value = '#ff0000'; c.dispatchEvent(new Event('input')); })()")
    page.click("#add-layer .add-form .buttons button.primary")
    page.wait_for("strata.app.selected === 'box-red' && !!document.querySelector('#editor .field[data-path=\"/paint/fill-opacity\"]')", "box-red in the editor")
    page.type_into('#editor .field[data-path="/paint/fill-opacity"] input.value', "1", enter=True)
    page.wait_for("strata.app.style.layers.find(l => l.id === 'box-red')?.paint['fill-opacity'] === 1", "opacity 1 applied")
    page.click('[data-tab="add"]')
    page.click("#add-layer .add-form .buttons button:nth-child(2)")  # "Edit as JSON"
    page.type_into("#add-layer .json-editor textarea", json.dumps(
        {"id": "box-blue", "type": "fill", "source": "boxes", "paint": {"fill-color": "#0000ff", "fill-opacity": 1}}))
    page.click("#add-layer .json-editor button.primary")
    page.wait_for("strata.app.layers.some(l => l.id === 'box-blue')", "box-blue added")
    v.wait_idle()
    v.check(v.server_layers()[-2:] == ["box-red", "box-blue"], "both layers on top, blue above red")
    v.expect_color(BLUE, "the upper layer (blue) is drawn where they overlap")
    v.shot("02-added-layers.png")

    print("viewer: drag blue below red")
    page.click('[data-tab="layers"]')
    hx, hy, _, _ = page.center_of('#layer-list li[data-id="box-blue"] .handle')
    _, ry, _, rh = page.center_of('#layer-list li[data-id="box-red"]')
    v.watch_tiles()
    page.drag(hx, hy, hx, ry + rh * 0.35)
    page.wait_for("strata.app.layers.at(-1).id === 'box-red'", "the move applied")
    v.wait_idle()
    v.check(v.server_layers()[-2:] == ["box-blue", "box-red"], "server order after the drag: red above blue")
    v.check(v.row_order()[:2] == ["box-red", "box-blue"], "panel order after the drag: red above blue")
    v.expect_color(RED, "after the reorder the overlap shows red")
    v.check(v.js("window.__minTiles") >= v.js("document.querySelectorAll('#map .tile-layer:not(.backdrop) img').length"),
            "no tile disappeared while the tiles refreshed (old tiles kept until new ones decoded)")
    v.shot("03-reordered.png")

    print("viewer: visibility")
    page.click('#layer-list li[data-id="box-red"] input.visibility')
    page.wait_for("strata.app.layers.find(l => l.id === 'box-red').visibility === 'none'", "box-red hidden")
    v.wait_idle()
    v.expect_color(BLUE, "hiding red shows blue")
    v.shot("04-red-hidden.png")
    page.click('#layer-list li[data-id="box-red"] input.visibility')
    page.wait_for("strata.app.layers.find(l => l.id === 'box-red').visibility === 'visible'", "box-red visible")
    v.wait_idle()
    v.expect_color(RED, "showing red again")

    print("viewer: remove and re-add")
    page.click('#layer-list li[data-id="box-red"] button.remove')
    page.wait_for("!!document.querySelector('#removed-list li[data-id=\"box-red\"]')", "box-red in the removed list")
    v.wait_idle()
    v.check("box-red" not in v.server_layers(), "removed on the server")
    v.expect_color(BLUE, "without red the overlap is blue")
    v.shot("05-removed.png")
    page.click('#removed-list li[data-id="box-red"] button.restore')
    page.wait_for("strata.app.layers.some(l => l.id === 'box-red') && !document.querySelector('#removed-list li')", "box-red re-added")
    v.wait_idle()
    v.check(v.server_layers()[-2:] == ["box-blue", "box-red"], "re-added where it was (above blue)")
    v.expect_color(RED, "re-added red is drawn again")

    print("viewer: invalid values show the server's error next to the field")
    page.click('#layer-list li[data-id="box-red"] .name')
    field = '#editor .field[data-path="/paint/fill-color"]'
    page.wait_for(f"!!document.querySelector('{field} input.value')", "fill-color field")
    status, err = server.request("PATCH", "/layers/box-red", {"paint": {"fill-color": "notacolour"}}, session=session)
    v.check(status == 400 and err["error"]["path"] == "/paint/fill-color", "the server rejects the value with a path")
    page.type_into(f"{field} input.value", "notacolour", enter=True)
    page.wait_for(f"document.querySelector('{field} .field-error').textContent.length > 0", "an error under fill-color")
    v.check(v.text(f"{field} .field-error") == err["error"]["message"], f"fill-color shows the server's message: {err['error']['message']!r}")
    v.check(err["error"]["message"] in (v.text("#toasts") or ""), "and a toast says it too")
    v.shot("06-invalid-field.png")
    layer = server.request("GET", "/layers/box-red", session=session)[1]
    layer["paint"]["fill-opacity"] = "abc"
    page.type_into("#editor .json-editor textarea", json.dumps(layer, indent=2))
    page.click("#editor .json-editor button.primary")
    page.wait_for("document.querySelector('#editor .json-error').textContent.includes('/paint/fill-opacity')", "JSON editor error")
    jerr = v.text("#editor .json-error")
    v.check(jerr.startswith("line ") and "number expected" in jerr, f"the JSON editor names the line and the server's message: {jerr!r}")
    v.check(v.js("(() => { const t = document.querySelector('#editor .json-editor textarea'); return t.value.slice(t.selectionStart, t.selectionEnd); })()") == '"abc"',
            "the offending value is selected in the JSON text")
    v.shot("07-invalid-json.png")
    v.expect_color(RED, "rejected changes leave the map as it was")
    page.click("#editor .json-editor button:nth-child(2)")  # Revert

    print("viewer: a colour change, then undo")
    page.type_into(f"{field} input.value", "#00ff00", enter=True)
    page.wait_for("strata.app.style.layers.find(l => l.id === 'box-red').paint['fill-color'] === '#00ff00'", "green applied")
    v.wait_idle()
    v.check(v.text(f"{field} .field-error") == "", "a valid value clears the field's error")
    v.expect_color(GREEN, "the new colour is drawn")
    page.click("#undo")
    page.wait_for("strata.app.style.layers.find(l => l.id === 'box-red').paint['fill-color'] === '#ff0000'", "undo applied")
    v.wait_idle()
    v.expect_color(RED, "undo restores red")

    print("viewer: a reload keeps the session's style")
    order = v.row_order()
    page.reload()
    page.wait_for(f"!!(window.strata && strata.app.session === {json.dumps(session)} && strata.app.layers.length > 0)", "the page back on the same session")
    v.wait_tiles("tiles after the reload")
    v.check(v.session() == session and v.row_order() == order, "same session and layer order after the reload")
    v.expect_color(RED, "the reloaded map shows the session's style")
    v.shot("08-reloaded.png")

    print("viewer: @2x tiles on a high-density screen (the shared link opens the same style)")
    link = v.js("location.href")
    page.send("Emulation.setDeviceMetricsOverride", {"width": 1000, "height": 650, "deviceScaleFactor": 2, "mobile": False})
    page.navigate("about:blank")
    page.navigate(link)
    page.wait_for(f"!!(window.strata && strata.app.session === {json.dumps(session)} && strata.app.layers.length > 0)", "the shared link loaded")
    v.wait_tiles("@2x tiles")
    v.check(v.js("[...document.querySelectorAll('#map .tile-layer img')].every(i => i.src.includes('@2x.png') && i.naturalWidth === 512)"),
            "512 px @2x tiles at device pixel ratio 2")
    v.shot("09-retina.png")
    page.send("Emulation.clearDeviceMetricsOverride")
    page.navigate("about:blank")
    page.navigate(link)
    page.wait_for(f"!!(window.strata && strata.app.layers.length > 0)", "the page at ratio 1")
    v.wait_tiles()

    print("viewer: a server restart")
    server.stop()
    page.click('#layer-list li[data-id="box-red"] input.visibility')
    page.wait_for("document.body.classList.contains('offline') && !!document.querySelector('.toast[data-key=offline]')", "the offline notice")
    v.shot("10-server-down.png")
    server.start()
    page.wait_for("!document.body.classList.contains('offline') && !document.querySelector('.toast[data-key=offline]')", "reconnected", timeout=120)
    v.wait_tiles("tiles after the restart")
    v.check(v.server_layers()[-2:] == ["box-blue", "box-red"], "the session's style survived the restart")
    v.expect_color(RED, "the map after the restart")

    copy_slot_and_keyboard(v, session)
    style_tab(v, session)
    annotations_tab(v, session)
    custom_layer(v, session)
    symbol_layer(v, session)

    print("viewer: a deleted session offers a new one")
    v.check(server.request("DELETE", f"/sessions/{session}")[0] == 204, "session deleted behind the page's back")
    page.reload()
    page.wait_for("!!document.querySelector('.toast[data-key=lost] button.action')", "the lost-session offer")
    v.shot("13-session-lost.png")
    page.click(".toast[data-key=lost] button.action")
    page.wait_for(f"!!strata.app.session && strata.app.session !== {json.dumps(session)} && strata.app.layers.length > 0", "a new session")
    v.wait_tiles("tiles of the new session")
    fresh = v.session()
    v.check(fresh != session and "box-red" not in v.server_layers(fresh), "the new session starts from the default style")
    v.shot("14-new-session.png")
    style_picker(v)
    imports_panel(v)
    errors = page.exceptions()
    v.check(not errors, f"no uncaught page exceptions or console errors ({errors})")


def main():
    chromium = find_chromium()
    if not chromium:
        print("SKIP: browser test — no Chromium binary (apt-get install chromium); nothing was checked")
        return 0
    os.makedirs(ART, exist_ok=True)
    server = Server(ROOT, BIN)
    browser = None
    v = None
    started = time.time()
    try:
        server.start()
        browser = Browser(chromium, width=1100, height=700)
        v = Viewer(Page(browser), server, ART)
        run(v, server)
        print(f"browser: {v.checks} passed, 0 failed ({time.time() - started:.1f} s)")
        return 0
    except Exception:
        traceback.print_exc()
        if v:
            try:
                v.shot("failure.png")
                print("page exceptions:", v.page.exceptions())
            except Exception as e:  # the browser may be gone
                print("no failure screenshot:", e)
        print("--- server log (tail):\n" + server.log_text()[-3000:])
        print(f"browser: {v.checks if v else 0} passed, 1 failed")
        return 1
    finally:
        if browser:
            browser.close()
        server.cleanup()


if __name__ == "__main__":
    sys.exit(main())
