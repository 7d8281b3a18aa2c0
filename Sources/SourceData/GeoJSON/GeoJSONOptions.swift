import Geo
import JSON

/// The options of a `geojson` source that shape its data (MapLibre's names and defaults).
public struct GeoJSONOptions: Sendable, Equatable {
    /// Deepest zoom with simplification; at and beyond it every vertex is kept.
    public var maxzoom = 18
    /// Douglas–Peucker tolerance in pixels of a 512 px tile (MapLibre hands geojson-vt
    /// `tolerance · extent / 512` tile units, so this is what it amounts to).
    public var tolerance = 0.375
    /// Tile buffer in pixels of a 512 px tile (0...512; 128 = a quarter tile on each side).
    public var buffer = 128
    /// MapLibre's tile extent: geojson-vt works in tiles `extent` units wide.
    public var extent = 8192
    /// Track line distances so `line-progress` (line-gradient) works.
    public var lineMetrics = false
    /// Use the feature's index in the input as its id.
    public var generateId = false
    /// Use this property as the feature id.
    public var promoteId: String?
    /// A filter expression (evaluated by the caller: SourceData does not know expressions;
    /// pass its evaluator as `include` to `GeoJSONSource.parse`).
    public var filter: JSONValue?
    /// Clustering of the source's points (`"cluster": true`), nil when off.
    public var cluster: ClusterOptions?

    public init(maxzoom: Int = 18, tolerance: Double = 0.375, buffer: Int = 128, extent: Int = 8192,
                lineMetrics: Bool = false, generateId: Bool = false, promoteId: String? = nil, filter: JSONValue? = nil) {
        self.maxzoom = maxzoom; self.tolerance = tolerance; self.buffer = buffer; self.extent = extent
        self.lineMetrics = lineMetrics; self.generateId = generateId; self.promoteId = promoteId; self.filter = filter
    }

    /// Reads the options from a style's source object (`{"type": "geojson", "maxzoom": …}`).
    /// Values of the wrong type or out of range fall back to the defaults (the style validator
    /// reports them); numbers are clamped to sane ranges.
    public init(source: JSONValue) {
        self.init()
        if let z = source["maxzoom"]?.numberValue, z.isFinite { maxzoom = Int(Swift.max(0, Swift.min(24, z.rounded(.down)))) }
        if let t = source["tolerance"]?.numberValue, t.isFinite, t >= 0 { tolerance = Swift.min(t, 1e6) }
        if let b = source["buffer"]?.numberValue, b.isFinite { buffer = Int(Swift.max(0, Swift.min(512, b.rounded()))) }
        if let l = source["lineMetrics"]?.boolValue { lineMetrics = l }
        if let g = source["generateId"]?.boolValue { generateId = g }
        if let p = source["promoteId"]?.stringValue { promoteId = p }
        if let f = source["filter"], !f.isNull { filter = f }
        cluster = ClusterOptions(source: source, maxzoom: maxzoom)
    }

    /// The buffer as a fraction of a tile's width (MapLibre's 512 px geojson tiles).
    public var bufferFraction: Double { Double(buffer) / 512 }

    /// geojson-vt's simplification tolerance in world units for integer zoom `z` (0 at and
    /// beyond `maxzoom`): MapLibre passes `tolerance · extent / 512` in tile units, which is
    /// `tolerance / (2^z · 512)` in world units. Zooms below 0 use zoom 0 (MapLibre draws
    /// z0 tiles there).
    public func simplificationTolerance(zoom z: Int) -> Double {
        WebMercator.simplificationTolerance(zoom: Swift.max(0, z), tolerance: tolerance * Double(extent) / 512,
                                            extent: Double(extent), maxZoom: maxzoom)
    }
}
