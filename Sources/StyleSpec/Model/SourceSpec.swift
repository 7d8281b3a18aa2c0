import JSON

/// The type of a source (v8 `source.type`).
public enum SourceType: String, Sendable, Hashable, CaseIterable {
    case vector, raster
    case rasterDEM = "raster-dem"
    case geojson, video, image
}

/// A source of a style: its id, type and validated JSON. For GeoJSON, `data` is inline JSON or
/// a URL string; the `SourceData` target loads and indexes it (keyed by `dataHash`, so sessions
/// with equal data share the parsed index).
public struct SourceSpec: Sendable, Hashable {
    public enum GeoJSONData: Sendable, Hashable {
        case inline(JSONValue)
        case url(String)
    }

    public let id: String
    public let type: SourceType
    public let json: JSONObject
    /// Digest of the whole source JSON (render-relevant: every key may change tiles).
    public let contentHash: ContentHash
    /// Digest of the GeoJSON `data` alone (nil for other types).
    public let dataHash: ContentHash?

    /// Assumes `json` was validated (see `SourceValidator`).
    public init(id: String, type: SourceType, json: JSONObject) {
        self.id = id; self.type = type; self.json = json
        let data = type == .geojson ? json["data"] : nil
        let dh = data.map { ContentHash.of(json: $0) }
        dataHash = dh
        var h = ContentHasher()
        h.string(type.rawValue)
        for e in json.entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) where e.key != "data" {
            h.string(e.key); h.json(e.value)
        }
        if let dh { h.tag(1); h.hash(dh) }
        contentHash = h.finalize()
    }

    public var geojsonData: GeoJSONData? {
        guard type == .geojson, let d = json["data"] else { return nil }
        if case .string(let url) = d { return .url(url) }
        return .inline(d)
    }

    /// A copy with new GeoJSON data (`setGeoJSONSourceData`).
    public func withData(_ data: JSONValue) -> SourceSpec {
        var j = json
        j["data"] = data
        return SourceSpec(id: id, type: type, json: j)
    }

    public static func == (l: SourceSpec, r: SourceSpec) -> Bool { l.id == r.id && l.contentHash == r.contentHash }
    public func hash(into h: inout Hasher) { h.combine(id); h.combine(contentHash) }
}
