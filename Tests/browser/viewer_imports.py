"""The Style tab's imports: a session whose style imports a basemap with a `schema` shows the
import with its options — a colour picker for the colour, a select for the enum, a toggle for the
boolean — and each change is one PATCH /imports/{id}/config that the map shows and undo reverts."""
import json

from viewer_page import RED, BLUE

BASEMAP = {
    "version": 8, "name": "Tinted basemap",
    "schema": {"land": {"default": "#ff0000", "type": "color"},
               "shade": {"default": "full", "type": "string", "values": ["full", "half"]},
               "shown": {"default": True, "type": "boolean"}},
    "sources": {},
    "layers": [{"id": "land", "type": "background", "paint": {
        "background-color": ["config", "land"],
        "background-opacity": ["case", ["config", "shown"], ["match", ["config", "shade"], "full", 1, 0.5], 0]}}],
}


def imports_panel(v):
    print("viewer: the style's imports and their options in the Style tab")
    page, server = v.page, v.server
    status, created = server.request("POST", "/sessions", {"style": {
        "version": 8, "imports": [{"id": "base", "data": BASEMAP}], "sources": {}, "layers": []}})
    v.check(status == 201, f"a session importing a basemap ({status} {created})")
    sid = created["id"]
    page.navigate("about:blank")
    page.navigate(f"{server.base}/#session={sid}")
    page.wait_for(f"!!(window.strata && strata.app.session === {json.dumps(sid)} && strata.app.style)", "the session opened")
    v.js("strata.map.setView(0, 0, 2)")
    v.wait_tiles("tiles of the importing style")
    v.expect_color(RED, "the imported background in its default colour")
    page.click('[data-tab="style"]')
    page.wait_for("document.querySelectorAll('.imports .import-option').length === 3", "the import's three options")
    v.check(v.text(".imports .import h5").startswith("base"), "the import is listed by id")
    kinds = v.js("Object.fromEntries([...document.querySelectorAll('.imports [data-option]')].map(e => "
                 "[e.dataset.option, e.tagName === 'SELECT' ? 'select' : e.type]))")
    v.check(kinds == {"land": "color", "shade": "select", "shown": "checkbox"},
            f"a colour picker, a select and a toggle ({kinds})")
    v.check(v.js("document.querySelector('.imports [data-option=land]').value") == "#ff0000", "the picker shows the colour")

    rev = server.request("GET", f"/sessions/{sid}")[1]["revision"]
    v.js("""(() => { const e = document.querySelector('.imports [data-option=land]'); e.value = '#0000ff';
        e.dispatchEvent(new Event('change', {bubbles: true})); })()""")
    config = wait_config(v, sid, "land", "#0000ff")
    v.check(server.request("GET", f"/sessions/{sid}")[1]["revision"] == rev + 1, "one revision for the change")
    v.wait_idle()
    v.expect_color(BLUE, "the map shows the new colour")
    v.shot("16-imports.png")
    v.set_select(".imports [data-option=shade]", json.dumps("half"))
    wait_config(v, sid, "shade", "half")
    page.click(".imports [data-option=shown]")
    config = wait_config(v, sid, "shown", False)
    v.check(config["land"] == "#0000ff", "options set one by one keep each other")
    page.click("#undo")
    wait_config(v, sid, "shown", True)
    v.check(True, "undo reverts the last option")


def wait_config(v, sid, name, want):
    """Polls GET /imports/base/config until option `name` is `want`; returns the config."""
    v.page.wait_for(f"""(async () => {{ const r = await fetch('/imports/base/config', {{headers: {{'X-Session-ID': {json.dumps(sid)}}}}});
        const b = await r.json(); return JSON.stringify(b.config[{json.dumps(name)}]) === {json.dumps(json.dumps(want))}; }})()""",
                    f"option {name} = {want}")
    config = v.server.request("GET", "/imports/base/config", session=sid)[1]["config"]
    v.check(config[name] == want, f"the server holds {name} = {want}")
    return config
