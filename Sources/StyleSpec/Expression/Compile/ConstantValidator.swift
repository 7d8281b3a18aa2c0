import JSON

/// Checks a constant property value (not an expression or function) against what the
/// property accepts and turns it into a `Value`. Messages follow MapLibre's validator.
enum ConstantValidator {
    static func validate(_ json: JSONValue, _ e: PropertyExpectation, at path: JSONPointer) -> Result<Value, [StyleError]> {
        var errors: [StyleError] = []
        let v = check(json, type: e.type, e, at: path, &errors)
        if let v, errors.isEmpty { return .success(v) }
        return .failure(errors)
    }

    private static func typeName(_ j: JSONValue) -> String { j.typeName }

    private static func check(_ json: JSONValue, type: ExpressionType, _ e: PropertyExpectation, at path: JSONPointer,
                              _ errors: inout [StyleError]) -> Value? {
        func err(_ m: String, _ p: JSONPointer? = nil) -> Value? {
            errors.append(StyleError(path: p ?? path, message: m, code: "invalid_property"))
            return nil
        }
        switch type {
        case .color:
            guard case .string(let s) = json else { return err("color expected, \(typeName(json)) found") }
            guard let c = StyleColor.parse(s) else { return err("color expected, \(json.serialized()) found") }
            return .color(c)
        case .number:
            guard case .number(let n) = json else { return err("number expected, \(typeName(json)) found") }
            if let lo = e.minimum, n < lo { return err("\(Value.formatNumber(n)) is less than the minimum value \(Value.formatNumber(lo))") }
            if let hi = e.maximum, n > hi { return err("\(Value.formatNumber(n)) is greater than the maximum value \(Value.formatNumber(hi))") }
            return .number(n)
        case .boolean:
            guard case .bool(let b) = json else { return err("boolean expected, \(typeName(json)) found") }
            return .boolean(b)
        case .string:
            if let allowed = e.enumValues {
                guard case .string(let s) = json, allowed.contains(s) else {
                    return err("expected one of [\(allowed.joined(separator: ", "))], \(json.serialized()) found")
                }
                return .string(s)
            }
            guard case .string(let s) = json else { return err("string expected, \(typeName(json)) found") }
            return .string(s)
        case .formatted:
            guard case .string(let s) = json else { return err("formatted expected, \(typeName(json)) found") }
            return .formatted(Formatted(text: s))
        case .resolvedImage:
            guard case .string(let s) = json else { return err("resolvedImage expected, \(typeName(json)) found") }
            return .resolvedImage(ResolvedImage(name: s, available: false))
        case .padding:
            if case .number(let n) = json { return .padding(Padding(top: n, right: n, bottom: n, left: n)) }
            guard case .array(let a) = json else { return err("padding expected, \(typeName(json)) found") }
            guard (1...4).contains(a.count) else { return err("padding requires 1 to 4 values; \(a.count) values found") }
            var nums: [Value] = []
            for (i, item) in a.enumerated() {
                guard case .number(let n) = item else { _ = err("number expected, \(typeName(item)) found", path / i); continue }
                nums.append(.number(n))
            }
            return Padding.from(.array(nums)).map(Value.padding)
        case .numberArray:
            if case .number(let n) = json { return .numberArray([n]) }
            guard case .array(let a) = json else { return err("numberArray expected, \(typeName(json)) found") }
            var out: [Double] = []
            for (i, item) in a.enumerated() {
                guard case .number(let n) = item else { _ = err("number expected, \(typeName(item)) found", path / i); continue }
                out.append(n)
            }
            return .numberArray(out)
        case .colorArray:
            guard let c = Coercion.colorArray(Value(json: json)) else { return err("colorArray expected, \(json.serialized()) found") }
            return .colorArray(c)
        case .variableAnchorOffsetCollection:
            guard let c = VariableAnchorOffsetCollection.from(Value(json: json)) else {
                return err("variableAnchorOffsetCollection expected, \(json.serialized()) found")
            }
            return .variableAnchorOffsetCollection(c)
        case .projectionDefinition:
            guard let p = ProjectionDefinition.from(Value(json: json)) else { return err("projectionDefinition expected, \(json.serialized()) found") }
            return .projectionDefinition(p)
        case .array(let item, let n):
            guard case .array(let a) = json else { return err("array expected, \(typeName(json)) found") }
            if let n, a.count != n { return err("array length \(n) expected, length \(a.count) found") }
            var out: [Value] = []
            let itemExpectation = PropertyExpectation(type: item, propertyName: e.propertyName)
            for (i, element) in a.enumerated() {
                if let v = check(element, type: item, itemExpectation, at: path / i, &errors) { out.append(v) }
            }
            if item == .number {
                for (i, v) in out.enumerated() {
                    if let lo = e.minimum, let x = v.numberValue, x < lo {
                        _ = err("\(Value.formatNumber(x)) is less than the minimum value \(Value.formatNumber(lo))", path / i)
                    }
                }
            }
            return .array(out)
        case .value, .object, .null, .error, .collator:
            return Value(json: json)
        }
    }
}
