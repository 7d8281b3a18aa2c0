"""The top bar's style picker: it lists the server's published styles (GET /styles.json) and
choosing one starts a session from that style, which the map then shows; choosing the
default style again goes back to it in another fresh session."""
import json

from viewer_page import BLUE


def style_picker(v):
    print("viewer: the style picker lists the published styles and switches the map")
    page = v.page
    status, published = v.server.request("GET", "/styles.json")
    v.check(status == 200 and [s["id"] for s in published] == ["default", "ocean"], f"the server publishes two styles ({published})")
    page.wait_for("document.querySelectorAll('#style-picker option[value]:not([value=\"\"])').length === 2"
                  " && !document.querySelector('#style-picker').disabled", "the picker filled")
    options = v.js("[...document.querySelectorAll('#style-picker option')].filter(o => o.value).map(o => [o.value, o.textContent])")
    v.check(options == [[s["id"], s["name"]] for s in published], f"the picker offers every published style by name ({options})")
    v.js("strata.map.setView(0, 0, 2)")
    before = v.session()
    v.set_select("#style-picker", "ocean")
    page.wait_for(f"strata.app.session !== {json.dumps(before)} && strata.app.layers.length === 1"
                  " && location.hash.includes(strata.app.session)", "a session from 'ocean'")
    ocean = v.session()
    v.check(v.server_layers(ocean) == ["ocean"] and v.server.request("GET", "/style", session=ocean)[1]["name"] == "Ocean",
            "choosing 'Ocean' made a new session from that published style")
    v.wait_tiles("tiles of the ocean style")
    v.expect_color(BLUE, "the map shows the chosen style", lon=0, lat=0)
    v.expect_color(BLUE, "everywhere (one background layer)", lon=40, lat=-30)
    v.check(v.js("document.querySelector('#style-picker').value") == "ocean", "the picker names the session's style")
    v.shot("15-style-picker.png")
    v.set_select("#style-picker", "default")
    page.wait_for(f"strata.app.session !== {json.dumps(ocean)} && strata.app.layers.some(l => l.id === 'countries-fill')",
                  "a session from 'default'")
    v.wait_tiles("tiles of the default style")
    v.check(v.server_layers() == [l["id"] for l in v.server.request("GET", "/styles/default/style.json")[1]["layers"]],
            "choosing the default style again starts a session with its layers")
    v.check(v.js("document.querySelector('#style-picker').value") == "default", "the picker follows")
    picked = v.session()
    page.click("#reset")
    page.wait_for(f"strata.app.session !== {json.dumps(picked)} && strata.app.layers.length > 0"
                  " && document.querySelector('#style-picker').value === ''", "a new session from the reset button")
    v.check(True, "a session started another way (New session) shows the picker's prompt")
