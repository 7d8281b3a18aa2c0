import JSON

extension StyleCommand {
    /// Parses `[name, ...args]`. `path` is where the command sits in its document (`/3` in a
    /// batch), so errors point into it (`/3/1`). Only the shape is checked here; values are
    /// validated when the command is applied.
    public init(json: JSONValue, at path: JSONPointer = .root) throws(StyleError) {
        guard case .array(let items) = json, let first = items.first else {
            throw StyleError(path: path, message: "a command is an array [name, ...args]", code: StyleErrorCode.invalidCommand)
        }
        guard case .string(let name) = first else {
            throw StyleError(path: path / 0, message: "command name must be a string", code: StyleErrorCode.invalidCommand)
        }
        let a = Args(items: items, path: path, name: name)
        if let c = try StyleCommand.layerCommand(a) { self = c; return }
        if let c = try StyleCommand.sourceCommand(a) { self = c; return }
        if let c = try StyleCommand.stateCommand(a) { self = c; return }
        if let c = try StyleCommand.documentCommand(a) { self = c; return }
        if let c = try StyleCommand.importCommand(a) { self = c; return }
        guard let root = StyleCommand.rootCommands.first(where: { $0.name == name }) else {
            throw StyleError(path: path / 0, message: "unknown command \"\(name)\"", code: StyleErrorCode.unknownCommand)
        }
        try a.count(1...1)
        self = .setRootProperty(root.key, a.value(1))
    }

    /// The commands that change one layer or the layer order; nil for other names.
    private static func layerCommand(_ a: Args) throws(StyleError) -> StyleCommand? {
        switch a.name {
        case "addLayer":
            try a.count(1...2)
            return .addLayer(try a.object(1), beforeId: try a.optionalString(2))
        case "removeLayer":
            try a.count(1...1)
            return .removeLayer(try a.string(1))
        case "moveLayer":
            try a.count(1...2)
            return .moveLayer(try a.string(1), beforeId: try a.optionalString(2))
        case "setPaintProperty", "setLayoutProperty":
            try a.count(2...4)
            try a.optionsObject(4)
            let (id, prop, value) = (try a.string(1), try a.string(2), a.value(3))
            return a.name == "setPaintProperty" ? .setPaintProperty(layer: id, name: prop, value: value)
                : .setLayoutProperty(layer: id, name: prop, value: value)
        case "setFilter":
            try a.count(1...3)
            try a.optionsObject(3)
            return .setFilter(layer: try a.string(1), filter: a.value(2))
        case "setLayerZoomRange":
            try a.count(1...3)
            return .setLayerZoomRange(layer: try a.string(1), min: try a.optionalNumber(2), max: try a.optionalNumber(3))
        case "setSlot":
            try a.count(1...2)
            return .setSlot(layer: try a.string(1), slot: try a.optionalString(2))
        default:
            return nil
        }
    }

    /// The commands that add, remove or feed a source; nil for other names.
    private static func sourceCommand(_ a: Args) throws(StyleError) -> StyleCommand? {
        switch a.name {
        case "addSource":
            try a.count(2...2)
            return .addSource(try a.string(1), try a.object(2))
        case "removeSource":
            try a.count(1...2)
            let options = a.items.count > 2 ? try a.object(2) : JSONObject()
            if let c = options["cascade"], c.boolValue == nil {
                throw StyleError(path: a.path / 2 / "cascade", message: "boolean expected, \(c.typeName) found",
                                 code: StyleErrorCode.invalidCommand)
            }
            return .removeSource(try a.string(1), cascade: options["cascade"]?.boolValue ?? false)
        case "setGeoJSONSourceData":
            try a.count(2...2)
            return .setGeoJSONSourceData(try a.string(1), a.value(2))
        default:
            return nil
        }
    }

    /// The commands on session-owned state (images, feature and global state); nil for other names.
    private static func stateCommand(_ a: Args) throws(StyleError) -> StyleCommand? {
        switch a.name {
        case "addImage":
            try a.count(2...2)
            let id = try a.string(1)
            switch StyleCommand.parseImage(a.value(2), at: a.path / 2) {
            case .success(let img): return .addImage(id, img)
            case .failure(let e): throw e
            }
        case "removeImage":
            try a.count(1...1)
            return .removeImage(try a.string(1))
        case "setFeatureState":
            try a.count(2...2)
            let target = try a.featureTarget(1, idRequired: true)
            return .setFeatureState(target, try a.object(2))
        case "removeFeatureState":
            try a.count(1...2)
            let target = try a.featureTarget(1, idRequired: false)
            let key = try a.optionalString(2)
            if key != nil && target.id == nil {
                throw StyleError(path: a.path / 2, message: "a key can only be removed from one feature (give an id)",
                                 code: StyleErrorCode.invalidCommand)
            }
            return .removeFeatureState(target, key: key)
        case "setGlobalStateProperty":
            try a.count(1...2)
            return .setGlobalStateProperty(try a.string(1), a.value(2))
        default:
            return nil
        }
    }

    /// `setStyle`, `setRootProperty` and the annotation commands; nil for other names (the
    /// root keys' own commands, `setCenter` etc., are matched last).
    private static func documentCommand(_ a: Args) throws(StyleError) -> StyleCommand? {
        switch a.name {
        case "setStyle":
            try a.count(1...2)
            try a.optionsObject(2)
            _ = try a.object(1)
            return .setStyle(a.value(1))
        case "setRootProperty":
            try a.count(2...2)
            return .setRootProperty(try a.string(1), a.value(2))
        case "addAnnotation":
            try a.count(1...1)
            return .addAnnotation(try a.object(1))
        case "updateAnnotation":
            try a.count(2...2)
            return .updateAnnotation(try a.string(1), try a.object(2))
        case "removeAnnotation":
            try a.count(1...1)
            return .removeAnnotation(try a.string(1))
        default:
            return nil
        }
    }

    /// The import commands (Mapbox GL v3's names and argument order); nil for other names.
    private static func importCommand(_ a: Args) throws(StyleError) -> StyleCommand? {
        switch a.name {
        case "setConfigProperty":
            try a.count(3...3)
            return .setConfigProperty(importId: try a.string(1), name: try a.string(2), value: a.value(3))
        case "addImport":
            try a.count(1...2)
            return .addImport(try a.object(1), beforeId: try a.optionalString(2))
        case "removeImport":
            try a.count(1...1)
            return .removeImport(try a.string(1))
        case "updateImport":
            try a.count(2...2)
            return .updateImport(try a.string(1), try a.object(2))
        case "moveImport":
            try a.count(1...2)
            return .moveImport(try a.string(1), beforeId: try a.optionalString(2))
        default:
            return nil
        }
    }

    /// Parses a list of commands (`POST /style/operations`); errors point at `/i/...`.
    public static func parseBatch(_ json: JSONValue) -> Result<[StyleCommand], StyleError> {
        guard case .array(let items) = json else {
            return .failure(StyleError(path: .root, message: "a batch is an array of commands", code: StyleErrorCode.invalidCommand))
        }
        var out: [StyleCommand] = []
        for (i, item) in items.enumerated() {
            do { out.append(try StyleCommand(json: item, at: JSONPointer.root / i)) } catch { return .failure(error) }
        }
        return .success(out)
    }

    /// `{"png": base64, "pixelRatio": n, "sdf": bool}` as an image (PNG, JPEG or WebP bytes).
    public static func parseImage(_ value: JSONValue, at path: JSONPointer) -> Result<StyleImage, StyleError> {
        func fail(_ p: JSONPointer, _ m: String) -> Result<StyleImage, StyleError> {
            .failure(StyleError(path: p, message: m, code: StyleErrorCode.invalidCommand))
        }
        guard case .object(let o) = value else { return fail(path, "object expected, \(value.typeName) found") }
        for (k, _) in o where !["png", "pixelRatio", "sdf"].contains(k) { return fail(path / k, "unknown property \"\(k)\"") }
        guard case .string(let b64)? = o["png"] else { return fail(path / "png", "base64 PNG string expected") }
        guard let bytes = Base64.decode(b64), !bytes.isEmpty else { return fail(path / "png", "invalid base64 data") }
        // The renderer decodes PNG, JPEG and WebP (sniffed by signature; this module does not
        // decode). The member keeps its name "png" whatever the format, so stored styles load.
        let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let isJPEG = bytes.starts(with: [0xFF, 0xD8, 0xFF])
        let isWebP = bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && bytes[8..<12].elementsEqual("WEBP".utf8)
        guard isPNG || isJPEG || isWebP else { return fail(path / "png", "data is not a PNG, JPEG or WebP image") }
        var ratio = 1.0
        if let r = o["pixelRatio"] {
            guard case .number(let n) = r, n > 0, n.isFinite else { return fail(path / "pixelRatio", "positive number expected") }
            ratio = n
        }
        var sdf = false
        if let s = o["sdf"] {
            guard case .bool(let b) = s else { return fail(path / "sdf", "boolean expected, \(s.typeName) found") }
            sdf = b
        }
        return .success(StyleImage(png: bytes, pixelRatio: ratio, sdf: sdf))
    }

    /// The JSON form `[name, ...args]`.
    public var json: JSONValue {
        func opt(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        func optNum(_ n: Double?) -> JSONValue { n.map(JSONValue.number) ?? .null }
        switch self {
        case .addLayer(let l, let before):
            return before.map { [.string(name), .object(l), .string($0)] } ?? [.string(name), .object(l)]
        case .removeLayer(let id), .removeImage(let id):
            return [.string(name), .string(id)]
        case .moveLayer(let id, let before):
            return before.map { [.string(name), .string(id), .string($0)] } ?? [.string(name), .string(id)]
        case .setPaintProperty(let id, let p, let v), .setLayoutProperty(let id, let p, let v):
            return [.string(name), .string(id), .string(p), v]
        case .setFilter(let id, let f):
            return [.string(name), .string(id), f]
        case .setLayerZoomRange(let id, let mn, let mx):
            return [.string(name), .string(id), optNum(mn), optNum(mx)]
        case .setSlot(let id, let slot):
            return [.string(name), .string(id), opt(slot)]
        case .addSource(let id, let s):
            return [.string(name), .string(id), .object(s)]
        case .removeSource(let id, let cascade):
            return cascade ? [.string(name), .string(id), ["cascade": true]] : [.string(name), .string(id)]
        case .setGeoJSONSourceData(let id, let data):
            return [.string(name), .string(id), data]
        case .addImage(let id, let img):
            return [.string(name), .string(id), .object(JSONObject([
                ("png", .string(Base64.encode(img.png))), ("pixelRatio", .number(img.pixelRatio)), ("sdf", .bool(img.sdf)),
            ]))]
        case .setFeatureState(let t, let state):
            return [.string(name), t.json, .object(state)]
        case .removeFeatureState(let t, let key):
            return key.map { [.string(name), t.json, .string($0)] } ?? [.string(name), t.json]
        case .setGlobalStateProperty(let n, let v):
            return [.string(name), .string(n), v]
        case .setStyle(let s):
            return [.string(name), s]
        case .setRootProperty(let key, let v):
            return name == "setRootProperty" ? [.string(name), .string(key), v] : [.string(name), v]
        case .addAnnotation(let a):
            return [.string(name), .object(a)]
        case .updateAnnotation(let id, let patch):
            return [.string(name), .string(id), .object(patch)]
        case .removeAnnotation(let id), .removeImport(let id):
            return [.string(name), .string(id)]
        case .setConfigProperty(let imp, let n, let v):
            return [.string(name), .string(imp), .string(n), v]
        case .addImport(let o, let before):
            return before.map { [.string(name), .object(o), .string($0)] } ?? [.string(name), .object(o)]
        case .updateImport(let id, let o):
            return [.string(name), .string(id), .object(o)]
        case .moveImport(let id, let before):
            return before.map { [.string(name), .string(id), .string($0)] } ?? [.string(name), .string(id)]
        }
    }
}

extension FeatureTarget {
    var json: JSONValue {
        var o = JSONObject([("source", .string(source))])
        if let sourceLayer { o["sourceLayer"] = .string(sourceLayer) }
        if let id { o["id"] = .string(id) }
        return .object(o)
    }
}

/// Positional argument access with errors that point at the argument.
private struct Args {
    let items: [JSONValue]
    let path: JSONPointer
    let name: String

    func count(_ range: ClosedRange<Int>) throws(StyleError) {
        let n = items.count - 1
        guard range.contains(n) else {
            let expected = range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
            throw StyleError(path: path, message: "\(name) takes \(expected) arguments, \(n) given",
                             code: StyleErrorCode.invalidCommand)
        }
    }

    func value(_ i: Int) -> JSONValue { i < items.count ? items[i] : .null }

    func string(_ i: Int) throws(StyleError) -> String {
        guard case .string(let s) = value(i) else { throw typeError(i, "string") }
        return s
    }

    func optionalString(_ i: Int) throws(StyleError) -> String? {
        switch value(i) {
        case .null: return nil
        case .string(let s): return s
        default: throw typeError(i, "string or null")
        }
    }

    func optionalNumber(_ i: Int) throws(StyleError) -> Double? {
        switch value(i) {
        case .null: return nil
        case .number(let n): return n
        default: throw typeError(i, "number or null")
        }
    }

    func object(_ i: Int) throws(StyleError) -> JSONObject {
        guard case .object(let o) = value(i) else { throw typeError(i, "object") }
        return o
    }

    /// MapLibre's trailing `{validate: ...}` options: accepted and ignored.
    func optionsObject(_ i: Int) throws(StyleError) {
        if i < items.count, items[i].objectValue == nil, !items[i].isNull { throw typeError(i, "options object") }
    }

    func featureTarget(_ i: Int, idRequired: Bool) throws(StyleError) -> FeatureTarget {
        let o = try object(i)
        let p = path / i
        guard case .string(let source)? = o["source"] else {
            throw StyleError(path: p / "source", message: "source id (string) expected", code: StyleErrorCode.invalidCommand)
        }
        var target = FeatureTarget(source: source)
        if let sl = o["sourceLayer"], !sl.isNull {
            guard case .string(let s) = sl else {
                throw StyleError(path: p / "sourceLayer", message: "string expected, \(sl.typeName) found",
                                 code: StyleErrorCode.invalidCommand)
            }
            target.sourceLayer = s
        }
        if let id = o["id"], !id.isNull {
            guard let key = FeatureStateStore.key(id) else {
                throw StyleError(path: p / "id", message: "feature id must be a string or a number", code: StyleErrorCode.invalidCommand)
            }
            target.id = key
        } else if idRequired {
            throw StyleError(path: p / "id", message: "feature id expected", code: StyleErrorCode.invalidCommand)
        }
        return target
    }

    func typeError(_ i: Int, _ expected: String) -> StyleError {
        StyleError(path: path / i, message: "\(expected) expected, \(value(i).typeName) found", code: StyleErrorCode.invalidCommand)
    }
}
