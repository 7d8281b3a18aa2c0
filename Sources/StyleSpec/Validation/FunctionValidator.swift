import JSON

/// Validates a legacy property function (`{"stops": ..., "property": ..., "type": ...}`) the
/// way the style spec's validator does, so errors point into the function as written
/// (`/paint/fill-color/stops/1/0`) rather than into its expression conversion. Only a
/// function without errors is handed to the expression compiler.
struct FunctionValidator {
    let spec: PropertySpec
    var diagnostics = Diagnostics()

    private var functionType: String?
    private var isZoomAndProperty = false
    private var stopKeyType: String?
    private var previousDomainValue: Double?
    private var previousZoom: Double?
    private var seenDomainValues = Set<JSONValue>()

    init(spec: PropertySpec) { self.spec = spec }

    mutating func validate(_ function: JSONObject, at path: JSONPointer) {
        functionType = function["type"]?.stringValue
        let property = function["property"]
        let isZoomFunction = functionType != "categorical" && property == nil
        if case .array(let stops)? = function["stops"], case .array(let first)? = stops.first,
           case .object? = first.first {
            isZoomAndProperty = true
        }

        var v = SpecValidator()
        for (key, value) in function {
            switch key {
            case "stops": validateStops(value, at: path / key)
            case "default": validateOutput(value, at: path / key)
            default:
                if let s = SpecTables.function[key] {
                    v.validate(value, as: s, at: path / key)
                } else {
                    v.diagnostics.error(path, "unknown property \"\(key)\"", code: StyleErrorCode.unknownProperty)
                }
            }
        }
        diagnostics.append(v.diagnostics.errors)

        if functionType == "identity" && isZoomFunction {
            diagnostics.error(path, "missing required property \"property\"")
        }
        if functionType != "identity" && function["stops"] == nil {
            diagnostics.error(path, "missing required property \"stops\"")
        }
        if functionType == "exponential" && !(spec.expression?.interpolated ?? false) {
            diagnostics.error(path, "exponential functions not supported")
        }
        if !isZoomFunction && !spec.isDataDriven {
            diagnostics.error(path, "property functions not supported")
        } else if isZoomFunction && !spec.isZoomDependent {
            diagnostics.error(path, "zoom functions not supported")
        }
        if (functionType == "categorical" || isZoomAndProperty) && property == nil {
            diagnostics.error(path, "\"property\" property is required")
        }
    }

    private mutating func validateStops(_ value: JSONValue, at path: JSONPointer) {
        if functionType == "identity" {
            diagnostics.error(path, "identity function may not have a \"stops\" property")
            return
        }
        guard case .array(let stops) = value else {
            diagnostics.error(path, "array expected, \(value.typeName) found")
            return
        }
        for (i, stop) in stops.enumerated() { validateStop(stop, at: path / i) }
        if stops.isEmpty { diagnostics.error(path, "array must have at least one stop") }
    }

    private mutating func validateStop(_ value: JSONValue, at path: JSONPointer) {
        guard case .array(let pair) = value else {
            diagnostics.error(path, "array expected, \(value.typeName) found")
            return
        }
        guard pair.count == 2 else {
            diagnostics.error(path, "array length 2 expected, length \(pair.count) found")
            return
        }
        if isZoomAndProperty {
            guard case .object(let key) = pair[0] else {
                diagnostics.error(path, "object expected, \(pair[0].typeName) found")
                return
            }
            guard let zoom = key["zoom"] else { diagnostics.error(path, "object stop key must have zoom"); return }
            guard let domain = key["value"] else { diagnostics.error(path, "object stop key must have value"); return }
            if let z = zoom.numberValue, let previousZoom, previousZoom > z {
                diagnostics.error(path, "stop zoom values must appear in ascending order")
                return
            }
            if let z = zoom.numberValue, z != previousZoom {
                previousZoom = z
                previousDomainValue = nil
                seenDomainValues = []
            }
            for (k, _) in key where k != "zoom" && k != "value" {
                diagnostics.error(path / 0, "unknown property \"\(k)\"", code: StyleErrorCode.unknownProperty)
            }
            if zoom.numberValue == nil { diagnostics.error(path / 0 / "zoom", "number expected, \(zoom.typeName) found") }
            validateDomainValue(domain, at: path / 0 / "value")
        } else {
            validateDomainValue(pair[0], at: path / 0)
        }
        if ExpressionCompiler.isExpression(pair[1]) {
            diagnostics.error(path / 1, "expressions are not allowed in function stops.")
            return
        }
        validateOutput(pair[1], at: path / 1)
    }

    private mutating func validateDomainValue(_ value: JSONValue, at path: JSONPointer) {
        let type = value.typeName
        if let stopKeyType, type != stopKeyType {
            diagnostics.error(path, "\(type) stop domain type must match previous stop domain type \(stopKeyType)")
            return
        }
        if stopKeyType == nil { stopKeyType = type }
        guard type == "number" || type == "string" || type == "boolean" else {
            diagnostics.error(path, "stop domain value must be a number, string, or boolean")
            return
        }
        if type != "number" && functionType != "categorical" {
            var message = "number expected, \(type) found"
            if spec.isDataDriven && functionType == nil {
                message += "\nIf you intended to use a categorical function, specify `\"type\": \"categorical\"`."
            }
            diagnostics.error(path, message)
            return
        }
        if functionType == "categorical", let n = value.numberValue, !n.isFinite || n.rounded(.down) != n {
            diagnostics.error(path, "integer expected, found \(JSONValue.format(n))")
            return
        }
        if functionType != "categorical", let n = value.numberValue {
            if let previousDomainValue, n < previousDomainValue {
                diagnostics.error(path, "stop domain values must appear in ascending order")
                return
            }
            previousDomainValue = n
        }
        if functionType == "categorical" {
            if seenDomainValues.contains(value) {
                diagnostics.error(path, "stop domain values must be unique")
                return
            }
            seenDomainValues.insert(value)
        }
    }

    /// A stop output or `default`: a constant of the property's type.
    private mutating func validateOutput(_ value: JSONValue, at path: JSONPointer) {
        if case .failure(let errors) = ExpressionCompiler.compileProperty(value, expecting: spec.expectation, at: path) {
            diagnostics.append(errors)
        }
    }
}
