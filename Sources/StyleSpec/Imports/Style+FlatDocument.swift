import JSON

extension Style {
    /// The v8 document of what is drawn, for clients that know neither `imports` nor
    /// `["config", …]` (MapLibre GL reading a published style): `rendered`'s sources and layers
    /// (imported ones under their namespaced ids), each config reference written as the literal
    /// value it was compiled with, no `schema`. The style itself when it has neither.
    public func flatDocument() -> JSONValue {
        guard !imports.isEmpty || !schema.options.isEmpty else { return toJSON() }
        let flat = rendered
        var out = flat.root
        out["schema"] = nil
        out["sources"] = flat.sourcesJSON
        out["layers"] = .array(flat.layers.map { l in
            guard let values = l.configValues else { return .object(l.json) }
            return Style.substituteConfig(.object(l.json), values)
        })
        return .object(out)
    }

    /// `json` with each `["config", name, scope?]` replaced by `["literal", value]` from
    /// `values` (keyed `scope/name`, as `Layer.configValues`); `literal` contents stay as written.
    static func substituteConfig(_ json: JSONValue, _ values: JSONObject) -> JSONValue {
        switch json {
        case .array(let a):
            guard case .string(let op)? = a.first else { return .array(a.map { substituteConfig($0, values) }) }
            if op == "literal" { return json }
            if op == "config", a.count >= 2, case .string(let name) = a[1] {
                var scope = ""
                if a.count >= 3, case .string(let s) = a[2] { scope = s }
                return ["literal", values[scope + "/" + name] ?? .null]
            }
            return .array(a.map { substituteConfig($0, values) })
        case .object(let o):
            return .object(JSONObject(o.entries.map { ($0.key, substituteConfig($0.value, values)) }))
        default:
            return json
        }
    }
}
