import JSON
import StyleSpec

/// Legacy `{property}` tokens in `text-field` and `icon-image` strings, resolved against the
/// feature's properties as MapLibre resolves them: only in values that are not expressions
/// and not data-driven; a property the feature lacks becomes the empty string.
enum SymbolTokens {
    /// Whether the layer's value of `name` is a literal or zoom function (tokens apply).
    static func apply(_ layer: Layer, _ name: String) -> Bool {
        guard let e = layer.layout[name], e.isFeatureConstant else { return false }
        // A string, or a legacy (zoom) function; an expression is never token-resolved.
        switch layer.json["layout"]?.objectValue?[name] {
        case .string?, .object?: return true
        default: return false
        }
    }

    static func resolve(_ s: String, properties: JSONObject) -> String {
        // A byte scan: String.contains(String) is Foundation's search, which bridges the whole
        // text to UTF-16 for every feature (seconds for a 100 000-character label).
        guard s.utf8.contains(UInt8(ascii: "{")) else { return s }
        var out = ""
        var rest = Substring(s)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(where: { $0 == "}" || $0 == "{" }), after[close] == "}", close > after.startIndex else {
                out.append("{")
                rest = after
                continue
            }
            let key = String(after[..<close])
            if let v = properties[key] { out += Value.toString(Value(json: v)) }
            rest = after[after.index(after: close)...]
        }
        out += rest
        return out
    }
}
