import JSON

extension Style {
    /// Parses and validates a whole v8 style. Errors carry JSON pointers into `json`
    /// (`/layers/3/paint/fill-color`); warnings (unsupported layer types, ignored keys) do not
    /// stop the load. Layer types outside `supportedLayerTypes` are kept but not drawn.
    /// `customLayers` validates and prepares `custom` layers (and stays with the style).
    /// `importLoader` reads the styles that `imports` name by URL (without one, only inline
    /// `data` imports load).
    public static func parse(_ json: JSONValue, supportedLayerTypes: Set<LayerType> = LayerType.defaultSupported,
                             customLayers: (any CustomLayerPreparing)? = nil,
                             importLoader: (any StyleImportLoading)? = nil)
        -> Result<(Style, warnings: [StyleError]), [StyleError]> {
        var parser = StyleParser(supportedLayerTypes: supportedLayerTypes, customLayers: customLayers)
        parser.importContext = ImportContext(loader: importLoader, supportedLayerTypes: supportedLayerTypes,
                                             customLayers: customLayers)
        guard let style = parser.parse(json), parser.diagnostics.errors.isEmpty else {
            return .failure(parser.diagnostics.errors)
        }
        return .success((style, warnings: parser.diagnostics.warnings))
    }
}

/// Walks a style document: root keys, sources, then layers, then style-wide layer rules.
struct StyleParser {
    let supportedLayerTypes: Set<LayerType>
    let customLayers: (any CustomLayerPreparing)?
    var diagnostics = Diagnostics()
    /// Every key of `sources`, valid or not.
    var declaredSourceIds = Set<String>()
    /// How `imports` are read; nil reads none by URL.
    var importContext: ImportContext?
    /// The values of this style's own `schema` options set by its importer (nil: the defaults).
    var ownConfig: JSONObject?
    /// Slot names the imports offer to this style's layers.
    var importedSlots = Set<String>()

    mutating func parse(_ json: JSONValue) -> Style? {
        guard case .object(let obj) = json else {
            diagnostics.error(.root, "object expected, \(json.typeName) found", code: StyleErrorCode.invalidStyle)
            return nil
        }
        var root = JSONObject()
        var spec = SpecValidator()
        for (key, value) in obj {
            let path = JSONPointer.root / key
            switch key {
            case "sources", "layers", "imports":
                continue
            case "constants":
                spec.diagnostics.error(path, "constants have been deprecated as of v8", code: StyleErrorCode.invalidStyle)
            case "glyphs":
                spec.validate(value, type: .string, at: path)
                if case .string(let url) = value {
                    for token in ["{fontstack}", "{range}"] where !url.contains(token) {
                        spec.diagnostics.error(path, "\"glyphs\" url must include a \"\(token)\" token")
                    }
                }
            default:
                // Keys the spec does not know pass without a word, as MapLibre's validator lets
                // them (`'*'` at the root): styles as they ship carry their editors' `id`,
                // `owner`, `created`, `modified`, `draft`, and a warning would be noise.
                if let s = SpecTables.root[key] { spec.validate(value, as: s, at: path) }
            }
            root[key] = value
        }
        for s in SpecTables.root.properties where s.required && obj[s.name] == nil {
            spec.diagnostics.error(.root, "missing required property \"\(s.name)\"", code: StyleErrorCode.invalidStyle)
        }
        diagnostics.append(spec.diagnostics.errors)

        var schema = ConfigSchema()
        switch ConfigSchema.parse(obj["schema"], at: .root / "schema") {
        case .success(let s): schema = s
        case .failure(let e): diagnostics.errors.append(e)
        }
        let imports = parseImports(obj["imports"])
        let config = ownConfig ?? schema.defaults
        let env = Style.environment(config: config, imports: imports)
        let (sources, layers) = ConfigEnvironment.$current.withValue(env) {
            let sources = parseSources(obj["sources"])
            return (sources, parseLayers(obj["layers"], sources: sources))
        }
        guard !diagnostics.hasErrors else { return nil }
        return Style(root: root, sources: sources, layers: layers, supportedLayerTypes: supportedLayerTypes,
                     customLayers: customLayers, loadWarnings: diagnostics.warnings,
                     imports: imports, schema: schema, config: config, importLoader: importContext?.loader)
    }

    /// Root `imports`: each resolved in order; ids unique. Errors point into the import.
    mutating func parseImports(_ value: JSONValue?) -> [StyleImport] {
        guard let value else { return [] }
        let path = JSONPointer.root / "imports"
        guard case .array(let items) = value else {
            diagnostics.error(path, "array expected, \(value.typeName) found", code: StyleErrorCode.invalidImport)
            return []
        }
        let context = importContext ?? ImportContext(supportedLayerTypes: supportedLayerTypes, customLayers: customLayers)
        var out: [StyleImport] = []
        for (i, item) in items.enumerated() {
            switch StyleImport.resolve(item, at: path / i, context: context) {
            case .failure(let e): diagnostics.errors.append(e)
            case .success(let imp):
                if out.contains(where: { $0.id == imp.id }) {
                    diagnostics.error(path / i / "id", "duplicate import id \"\(imp.id)\"", code: StyleErrorCode.duplicateImport)
                    continue
                }
                out.append(imp)
                importedSlots.formUnion(imp.slots.keys)
                diagnostics.warnings += imp.warnings
            }
        }
        return out
    }

    mutating func parseSources(_ value: JSONValue?) -> [SourceSpec] {
        guard let value else { return [] }
        let path = JSONPointer.root / "sources"
        guard case .object(let obj) = value else {
            diagnostics.error(path, "object expected, \(value.typeName) found", code: StyleErrorCode.invalidStyle)
            return []
        }
        declaredSourceIds = Set(obj.keys)
        var out: [SourceSpec] = []
        var v = SourceValidator()
        for (id, s) in obj {
            if let source = v.parse(id: id, s, at: path / id) { out.append(source) }
        }
        diagnostics.append(v.diagnostics.errors)
        return out
    }

    mutating func parseLayers(_ value: JSONValue?, sources: [SourceSpec]) -> [Layer] {
        guard let value else { return [] }
        let path = JSONPointer.root / "layers"
        guard case .array(let items) = value else {
            diagnostics.error(path, "array expected, \(value.typeName) found", code: StyleErrorCode.invalidStyle)
            return []
        }
        var refLayers: [String: JSONObject] = [:]
        for item in items {
            if case .object(let o) = item, case .string(let id)? = o["id"], refLayers[id] == nil { refLayers[id] = o }
        }
        var sourceIndex: [String: SourceSpec] = [:]
        for s in sources { sourceIndex[s.id] = s }
        var context = LayerContext(sources: sourceIndex, refLayers: refLayers,
                                   supportedLayerTypes: supportedLayerTypes, mode: .load, customLayers: customLayers)
        context.invalidSources = declaredSourceIds.subtracting(sourceIndex.keys)
        var parser = LayerParser(context: context)
        var out: [Layer] = []
        var seen: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let p = path / i
            if case .object(let o) = item, case .string(let id)? = o["id"] {
                if let first = seen[id] {
                    parser.diagnostics.error(p, "duplicate layer id \"\(id)\", previously used at /layers/\(first)",
                                             code: StyleErrorCode.duplicateLayer)
                    continue
                }
                seen[id] = i
            }
            if let layer = parser.parse(item, at: p) { out.append(layer) }
        }
        diagnostics.errors += parser.diagnostics.errors
        diagnostics.warnings += parser.diagnostics.warnings
        let slotErrors = SlotRules.check(out, importedSlots: importedSlots) { id in
            (seen[id].map { path / $0 }) ?? path
        }
        diagnostics.append(slotErrors)
        return out
    }
}

/// Style-wide slot rules: a layer's `slot` must name a `slot` layer of the style.
enum SlotRules {
    static func check(_ layers: [Layer], importedSlots: Set<String> = [], pathOf: (String) -> JSONPointer) -> [StyleError] {
        var slots = importedSlots
        var byId: [String: Layer] = [:]
        for l in layers {
            byId[l.id] = l
            if l.type == .slot { slots.insert(l.id) }
        }
        var errors: [StyleError] = []
        for l in layers {
            guard let slot = l.slot, !slots.contains(slot) else { continue }
            let message = byId[slot] != nil ? "layer \"\(slot)\" is not a slot layer" : "slot \"\(slot)\" not found"
            errors.append(StyleError(path: pathOf(l.id) / "slot", message: message, code: StyleErrorCode.unknownSlot))
        }
        return errors
    }
}
