import JSON

/// A case the harness cannot express (reported as SKIP, neither passed nor failed), as
/// `run.py`'s `Skip`.
struct HarnessSkip: Error, CustomStringConvertible {
    var description: String
    init(_ reason: String) { description = reason }
}

/// A case that could not be completed (reported as ERROR, counted as failed), as `run.py`'s
/// `HarnessError`: an unloadable style, a malformed operation, an image of the wrong size.
struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ reason: String) { description = reason }
}

/// Which cases a runner of the HTTP contract can play: `run.py`'s `check_supported`, ported so
/// that both runners skip the same cases for the same reasons.
enum HarnessSupport {
    static let noopOperations: Set = ["wait", "idle", "sleep"]
    static let cameraOperations: Set = ["setZoom", "setCenter", "setBearing", "setPitch"]
    static let styleOperations: Set = [
        "addLayer", "removeLayer", "setPaintProperty", "setLayoutProperty", "setFilter", "setLayerZoomRange",
        "addSource", "removeSource", "setStyle", "addImage", "removeImage",
        "setFeatureState", "removeFeatureState", "setGlobalStateProperty",
    ]
    static let debugKeys = ["debug", "collisionDebug", "showOverdrawInspector", "showPadding"]

    /// Throws `HarnessSkip` with `run.py`'s reason when the case needs something the HTTP
    /// contract cannot express; `HarnessError` for an operation that is not even an array.
    static func check(style: JSONValue, metadata: RenderTestMetadata) throws {
        for key in debugKeys where metadata.isSet(key) { throw HarnessSkip("debug overlay (\(key))") }
        if metadata.isSet("addFakeCanvas") { throw HarnessSkip("canvas source (addFakeCanvas)") }
        if RenderTestMetadata.truthy(style["pitch"]) || RenderTestMetadata.truthy(style["roll"]) {
            throw HarnessSkip("pitch/roll in the style (the static endpoint has no pitch)")
        }
        if case .object(let projection)? = style["projection"], let type = projection["type"], !type.isNull,
           type != .string("mercator") {
            throw HarnessSkip("projection \(pyText(type))")
        }
        if RenderTestMetadata.truthy(style["terrain"]) { throw HarnessSkip("terrain") }
        for op in metadata.operations {
            guard RenderTestMetadata.truthy(op) else { continue }
            guard case .array(let items) = op else { throw HarnessError("malformed operation \(op.serialized())") }
            let name = items[0].stringValue ?? pyText(items[0])
            if noopOperations.contains(name) || styleOperations.contains(name) || ["setZoom", "setCenter", "setBearing"].contains(name) {
                if name == "addImage", items.count > 3, case .object(let opts) = items[3] {
                    let extra = opts.keys.filter { !["pixelRatio", "sdf"].contains($0) }.sorted()
                    if !extra.isEmpty { throw HarnessSkip("addImage option(s) \(extra.joined(separator: ",")) not in the contract") }
                }
                continue
            }
            if name == "setPitch" {
                guard items.count > 1 else { throw HarnessError("setPitch without a value") }
                if RenderTestMetadata.truthy(items[1]) {
                    throw HarnessSkip("setPitch \(pyText(items[1])) (the static endpoint has no pitch)")
                }
                continue
            }
            throw HarnessSkip("operation \(name)")
        }
    }

    /// Python's `str()` of a JSON value, as `run.py` puts values in URLs and messages
    /// (integral numbers print without a fraction, as `json` reads them as int).
    static func pyText(_ v: JSONValue) -> String {
        switch v {
        case .null: return "None"
        case .bool(let b): return b ? "True" : "False"
        case .string(let s): return s
        case .number(let n): return n.rounded() == n && abs(n) < 1e16 ? String(Int(n)) : "\(n)"
        case .array, .object: return v.serialized()
        }
    }
}
