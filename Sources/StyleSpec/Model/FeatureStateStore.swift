import JSON

/// Feature state of a session: source → source layer ("" for GeoJSON) → feature id → state.
/// Feature ids are kept as strings (`12` and `"12"` name the same feature, as in MapLibre).
public struct FeatureStateStore: Sendable, Hashable {
    public private(set) var states: [String: [String: [String: JSONObject]]] = [:]

    public init() {}

    /// A feature id in canonical string form: numbers print without a fraction when integral.
    public static func key(_ id: JSONValue) -> String? {
        switch id {
        case .string(let s): return s
        case .number(let n) where n.isFinite: return JSONValue.format(n)
        default: return nil
        }
    }

    public func state(source: String, sourceLayer: String? = nil, id: String) -> JSONObject? {
        states[source]?[sourceLayer ?? ""]?[id]
    }

    /// All states of one source layer, for the renderer (feature id → state).
    public func states(source: String, sourceLayer: String? = nil) -> [String: JSONObject] {
        states[source]?[sourceLayer ?? ""] ?? [:]
    }

    public var isEmpty: Bool { states.isEmpty }

    /// Merges `state` into the feature's state (keys with null values are removed).
    public mutating func set(source: String, sourceLayer: String?, id: String, state: JSONObject) {
        var current = states[source]?[sourceLayer ?? ""]?[id] ?? JSONObject()
        for (k, v) in state { current[k] = v.isNull ? Optional<JSONValue>.none : v }
        write(source: source, sourceLayer: sourceLayer ?? "", id: id, state: current)
    }

    /// Removes one key of a feature, a feature's whole state (`key` nil), or a whole source
    /// (layer)'s state (`id` nil).
    public mutating func remove(source: String, sourceLayer: String?, id: String?, key: String?) {
        guard let id else {
            if let sourceLayer {
                states[source]?[sourceLayer] = nil
                if states[source]?.isEmpty == true { states[source] = nil }
            } else {
                states[source] = nil
            }
            return
        }
        guard var current = states[source]?[sourceLayer ?? ""]?[id] else { return }
        if let key { current[key] = nil } else { current = JSONObject() }
        write(source: source, sourceLayer: sourceLayer ?? "", id: id, state: current)
    }

    /// Drops everything of a source (used when the source is removed or replaced).
    public mutating func removeSource(_ source: String) { states[source] = nil }

    private mutating func write(source: String, sourceLayer: String, id: String, state: JSONObject) {
        var layers = states[source] ?? [:]
        var features = layers[sourceLayer] ?? [:]
        features[id] = state.isEmpty ? nil : state
        layers[sourceLayer] = features.isEmpty ? nil : features
        states[source] = layers.isEmpty ? nil : layers
    }

    /// Canonical JSON form `{source: {sourceLayer: {id: state}}}` with sorted keys (for
    /// persistence and hashing).
    public var json: JSONValue {
        var out = JSONObject()
        for s in states.keys.sorted() {
            var layers = JSONObject()
            for l in states[s]!.keys.sorted() {
                var features = JSONObject()
                for f in states[s]![l]!.keys.sorted() { features[f] = .object(states[s]![l]![f]!) }
                layers[l] = .object(features)
            }
            out[s] = .object(layers)
        }
        return .object(out)
    }

    /// Reads the form `json` writes; nil when it is not that shape.
    public init?(json: JSONValue) {
        guard case .object(let sources) = json else { return nil }
        for (s, lv) in sources {
            guard case .object(let layers) = lv else { return nil }
            for (l, fv) in layers {
                guard case .object(let features) = fv else { return nil }
                for (f, st) in features {
                    guard case .object(let state) = st else { return nil }
                    write(source: s, sourceLayer: l, id: f, state: state)
                }
            }
        }
    }
}
