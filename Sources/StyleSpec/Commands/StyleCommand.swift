import JSON

/// Which feature(s) a feature-state command addresses. `id` nil (only for
/// `removeFeatureState`) means every feature of the source (layer).
public struct FeatureTarget: Sendable, Hashable {
    public var source: String
    public var sourceLayer: String?
    public var id: String?

    public init(source: String, sourceLayer: String? = nil, id: String? = nil) {
        self.source = source; self.sourceLayer = sourceLayer; self.id = id
    }
}

/// One change to a style, in MapLibre's runtime-styling vocabulary. Every mutating route,
/// `PUT /style`'s diff, batches (`POST /style/operations`) and history use this one type and
/// one apply path (`Style.applying`). JSON form: `[name, ...args]` (see `StyleCommand(json:at:)`).
public enum StyleCommand: Sendable, Hashable {
    /// Insert before `beforeId` in declared order, or at the end (top of the stack, or top of
    /// the layer's slot) when nil.
    case addLayer(JSONObject, beforeId: String?)
    case removeLayer(String)
    case moveLayer(String, beforeId: String?)
    /// `.null` resets the property to its default.
    case setPaintProperty(layer: String, name: String, value: JSONValue)
    case setLayoutProperty(layer: String, name: String, value: JSONValue)
    /// `.null` removes the filter.
    case setFilter(layer: String, filter: JSONValue)
    /// Both bounds as they should be afterwards; nil removes a bound.
    case setLayerZoomRange(layer: String, min: Double?, max: Double?)
    /// Moves a layer into a slot (nil: back into the main stack), on top of that group.
    case setSlot(layer: String, slot: String?)
    case addSource(String, JSONObject)
    /// With `cascade`, the layers using the source are removed too; without, a source still in
    /// use is an error (`source_in_use`).
    case removeSource(String, cascade: Bool)
    case setGeoJSONSourceData(String, JSONValue)
    case addImage(String, StyleImage)
    case removeImage(String)
    /// Merges `state` into the feature's state.
    case setFeatureState(FeatureTarget, JSONObject)
    case removeFeatureState(FeatureTarget, key: String?)
    /// `.null` resets to the root `state` default.
    case setGlobalStateProperty(String, JSONValue)
    /// Replaces the whole style document; images stay (they belong to the session).
    case setStyle(JSONValue)
    /// Sets a root key (`.null` removes it). Keys MapLibre's diff sets on their own use its
    /// names in JSON (`setCenter`, `setZoom`, `setBearing`, `setPitch`, `setRoll`, `setSprite`,
    /// `setGlyphs`, `setTransition`, `setLight`, `setSky`, `setTerrain`, `setProjection`); the
    /// others (`name`, `metadata`, `state`, `centerAltitude`, `font-faces`) are
    /// `["setRootProperty", key, value]`, an extension so such changes need no `setStyle`.
    case setRootProperty(String, JSONValue)
    /// View annotations (an extension): add one (`id` optional: the first free
    /// `annotation-N`), merge a patch into one (`null` resets), remove one.
    case addAnnotation(JSONObject)
    case updateAnnotation(String, JSONObject)
    case removeAnnotation(String)
    /// Style imports (Mapbox GL v3): set one option of an import's `schema` (`.null` resets it
    /// to its default); add an import (`{"id", "url" | "data", "config"?}`) before another or
    /// on top; remove one; replace one's `url`/`data`/`config`; move one before another.
    case setConfigProperty(importId: String, name: String, value: JSONValue)
    case addImport(JSONObject, beforeId: String?)
    case removeImport(String)
    case updateImport(String, JSONObject)
    case moveImport(String, beforeId: String?)

    /// Root keys with their own command, and the command names.
    public static let rootCommands: [(name: String, key: String)] = [
        ("setCenter", "center"), ("setZoom", "zoom"), ("setBearing", "bearing"), ("setPitch", "pitch"),
        ("setRoll", "roll"), ("setSprite", "sprite"), ("setGlyphs", "glyphs"), ("setTransition", "transition"),
        ("setLight", "light"), ("setSky", "sky"), ("setTerrain", "terrain"), ("setProjection", "projection"),
    ]

    /// The command's name as in the JSON form (`"addLayer"`).
    public var name: String {
        switch self {
        case .addLayer: return "addLayer"
        case .removeLayer: return "removeLayer"
        case .moveLayer: return "moveLayer"
        case .setPaintProperty: return "setPaintProperty"
        case .setLayoutProperty: return "setLayoutProperty"
        case .setFilter: return "setFilter"
        case .setLayerZoomRange: return "setLayerZoomRange"
        case .setSlot: return "setSlot"
        case .addSource: return "addSource"
        case .removeSource: return "removeSource"
        case .setGeoJSONSourceData: return "setGeoJSONSourceData"
        case .addImage: return "addImage"
        case .removeImage: return "removeImage"
        case .setFeatureState: return "setFeatureState"
        case .removeFeatureState: return "removeFeatureState"
        case .setGlobalStateProperty: return "setGlobalStateProperty"
        case .setStyle: return "setStyle"
        case .setRootProperty(let key, _):
            return StyleCommand.rootCommands.first { $0.key == key }?.name ?? "setRootProperty"
        case .addAnnotation: return "addAnnotation"
        case .updateAnnotation: return "updateAnnotation"
        case .removeAnnotation: return "removeAnnotation"
        case .setConfigProperty: return "setConfigProperty"
        case .addImport: return "addImport"
        case .removeImport: return "removeImport"
        case .updateImport: return "updateImport"
        case .moveImport: return "moveImport"
        }
    }

    /// Whether the command changes only session-owned state (feature and global state, images,
    /// annotations) and leaves the v8 document (`Style.toJSON()`) as it was, so whatever was
    /// measured of the document before still holds after it.
    public var leavesDocument: Bool {
        switch self {
        case .setFeatureState, .removeFeatureState, .setGlobalStateProperty, .addImage, .removeImage,
             .addAnnotation, .updateAnnotation, .removeAnnotation: return true
        default: return false
        }
    }
}
