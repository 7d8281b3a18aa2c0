import JSON

/// What a layer is validated against: the style's sources, the layers a `ref` may name, the
/// types the renderer draws, and whether this is a style load (unsupported type → warning) or
/// a runtime add (→ error).
public struct LayerContext: Sendable {
    public enum Mode: Sendable { case load, runtime }

    public var sources: [String: SourceSpec]
    /// Raw JSON of layers declared earlier, for `ref` (v8 still validates it; we dereference).
    public var refLayers: [String: JSONObject]
    public var supportedLayerTypes: Set<LayerType>
    public var mode: Mode
    /// Checks and prepares `custom` layers' renderer and options; nil = shape checks only.
    public var customLayers: (any CustomLayerPreparing)?
    /// Sources declared in the style that failed validation (already reported): layers using
    /// them are not reported again as using a missing source.
    var invalidSources: Set<String> = []

    public init(sources: [String: SourceSpec], refLayers: [String: JSONObject] = [:],
                supportedLayerTypes: Set<LayerType> = LayerType.defaultSupported, mode: Mode = .runtime,
                customLayers: (any CustomLayerPreparing)? = nil) {
        self.sources = sources; self.refLayers = refLayers
        self.supportedLayerTypes = supportedLayerTypes; self.mode = mode
        self.customLayers = customLayers
    }
}

/// Validates one layer object and compiles it into a `Layer`. Style-wide rules (duplicate
/// ids, slots naming slot layers) are checked by the caller.
struct LayerParser {
    let context: LayerContext
    var diagnostics = Diagnostics()

    init(context: LayerContext) { self.context = context }

    /// Keys a `ref` layer takes from the layer it names (and may not set itself).
    static let refKeys = ["type", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout"]
    /// Layer keys we know; others are kept but warned about (MapLibre ignores them).
    static let knownKeys: Set<String> = ["id", "type", "ref", "metadata", "source", "source-layer", "minzoom",
                                         "maxzoom", "filter", "layout", "paint", "slot"]

    /// Parses `value` at `path`; `previous` (the layer's former version) lets unchanged
    /// properties keep their compiled form.
    mutating func parse(_ value: JSONValue, at path: JSONPointer, previous: Layer? = nil) -> Layer? {
        guard case .object(var obj) = value else {
            diagnostics.error(path, "object expected, \(value.typeName) found", code: StyleErrorCode.invalidLayer)
            return nil
        }
        guard dereference(&obj, at: path) else { return nil }
        // A layer reading config options compiles them as constants: nothing of its former
        // version may be reused (the option may have changed under the same JSON).
        let configValues = ConfigReferences.values(of: obj, in: ConfigEnvironment.current)
        let previous = configValues == nil ? previous : nil
        let errorCount = diagnostics.errors.count
        guard let id = parseId(obj, at: path), let type = parseType(obj, at: path) else { return nil }
        checkKeys(obj, type: type, at: path)
        checkDrawn(type, at: path)
        let source = checkSource(obj, id: id, type: type, at: path)
        let slot = checkPlacement(obj, type: type, at: path)
        if type == .slot {
            for key in ["source", "source-layer", "filter", "paint", "layout"] where obj[key] != nil {
                diagnostics.error(path / key, "\"\(key)\" is not allowed on slot layers", code: StyleErrorCode.invalidLayer)
            }
        }

        let filter = compileFilter(obj["filter"], at: path / "filter", previous: previous)
        let layout = compileSection(.layout, obj, type: type, at: path, previous: previous)
        let paint = compileSection(.paint, obj, type: type, at: path, previous: previous)
        checkPaintRules(obj, id: id, type: type, source: source, at: path)
        var prepared: (any Sendable)?
        if type == .custom {
            guard let p = prepareCustom(obj, id: id, at: path, previous: previous) else { return nil }
            prepared = p
        }

        guard diagnostics.errors.count == errorCount else { return nil }
        // Normal form: no empty paint/layout, no null filter (so equal layers compare equal).
        for key in ["paint", "layout"] where obj[key]?.objectValue?.isEmpty == true { obj[key] = nil }
        if obj["filter"]?.isNull == true { obj["filter"] = nil }
        return Layer(id: id, type: type, source: obj["source"]?.stringValue, sourceLayer: obj["source-layer"]?.stringValue,
                     minzoom: obj["minzoom"]?.numberValue, maxzoom: obj["maxzoom"]?.numberValue,
                     filter: filter ?? nil, slot: slot, paint: paint, layout: layout, json: obj, prepared: prepared,
                     configValues: configValues)
    }

    /// The required string `id`.
    mutating func parseId(_ obj: JSONObject, at path: JSONPointer) -> String? {
        switch obj["id"] {
        case .string(let s)?: return s
        case nil:
            diagnostics.error(path, "missing required property \"id\"", code: StyleErrorCode.invalidLayer)
            return nil
        case let v?:
            diagnostics.error(path / "id", "string expected, \(v.typeName) found", code: StyleErrorCode.invalidLayer)
            return nil
        }
    }

    /// Unknown layer keys are kept but warned about (custom layers have a few of their own).
    mutating func checkKeys(_ obj: JSONObject, type: LayerType, at path: JSONPointer) {
        for (k, _) in obj where !LayerParser.knownKeys.contains(k) && !(type == .custom && LayerParser.customKeys.contains(k)) {
            diagnostics.warning(path / k, "unknown layer property \"\(k)\" is ignored", code: StyleErrorCode.unknownProperty)
        }
    }

    /// A type the renderer does not draw: an error when added at runtime, a warning at load
    /// (the layer is kept, so the style round-trips).
    mutating func checkDrawn(_ type: LayerType, at path: JSONPointer) {
        guard !context.supportedLayerTypes.contains(type) && type != .slot else { return }
        let message = "layer type \"\(type.rawValue)\" is not drawn by this server"
        if context.mode == .runtime {
            diagnostics.error(path / "type", message, code: StyleErrorCode.unsupportedLayerType)
        } else {
            diagnostics.warning(path / "type", message + "; the layer is kept but not rendered",
                                code: StyleErrorCode.unsupportedLayerType)
        }
    }

    /// `source-layer`, the zoom range and `slot` (returned); a slot layer cannot sit in a slot.
    /// That rule's error is reported before the spec's type errors (the first error is the one shown).
    mutating func checkPlacement(_ obj: JSONObject, type: LayerType, at path: JSONPointer) -> String? {
        var spec = SpecValidator()
        if let sourceLayer = obj["source-layer"] { spec.validate(sourceLayer, type: .string, at: path / "source-layer") }
        for key in ["minzoom", "maxzoom"] {
            if let v = obj[key], let s = SpecTables.layer[key] { spec.validate(v, as: s, at: path / key) }
        }
        if let mn = obj["minzoom"]?.numberValue, let mx = obj["maxzoom"]?.numberValue, mn > mx {
            spec.diagnostics.error(path / "minzoom", "minzoom \(JSONValue.format(mn)) is greater than maxzoom \(JSONValue.format(mx))")
        }
        var slot: String?
        if let s = obj["slot"] {
            if case .string(let name) = s {
                slot = name
                if type == .slot {
                    diagnostics.error(path / "slot", "a slot layer cannot itself be placed in a slot",
                                      code: StyleErrorCode.invalidLayer)
                }
            } else {
                spec.typeError("string", s, path / "slot")
            }
        }
        diagnostics.errors += spec.diagnostics.errors
        return slot
    }

    /// Resolves `ref` in place (copying the referenced layer's keys); false on error.
    mutating func dereference(_ obj: inout JSONObject, at path: JSONPointer) -> Bool {
        guard let ref = obj["ref"] else {
            if obj["type"] == nil {
                diagnostics.error(path, "either \"type\" or \"ref\" is required", code: StyleErrorCode.invalidLayer)
                return false
            }
            return true
        }
        var ok = true
        for key in LayerParser.refKeys where obj[key] != nil {
            diagnostics.error(path, "\"\(key)\" is prohibited for ref layers", code: StyleErrorCode.invalidLayer)
            ok = false
        }
        guard case .string(let refId) = ref else {
            diagnostics.error(path / "ref", "string expected, \(ref.typeName) found", code: StyleErrorCode.invalidLayer)
            return false
        }
        guard let parent = context.refLayers[refId] else {
            diagnostics.error(path, "ref layer \"\(refId)\" not found", code: StyleErrorCode.unknownLayer)
            return false
        }
        if parent["ref"] != nil {
            diagnostics.error(path, "ref cannot reference another ref layer", code: StyleErrorCode.invalidLayer)
            return false
        }
        guard ok else { return false }
        var out = JSONObject()
        for (k, v) in obj where k != "ref" { out[k] = v }
        for key in LayerParser.refKeys { if let v = parent[key] { out[key] = v } }
        obj = out
        return true
    }

    mutating func parseType(_ obj: JSONObject, at path: JSONPointer) -> LayerType? {
        guard let t = obj["type"] else { return nil }
        guard case .string(let s) = t else {
            diagnostics.error(path / "type", "string expected, \(t.typeName) found", code: StyleErrorCode.invalidLayer)
            return nil
        }
        guard let type = LayerType(rawValue: s), LayerType.isKnown(type, supported: context.supportedLayerTypes) else {
            var names = SpecTables.specLayerTypes + ["slot"]
            if context.supportedLayerTypes.contains(.custom) { names.append("custom") }
            diagnostics.error(path / "type", "expected one of [\(names.joined(separator: ", "))], \(t.shownInMessage) found",
                              code: StyleErrorCode.invalidLayer)
            return nil
        }
        return type
    }

    /// Checks `source`: required for drawing types, must exist, must be of a type the layer
    /// draws, and vector sources need a `source-layer`.
    mutating func checkSource(_ obj: JSONObject, id: String, type: LayerType, at path: JSONPointer) -> SourceSpec? {
        guard type.needsSource else { return nil }
        guard let s = obj["source"] else {
            diagnostics.error(path, "missing required property \"source\"", code: StyleErrorCode.invalidLayer)
            return nil
        }
        guard case .string(let name) = s else {
            diagnostics.error(path / "source", "string expected, \(s.typeName) found", code: StyleErrorCode.invalidLayer)
            return nil
        }
        guard let source = context.sources[name] else {
            if context.invalidSources.contains(name) { return nil }
            diagnostics.error(path, "source \"\(name)\" not found", code: StyleErrorCode.unknownSource)
            return nil
        }
        if source.type == .rasterDEM && type != .hillshade && type != .colorRelief {
            diagnostics.error(path, "raster-dem source can only be used with layer type 'hillshade' or 'color-relief'.",
                              code: StyleErrorCode.sourceTypeMismatch)
        } else if !type.acceptedSourceTypes.contains(source.type.rawValue) {
            diagnostics.error(path, "layer \"\(id)\" requires a \(type.requiredSourceDescription) source",
                              code: StyleErrorCode.sourceTypeMismatch)
        } else if source.type == .vector && obj["source-layer"] == nil {
            diagnostics.error(path, "layer \"\(id)\" must specify a \"source-layer\"", code: StyleErrorCode.invalidLayer)
        }
        return source
    }

    mutating func compileFilter(_ value: JSONValue?, at path: JSONPointer, previous: Layer?) -> CompiledExpression?? {
        guard let value, !value.isNull else { return .some(nil) }
        if let previous, previous.json["filter"] == value, let f = previous.filter { return f }
        var v = FilterValidator()
        let compiled = v.compile(value, at: path)
        diagnostics.errors += v.diagnostics.errors
        diagnostics.warnings += v.diagnostics.warnings
        return compiled.map { .some($0) }
    }

    /// Compiles `paint` or `layout`: unknown properties and misplaced `-transition` keys are
    /// errors; transitions are validated and otherwise ignored (renders show end states).
    mutating func compileSection(_ section: PropertySection, _ obj: JSONObject, type: LayerType,
                                 at path: JSONPointer, previous: Layer?) -> [String: PropertyExpression] {
        guard let raw = obj[section.rawValue] else { return [:] }
        let base = path / section.rawValue
        guard case .object(let props) = raw else {
            diagnostics.error(base, "object expected, \(raw.typeName) found")
            return [:]
        }
        let group = section == .paint ? SpecTables.paint(for: type) : SpecTables.layout(for: type)
        var out: [String: PropertyExpression] = [:]
        for (name, value) in props {
            let p = base / name
            if section == .paint, name.hasSuffix("-transition") {
                let property = String(name.dropLast("-transition".count))
                if let spec = group[property], spec.transition {
                    var v = SpecValidator()
                    v.validateObject(value, group: SpecTables.transition, at: p)
                    diagnostics.append(v.diagnostics.errors)
                } else {
                    diagnostics.error(p, "unknown property \"\(name)\"", code: StyleErrorCode.unknownProperty)
                }
                continue
            }
            guard let spec = group[name] else {
                diagnostics.error(p, "unknown property \"\(name)\"", code: StyleErrorCode.unknownProperty)
                continue
            }
            if let previous, previous.json[section.rawValue]?[name] == value,
               let compiled = (section == .paint ? previous.paint : previous.layout)[name] {
                out[name] = compiled
                continue
            }
            if let compiled = compileProperty(value, spec: spec, section: section, at: p) { out[name] = compiled }
        }
        return out
    }

    /// One property value: legacy functions are checked as written first, then everything is
    /// compiled; property-specific rules of the spec's validator follow.
    mutating func compileProperty(_ value: JSONValue, spec: PropertySpec, section: PropertySection,
                                  at path: JSONPointer) -> PropertyExpression? {
        if case .object(let function) = value, spec.expression != nil {
            if spec.name == "text-font", function["type"] == .string("identity") {
                diagnostics.error(path, "\"text-font\" does not support identity functions")
                return nil
            }
            var f = FunctionValidator(spec: spec)
            f.validate(function, at: path)
            if f.diagnostics.hasErrors {
                diagnostics.append(f.diagnostics.errors)
                return nil
            }
        }
        if case .array(let items) = value, items.isEmpty, [.numberArray, .colorArray, .padding].contains(spec.type) {
            diagnostics.error(path, "array length at least 1 expected, length 0 found")
            return nil
        }
        switch ExpressionCompiler.compileProperty(value, expecting: spec.expectation, at: path) {
        case .failure(let errs):
            diagnostics.append(errs)
            return nil
        case .success(let e):
            if spec.name == "text-font", ExpressionCompiler.isExpression(value), !Self.outputsAreLiterals(value) {
                diagnostics.error(path, "Invalid data expression for \"text-font\". Output values must be contained as literals within the expression.",
                                  code: StyleErrorCode.invalidExpression)
                return nil
            }
            return e
        }
    }

    /// Whether every value an expression can output is written as a literal (branches of
    /// `case`/`match`/`step`/`interpolate`/`coalesce`, the body of `let`).
    static func outputsAreLiterals(_ value: JSONValue) -> Bool {
        guard case .array(let items) = value, case .string(let op)? = items.first else { return true }
        let args = Array(items.dropFirst())
        func all(_ indices: [Int]) -> Bool { indices.allSatisfy { $0 < args.count && outputsAreLiterals(args[$0]) } }
        switch op {
        case "literal": return true
        case "array", "string", "number", "boolean", "object":
            return !args.isEmpty && all([args.count - 1])
        case "case":
            guard !args.isEmpty else { return false }
            return all(Array(stride(from: 1, to: args.count, by: 2)) + [args.count - 1])
        case "match":
            guard args.count >= 2 else { return false }
            return all(Array(stride(from: 2, to: args.count, by: 2)) + [args.count - 1])
        case "step":
            guard args.count >= 2 else { return false }
            return all([1] + Array(stride(from: 3, to: args.count, by: 2)))
        case "interpolate", "interpolate-hcl", "interpolate-lab":
            return all(Array(stride(from: 3, to: args.count, by: 2)))
        case "coalesce":
            return all(Array(args.indices))
        case "let":
            return !args.isEmpty && all([args.count - 1])
        default:
            return false
        }
    }

    /// Cross-property rules of v8 (`requires` entries MapLibre's validator enforces).
    mutating func checkPaintRules(_ obj: JSONObject, id: String, type: LayerType, source: SourceSpec?,
                                  at path: JSONPointer) {
        guard case .object(let paint)? = obj["paint"] else { return }
        if type == .line, paint["line-gradient"] != nil,
           let source, source.type != .geojson || source.json["lineMetrics"] != .bool(true) {
            diagnostics.error(path, "layer \"\(id)\" specifies a line-gradient, which requires a GeoJSON source with `lineMetrics` enabled.")
        }
        if type == .raster, paint["resampling"] != nil, paint["raster-resampling"] != nil {
            diagnostics.error(path, "layer \"\(id)\" redundantly specifies \"resampling\" and \"raster-resampling\" paint properties, but only one is allowed. It is advised to use \"resampling\".")
        }
    }
}
