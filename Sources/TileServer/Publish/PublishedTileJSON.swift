import JSON

/// The JSON documents tileserver-gl answers for its published styles, made from a style's
/// v8 document: a raster TileJSON per style and tile size, and the `/styles.json` entry.
/// Pure functions of their inputs, so the catalog is tested without a server.
enum PublishedTileJSON {
    static let worldBounds: [Double] = [-180, -85.0511287798066, 180, 85.0511287798066]

    /// TileJSON 3.0.0 of style `id`'s rendered tiles of `tileSize` (256 or 512) px under
    /// `baseURL` ("http://host:port"). The tile URL carries the style's render hash (`?v=`),
    /// so a client caches the tiles for good and a changed style gets new URLs.
    /// `bounds` and `minzoom` come from the sources (the world and 0 when a source does not
    /// say), `maxzoom` is the deepest zoom the server renders (it overzooms every source),
    /// `center` from the style's center and zoom in this tile size's zoom levels, and
    /// `attribution` joins the sources' distinct attributions.
    /// `sourceAttribution` reads a source's attribution (its own, or its archive's).
    static func rendered(id: String, style: JSONValue, renderHash: String, baseURL: String,
                         tileSize: Int, fileExtension: String = "png", quality: String? = nil,
                         sourceAttribution: (JSONValue) -> String? = { $0["attribution"]?.stringValue }) -> JSONValue {
        let sources = style["sources"]?.objectValue.map { $0.map(\.value) } ?? []
        let bounds = unionBounds(sources) ?? worldBounds
        let minzoom = sources.isEmpty ? 0 : sources.map { $0["minzoom"]?.numberValue ?? 0 }.min() ?? 0
        let sizePart = tileSize == 512 ? "/512" : ""
        var query = "v=\(renderHash)"
        if let quality { query += "&quality=\(quality)" }
        var o = JSONObject()
        o["tilejson"] = "3.0.0"
        o["id"] = .string(id)
        o["name"] = .string(style["name"]?.stringValue ?? id)
        o["attribution"] = .string(attribution(sources, of: sourceAttribution))
        o["scheme"] = "xyz"
        o["tiles"] = [.string("\(baseURL)/styles/\(id)\(sizePart)/{z}/{x}/{y}.\(fileExtension)?\(query)")]
        o["format"] = .string(fileExtension)
        o["type"] = "baselayer"
        o["tileSize"] = .number(Double(tileSize))
        o["minzoom"] = .number(minzoom)
        o["maxzoom"] = .number(Double(TileRequest.maxZoom))
        o["bounds"] = .array(bounds.map { .number($0) })
        o["center"] = .array(center(style, bounds: bounds, tileSize: tileSize).map { .number($0) })
        return .object(o)
    }

    /// `tileJSON` with the members a tileserver-gl config's `tilejson` sets for the style
    /// (`bounds`, `type`, `name`, …) in place of the made ones; the tile URLs and `format`
    /// stay the server's (`format` already chose the URLs' extension).
    static func adding(_ extra: JSONObject?, to tileJSON: JSONValue) -> JSONValue {
        guard let extra, case .object(var o) = tileJSON else { return tileJSON }
        for (key, value) in extra where key != "tiles" && key != "format" && key != "tilejson" { o[key] = value }
        return .object(o)
    }

    /// The `/styles.json` entry of style `id`: `{version, name, id, url}`, `url` its GL style.
    static func catalogEntry(id: String, style: JSONValue, baseURL: String) -> JSONValue {
        [
            "version": .number(style["version"]?.numberValue ?? 8),
            "name": .string(style["name"]?.stringValue ?? id),
            "id": .string(id),
            "url": .string("\(baseURL)/styles/\(id)/style.json"),
        ]
    }

    /// The sources' distinct `attribution` strings in source order, joined as tileserver-gl does.
    static func attribution(_ sources: [JSONValue],
                            of read: (JSONValue) -> String? = { $0["attribution"]?.stringValue }) -> String {
        var seen: [String] = []
        for s in sources {
            if let a = read(s), !a.isEmpty, !seen.contains(a) { seen.append(a) }
        }
        return seen.joined(separator: " | ")
    }

    /// The union of the sources' `bounds`, or nil when a source has none (it may cover the world).
    static func unionBounds(_ sources: [JSONValue]) -> [Double]? {
        guard !sources.isEmpty else { return nil }
        var out: [Double]?
        for s in sources {
            guard let b = s["bounds"]?.arrayValue?.compactMap(\.numberValue), b.count == 4 else { return nil }
            out = out.map { [min($0[0], b[0]), min($0[1], b[1]), max($0[2], b[2]), max($0[3], b[3])] } ?? b
        }
        return out
    }

    /// `[lon, lat, zoom]`: the style's `center` and `zoom` (else the middle of `bounds` at 0),
    /// the zoom in tile levels of `tileSize` (a 256 px tile level is MapLibre's zoom + 1).
    static func center(_ style: JSONValue, bounds: [Double], tileSize: Int) -> [Double] {
        let c = style["center"]?.arrayValue?.compactMap(\.numberValue)
        let lonLat = c?.count == 2 ? c! : [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2]
        let zoom = (style["zoom"]?.numberValue ?? 0) + (tileSize == 256 ? 1 : 0)
        return lonLat + [zoom.rounded()]
    }
}
