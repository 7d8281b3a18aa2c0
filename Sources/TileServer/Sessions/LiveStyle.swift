import JSON
import StyleSpec

/// The server's handle on one immutable style snapshot: the v8 JSON a client sees, the
/// session-owned extras (images, feature and global state) and the render hash that keys
/// tiles, ETags and caches.
///
/// TEMPORARY (until branch `style` lands `Style`, `StyleCommand`, `StyleDiff`): this wraps the
/// style JSON with only structural checks and hashes its serialized text. It will wrap
/// `StyleSpec.Style` and delegate validation, commands and hashing to it.
public struct LiveStyle: Sendable {
    public let json: JSONValue
    public let extras: JSONValue
    public let renderHash: String

    init(json: JSONValue, extras: JSONValue) {
        self.json = json
        self.extras = extras
        var text = json.serializedBytes()
        text.append(0)
        text.append(contentsOf: extras.serializedBytes())
        renderHash = StableHash.hex(StableHash.fnv1a64(text))
    }

    /// Validates a v8 style document.
    public static func load(_ json: JSONValue) throws -> LiveStyle {
        guard case .object(let o) = json else {
            throw StyleError(path: .root, message: "a style must be a JSON object, got \(json.typeName)", code: "invalid_style")
        }
        guard o["version"]?.intValue == 8 else {
            throw StyleError(path: JSONPointer(["version"]), message: "style version must be 8", code: "invalid_style")
        }
        if let s = o["sources"], s.objectValue == nil {
            throw StyleError(path: JSONPointer(["sources"]), message: "sources must be an object", code: "invalid_style")
        }
        guard let layers = o["layers"]?.arrayValue else {
            throw StyleError(path: JSONPointer(["layers"]), message: "layers must be an array", code: "invalid_style")
        }
        var ids = Set<String>()
        for (i, l) in layers.enumerated() {
            guard let id = l["id"]?.stringValue else {
                throw StyleError(path: JSONPointer(["layers", String(i), "id"]), message: "a layer needs a string id", code: "invalid_style")
            }
            guard ids.insert(id).inserted else {
                throw StyleError(path: JSONPointer(["layers", String(i), "id"]), message: "duplicate layer id \"\(id)\"", code: "duplicate_layer")
            }
        }
        return LiveStyle(json: json, extras: .object(JSONObject()))
    }

    /// Rebuilds a stored revision.
    public static func restore(style: String, extras: String) throws -> LiveStyle {
        let s = try load(JSONParser.parse(style))
        return LiveStyle(json: s.json, extras: try JSONParser.parse(extras))
    }

    public func serializedStyle() -> String { json.serialized() }
    public func serializedExtras() -> String { extras.serialized() }
}
