import JSON

/// A published style's v8 document made usable by a MapLibre/Mapbox GL client of this server
/// (`GET /styles/{id}/style.json`): the URLs the server resolves in its data directory are
/// rewritten to absolute URLs of the routes that serve the same resources over HTTP.
enum GLStyleDocument {
    /// `style` with, under `baseURL`:
    /// - a source `url` naming a published archive (`mbtiles://NAME`, `pmtiles://NAME`; NAME as
    ///   `publishedID` resolves it: an id, tileserver-gl's `{id}` or a file name) → `/data/ID.json`;
    /// - `glyphs` → `/fonts/{fontstack}/{range}.pbf` when the server has fonts (`hasFonts`);
    /// - a single `sprite` → `/styles/{id}/sprite` (the client appends `[@2x].json|png`), each
    ///   sprite of an array → `/styles/{id}/sprite/{spriteID}`.
    /// - local files of the data directory (`isLocalFile`, `isLocalTemplate`) → the routes of
    ///   `GLStyleSources`: GeoJSON `data`, TileJSON `url`, relative `tiles`.
    /// Every other URL (remote ones, archives the server does not publish) is kept.
    static func rewrite(_ style: JSONValue, id: String, baseURL: String, publishedID: (String) -> String?, hasFonts: Bool,
                        isLocalFile: (String) -> Bool = { _ in false }, isLocalTemplate: (String) -> Bool = { _ in false }) -> JSONValue {
        guard case .object(var o) = style else { return style }
        if case .object(var sources)? = o["sources"] {
            for key in sources.keys {
                guard case .object(var source)? = sources[key] else { continue }
                if let url = source["url"]?.stringValue, let name = archiveName(url), let dataID = publishedID(name) {
                    source["url"] = .string("\(baseURL)/data/\(dataID).json")
                } else {
                    source = GLStyleSources.rewrite(source, name: key, id: id, baseURL: baseURL,
                                                    isLocalFile: isLocalFile, isLocalTemplate: isLocalTemplate)
                }
                sources[key] = .object(source)
            }
            o["sources"] = .object(sources)
        }
        if hasFonts { o["glyphs"] = .string("\(baseURL)/fonts/{fontstack}/{range}.pbf") }
        if o["sprite"]?.stringValue != nil { o["sprite"] = .string("\(baseURL)/styles/\(id)/sprite") }
        if case .array(let sprites)? = o["sprite"] {
            o["sprite"] = .array(sprites.map { spriteEntry($0, styleID: id, baseURL: baseURL) })
        }
        return .object(o)
    }

    /// One `{id, url}` of a sprite array pointed at `/styles/{id}/sprite/{spriteID}`, when its
    /// id is a plain name (letters, digits, `-`, `_`, `.`); any other entry is kept.
    static func spriteEntry(_ entry: JSONValue, styleID: String, baseURL: String) -> JSONValue {
        guard case .object(var e) = entry, let spriteID = e["id"]?.stringValue, ServerConfig.isValidStyleName(spriteID) else {
            return entry
        }
        e["url"] = .string("\(baseURL)/styles/\(styleID)/sprite/\(spriteID)")
        return .object(e)
    }

    /// NAME of `mbtiles://NAME` or `pmtiles://NAME` (not of a remote `pmtiles://https://…`).
    static func archiveName(_ url: String) -> String? {
        for scheme in ["mbtiles://", "pmtiles://"] where url.hasPrefix(scheme) {
            let name = String(url.dropFirst(scheme.count))
            return name.isEmpty || name.contains("://") ? nil : name
        }
        return nil
    }
}
