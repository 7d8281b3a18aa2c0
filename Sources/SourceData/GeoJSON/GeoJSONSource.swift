import Geo
import JSON

/// A parsed, indexed GeoJSON source: immutable, built once per data version and shared by
/// every render thread. Features keep their input order (MapLibre draws in that order).
///
/// The renderer's path for a view rectangle (a tile ± buffer, or a static image's bounds,
/// possibly beyond 0...1 in x where the world repeats):
/// `forEachFeature(in:zoom:scratch:)` — or, to filter features before paying for geometry,
/// `worldCopies(intersecting:)` + `query(_:into:)` + `clip(feature:zoom:to:worldCopy:into:)`.
public final class GeoJSONSource: Sendable {
    public let options: GeoJSONOptions
    public let features: [Feature]
    /// Parts of the input that were skipped, as "JSON pointer: why" (capped at 100 + a count).
    public let warnings: [String]
    /// Union of all feature bounds (empty without features).
    public let bounds: WorldRect
    let geometry: PackedGeometry
    let index: PackedRTree
    /// A clustered source's views by zoom (nil: not clustered, see `clustered(reducer:)`).
    let clusters: ClusterLevels?

    init(options: GeoJSONOptions, features: [Feature], headers: [GeometryHeader], warnings: [String], store: GeometryStore) {
        self.options = options
        clusters = nil
        self.warnings = warnings
        self.features = features
        var b = WorldRect.empty
        for f in features { b.formUnion(f.bounds) }
        bounds = b
        index = PackedRTree(features.map(\.bounds))
        // Geometry in the index's (spatial) order; features keep the input order.
        geometry = PackedGeometry(store, headers: headers, order: index.leafOrder)
    }

    /// `source` with its cluster views (it shares the source's data).
    init(_ source: GeoJSONSource, clusters: ClusterLevels) {
        options = source.options; features = source.features; warnings = source.warnings; bounds = source.bounds
        geometry = source.geometry; index = source.index
        self.clusters = clusters
    }

    /// Reads a GeoJSON document (FeatureCollection, Feature or bare geometry). Throws when
    /// the document as a whole is not GeoJSON (not an object, unknown or missing `type`,
    /// no `features` array); bad features, geometries and positions inside are skipped and
    /// listed in `warnings`. `include` (the source's `filter`, evaluated by the caller) is
    /// asked about every feature once its geometry is read.
    public static func parse(_ json: JSONValue, options: GeoJSONOptions = GeoJSONOptions(),
                             include: ((Feature) -> Bool)? = nil) throws -> GeoJSONSource {
        var reader = GeoJSONReader(options: options, include: include)
        try reader.read(json)
        return GeoJSONSource(options: options, features: reader.features, headers: reader.headers, warnings: reader.warnings.all, store: reader.store)
    }

    /// `parse` from JSON text (UTF-8 bytes); a JSON syntax error is thrown as `JSONParseError`.
    public static func parse(bytes: UnsafeRawBufferPointer, options: GeoJSONOptions = GeoJSONOptions(),
                             include: ((Feature) -> Bool)? = nil) throws -> GeoJSONSource {
        try parse(JSONParser.parse(bytes: bytes), options: options, include: include)
    }

    /// `parse` from JSON text held in an array.
    public static func parse(bytes: [UInt8], options: GeoJSONOptions = GeoJSONOptions(),
                             include: ((Feature) -> Bool)? = nil) throws -> GeoJSONSource {
        try bytes.withUnsafeBytes { try parse(bytes: $0, options: options, include: include) }
    }

    /// Like `parse`, but a document that is not GeoJSON gives an empty source whose warning
    /// says why — what MapLibre shows for it (nothing), for styles that must still load.
    public static func parseLeniently(_ json: JSONValue, options: GeoJSONOptions = GeoJSONOptions(),
                                      include: ((Feature) -> Bool)? = nil) -> GeoJSONSource {
        do {
            return try parse(json, options: options, include: include)
        } catch {
            return empty(options: options, warnings: ["\(error)"])
        }
    }

    /// A source without features.
    public static func empty(options: GeoJSONOptions = GeoJSONOptions(), warnings: [String] = []) -> GeoJSONSource {
        GeoJSONSource(options: options, features: [], headers: [], warnings: warnings,
                      store: GeometryStore(trackDistances: options.lineMetrics, minSqTolerance: 0))
    }

    /// Number of vertices stored.
    public var vertexCount: Int { geometry.counts.points }

    /// Approximate bytes held (geometry, index and properties), for cache budgets.
    public var byteSize: Int {
        var bytes = geometry.byteSize + index.byteSize + features.capacity * MemoryLayout<Feature>.stride
        for f in features {
            bytes += JSONValue.object(f.properties).estimatedBytes
            if let id = f.id { bytes += id.estimatedBytes }
        }
        return bytes + (clusters?.byteSize ?? 0)
    }
}

extension JSONValue {
    /// Rough heap bytes of a value (for cache budgets, not exact accounting).
    var estimatedBytes: Int {
        switch self {
        case .null, .bool, .number: return 0
        case .string(let s): return s.utf8.count > 15 ? 32 + s.utf8.count : 0
        case .array(let a): return 32 + a.count * 24 + a.reduce(0) { $0 + $1.estimatedBytes }
        case .object(let o):
            guard !o.isEmpty else { return 0 }
            return 32 + o.count * 40 + o.entries.reduce(0) { $0 + JSONValue.string($1.key).estimatedBytes + $1.value.estimatedBytes }
        }
    }
}
