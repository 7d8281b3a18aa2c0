/// The kind of a layer. The ten v8 types plus two extensions of ours:
/// `slot` (an insertion point, as in Mapbox GL v3; draws nothing) and `custom` (a renderer
/// registered in Swift code, see DESIGN.md "Custom layers").
public enum LayerType: String, Sendable, Hashable, CaseIterable {
    case fill, line, symbol, circle, heatmap
    case fillExtrusion = "fill-extrusion"
    case raster, hillshade
    case colorRelief = "color-relief"
    case background
    case slot
    case custom

    /// The types a style parsed without a renderer's set may use (tests, tools): every v8
    /// type. A renderer passes the types it has painters for (`MapRenderer.supportedLayerTypes`);
    /// other types then load with a warning and are not drawn.
    public static let defaultSupported: Set<LayerType> = Set(allCases).subtracting([.slot, .custom])

    /// Types every style may use regardless of renderer support (`slot` draws nothing).
    /// `custom` is only valid when the renderer registers custom layers (it is then in the
    /// supported set).
    public static func isKnown(_ type: LayerType, supported: Set<LayerType>) -> Bool {
        type != .custom || supported.contains(.custom)
    }

    /// Whether layers of this type read a source (`background`, `slot`, `custom` do not).
    public var needsSource: Bool {
        switch self {
        case .background, .slot, .custom: return false
        default: return true
        }
    }

    /// Source types this layer type can draw.
    public var acceptedSourceTypes: Set<String> {
        switch self {
        case .fill, .line, .symbol, .circle, .heatmap, .fillExtrusion: return ["vector", "geojson"]
        case .raster: return ["raster", "image", "video"]
        case .hillshade, .colorRelief: return ["raster-dem"]
        case .background, .slot, .custom: return []
        }
    }

    /// The source type named in "requires a ... source" messages.
    var requiredSourceDescription: String {
        switch self {
        case .raster: return "raster"
        case .hillshade, .colorRelief: return "raster-dem"
        default: return "vector"
        }
    }
}
