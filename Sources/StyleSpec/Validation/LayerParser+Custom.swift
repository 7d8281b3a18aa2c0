import JSON

extension LayerParser {
    /// Keys a `custom` layer has besides the common ones.
    static let customKeys: Set<String> = ["renderer", "options"]

    /// Checks a custom layer's `renderer` (a string, required) and `options` (an object,
    /// default `{}`), then lets the context's hook validate and decode them. Returns nil after
    /// reporting an error, `.some(nil)` when there is no hook, else the prepared value.
    ///
    /// The previous version's prepared value is kept when neither key changed, so a change of
    /// visibility, zoom range or slot does not decode the options again.
    mutating func prepareCustom(_ obj: JSONObject, id: String, at path: JSONPointer,
                                previous: Layer?) -> (any Sendable)?? {
        guard let r = obj["renderer"] else {
            diagnostics.error(path, "missing required property \"renderer\"", code: StyleErrorCode.invalidLayer)
            return nil
        }
        guard case .string(let name) = r else {
            diagnostics.error(path / "renderer", "string expected, \(r.typeName) found", code: StyleErrorCode.invalidLayer)
            return nil
        }
        let options = obj["options"] ?? .object(JSONObject())
        guard case .object = options else {
            diagnostics.error(path / "options", "object expected, \(options.typeName) found", code: StyleErrorCode.invalidOptions)
            return nil
        }
        guard let hook = context.customLayers else { return .some(nil) }
        if let previous, previous.type == .custom, let kept = previous.prepared,
           previous.json["renderer"] == r, previous.json["options"] ?? .object(JSONObject()) == options {
            return .some(kept)
        }
        switch hook.prepare(renderer: name, options: options, layerID: id) {
        case .success(let value):
            return .some(value)
        case .failure(let e):
            diagnostics.append([e.prefixed(by: path)])
            return nil
        }
    }
}
