import JSON

extension Style {
    /// Applies commands in order, atomically: the result is the new style, or the first error
    /// (with a path into the batch: `/2/3` is argument 3 of command 2) and nothing changed.
    /// Every value a command touches is validated like a style load would, but unsupported
    /// layer types are errors here (runtime add).
    ///
    /// `allowingUnsupportedLayerTypes` is for declarative updates (`PUT /style`'s diff), which
    /// load a style: layers of types the renderer does not draw are then kept, as at load.
    public func applying(_ commands: [StyleCommand], allowingUnsupportedLayerTypes: Bool = false)
        -> Result<Style, StyleError> {
        var next = self
        var tracker = SlotTracker(allowUnsupported: allowingUnsupportedLayerTypes)
        for (i, command) in commands.enumerated() {
            // Each command compiles `config` against the options as the batch has set them so far.
            let env = next.environment
            let outcome: StyleError? = ConfigEnvironment.$current.withValue(env) {
                do throws(StyleError) {
                    try next.apply(command, at: JSONPointer.root / i, tracker: &tracker)
                    return nil
                } catch {
                    return error
                }
            }
            if let outcome { return .failure(outcome) }
        }
        if let error = tracker.check(next) { return .failure(error) }
        next.refreshRenderHash()
        return .success(next)
    }

    /// One command; errors point into the command (`/1` is its first argument).
    public func applying(_ command: StyleCommand) -> Result<Style, StyleError> {
        applying([command]).mapError { e in StyleError(path: JSONPointer(Array(e.path.tokens.dropFirst())),
                                                       message: e.message, code: e.code) }
    }

    /// One command of a batch at `path`: dispatches to one function per command, so each
    /// command's checks read on their own.
    mutating func apply(_ command: StyleCommand, at path: JSONPointer, tracker: inout SlotTracker) throws(StyleError) {
        switch command {
        case .addLayer(let json, let beforeId):
            try addLayer(json, before: beforeId, at: path, tracker: &tracker)
        case .removeLayer(let id):
            try removeLayer(id, at: path, tracker: &tracker)
        case .moveLayer(let id, let beforeId):
            try moveLayer(id, before: beforeId, at: path)
        case .setPaintProperty(let id, let name, let value):
            try setProperty(name, value, in: .paint, layer: id, at: path)
        case .setLayoutProperty(let id, let name, let value):
            try setProperty(name, value, in: .layout, layer: id, at: path)
        case .setFilter(let id, let filter):
            try setFilter(filter, layer: id, at: path)
        case .setLayerZoomRange(let id, let minzoom, let maxzoom):
            try setZoomRange(min: minzoom, max: maxzoom, layer: id, at: path)
        case .setSlot(let id, let slot):
            try setSlot(slot, layer: id, at: path, tracker: &tracker)
        case .addSource(let id, let json):
            try addSource(id, json, at: path)
        case .removeSource(let id, let cascade):
            try removeSource(id, cascade: cascade, at: path)
        case .setGeoJSONSourceData(let id, let data):
            try setGeoJSONData(data, source: id, at: path)
        case .addImage(let id, let image):
            images[id] = image
        case .removeImage(let id):
            guard images.removeValue(forKey: id) != nil else {
                throw StyleError(path: path / 1, message: "image \"\(id)\" not found", code: StyleErrorCode.unknownImage)
            }
        case .setFeatureState(let target, let state):
            let t = try checkFeatureTarget(target, at: path / 1)
            featureState.set(source: t.source, sourceLayer: t.sourceLayer, id: t.id!, state: state)
        case .removeFeatureState(let target, let key):
            let t = try checkFeatureTarget(target, at: path / 1)
            featureState.remove(source: t.source, sourceLayer: t.sourceLayer, id: t.id, key: key)
        case .setGlobalStateProperty(let name, let value):
            globalStateOverrides[name] = value.nonNull
        case .setStyle(let json):
            try replaceDocument(json, at: path)
        case .setRootProperty(let key, let value):
            // The value is argument 1 of `setCenter`-style commands, 2 of `setRootProperty`.
            try setRootProperty(key, value, at: command.name == "setRootProperty" ? path / 2 : path / 1)
        case .addAnnotation, .updateAnnotation, .removeAnnotation:
            try applyAnnotation(command, at: path)
        case .setConfigProperty, .addImport, .removeImport, .updateImport, .moveImport:
            try applyImport(command, at: path)
        }
    }

    /// `addSource`: a new id, validated like a source of a loaded style.
    private mutating func addSource(_ id: String, _ json: JSONObject, at path: JSONPointer) throws(StyleError) {
        if source(id) != nil {
            throw StyleError(path: path / 1, message: "source \"\(id)\" already exists", code: StyleErrorCode.duplicateSource)
        }
        var v = SourceValidator()
        guard let spec = v.parse(id: id, .object(json), at: path / 2) else { throw v.diagnostics.first }
        sources.append(spec)
    }

    /// `setGeoJSONSourceData`: only a geojson source takes new data, checked for its shape.
    private mutating func setGeoJSONData(_ data: JSONValue, source id: String, at path: JSONPointer) throws(StyleError) {
        guard let index = sources.firstIndex(where: { $0.id == id }) else {
            throw StyleError(path: path / 1, message: "source \"\(id)\" not found", code: StyleErrorCode.unknownSource)
        }
        guard sources[index].type == .geojson else {
            throw StyleError(path: path / 1, message: "source \"\(id)\" is not a geojson source", code: StyleErrorCode.invalidSource)
        }
        try Style.checkGeoJSONData(data, at: path / 2)
        sources[index] = sources[index].withData(data)
    }

    /// Removes a source, and with `cascade` the layers using it; without, a used source is an
    /// error naming (up to five of) its layers.
    private mutating func removeSource(_ id: String, cascade: Bool, at path: JSONPointer) throws(StyleError) {
        guard let index = sources.firstIndex(where: { $0.id == id }) else {
            throw StyleError(path: path / 1, message: "source \"\(id)\" not found", code: StyleErrorCode.unknownSource)
        }
        let users = layers(usingSource: id)
        if !users.isEmpty && !cascade {
            let names = users.prefix(5).map { "\"\($0.id)\"" }.joined(separator: ", ") + (users.count > 5 ? ", ..." : "")
            throw StyleError(path: path / 1, message: "source \"\(id)\" is used by layer(s) \(names); remove them first or cascade",
                             code: StyleErrorCode.sourceInUse)
        }
        layers.removeAll { $0.source == id }
        sources.remove(at: index)
        featureState.removeSource(id)
    }

    /// `setStyle`: the whole document replaced (all its errors counted in the first one);
    /// images and annotations belong to the session and stay.
    private mutating func replaceDocument(_ json: JSONValue, at path: JSONPointer) throws(StyleError) {
        switch Style.parse(json, supportedLayerTypes: supportedLayerTypes, customLayers: customLayers, importLoader: importLoader) {
        case .failure(let errors):
            throw errors[0].prefixed(by: path / 1).withMore(errors.count - 1)
        case .success(let (style, _)):
            let keptImages = images, keptAnnotations = annotations
            self = style
            images = keptImages
            annotations = keptAnnotations
        }
    }

    private func checkFeatureTarget(_ target: FeatureTarget, at path: JSONPointer) throws(StyleError) -> FeatureTarget {
        guard let s = source(target.source) else {
            throw StyleError(path: path / "source", message: "source \"\(target.source)\" not found", code: StyleErrorCode.unknownSource)
        }
        var t = target
        if s.type == .vector {
            if t.sourceLayer == nil {
                throw StyleError(path: path / "sourceLayer", message: "sourceLayer is required for vector sources",
                                 code: StyleErrorCode.invalidCommand)
            }
        } else {
            t.sourceLayer = nil
        }
        return t
    }

    /// GeoJSON `data`: a GeoJSON object or a URL string (resolved by the source loader).
    static func checkGeoJSONData(_ data: JSONValue, at path: JSONPointer) throws(StyleError) {
        let types: Set<String> = ["FeatureCollection", "Feature", "Point", "MultiPoint", "LineString", "MultiLineString",
                                  "Polygon", "MultiPolygon", "GeometryCollection"]
        switch data {
        case .string: return
        case .object(let o):
            guard case .string(let t)? = o["type"], types.contains(t) else {
                throw StyleError(path: path / "type", message: "GeoJSON object with a valid \"type\" expected",
                                 code: StyleErrorCode.invalidSource)
            }
        default:
            throw StyleError(path: path, message: "GeoJSON object or URL string expected, \(data.typeName) found",
                             code: StyleErrorCode.invalidSource)
        }
    }

    private mutating func setRootProperty(_ key: String, _ value: JSONValue, at path: JSONPointer) throws(StyleError) {
        guard let spec = SpecTables.root[key], !["version", "sources", "layers"].contains(key) else {
            throw StyleError(path: path, message: "\"\(key)\" cannot be set on its own", code: StyleErrorCode.invalidCommand)
        }
        if !value.isNull {
            var v = SpecValidator()
            v.validate(value, as: spec, at: path)
            if key == "glyphs", case .string(let url) = value {
                for token in ["{fontstack}", "{range}"] where !url.contains(token) {
                    v.diagnostics.error(path, "\"glyphs\" url must include a \"\(token)\" token")
                }
            }
            if !v.diagnostics.errors.isEmpty { throw v.diagnostics.first }
        }
        root[key] = value.nonNull
    }
}

extension Diagnostics {
    /// The first error, noting how many more there were.
    var first: StyleError {
        guard let e = errors.first else {
            return StyleError(path: .root, message: "invalid value", code: StyleErrorCode.invalidProperty)
        }
        return e.withMore(errors.count - 1)
    }
}

extension StyleError {
    /// The same error with "(and N more errors)" appended when N > 0.
    func withMore(_ n: Int) -> StyleError {
        guard n > 0 else { return self }
        return StyleError(path: path, message: message + " (and \(n) more error\(n == 1 ? "" : "s"))", code: code)
    }
}

/// Slot references are checked at the end of a batch, so a batch may add a slot layer after
/// the layers that use it (the diff adds layers top-down). Errors point at the command that
/// set the dangling reference or removed the slot.
struct SlotTracker {
    /// Carried here because every command of a batch shares it.
    let allowUnsupported: Bool

    init(allowUnsupported: Bool) { self.allowUnsupported = allowUnsupported }

    private var setAt: [String: JSONPointer] = [:]
    private var removedAt: [String: JSONPointer] = [:]

    mutating func slotSet(_ layer: String, at path: JSONPointer) { setAt[layer] = path }
    mutating func slotRemoved(_ slot: String, at path: JSONPointer) { removedAt[slot] = path }

    func check(_ style: Style) -> StyleError? {
        guard !setAt.isEmpty || !removedAt.isEmpty else { return nil }
        let imported = Set(style.imports.flatMap(\.slots.keys))
        for l in style.layers {
            guard let slot = l.slot else { continue }
            if let s = style.layer(slot), s.type == .slot { continue }
            if style.layer(slot) == nil, imported.contains(slot) { continue }
            if let removed = removedAt[slot], style.layer(slot) == nil {
                return StyleError(path: removed, message: "slot \"\(slot)\" still holds layer \"\(l.id)\"; move or remove its layers first",
                                  code: StyleErrorCode.slotInUse)
            }
            let message = style.layer(slot) != nil ? "layer \"\(slot)\" is not a slot layer" : "slot \"\(slot)\" not found"
            return StyleError(path: setAt[l.id] ?? .root, message: message, code: StyleErrorCode.unknownSlot)
        }
        return nil
    }
}
