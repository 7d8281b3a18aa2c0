import Geo
import JSON

/// What evaluation sees of one feature.
public struct FeatureContext: Sendable {
    /// The feature id (number or string), nil when the feature has none.
    public var id: JSONValue?
    public var properties: JSONObject
    public var geometryType: GeometryType
    /// Multi-part geometry (informational: `geometry-type` reports the simple type, as the
    /// style spec says).
    public var isMulti: Bool
    /// Geometry in world coordinates, for `within` and `distance`; nil when not supplied.
    public var geometry: FeatureGeometry?
    /// The feature's state (`feature-state`), empty when none was set.
    public var state: JSONObject

    public init(id: JSONValue? = nil, properties: JSONObject = JSONObject(), geometryType: GeometryType = .point,
                isMulti: Bool = false, geometry: FeatureGeometry? = nil, state: JSONObject = JSONObject()) {
        self.id = id; self.properties = properties; self.geometryType = geometryType
        self.isMulti = isMulti; self.geometry = geometry; self.state = state
    }

    /// `geometry-type`'s answer: "Point", "LineString" or "Polygon" (Multi* geometries report
    /// their simple type, per the v8 spec and MapLibre's tile features).
    public var geometryTypeName: String {
        switch geometryType {
        case .point: return "Point"
        case .lineString: return "LineString"
        case .polygon: return "Polygon"
        }
    }
}

/// What evaluation sees of the world: zoom, the feature (for data-driven values), global
/// state and the per-layer inputs (`line-progress`, `heatmap-density`).
public struct EvaluationContext: Sendable {
    public var zoom: Double
    public var feature: FeatureContext?
    public var globalState: JSONObject
    public var lineProgress: Double?
    public var heatmapDensity: Double?
    /// Terrain elevation for `elevation` (always nil on a flat map).
    public var elevation: Double?
    /// Images the session has, for `image`; nil means "unknown" (every image counts as missing).
    public var availableImages: Set<String>?
    /// Zoom level of the tile being rendered, when known: `within` then snaps coordinates to
    /// that tile's 8192-unit grid like MapLibre (nil compares exact world coordinates).
    public var tileZoom: Int?

    public init(zoom: Double = 0, feature: FeatureContext? = nil, globalState: JSONObject = JSONObject(),
                lineProgress: Double? = nil, heatmapDensity: Double? = nil, elevation: Double? = nil,
                availableImages: Set<String>? = nil, tileZoom: Int? = nil) {
        self.zoom = zoom; self.feature = feature; self.globalState = globalState
        self.lineProgress = lineProgress; self.heatmapDensity = heatmapDensity
        self.elevation = elevation; self.availableImages = availableImages; self.tileZoom = tileZoom
    }
}
