"""The viewer's Add tab with a custom layer: the `triangles` renderer chosen, its options (the
classic red/green/blue triangle) shown as JSON, refused options marked at their field, then
the layer added on top — checked on the server and in the map's pixels."""
import json

from viewer_page import BLUE, GREEN, RED


def custom_layer(v, session):
    print("viewer: a custom triangles layer from the Add tab")
    page = v.page
    v.js("strata.map.setView(12.5, 8, 4)")
    v.wait_tiles("tiles around the triangle")
    page.click('[data-tab="add"]')
    page.type_into("#add-layer input[name=id]", "mesh")
    v.set_select("#add-layer select[name=type]", "custom")
    v.set_select("#add-layer select[name=position]", "top")
    v.check(v.js("!document.querySelector('#add-layer select[name=renderer]').closest('div').hidden"
                 " && document.querySelector('#add-layer select[name=source]').disabled"),
            "a custom layer asks for a renderer and options, not a source")
    options = json.loads(v.js("document.querySelector('#add-layer textarea[name=options]').value"))
    v.check(options["vertices"][0] == [12.5, 25, "red"], "the triangles renderer starts from the classic triangle")
    # A colour the renderer refuses: the error shows at the options field, nothing is added.
    bad = dict(options, vertices=[[12.5, 25, "red"], [0, 0, "#00ff00"], [25, 0, "bleu"]])
    v.js(f"(() => {{ document.querySelector('#add-layer textarea[name=options]').value = {json.dumps(json.dumps(bad))}; }})()")
    page.click("#add-layer .add-form .buttons button.primary")
    page.wait_for("document.querySelector('#add-layer .field-error[data-path=\"/layer/options\"]').textContent.length > 0",
                  "the refused colour shown at the options field")
    v.check("mesh" not in v.server_layers(session), "a refused custom layer is not added")
    v.js(f"(() => {{ document.querySelector('#add-layer textarea[name=options]').value = {json.dumps(json.dumps(options))}; }})()")
    page.click("#add-layer .add-form .buttons button.primary")
    page.wait_for("strata.app.layers.some(l => l.id === 'mesh')", "the custom layer added")
    layer = v.server.request("GET", "/layers/mesh", session=session)[1]
    v.check(layer["type"] == "custom" and layer["renderer"] == "triangles", "the server holds the triangles layer")
    v.wait_idle()
    v.check(v.server_layers(session)[-1] == "mesh", "the custom layer is on top")
    # Near each vertex the colour is that vertex's; inside, all three mix.
    for (lon, lat), want, name in [((12.5, 23.5), RED, "red"), ((1.2, 0.6), GREEN, "green"), ((23.8, 0.6), BLUE, "blue")]:
        got = v.map_pixel(lon, lat)
        v.check(all(abs(a - b) <= 48 for a, b in zip(got, want)), f"the {name} corner is {name}: {got}")
    mid = v.map_pixel(12.5, 8)
    v.check(all(40 < c < 215 for c in mid[:3]), f"the middle mixes red, green and blue: {mid}")
    v.shot("15-custom-triangles.png")
    v.check(v.server.request("DELETE", "/layers/mesh", session=session)[0] in (200, 204), "the custom layer removed again")
