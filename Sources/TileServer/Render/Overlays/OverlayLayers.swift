import JSON
import StyleSpec

/// Overlays as style changes: each path a GeoJSON source with its fill, border and stroke
/// layers; the markers one GeoJSON source with a symbol layer each (and one for a pin's
/// label). They are added above the map, or below `before_layer`, so the renderer draws them
/// as any style layer — line widths in CSS px like every line, markers placed first among the
/// symbols (the top layer's are), so the map's labels keep clear of them.
enum OverlayLayers {
    static let prefix = "strata-overlay"
    /// GeoJSON `buffer` of the overlay sources (the largest MapLibre takes): wide strokes
    /// near a tile edge are drawn whole.
    static let buffer = 512.0
    /// A pin label's size, CSS px (times the marker's scale).
    static let labelSize = 12.0

    /// The commands that add `o` to `style`; `icons` are the icon files' images by name.
    static func commands(_ o: StaticOverlays, style: Style, icons: [String: StyleImage], pixelRatio: Double) throws -> [StyleCommand] {
        if let before = o.beforeLayer, style.layer(before) == nil {
            throw OverlayQueryParser.bad("before_layer: the style has no layer \"\(OverlayQueryParser.shown(before))\"")
        }
        var out: [StyleCommand] = []
        func layer(_ l: JSONObject) { out.append(.addLayer(l, beforeId: o.beforeLayer)) }
        for (i, p) in o.paths.enumerated() {
            let source = "\(prefix)-path-\(i)"
            out.append(.addSource(source, pathSource(p)))
            for l in pathLayers(p, source: source) { layer(l) }
        }
        guard !o.markers.isEmpty else { return out }
        let source = "\(prefix)-markers"
        let features: [JSONValue] = o.markers.enumerated().map { i, m in
            ["type": "Feature", "properties": ["i": .number(Double(i))],
             "geometry": ["type": "Point", "coordinates": [.number(m.lon), .number(m.lat)]]]
        }
        out.append(.addSource(source, JSONObject([("type", "geojson"), ("buffer", .number(buffer)),
                                                  ("data", ["type": "FeatureCollection", "features": .array(features)])])))
        let ratio = max(1, min(4, Int(pixelRatio.rounded(.up))))
        let font = labelFont(style)
        for (i, m) in o.markers.enumerated() {
            let image: String
            switch m.icon {
            case .sprite(let name): image = name
            case .file(let name):
                image = "\(prefix)-icon-\(name)"
                if let png = icons[name], !out.contains(where: { if case .addImage(image, _) = $0 { return true }; return false }) {
                    out.append(.addImage(image, png))
                }
            case .pin(let pin):
                image = "\(prefix)-pin-\(i)"
                out.append(.addImage(image, try pin.image(pixelRatio: ratio)))
            }
            layer(markerLayer(m, index: i, image: image, source: source))
            if case .pin(let pin) = m.icon, let label = pin.label {
                layer(labelLayer(m, index: i, label: label, font: font, source: source))
            }
        }
        return out
    }

    /// The path as a line, and as a polygon too when it is filled (closed as a canvas fill is).
    private static func pathSource(_ p: OverlayPath) -> JSONObject {
        let line: [JSONValue] = p.coordinates.map { [.number($0.lon), .number($0.lat)] }
        var features: [JSONValue] = [["type": "Feature", "properties": [:], "geometry": ["type": "LineString", "coordinates": .array(line)]]]
        if p.fill != nil {
            let ring = p.isClosed ? line : line + [line[0]]
            features.append(["type": "Feature", "properties": [:], "geometry": ["type": "Polygon", "coordinates": [.array(ring)]]])
        }
        return JSONObject([("type", "geojson"), ("buffer", .number(buffer)),
                           ("data", ["type": "FeatureCollection", "features": .array(features)])])
    }

    /// Fill, then the border (a wider line beneath the stroke, as tileserver-gl draws it), then
    /// the stroke.
    private static func pathLayers(_ p: OverlayPath, source: String) -> [JSONObject] {
        let isLine: JSONValue = ["==", ["geometry-type"], "LineString"]
        var out: [JSONObject] = []
        if let fill = p.fill {
            out.append(JSONObject([("id", .string(source + "-fill")), ("type", "fill"), ("source", .string(source)),
                                   ("filter", ["==", ["geometry-type"], "Polygon"]),
                                   ("paint", ["fill-color": .string(fill), "fill-antialias": true])]))
        }
        let layout: JSONValue = ["line-cap": .string(p.lineCap), "line-join": .string(p.lineJoin)]
        if let border = p.border, p.borderWidth > 0 {
            out.append(JSONObject([("id", .string(source + "-border")), ("type", "line"), ("source", .string(source)),
                                   ("filter", isLine), ("layout", layout),
                                   ("paint", ["line-color": .string(border), "line-width": .number(p.width + 2 * p.borderWidth)])]))
        }
        if p.width > 0 {
            out.append(JSONObject([("id", .string(source + "-stroke")), ("type", "line"), ("source", .string(source)),
                                   ("filter", isLine), ("layout", layout),
                                   ("paint", ["line-color": .string(p.stroke), "line-width": .number(p.width)])]))
        }
        return out
    }

    /// The marker's icon, bottom centre on the coordinate; always drawn (`allow-overlap`),
    /// and in the collision index (no `ignore-placement`) so labels beneath avoid it.
    private static func markerLayer(_ m: OverlayMarker, index i: Int, image: String, source: String) -> JSONObject {
        JSONObject([("id", .string("\(prefix)-marker-\(i)")), ("type", "symbol"), ("source", .string(source)),
                    ("filter", ["==", ["get", "i"], .number(Double(i))]),
                    ("layout", ["icon-image": .string(image), "icon-anchor": "bottom", "icon-size": .number(m.scale),
                                "icon-offset": [.number(m.offsetX), .number(m.offsetY)],
                                "icon-allow-overlap": true, "icon-padding": 0]) ])
    }

    /// A pin's label centred in its head (offset and scale as the icon's).
    private static func labelLayer(_ m: OverlayMarker, index i: Int, label: String, font: [String], source: String) -> JSONObject {
        let c = MarkerPin.labelCentre
        let offset: JSONValue = [.number((c.x + m.offsetX) / labelSize), .number((c.y + m.offsetY) / labelSize)]
        return JSONObject([("id", .string("\(prefix)-marker-\(i)-label")), ("type", "symbol"), ("source", .string(source)),
                           ("filter", ["==", ["get", "i"], .number(Double(i))]),
                           ("layout", ["text-field": .string(label), "text-font": .array(font.map { .string($0) }),
                                       "text-size": .number(labelSize * m.scale), "text-offset": offset, "text-anchor": "center",
                                       "text-allow-overlap": true, "text-ignore-placement": true, "text-padding": 0]),
                           ("paint", ["text-color": "#ffffff"])])
    }

    /// A font the style's labels use (a plain `text-font` of its symbol layers, a Regular one
    /// first, an italic one last), so a pin's label finds its glyphs; else the fonts
    /// directory's Noto Sans Regular.
    static func labelFont(_ style: Style) -> [String] {
        var found: [[String]] = []
        for l in style.layers where l.type == .symbol {
            if case .object(let layout)? = l.json["layout"], case .array(let a)? = layout["text-font"] {
                let names = a.compactMap(\.stringValue)
                if !names.isEmpty, names.count == a.count { found.append(names) }
            }
        }
        return found.first { $0[0].contains("Regular") } ?? found.first { !$0[0].contains("Italic") } ?? found.first
            ?? ["Noto Sans Regular"]
    }
}
