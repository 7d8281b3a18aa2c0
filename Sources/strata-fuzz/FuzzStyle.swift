import JSON
import StyleSpec

/// A small valid style that command batches are applied to.
let fuzzBaseStyle: Style = {
    let text = """
    {"version": 8, "name": "fuzz", "center": [13, 53], "zoom": 3,
     "sources": {"s": {"type": "geojson", "data": {"type": "Point", "coordinates": [13, 53]}}},
     "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#eee"}},
                {"id": "fill", "type": "fill", "source": "s", "filter": ["==", "$type", "Polygon"],
                 "paint": {"fill-color": ["get", "c"]}},
                {"id": "line", "type": "line", "source": "s", "paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 0, 1, 10, 4]}}]}
    """
    guard case .success(let (style, _))? = try? Style.parse(JSONParser.parse(text)) else { fatalError("base style does not load") }
    return style
}()

/// Style documents and command batches (`PUT /style`, `POST /style/operations`): a style
/// that loads reloads from its own `toJSON()` unchanged; a failed load reports an error;
/// `StyleDiff` from the base style reproduces it; commands round-trip through their JSON
/// form, and a batch that applies leaves a style that reloads.
func fuzzStyle(_ data: UnsafeRawBufferPointer) {
    guard let json = try? JSONParser.parse(bytes: data) else { return }
    switch Style.parse(json) {
    case .success(let (style, _)):
        checkReloads(style, "the style")
        let diff = StyleDiff.diff(from: fuzzBaseStyle, to: style)
        switch fuzzBaseStyle.applying(diff, allowingUnsupportedLayerTypes: true) {
        case .success(let patched):
            fuzzCheck(patched.toJSON() == style.toJSON(), "StyleDiff commands do not reproduce the style")
        case .failure(let e):
            fatalError("StyleDiff commands fail to apply: \(e)")
        }
    case .failure(let errors):
        fuzzCheck(!errors.isEmpty, "a failed style load reports no error")
    }
    guard case .success(let commands) = StyleCommand.parseBatch(json) else { return }
    for c in commands {
        let again = try? StyleCommand(json: c.json)
        fuzzCheck(again == c, "command \(c.name) does not round-trip through its JSON form")
    }
    if case .success(let edited) = fuzzBaseStyle.applying(commands) { checkReloads(edited, "the edited style") }
}

/// `what`'s document loads again, as the same document.
private func checkReloads(_ style: Style, _ what: String) {
    let doc = style.toJSON()
    let text = doc.serializedBytes()
    guard let reread = try? JSONParser.parse(text) else { fatalError("\(what): its JSON text does not parse") }
    switch Style.parse(reread) {
    case .success(let (again, _)):
        fuzzCheck(again.toJSON() == doc, "\(what): toJSON → load → toJSON changed it")
    case .failure(let errors):
        fatalError("\(what): its own JSON does not load: \(errors)")
    }
}
