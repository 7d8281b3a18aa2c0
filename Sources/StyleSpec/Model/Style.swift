import JSON

/// An immutable snapshot of a session's style. Copies are cheap: layers are shared class
/// instances, sources/images are copy-on-write values, so a revision that changes one layer
/// shares everything else with its predecessor.
///
/// Build one with `Style.parse` and change it only through `applying(_:)` (commands).
public struct Style: Sendable {
    /// Root keys other than `sources` and `layers` (version, name, center, light, state, ...),
    /// in document order.
    public internal(set) var root: JSONObject
    /// Sources in document order.
    public internal(set) var sources: [SourceSpec] { didSet { reindexSources() } }
    /// Layers in declared order, including `slot` layers. See `renderOrder` for drawing order.
    public internal(set) var layers: [Layer] { didSet { reindexLayers() } }
    /// Images of the session (`addImage`), by id.
    public internal(set) var images: [String: StyleImage]
    public internal(set) var featureState: FeatureStateStore
    /// Values set with `setGlobalStateProperty` (they override the root `state` defaults).
    public internal(set) var globalStateOverrides: JSONObject
    /// View annotations of the session (like images, they survive `setStyle`).
    public internal(set) var annotations = AnnotationList()
    /// Layer types the renderer draws; others load with a warning and are rejected on add.
    public let supportedLayerTypes: Set<LayerType>
    /// Validates and prepares `custom` layers (the renderer registry); kept so that runtime
    /// commands on this style check custom layers as its load did.
    public let customLayers: (any CustomLayerPreparing)?
    /// Warnings of the last full load (unsupported layer types, unknown layer keys, ...).
    public internal(set) var loadWarnings: [StyleError]
    /// Digest behind `renderHash`, refreshed after every load and apply.
    public internal(set) var renderDigest = ContentHash(high: 0, low: 0)
    /// Layers bottom → top as drawn: the main stack in declared order, with each `slot` layer
    /// followed by the layers that name it in `slot` (in their declared order). A slot layer
    /// itself draws nothing; it is included so indices line up with what clients see.
    /// Computed once per revision (with `renderDigest`).
    public internal(set) var renderOrder: [Layer] = []
    /// Root `imports` in order (Mapbox GL v3 style fragments), each compiled with its config.
    public internal(set) var imports: [StyleImport] = []
    /// This style's own `schema` (the options an importer may set).
    public let schema: ConfigSchema
    /// The values of this style's own options: its importer's, or the schema defaults.
    public let config: JSONObject
    /// Reads `imports` by URL for commands that add or update one.
    public let importLoader: (any StyleImportLoading)?
    /// The flattened style the renderer draws, when there are imports (see `rendered`).
    var renderedBox: RenderedStyleBox?

    private var layerIndex: [String: Int] = [:]
    private var sourceIndex: [String: Int] = [:]

    init(root: JSONObject, sources: [SourceSpec], layers: [Layer], images: [String: StyleImage] = [:],
         featureState: FeatureStateStore = FeatureStateStore(), globalStateOverrides: JSONObject = JSONObject(),
         supportedLayerTypes: Set<LayerType>, customLayers: (any CustomLayerPreparing)? = nil,
         loadWarnings: [StyleError] = [], imports: [StyleImport] = [], schema: ConfigSchema = ConfigSchema(),
         config: JSONObject = JSONObject(), importLoader: (any StyleImportLoading)? = nil) {
        self.root = root; self.sources = sources; self.layers = layers; self.images = images
        self.featureState = featureState; self.globalStateOverrides = globalStateOverrides
        self.supportedLayerTypes = supportedLayerTypes; self.customLayers = customLayers
        self.loadWarnings = loadWarnings
        self.imports = imports; self.schema = schema; self.config = config; self.importLoader = importLoader
        reindexSources(); reindexLayers()
        refreshRenderHash()
    }

    private mutating func reindexLayers() {
        var idx: [String: Int] = [:]
        idx.reserveCapacity(layers.count)
        for (i, l) in layers.enumerated() { idx[l.id] = i }
        layerIndex = idx
    }

    private mutating func reindexSources() {
        var idx: [String: Int] = [:]
        for (i, s) in sources.enumerated() { idx[s.id] = i }
        sourceIndex = idx
    }

    // MARK: lookups

    public func layer(_ id: String) -> Layer? { layerIndex[id].map { layers[$0] } }
    /// Index in declared order.
    public func layerPosition(_ id: String) -> Int? { layerIndex[id] }
    public func source(_ id: String) -> SourceSpec? { sourceIndex[id].map { sources[$0] } }
    public func image(_ id: String) -> StyleImage? { images[id] }

    /// Ids of the layers that read `source`, in declared order.
    public func layers(usingSource source: String) -> [Layer] { layers.filter { $0.source == source } }

    /// A root key's value (`center`, `zoom`, `light`, `sprite`, ...).
    public subscript(rootKey key: String) -> JSONValue? { root[key] }

    /// Effective global state: the root `state` defaults overridden by `setGlobalStateProperty`.
    public var globalState: JSONObject {
        var out = JSONObject()
        if case .object(let decl)? = root["state"] {
            for (k, v) in decl { out[k] = v["default"] ?? .null }
        }
        for (k, v) in globalStateOverrides { out[k] = v }
        return out
    }
}
