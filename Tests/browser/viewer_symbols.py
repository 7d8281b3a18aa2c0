"""The viewer with symbol layers: a label layer added from the Add tab (text field, a font from
GET /fonts, colour) shows on the map; the editor changes its text field (a property name or an
expression), size, font, halo and icon (from GET /images), marks a refused value at its field,
and every change reaches the server and the tiles."""
import json

import png

BLUE_TEXT = "#0000ff"


def blue_pixels(v):
    """How many pixels of the map are the new labels' blue (the default style has none)."""
    r = v.js("(() => { const r = document.getElementById('map').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
    w, h, ch, rows = png.decode(v.page.screenshot(clip={"x": r[0], "y": r[1], "width": r[2], "height": r[3]}))
    n = 0
    for y in range(h):
        for x in range(w):
            p = png.pixel(rows, ch, x, y)
            if p[2] > 180 and p[0] < 90 and p[1] < 90:
                n += 1
    return n


def symbol_layer(v, session):
    print("viewer: a symbol layer from the Add tab, edited in the layer editor")
    page = v.page
    v.js("strata.app.refresh()")  # the previous step deleted its layer behind the page's back
    v.js("strata.map.setView(8, 48, 5)")  # western and central Europe: cities, none of the test's boxes
    v.wait_tiles("tiles of Europe")
    before = blue_pixels(v)
    v.check(before == 0, f"no blue text on the map before ({before} px)")

    page.click('[data-tab="add"]')
    page.type_into("#add-layer input[name=id]", "names")
    v.set_select("#add-layer select[name=type]", "symbol")
    v.check(v.js("!document.querySelector('#add-layer input[name=\"text-field\"]').closest('div').hidden"
                 " && !document.querySelector('#add-layer select[name=source]').disabled"),
            "a symbol layer asks for a source, a text field, a font and an icon")
    fonts = v.server.request("GET", "/fonts")[1]
    offered = v.js("[...document.querySelectorAll('#add-layer select[name=\"text-font\"] option')].map(o => o.value).filter(Boolean)")
    v.check(offered == fonts and "Noto Sans Regular" in offered, f"the font choices are GET /fonts ({len(offered)} fonts)")
    v.check(v.js("document.querySelector('#add-layer select[name=\"text-font\"]').value") == "Noto Sans Regular",
            "Noto Sans Regular is the starting font")
    v.set_select("#add-layer select[name=source]", "cities")
    v.set_select("#add-layer select[name=position]", "top")
    v.js(f"(() => {{ const c = document.querySelector('#add-layer input[name=color]'); c.value = '{BLUE_TEXT}';"
         " c.dispatchEvent(new Event('input')); })()")
    page.type_into('#add-layer input[name="text-field"]', "name")
    page.click("#add-layer .add-form .buttons button.primary")
    page.wait_for("strata.app.selected === 'names' && !!document.querySelector('#editor .field[data-path=\"/layout/text-field\"]')",
                  "the symbol layer in the editor")
    layer = v.server.request("GET", "/layers/names", session=session)[1]
    v.check(layer["type"] == "symbol" and layer["layout"]["text-field"] == ["get", "name"]
            and layer["layout"]["text-font"] == ["Noto Sans Regular"] and layer["paint"]["text-color"] == BLUE_TEXT,
            f"the server holds the label layer: {json.dumps(layer['layout'])}")
    v.wait_idle()
    drawn = blue_pixels(v)
    v.check(drawn > 150, f"the map shows the new blue labels ({drawn} px)")
    v.shot("16-symbol-added.png")

    print("viewer: the symbol editor")
    field = '#editor .field[data-path="/layout/text-field"]'
    v.check(v.js(f"document.querySelector('{field} input.value').value") == "name", "the text field shows the property name")
    page.type_into(f"{field} input.value", '["upcase", ["get", "name"]]', enter=True)
    page.wait_for("JSON.stringify(strata.app.style.layers.find(l => l.id === 'names').layout['text-field'])"
                  " === '[\"upcase\",[\"get\",\"name\"]]'", "an expression as the text field")
    v.wait_idle()
    upper = blue_pixels(v)
    v.check(upper != drawn, f"upper-case names change the map ({drawn} → {upper} px)")
    size = '#editor .field[data-path="/layout/text-size"]'
    page.type_into(f"{size} input.value", "big", enter=True)
    page.wait_for(f"document.querySelector('{size} .field-error').textContent.length > 0", "an error under text-size")
    v.check(v.text(f"{size} .field-error") != "", f"a refused size is marked at its field: {v.text(f'{size} .field-error')!r}")
    page.type_into(f"{size} input.value", "22", enter=True)
    page.wait_for("strata.app.style.layers.find(l => l.id === 'names').layout['text-size'] === 22", "text-size 22")
    v.wait_idle()
    bigger = blue_pixels(v)
    v.check(bigger != upper, f"the larger text changes the map ({upper} → {bigger} px)")
    font = '#editor .field[data-path="/layout/text-font"] select'
    bold = "Noto Sans Bold" if "Noto Sans Bold" in fonts else fonts[-1]
    v.set_select(font, bold)
    page.wait_for(f"strata.app.style.layers.find(l => l.id === 'names').layout['text-font']?.[0] === {json.dumps(bold)}", "the font")
    v.check(v.server.request("GET", "/layers/names", session=session)[1]["layout"]["text-font"] == [bold], f"the font select sets [{bold!r}]")
    halo = '#editor .field[data-path="/paint/text-halo-width"] input.value'
    page.type_into(halo, "2", enter=True)
    page.wait_for("strata.app.style.layers.find(l => l.id === 'names').paint['text-halo-width'] === 2", "the halo width")
    v.check(True, "the halo width is set from the editor")

    # An image of the session (PUT /images) becomes a choice for icon-image.
    status = v.js(f"""(async () => {{ const c = document.createElement('canvas'); c.width = c.height = 12;
        const g = c.getContext('2d'); g.fillStyle = '#0000ff'; g.fillRect(0, 0, 12, 12);
        const blob = await new Promise(r => c.toBlob(r, 'image/png'));
        const res = await fetch('/images/square', {{method: 'PUT', body: blob, headers: {{'X-Session-ID': {json.dumps(session)}}}}});
        await strata.app.refresh(); return res.status; }})()""")
    v.check(status == 201, f"an image PUT for the session ({status})")
    icon = '#editor .field[data-path="/layout/icon-image"] select'
    page.wait_for(f"[...document.querySelectorAll('{icon} option')].some(o => o.value === 'square')", "the image among the icons")
    v.set_select(icon, "square")
    page.wait_for("strata.app.style.layers.find(l => l.id === 'names').layout['icon-image'] === 'square'", "the icon")
    v.wait_idle()
    with_icons = blue_pixels(v)
    v.check(with_icons != bigger and v.js("strata.map.failed") == 0, f"the icons change the map ({bigger} → {with_icons} px)")
    v.shot("17-symbol-edited.png")
    v.check(v.server.request("DELETE", "/layers/names", session=session)[0] in (200, 204), "the symbol layer removed again")
    v.js("strata.app.refresh()")
