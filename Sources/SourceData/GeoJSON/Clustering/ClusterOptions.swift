import JSON

/// A clustered `geojson` source's options (`"cluster": true`), as MapLibre hands them to
/// supercluster: the radius in pixels of a 512 px tile (0 or missing: 50), the deepest
/// zoom with clusters (`clusterMaxZoom`, default the source's maxzoom − 1), the fewest
/// points a cluster takes (`clusterMinPoints`, never below 2) and the `clusterProperties`
/// map/reduce expressions (evaluated by the caller: see `ClusterReducer`).
public struct ClusterOptions: Sendable, Equatable {
    /// Cluster radius in pixels of a 512 px tile.
    public var radius: Double
    /// Deepest integer zoom that has clusters; beyond it the source shows its points.
    public var maxZoom: Int
    public var minPoints: Int
    /// The `clusterProperties` object, if any.
    public var properties: JSONObject?

    public init(radius: Double = 50, maxZoom: Int = 17, minPoints: Int = 2, properties: JSONObject? = nil) {
        self.radius = radius; self.maxZoom = maxZoom; self.minPoints = minPoints; self.properties = properties
    }

    /// Reads the options of a source object with `"cluster": true` (nil otherwise);
    /// `maxzoom` is the source's (clamped) maxzoom. Like MapLibre, `clusterRadius || 50` and
    /// `max(2, clusterMinPoints || 2)`; values of the wrong type fall back to the defaults.
    public init?(source: JSONValue, maxzoom: Int) {
        guard source["cluster"]?.boolValue == true else { return nil }
        self.init(maxZoom: maxzoom - 1)
        if let r = source["clusterRadius"]?.numberValue, r.isFinite, r > 0 { radius = Swift.min(r, 1e6) }
        if let z = source["clusterMaxZoom"]?.numberValue, z.isFinite {
            maxZoom = Int(Swift.max(-1, Swift.min(24, z.rounded(.down))))
        }
        if let m = source["clusterMinPoints"]?.numberValue, m.isFinite, m >= 2 {
            minPoints = Int(Swift.min(m, Double(Int32.max)).rounded(.up))
        }
        if case .object(let p)? = source["clusterProperties"], !p.isEmpty { properties = p }
    }

    /// supercluster's neighbourhood radius at integer zoom `z` in world units:
    /// `radius · 16 / (8192 · 2^z)` (MapLibre scales pixels to 8192-unit tiles).
    public func worldRadius(zoom z: Int) -> Double {
        radius / (512 * Double(sign: .plus, exponent: z, significand: 1))
    }
}
