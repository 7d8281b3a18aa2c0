import JSON

/// Legacy style functions (`{"stops": ..., "property", "type", "base", "default",
/// "colorSpace"}`) rewritten as the equivalent expression, with MapLibre's conversion rules:
/// zoom functions become a top-level `interpolate`/`step` on `["zoom"]`, property functions
/// `match`/`case`/`step`/`interpolate` on `["get", property]`, zoom-and-property functions
/// a zoom curve of property curves, identity functions `["get", property]`.
enum FunctionConverter {

    /// The spec type name MapLibre's converter uses for `expectation.type`.
    static func specTypeName(_ e: PropertyExpectation) -> String {
        if e.enumValues != nil { return "enum" }
        switch e.type {
        case .array: return "array"
        default: return e.type.description
        }
    }

    /// Checks the function's shape (errors point into it) and converts it.
    static func convert(_ fn: JSONObject, _ e: PropertyExpectation, at path: JSONPointer) -> Result<JSONValue, [StyleError]> {
        var errors: [StyleError] = []
        func err(_ p: JSONPointer, _ m: String) { errors.append(StyleError(path: p, message: m, code: "invalid_function")) }
        let type = fn["type"]?.stringValue
        if let t = fn["type"], !(t.stringValue.map { ["identity", "exponential", "interval", "categorical"].contains($0) } ?? false) {
            err(path / "type", "expected one of [identity, exponential, interval, categorical], \(t.serialized()) found")
        }
        if let p = fn["property"], p.stringValue == nil { err(path / "property", "string expected, \(p.typeName) found") }
        if let b = fn["base"], b.numberValue == nil { err(path / "base", "number expected, \(b.typeName) found") }
        if let cs = fn["colorSpace"], !(cs.stringValue.map { ["rgb", "lab", "hcl"].contains($0) } ?? false) {
            err(path / "colorSpace", "expected one of [rgb, lab, hcl], \(cs.serialized()) found")
        }
        if fn["stops"] == nil {
            if type != "identity" && fn["property"] == nil { err(path, "missing required property \"stops\"") }
        } else if case .array(let stops) = fn["stops"]! {
            if stops.isEmpty { err(path / "stops", "array must have at least one stop") }
            for (i, stop) in stops.enumerated() {
                guard case .array(let pair) = stop, pair.count == 2 else {
                    err(path / "stops" / i, "array length 2 expected, \(stop.arrayValue.map { "length \($0.count)" } ?? stop.typeName) found")
                    continue
                }
                if case .object(let zv) = pair[0] {
                    if zv["zoom"]?.numberValue == nil { err(path / "stops" / i / 0 / "zoom", "number expected") }
                    if zv["value"] == nil { err(path / "stops" / i / 0 / "value", "missing required property \"value\"") }
                } else if fn["property"] == nil, pair[0].numberValue == nil {
                    err(path / "stops" / i / 0, "number expected, \(pair[0].typeName) found")
                }
            }
        } else {
            err(path / "stops", "array expected, \(fn["stops"]!.typeName) found")
        }
        if fn["property"] == nil && type == "identity" { err(path, "missing required property \"property\"") }
        if !errors.isEmpty { return .failure(errors) }
        return .success(convert(fn, e))
    }

    static func convert(_ fn: JSONObject, _ e: PropertyExpectation) -> JSONValue {
        guard case .array(let rawStops)? = fn["stops"] else { return identity(fn, e) }
        let zoomAndFeature: Bool = {
            if case .array(let first)? = rawStops.first, case .object = first.first ?? .null { return true }
            return false
        }()
        let featureDependent = zoomAndFeature || fn["property"] != nil
        let zoomDependent = zoomAndFeature || !featureDependent
        let stops: [(JSONValue, JSONValue)] = rawStops.map { stop in
            let pair = stop.arrayValue ?? []
            let input = pair.first ?? .null
            let output = pair.count > 1 ? pair[1] : .null
            if !featureDependent, e.supportsTokens, case .string(let s) = output { return (input, tokenString(s)) }
            return (input, literal(output))
        }
        if zoomAndFeature { return zoomAndProperty(fn, e, stops) }
        if zoomDependent { return zoomFunction(fn, e, stops) }
        return propertyFunction(fn, e, stops)
    }

    static func literal(_ v: JSONValue) -> JSONValue {
        switch v {
        case .array, .object, .null: return ["literal", v]
        default: return v
        }
    }

    static func identity(_ fn: JSONObject, _ e: PropertyExpectation) -> JSONValue {
        let get: JSONValue = ["get", fn["property"] ?? .null]
        guard let def = fn["default"] else {
            return specTypeName(e) == "string" ? ["string", get] : get
        }
        let typeName = specTypeName(e)
        if typeName == "enum" {
            return .array(["match", get, .array((e.enumValues ?? []).map { .string($0) }), get, def])
        }
        var expr: [JSONValue] = [.string(typeName == "color" ? "to-color" : typeName), get, literal(def)]
        if case .array(let item, let n) = e.type {
            expr.insert(contentsOf: [.string(item.description), n.map { .number(Double($0)) } ?? .null], at: 1)
        }
        return .array(expr)
    }

    static func interpolateOperator(_ fn: JSONObject) -> JSONValue {
        switch fn["colorSpace"]?.stringValue {
        case "hcl": return "interpolate-hcl"
        case "lab": return "interpolate-lab"
        default: return "interpolate"
        }
    }

    static func functionType(_ fn: JSONObject, _ e: PropertyExpectation) -> String {
        if let t = fn["type"]?.stringValue { return t }
        return e.interpolated ? "exponential" : "interval"
    }

    static func appendStop(_ curve: inout [JSONValue], _ input: JSONValue, _ output: JSONValue, isStep: Bool) {
        // Duplicate stop inputs were never validated for functions: skip them.
        if curve.count > 3, input == curve[curve.count - 2] { return }
        if !(isStep && curve.count == 2) { curve.append(input) }
        curve.append(output)
    }

    static func fixDegenerateStep(_ curve: inout [JSONValue]) {
        if curve.first == "step" && curve.count == 3 {
            curve.append(0)
            curve.append(curve[2])
        }
    }

    static func zoomFunction(_ fn: JSONObject, _ e: PropertyExpectation, _ stops: [(JSONValue, JSONValue)]) -> JSONValue {
        var curve: [JSONValue]
        var isStep = false
        switch functionType(fn, e) {
        case "interval":
            curve = ["step", ["zoom"]]; isStep = true
        case "exponential":
            let base = fn["base"]?.numberValue ?? 1
            curve = [interpolateOperator(fn), base == 1 ? ["linear"] : ["exponential", .number(base)], ["zoom"]]
        case let other:
            // Categorical/identity zoom functions do not exist; an expression with an unknown
            // interpolation reports it.
            curve = [interpolateOperator(fn), [.string(other)], ["zoom"]]
        }
        for (i, o) in stops { appendStop(&curve, i, o, isStep: isStep) }
        fixDegenerateStep(&curve)
        return .array(curve)
    }

    static func fallback(_ fn: JSONObject, _ e: PropertyExpectation) -> JSONValue {
        if let d = fn["default"] { return literal(d) }
        if let d = e.defaultValue { return literal(d.json) }
        if e.type == .resolvedImage { return "" }
        return ["literal", .null]
    }

    static func propertyFunction(_ fn: JSONObject, _ e: PropertyExpectation, _ stops: [(JSONValue, JSONValue)]) -> JSONValue {
        let type = functionType(fn, e)
        let get: JSONValue = ["get", fn["property"] ?? .null]
        let numberGet: JSONValue = ["number", get]
        func withDefault(_ expr: JSONValue) -> JSONValue {
            guard let d = fn["default"] else { return expr }
            return ["case", ["==", ["typeof", get], "number"], expr, literal(d)]
        }
        switch type {
        case "categorical":
            if case .bool = stops.first?.0 ?? .null {
                var expr: [JSONValue] = ["case"]
                for (i, o) in stops { expr.append(["==", get, i]); expr.append(o) }
                expr.append(fallback(fn, e))
                return .array(expr)
            }
            var expr: [JSONValue] = ["match", get]
            for (i, o) in stops { appendStop(&expr, i, o, isStep: false) }
            expr.append(fallback(fn, e))
            return .array(expr)
        case "interval":
            var expr: [JSONValue] = ["step", numberGet]
            for (i, o) in stops { appendStop(&expr, i, o, isStep: true) }
            fixDegenerateStep(&expr)
            return withDefault(.array(expr))
        case "exponential":
            let base = fn["base"]?.numberValue ?? 1
            var expr: [JSONValue] = [interpolateOperator(fn), base == 1 ? ["linear"] : ["exponential", .number(base)], numberGet]
            for (i, o) in stops { appendStop(&expr, i, o, isStep: false) }
            return withDefault(.array(expr))
        default:
            return ["error", .string("Unknown property function type \(type)")]
        }
    }

    static func zoomAndProperty(_ fn: JSONObject, _ e: PropertyExpectation, _ stops: [(JSONValue, JSONValue)]) -> JSONValue {
        var zooms: [JSONValue] = []
        var perZoom: [JSONValue: [(JSONValue, JSONValue)]] = [:]
        for (input, output) in stops {
            let z = input["zoom"] ?? .null
            if perZoom[z] == nil { zooms.append(z); perZoom[z] = [] }
            perZoom[z]!.append((input["value"] ?? .null, output))
        }
        var inner = JSONObject()
        inner["type"] = fn["type"]; inner["property"] = fn["property"]; inner["default"] = fn["default"]
        let interpolated = e.interpolated
        var curve: [JSONValue] = interpolated ? [interpolateOperator(fn), ["linear"], ["zoom"]] : ["step", ["zoom"]]
        for z in zooms {
            appendStop(&curve, z, propertyFunction(inner, e, perZoom[z]!), isStep: !interpolated)
        }
        if !interpolated { fixDegenerateStep(&curve) }
        return .array(curve)
    }

    /// "Hello {name}" → ["concat", "Hello ", ["get", "name"]].
    static func tokenString(_ s: String) -> JSONValue {
        var parts: [JSONValue] = ["concat"]
        var literalText = ""
        var i = s.startIndex
        var sawToken = false
        var lastWasToken = false
        while i < s.endIndex {
            if s[i] == "{", let close = s[s.index(after: i)...].firstIndex(where: { $0 == "}" || $0 == "{" }), s[close] == "}",
               close > s.index(after: i) {
                if !literalText.isEmpty { parts.append(.string(literalText)); literalText = "" }
                parts.append(["get", .string(String(s[s.index(after: i)..<close]))])
                sawToken = true; lastWasToken = true
                i = s.index(after: close)
            } else {
                literalText.append(s[i]); lastWasToken = false
                i = s.index(after: i)
            }
        }
        if !sawToken { return .string(s) }
        if !literalText.isEmpty { parts.append(.string(literalText)) }
        else if parts.count == 2 && lastWasToken { return ["to-string", parts[1]] }
        return .array(parts)
    }
}
