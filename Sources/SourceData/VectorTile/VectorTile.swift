import Geo
import JSON

/// A decoded Mapbox Vector Tile (MVT 2.1): its layers by name, each with features whose
/// geometry stays in the tile's integer coordinates until a renderer asks for it in world
/// coordinates (`VectorTileLayer.geometry(of:tile:wrap:into:)`). Immutable and shared by
/// every render thread once decoded.
public final class VectorTile: Sendable {
    /// Layers by name (a later layer with the same name replaces an earlier one, as in
    /// MapLibre's vector-tile reader).
    public let layers: [String: VectorTileLayer]
    /// Features skipped because they were malformed, as "layer/feature: why": at most
    /// `maxFeatureWarnings` of them, then at most two summary lines (how many more were
    /// skipped, how many field-0 padding values were ignored).
    public let warnings: [String]

    init(layers: [String: VectorTileLayer], warnings: [String]) {
        self.layers = layers; self.warnings = warnings
    }

    /// A tile without layers (an empty tile file, or a tile the source does not have).
    public static let empty = VectorTile(layers: [:], warnings: [])

    /// Per-feature warnings kept before the rest are only counted.
    public static let maxFeatureWarnings = VectorTileDecoder.maxWarnings
    /// The most `warnings` a tile can carry: the per-feature ones and two summary lines.
    public static let maxWarnings = maxFeatureWarnings + 2

    /// Decodes MVT bytes; gzip-compressed bytes are inflated first. Structural damage (a
    /// truncated or mis-typed field) throws; a feature whose geometry or tags are invalid is
    /// skipped and listed in `warnings`. Zero bytes give an empty tile.
    public static func decode(_ bytes: [UInt8]) throws -> VectorTile {
        if bytes.isEmpty { return .empty }
        let raw = try Inflate.gunzipIfNeeded(bytes)
        return try raw.withUnsafeBufferPointer { try VectorTileDecoder.decode($0) }
    }

    /// Approximate bytes held (for cache budgets).
    public var byteSize: Int {
        64 + layers.values.reduce(0) { $0 + $1.byteSize }
    }
}

/// One layer of a vector tile.
public struct VectorTileLayer: Sendable {
    public let name: String
    public let version: Int
    /// Tile coordinates run 0..<extent across the tile (4096 by default).
    public let extent: Int
    public let features: [VectorTileFeature]
    /// Vertices of every feature, in tile coordinates (x right, y down).
    let points: [SIMD2<Int32>]
    /// End (exclusive) in `points` of each part: a point set, a line or a closed ring.
    let partEnds: [Int32]
    /// End (exclusive) in `partEnds` of each polygon; its first ring is the outer one.
    let polygonEnds: [Int32]

    /// Approximate bytes held: array capacities (appended arrays keep up to twice their
    /// count), and each feature's properties as if unshared (their strings are often shared
    /// with the layer's value table, so this errs high).
    public var byteSize: Int {
        var bytes = 96 + name.utf8.count + points.capacity * 8 + partEnds.capacity * 4 + polygonEnds.capacity * 4
        bytes += features.capacity * MemoryLayout<VectorTileFeature>.stride
        for f in features {
            bytes += JSONValue.object(f.properties).estimatedBytes + (f.properties.entries.capacity - f.properties.count) * 40
            if let id = f.id { bytes += id.estimatedBytes }
        }
        return bytes
    }
}

/// One feature of a layer.
public struct VectorTileFeature: Sendable {
    /// The feature id (an unsigned integer in MVT), nil when the tile has none.
    public let id: JSONValue?
    public let properties: JSONObject
    public let type: GeometryType
    /// More than one point, line or polygon.
    public let isMulti: Bool
    /// Bounds in tile coordinates (min and max corners).
    public let minCorner: SIMD2<Int32>
    public let maxCorner: SIMD2<Int32>
    /// Index ranges into the layer's packed geometry.
    let parts: Range<Int32>
    let polygons: Range<Int32>
}
