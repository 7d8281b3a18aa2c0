import JSON

/// An immutable style layer: its JSON as written (after `ref` resolution) plus the compiled
/// form the renderer evaluates. Being a class, an unchanged layer keeps its identity across
/// style revisions, so per-layer caches can key on it (maplibre-native's immutable snapshots).
public final class Layer: Sendable {
    public let id: String
    public let type: LayerType
    public let source: String?
    public let sourceLayer: String?
    public let minzoom: Double?
    public let maxzoom: Double?
    /// The compiled filter; nil when the layer has none (every feature passes).
    public let filter: CompiledExpression?
    /// The slot this layer renders in (`"slot": "middle"`), nil for the main stack.
    public let slot: String?
    /// Compiled paint properties that the layer sets (unset ones use `SpecTables` defaults).
    public let paint: [String: PropertyExpression]
    /// Compiled layout properties that the layer sets.
    public let layout: [String: PropertyExpression]
    /// The layer JSON, as `GET /style` shows it.
    public let json: JSONObject
    /// Digest of the render-relevant part of the layer (no id, metadata, slot, transitions or
    /// properties equal to their default), computed once.
    public let renderHash: ContentHash
    /// The filter as JSON text, serialized once: renderers key per-tile filter results on it
    /// for every layer of every render. nil without a filter.
    public let filterText: String?
    /// A `custom` layer's options as its renderer decoded them when the layer was validated
    /// (see `CustomLayerPreparing`): renders use it as is, so options are decoded once per
    /// layer version, never per tile. nil for other types or styles parsed without the hook.
    public let prepared: (any Sendable)?
    /// The values of the config options the layer reads (`scope/name` → value), compiled into
    /// it as constants; nil when it reads none. Part of `renderHash` and `filterText`, so a
    /// changed option re-keys every cache of the layer.
    public let configValues: JSONObject?

    init(id: String, type: LayerType, source: String?, sourceLayer: String?, minzoom: Double?, maxzoom: Double?,
         filter: CompiledExpression?, slot: String?, paint: [String: PropertyExpression],
         layout: [String: PropertyExpression], json: JSONObject, prepared: (any Sendable)? = nil,
         configValues: JSONObject? = nil) {
        self.id = id; self.type = type; self.source = source; self.sourceLayer = sourceLayer
        self.minzoom = minzoom; self.maxzoom = maxzoom; self.filter = filter; self.slot = slot
        self.paint = paint; self.layout = layout; self.json = json; self.prepared = prepared
        self.configValues = configValues
        var hash = Layer.computeRenderHash(type: type, json: json)
        var text = json["filter"]?.serialized()
        if let configValues {
            var h = ContentHasher()
            h.hash(hash); h.tag(7); h.json(.object(configValues))
            hash = h.finalize()
            if text != nil, ConfigReferences.any(JSONObject([("filter", json["filter"]!)])) {
                text! += "|config:" + JSONValue.object(configValues).serialized()
            }
        }
        self.renderHash = hash
        self.filterText = text
    }

    /// This layer under another id, reading another source and in another slot (an imported
    /// style's layer in its importer's namespace): the compiled form is shared.
    func renamed(id: String, source: String?, slot: String?) -> Layer {
        var j = json
        j["id"] = .string(id)
        if let source { j["source"] = .string(source) }
        if let slot { j["slot"] = .string(slot) } else { j["slot"] = nil }
        return Layer(id: id, type: type, source: source, sourceLayer: sourceLayer, minzoom: minzoom, maxzoom: maxzoom,
                     filter: filter, slot: slot, paint: paint, layout: layout, json: j, prepared: prepared,
                     configValues: configValues)
    }

    /// `visibility` as set (constant or global-state dependent); nil means visible.
    public var visibility: PropertyExpression? { layout["visibility"] }

    /// Whether the layer is drawn for this global state ("visibility": "none" hides it).
    public func isVisible(globalState: JSONObject = JSONObject()) -> Bool {
        guard let v = visibility else { return true }
        return v.evaluate(EvaluationContext(zoom: 0, globalState: globalState)).stringValue != "none"
    }

    /// Whether the layer draws at `zoom` (minzoom inclusive, maxzoom exclusive as in MapLibre).
    public func isInZoomRange(_ zoom: Double) -> Bool {
        if let minzoom, zoom < minzoom { return false }
        if let maxzoom, zoom >= maxzoom { return false }
        return true
    }

    /// The raw JSON of a paint or layout property as written, nil when unset.
    public func propertyJSON(_ name: String, in section: PropertySection) -> JSONValue? {
        json[section.rawValue]?[name]
    }

    private static func computeRenderHash(type: LayerType, json: JSONObject) -> ContentHash {
        var h = ContentHasher()
        h.string(type.rawValue)
        for key in ["source", "source-layer", "minzoom", "maxzoom", "filter"] {
            if let v = json[key] { h.string(key); h.json(v) } else { h.tag(0) }
        }
        for section in [PropertySection.layout, .paint] {
            h.string(section.rawValue)
            guard case .object(let props)? = json[section.rawValue] else { h.int(0); continue }
            let relevant = props.entries.filter { e in
                if e.key.hasSuffix("-transition") { return false }
                let spec = SpecTables.property(e.key, of: type, in: section)
                return spec?.defaultValue != e.value
            }.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            h.int(relevant.count)
            for e in relevant { h.string(e.key); h.json(e.value) }
        }
        if type == .custom {
            // Custom layers carry their renderer's options as extra keys.
            for e in json.entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
            where !["id", "type", "metadata", "slot", "layout", "paint"].contains(e.key) {
                h.string(e.key); h.json(e.value)
            }
        }
        return h.finalize()
    }
}
