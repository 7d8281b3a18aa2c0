import JSON

/// The result of a route-level change: the new style, the commands that made it (for history
/// and `PUT /style`'s response) and, for layer routes, where the layer now draws.
public struct AppliedChange: Sendable {
    public let style: Style
    public let commands: [StyleCommand]
    /// Index of the added/moved layer in `style.renderOrder` (bottom = 0).
    public let layerIndex: Int?
    /// Load warnings of a declarative update (unsupported layer types, ignored keys).
    public let warnings: [StyleError]
}

/// The layer and source routes of DESIGN.md expressed as commands, with errors pointing into
/// the request body (`/layer/paint/fill-color`, `/position`, `/paint/line-width`) instead of
/// into the command list. The server may equally build commands itself and call `applying`.
extension Style {
    /// `POST /layers` body `{"layer": {...}, "position"?: {...}}`.
    public func addingLayer(body: JSONValue) -> Result<AppliedChange, StyleError> {
        routeResult {
            let layer = try Self.object(body["layer"], at: JSONPointer(["layer"]))
            let position = try LayerPosition(json: body["position"], at: JSONPointer(["position"]))
            let command = try addLayerCommand(layer, at: position)
            return ([(command, [1: ["layer"], 2: ["position"]])], layer["id"]?.stringValue)
        }
    }

    /// `PATCH /layers/{id}` body any of `paint`, `layout`, `filter`, `minzoom`, `maxzoom`,
    /// `slot`; listed properties change, `null` resets. An omitted zoom bound is kept.
    public func patchingLayer(_ id: String, body: JSONValue) -> Result<AppliedChange, StyleError> {
        routeResult {
            let layer = try existing(id)
            guard case .object(let patch) = body else {
                throw StyleError(path: .root, message: "object expected, \(body.typeName) found", code: StyleErrorCode.invalidProperty)
            }
            var out: [(StyleCommand, [Int: [String]])] = []
            for (key, value) in patch {
                switch key {
                case "paint", "layout":
                    let props = try Self.object(value, at: JSONPointer([key]))
                    for (name, v) in props {
                        let c: StyleCommand = key == "paint" ? .setPaintProperty(layer: id, name: name, value: v)
                            : .setLayoutProperty(layer: id, name: name, value: v)
                        out.append((c, [2: [key, name], 3: [key, name]]))
                    }
                case "filter":
                    out.append((.setFilter(layer: id, filter: value), [2: ["filter"]]))
                case "minzoom", "maxzoom":
                    continue
                case "slot":
                    guard value.isNull || value.stringValue != nil else {
                        throw StyleError(path: JSONPointer(["slot"]), message: "string or null expected, \(value.typeName) found",
                                         code: StyleErrorCode.invalidProperty)
                    }
                    out.append((.setSlot(layer: id, slot: value.stringValue), [2: ["slot"]]))
                default:
                    throw StyleError(path: JSONPointer([key]), message: "\"\(key)\" cannot be patched (paint, layout, filter, minzoom, maxzoom, slot)",
                                     code: StyleErrorCode.unknownProperty)
                }
            }
            if patch["minzoom"] != nil || patch["maxzoom"] != nil {
                func bound(_ key: String, _ current: Double?) throws(StyleError) -> Double? {
                    guard let v = patch[key] else { return current }
                    if v.isNull { return nil }
                    guard let n = v.numberValue else {
                        throw StyleError(path: JSONPointer([key]), message: "number or null expected, \(v.typeName) found",
                                         code: StyleErrorCode.invalidProperty)
                    }
                    return n
                }
                let c = StyleCommand.setLayerZoomRange(layer: id, min: try bound("minzoom", layer.minzoom),
                                                       max: try bound("maxzoom", layer.maxzoom))
                out.append((c, [2: ["minzoom"], 3: ["maxzoom"]]))
            }
            return (out, id)
        }
    }

    /// `PUT /layers/{id}`: the whole layer replaced where it is (its id may be omitted).
    public func replacingLayer(_ id: String, body: JSONValue) -> Result<AppliedChange, StyleError> {
        routeResult {
            _ = try existing(id)
            var layer = try Self.object(body, at: .root)
            if let given = layer["id"], given != .string(id) {
                throw StyleError(path: JSONPointer(["id"]), message: "the layer id cannot change (\(given.serialized()) ≠ \"\(id)\")",
                                 code: StyleErrorCode.invalidLayer)
            }
            layer["id"] = .string(id)
            let index = layerPosition(id)!
            let next = index + 1 < layers.count ? layers[index + 1].id : nil
            return ([(.removeLayer(id), [:]), (.addLayer(layer, beforeId: next), [1: []])], id)
        }
    }

    /// `POST /layers/{id}/move` body `{"position": {...}}`.
    public func movingLayer(_ id: String, body: JSONValue) -> Result<AppliedChange, StyleError> {
        routeResult {
            _ = try existing(id)
            let position = try LayerPosition(json: body["position"], at: JSONPointer(["position"]))
            return ([(try moveLayerCommand(id, to: position), [2: ["position"]])], id)
        }
    }

    /// `POST /layers/{id}/copy` body `{"id": newId, "position"?: {...}}` (default: top of the
    /// copy's group, like any new layer).
    public func copyingLayer(_ id: String, body: JSONValue) -> Result<AppliedChange, StyleError> {
        routeResult {
            var layer = try existing(id).json
            guard case .string(let newId)? = body["id"] else {
                throw StyleError(path: JSONPointer(["id"]), message: "the new layer id (string) is required", code: StyleErrorCode.invalidLayer)
            }
            layer["id"] = .string(newId)
            let position = try LayerPosition(json: body["position"], at: JSONPointer(["position"]))
            return ([(try addLayerCommand(layer, at: position), [1: [], 2: ["position"]])], newId)
        }
    }

    /// `POST /sources` body `{"id": id, "source": {...}}`.
    public func addingSource(body: JSONValue) -> Result<AppliedChange, StyleError> {
        routeResult {
            guard case .string(let id)? = body["id"] else {
                throw StyleError(path: JSONPointer(["id"]), message: "source id (string) is required", code: StyleErrorCode.invalidSource)
            }
            let source = try Self.object(body["source"], at: JSONPointer(["source"]))
            return ([(.addSource(id, source), [1: ["id"], 2: ["source"]])], nil)
        }
    }

    /// `PUT /style`: the declarative update. Errors of the new style point into it; the
    /// commands are the diff that was applied.
    public func updating(to json: JSONValue) -> Result<AppliedChange, [StyleError]> {
        switch Style.parse(json, supportedLayerTypes: supportedLayerTypes) {
        case .failure(let errors):
            return .failure(errors)
        case .success(let (target, warnings)):
            var commands = StyleDiff.diff(from: self, to: target)
            var result = applying(commands, allowingUnsupportedLayerTypes: true)
            if case .failure = result {
                // Not expected (the diff is exact); a whole replacement is always valid.
                commands = [.setStyle(json)]
                result = applying(commands, allowingUnsupportedLayerTypes: true)
            }
            switch result {
            case .failure(let e): return .failure([e])
            case .success(var s):
                s.loadWarnings = warnings
                return .success(AppliedChange(style: s, commands: commands, layerIndex: nil, warnings: warnings))
            }
        }
    }

    // MARK: plumbing

    /// Runs a route: builds commands (each with a map from its argument index to the body
    /// pointer it came from; `["!"]` for an argument taken whole from the URL), applies them atomically and moves error paths into the body.
    func routeResult(_ build: () throws -> ([(StyleCommand, [Int: [String]])], String?))
        -> Result<AppliedChange, StyleError> {
        let built: ([(StyleCommand, [Int: [String]])], String?)
        do {
            built = try build()
        } catch let e as StyleError {
            return .failure(e)
        } catch {
            return .failure(StyleError(path: .root, message: "\(error)", code: StyleErrorCode.invalidCommand))
        }
        let (pairs, layerId) = built
        switch applying(pairs.map(\.0)) {
        case .success(let s):
            return .success(AppliedChange(style: s, commands: pairs.map(\.0), layerIndex: layerId.flatMap { s.renderIndex(of: $0) },
                                          warnings: []))
        case .failure(let e):
            var tokens = e.path.tokens
            guard let i = tokens.first.flatMap(Int.init), i < pairs.count else { return .failure(e) }
            tokens.removeFirst()
            var mapped: [String] = []
            if let arg = tokens.first.flatMap(Int.init) {
                tokens.removeFirst()
                mapped = pairs[i].1[arg] ?? []
                // "!": the argument came from the URL as a whole; nothing inside it to point at.
                if mapped == ["!"] { mapped = []; tokens = [] }
            }
            return .failure(StyleError(path: JSONPointer(mapped + tokens), message: e.message, code: e.code))
        }
    }

    func existing(_ id: String) throws(StyleError) -> Layer {
        guard let l = layer(id) else {
            throw StyleError(path: .root, message: "layer \"\(id)\" not found", code: StyleErrorCode.unknownLayer)
        }
        return l
    }

    private static func object(_ value: JSONValue?, at path: JSONPointer) throws(StyleError) -> JSONObject {
        guard case .object(let o)? = value else {
            throw StyleError(path: path, message: "object expected, \(value?.typeName ?? "nothing") found",
                             code: StyleErrorCode.invalidProperty)
        }
        return o
    }
}

extension Layer {
    /// Validates and compiles one layer against a style (runtime rules: unknown source, wrong
    /// source type, unsupported type, bad values are errors), without adding it. Errors point
    /// into `json` prefixed by `path`. Duplicate ids and slots are checked when added.
    public static func parse(_ json: JSONValue, in style: Style, at path: JSONPointer = .root) -> Result<Layer, [StyleError]> {
        var sources: [String: SourceSpec] = [:]
        for s in style.sources { sources[s.id] = s }
        var refs: [String: JSONObject] = [:]
        for l in style.layers { refs[l.id] = l.json }
        var parser = LayerParser(context: LayerContext(sources: sources, refLayers: refs,
                                                       supportedLayerTypes: style.supportedLayerTypes, mode: .runtime))
        guard let layer = parser.parse(json, at: path), !parser.diagnostics.hasErrors else {
            return .failure(parser.diagnostics.errors)
        }
        return .success(layer)
    }
}
