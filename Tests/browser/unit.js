// Unit checks of the viewer's pure modules, evaluated inside the page by viewer_test.py
// (so they run in the real browser against the modules the server serves). The expression
// resolves to {passed, failures: [...]}.
(async () => {
  const failures = [];
  let passed = 0;
  const eq = (name, got, want) => {
    const g = JSON.stringify(got), w = JSON.stringify(want);
    if (g === w) passed++; else failures.push(`${name}: got ${g}, want ${w}`);
  };
  const { locate, pointerStartsWith, pointerTokens } = await import("/js/jsonpointer.js");
  const { dropPlacement } = await import("/js/placement.js");
  const { RemovedLayers } = await import("/js/removed.js");
  const { project, unproject, wrapX } = await import("/js/mercator.js");
  const { parseValue, formatValue } = await import("/js/fields.js");
  const { toHex } = await import("/js/colors.js");

  // JSON pointers into typed text
  const text = JSON.stringify({ id: "a", paint: { "fill-color": "red", "o": [1, { "x/y": 3 }] }, filter: ["==", "k", 1] }, null, 2);
  const at = p => { const r = locate(text, p); return r && [text.slice(r.start, r.end), r.line, r.exact]; };
  eq("locate member", at("/paint/fill-color"), ['"red"', 4, true]);
  eq("locate escaped", at("/paint/o/1/x~1y"), ["3", 8, true]);
  eq("locate array element", at("/filter/1"), ['"k"', 14, true]);
  eq("locate missing → deepest parent", at("/paint/nope")[1], 3);
  eq("locate missing exact flag", at("/paint/nope")[2], false);
  eq("locate bad JSON", locate("{bad", "/x"), null);
  eq("tokens", pointerTokens("/a~1b/c~0d"), ["a/b", "c~d"]);
  eq("prefix yes", pointerStartsWith("/paint/fill-color/2", "/paint/fill-color"), true);
  eq("prefix no (partial token)", pointerStartsWith("/paint/fill-colorx", "/paint/fill-color"), false);

  // Drop placement (rows top → bottom without the dragged one)
  const L = (id, slot = null, type = "fill") => ({ id, slot, type });
  const rows = [L("t1"), L("top", null, "slot"), L("m2", "middle"), L("m1", "middle"), L("middle", null, "slot"), L("a"), L("bg", null, "background")];
  eq("above a main layer", dropPlacement(L("x"), rows, 5), { slot: null, position: { above: "a" } });
  eq("between slot members", dropPlacement(L("x"), rows, 3), { slot: "middle", position: { above: "m1" } });
  eq("member above its marker → slot bottom", dropPlacement(L("x"), rows, 4), { slot: "middle", position: { at: 0 } });
  eq("main layer above a marker → main stack", dropPlacement(L("x"), rows, 1), { slot: null, position: { above: "top" } });
  eq("at the bottom", dropPlacement(L("x"), rows, rows.length), { slot: null, position: { below: "bg" } });
  eq("marker skips slot members", dropPlacement(L("s", null, "slot"), rows, 2), { slot: null, position: { above: "middle" } });
  eq("empty list", dropPlacement(L("x"), [], 0), null);

  // Removed layers go back between their old neighbours, in their own group
  const r = new RemovedLayers();
  r.use("unit-" + Math.random());
  const bottomUp = [L("bg"), L("a"), L("b"), L("c")];
  r.add({ id: "b", type: "fill" }, bottomUp);
  eq("remembers neighbours", [r.items[0].below, r.items[0].above], ["a", "c"]);
  eq("re-add below the upper neighbour", RemovedLayers.position(r.items[0], [L("bg"), L("a"), L("c")]), { below: "c" });
  eq("upper gone → above the lower", RemovedLayers.position(r.items[0], [L("bg"), L("a")]), { above: "a" });
  eq("both gone → top", RemovedLayers.position(r.items[0], [L("bg")]), null);
  r.prune([L("b")]);
  eq("pruned once present again", r.items.length, 0);

  // Mercator
  const [x, y] = project(13.26, 53.55, 10);
  const [lon, lat] = unproject(x, y, 10);
  eq("project/unproject round trip", [lon.toFixed(6), lat.toFixed(6)], ["13.260000", "53.550000"]);
  eq("origin", project(-180, 85.0511287798066, 0).map(v => Math.round(v)), [0, 0]);
  eq("wrapX", [wrapX(-1, 2), wrapX(4, 2), wrapX(5, 2)], [3, 0, 1]);

  // Value boxes and colours
  eq("parse number", parseValue("0.5"), 0.5);
  eq("parse bare string", parseValue("#ff0000"), "#ff0000");
  eq("parse expression", parseValue('["get", "c"]'), ["get", "c"]);
  eq("empty resets", parseValue("  "), null);
  eq("format", [formatValue("red"), formatValue(2), formatValue(["get", "c"]), formatValue(undefined)], ["red", "2", '["get","c"]', ""]);
  eq("toHex css", [toHex("red"), toHex("rgba(0, 128, 255, 0.5)"), toHex("hsl(120, 100%, 25%)")], ["#ff0000", "#0080ff", "#008000"]);
  eq("toHex invalid", [toHex("notacolour"), toHex(3)], [null, null]);

  // Icons: a hostile type or colour from a shared style never becomes markup
  const { typeIcon } = await import("/js/icons.js");
  const icon = typeIcon('<img src=x onerror="window.__pwned=1">', 'red"/><image href="x" onerror="window.__pwned=1"/>');
  eq("icon has no injected elements", [icon.querySelector("img, image, script"), icon.querySelector("title").textContent.startsWith("<img")], [null, true]);
  eq("icon colour falls back when unsafe", icon.innerHTML.includes('fill="#666"'), true);

  // Symbol layers: the text field box (a property name or an expression), fonts, icons
  const S = await import("/js/symbols.js");
  eq("text field: property", [S.parseTextField("name"), S.parseTextField(" name_en "), S.parseTextField("addr:city")],
    [["get", "name"], ["get", "name_en"], ["get", "addr:city"]]);
  eq("text field: expression, literal, token string, reset",
    [S.parseTextField('["upcase", ["get", "name"]]'), S.parseTextField('"name"'), S.parseTextField("{name} city"), S.parseTextField("  ")],
    [["upcase", ["get", "name"]], "name", "{name} city", null]);
  eq("text field shown", [S.formatTextField(["get", "name"]), S.formatTextField("name"), S.formatTextField("{name}!"),
    S.formatTextField(["upcase", ["get", "name"]]), S.formatTextField(undefined)], ["name", '"name"', "{name}!", '["upcase",["get","name"]]', ""]);
  for (const t of ["name", '"name"', "{name} city", '["get","x y"]']) eq(`text field round trip ${t}`, S.formatTextField(S.parseTextField(t)), t);
  eq("font option ↔ stack", [S.fontOption(["A", "B"]), S.fontOption(undefined), S.fontValue("A"), S.fontValue("")], ["A", "", ["A"], null]);
  eq("font options keep an unknown current font", S.fontOptions(["A"], "Z", "-").map(o => o[0]), ["", "Z", "A"]);
  eq("default font", [S.defaultFont(["A", "Noto Sans Regular"]), S.defaultFont(["A"]), S.defaultFont([])], ["Noto Sans Regular", "A", ""]);
  eq("image options", S.imageOptions([{ id: "a" }, { id: "b" }], "c").map(o => o[0]), ["", "c", "a", "b"]);
  eq("starter symbol", S.starterSymbol({ textField: ["get", "name"], font: "F", icon: "i", color: "#123456" }), {
    layout: { "text-field": ["get", "name"], "text-font": ["F"], "text-size": 14, "icon-image": "i", "text-anchor": "top", "text-offset": [0, 0.8] },
    paint: { "text-color": "#123456", "text-halo-color": "#ffffff", "text-halo-width": 1.5 } });
  eq("starter symbol, icon only", S.starterSymbol({ textField: null, font: "F", icon: "i", color: "#000" }),
    { layout: { "icon-image": "i" }, paint: {} });

  return { passed, failures };
})()
