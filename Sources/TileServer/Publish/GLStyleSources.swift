import Foundation
import JSON

/// The local files a published style's sources name, pointed at routes of this server for a GL
/// client (which cannot read the data directory): a GeoJSON source's `data` file →
/// `/styles/{id}/sources/{source}.geojson`, a vector/raster source's TileJSON file →
/// `/styles/{id}/sources/{source}.json`, relative tile templates →
/// `/styles/{id}/sources/{source}/{z}/{x}/{y}`. Inline GeoJSON, archives and remote URLs are
/// left to `GLStyleDocument`.
enum GLStyleSources {
    /// The source URL path of `name` under `base` for style `id`; nil when the name cannot be
    /// one path segment (a `/` in it), so its URL is kept.
    static func sourceURL(_ base: String, id: String, name: String) -> String? {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != "..",
              let encoded = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#;")))
        else { return nil }
        return "\(base)/styles/\(id)/sources/\(encoded)"
    }

    /// `source` with its local files served by this server; `isLocalFile` says whether a URL
    /// resolves to a file of the data directory, `isLocalTemplate` the same for a tile template.
    static func rewrite(_ source: JSONObject, name: String, id: String, baseURL: String,
                        isLocalFile: (String) -> Bool, isLocalTemplate: (String) -> Bool) -> JSONObject {
        guard let at = sourceURL(baseURL, id: id, name: name) else { return source }
        var s = source
        if s["type"]?.stringValue == "geojson", let data = s["data"]?.stringValue, isLocalFile(data) {
            s["data"] = .string(at + ".geojson")
        }
        if ["vector", "raster", "raster-dem"].contains(s["type"]?.stringValue ?? ""), let url = s["url"]?.stringValue,
           isLocalFile(url) {
            s["url"] = .string(at + ".json")
        }
        if case .array(let tiles)? = s["tiles"] {
            s["tiles"] = .array(tiles.map { t in
                guard let template = t.stringValue, isLocalTemplate(template) else { return t }
                return .string(tileTemplate(at, template))
            })
        }
        return s
    }

    /// A TileJSON file of the data directory as served: its relative tile templates pointed at
    /// `/styles/{id}/sources/{source}/{z}/{x}/{y}` as the renderer resolves them (against the
    /// data directory's root).
    static func tileJSON(_ doc: JSONValue, sourceURL at: String, isLocalTemplate: (String) -> Bool) -> JSONValue {
        guard case .object(var o) = doc, case .array(let tiles)? = o["tiles"] else { return doc }
        o["tiles"] = .array(tiles.map { t in
            guard let template = t.stringValue, isLocalTemplate(template) else { return t }
            return .string(tileTemplate(at, template))
        })
        return .object(o)
    }

    /// `{at}/{z}/{x}/{y}` with the template's file extension, if any (`.pbf`, `.png`).
    static func tileTemplate(_ at: String, _ template: String) -> String {
        var path = Substring(template)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        let last = path.split(separator: "/").last ?? ""
        let ext = last.contains(".") ? String(last[last.index(after: last.lastIndex(of: ".")!)...]) : ""
        let plain = !ext.isEmpty && ext.count <= 5 && ext.allSatisfy { $0.isLetter || $0.isNumber }
        return at + "/{z}/{x}/{y}" + (plain ? "." + ext : "")
    }
}
