import JSON

/// One option of a style's `schema` (Mapbox GL v3): its default, and what a value set for it
/// must be (`type`, one of `values`, within `minValue`…`maxValue` on the `stepValue` grid).
public struct ConfigOption: Sendable, Equatable {
    public enum Kind: String, Sendable { case string, number, boolean, color }
    public var name: String
    public var defaultValue: JSONValue
    public var kind: Kind?
    public var values: [JSONValue]?
    public var minValue: Double?, maxValue: Double?, stepValue: Double?

    /// Why `value` may not be set for this option, nil when it may.
    public func problem(with value: JSONValue) -> String? {
        if let values, !values.contains(value) {
            return "\"\(name)\" must be one of \(JSONValue.array(values).serialized()), \(value.serialized()) found"
        }
        switch kind {
        case .string?: if value.stringValue == nil { return "\"\(name)\" must be a string, \(value.typeName) found" }
        case .boolean?: if case .bool = value {} else { return "\"\(name)\" must be a boolean, \(value.typeName) found" }
        case .color?:
            guard case .string(let s) = value, StyleColor.parse(s) != nil else {
                return "\"\(name)\" must be a CSS colour string, \(value.serialized()) found"
            }
        case .number?:
            guard case .number(let n) = value else { return "\"\(name)\" must be a number, \(value.typeName) found" }
            if let minValue, n < minValue { return "\"\(name)\" must be at least \(JSONValue.format(minValue))" }
            if let maxValue, n > maxValue { return "\"\(name)\" must be at most \(JSONValue.format(maxValue))" }
            if let stepValue, stepValue > 0 {
                let steps = (n - (minValue ?? 0)) / stepValue
                if abs(steps - steps.rounded()) > 1e-9 {
                    return "\"\(name)\" must be a multiple of \(JSONValue.format(stepValue)) from \(JSONValue.format(minValue ?? 0))"
                }
            }
        case nil: break
        }
        return nil
    }

    /// The option as the viewer and `GET /imports/{id}/config` show it.
    public var json: JSONValue {
        var o = JSONObject([("default", defaultValue)])
        if let kind { o["type"] = .string(kind.rawValue) }
        if let values { o["values"] = .array(values) }
        if let minValue { o["minValue"] = .number(minValue) }
        if let maxValue { o["maxValue"] = .number(maxValue) }
        if let stepValue { o["stepValue"] = .number(stepValue) }
        return .object(o)
    }
}

/// A style's `schema`: its options in document order.
public struct ConfigSchema: Sendable, Equatable {
    public var options: [ConfigOption] = []

    public func option(_ name: String) -> ConfigOption? { options.first { $0.name == name } }

    /// Every option at its default.
    public var defaults: JSONObject { JSONObject(options.map { ($0.name, $0.defaultValue) }) }

    /// The defaults with `config` set over them; errors point at `path/name`.
    public func resolve(_ config: JSONObject, at path: JSONPointer) -> Result<JSONObject, StyleError> {
        var out = defaults
        for (name, value) in config {
            guard let o = option(name) else {
                let known = options.map(\.name).joined(separator: ", ")
                return .failure(StyleError(path: path / name, message: "unknown config option \"\(name)\" (the schema has: \(known.isEmpty ? "none" : known))",
                                           code: StyleErrorCode.invalidConfig))
            }
            if value.isNull { out[name] = o.defaultValue; continue }
            if let p = o.problem(with: value) {
                return .failure(StyleError(path: path / name, message: p, code: StyleErrorCode.invalidConfig))
            }
            out[name] = value
        }
        return .success(out)
    }

    /// Parses a root `schema` object; errors point into it.
    static func parse(_ json: JSONValue?, at path: JSONPointer) -> Result<ConfigSchema, StyleError> {
        guard let json else { return .success(ConfigSchema()) }
        guard case .object(let o) = json else {
            return .failure(StyleError(path: path, message: "object expected, \(json.typeName) found", code: StyleErrorCode.invalidStyle))
        }
        var schema = ConfigSchema()
        for (name, spec) in o {
            switch parseOption(name, spec, at: path / name) {
            case .success(let opt): schema.options.append(opt)
            case .failure(let e): return .failure(e)
            }
        }
        return .success(schema)
    }

    private static func parseOption(_ name: String, _ spec: JSONValue, at path: JSONPointer) -> Result<ConfigOption, StyleError> {
        func fail(_ p: JSONPointer, _ m: String) -> Result<ConfigOption, StyleError> {
            .failure(StyleError(path: p, message: m, code: StyleErrorCode.invalidStyle))
        }
        guard case .object(let o) = spec else { return fail(path, "object expected, \(spec.typeName) found") }
        for key in o.keys where !["default", "type", "values", "minValue", "maxValue", "stepValue", "array", "metadata"].contains(key) {
            return fail(path / key, "unknown schema key \"\(key)\"")
        }
        guard let def = o["default"] else { return fail(path, "missing required property \"default\"") }
        var opt = ConfigOption(name: name, defaultValue: def)
        if let t = o["type"] {
            guard case .string(let s) = t, let k = ConfigOption.Kind(rawValue: s) else {
                return fail(path / "type", "type must be one of \"string\", \"number\", \"boolean\", \"color\"")
            }
            opt.kind = k
        }
        if let v = o["values"] {
            guard case .array(let a) = v, !a.isEmpty else { return fail(path / "values", "non-empty array expected") }
            opt.values = a
        }
        for (key, kp) in [("minValue", \ConfigOption.minValue), ("maxValue", \.maxValue), ("stepValue", \.stepValue)] {
            guard let v = o[key] else { continue }
            guard case .number(let n) = v else { return fail(path / key, "number expected, \(v.typeName) found") }
            opt[keyPath: kp] = n
        }
        if let p = opt.problem(with: def) { return fail(path / "default", "the default does not fit its own schema: \(p)") }
        return .success(opt)
    }
}
