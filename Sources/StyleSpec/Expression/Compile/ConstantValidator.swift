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

    /// Records an error and yields no value, so each check can `return fail(...)`.
    private static func fail(_ m: String, at path: JSONPointer, _ errors: inout [StyleError]) -> Value? {
        errors.append(StyleError(path: path, message: m, code: "invalid_property"))
        return nil
    }

    /// One value against one type: a switch over the types, the longer checks in their own functions.
    private static func check(_ json: JSONValue, type: ExpressionType, _ e: PropertyExpectation, at path: JSONPointer,
                              _ errors: inout [StyleError]) -> Value? {
        switch type {
        case .color:
            guard case .string(let s) = json else { return fail("color expected, \(typeName(json)) found", at: path, &errors) }
            guard let c = StyleColor.parse(s) else { return fail("color expected, \(json.serialized()) found", at: path, &errors) }
            return .color(c)
        case .number:
            return checkNumber(json, e, at: path, &errors)
        case .boolean:
            guard case .bool(let b) = json else { return fail("boolean expected, \(typeName(json)) found", at: path, &errors) }
            return .boolean(b)
        case .string:
            return checkString(json, e, at: path, &errors)
        case .formatted:
            guard case .string(let s) = json else { return fail("formatted expected, \(typeName(json)) found", at: path, &errors) }
            return .formatted(Formatted(text: s))
        case .resolvedImage:
            guard case .string(let s) = json else { return fail("resolvedImage expected, \(typeName(json)) found", at: path, &errors) }
            return .resolvedImage(ResolvedImage(name: s, available: false))
        case .padding:
            return checkPadding(json, at: path, &errors)
        case .numberArray:
            return checkNumberArray(json, at: path, &errors)
        case .colorArray:
            guard let c = Coercion.colorArray(Value(json: json)) else {
                return fail("colorArray expected, \(json.serialized()) found", at: path, &errors)
            }
            return .colorArray(c)
        case .variableAnchorOffsetCollection:
            guard let c = VariableAnchorOffsetCollection.from(Value(json: json)) else {
                return fail("variableAnchorOffsetCollection expected, \(json.serialized()) found", at: path, &errors)
            }
            return .variableAnchorOffsetCollection(c)
        case .projectionDefinition:
            guard let p = ProjectionDefinition.from(Value(json: json)) else {
                return fail("projectionDefinition expected, \(json.serialized()) found", at: path, &errors)
            }
            return .projectionDefinition(p)
        case .array(let item, let n):
            return checkArray(json, of: item, length: n, e, at: path, &errors)
        case .value, .object, .null, .error, .collator:
            return Value(json: json)
        }
    }

    /// A number within the property's minimum and maximum.
    private static func checkNumber(_ json: JSONValue, _ e: PropertyExpectation, at path: JSONPointer,
                                    _ errors: inout [StyleError]) -> Value? {
        guard case .number(let n) = json else { return fail("number expected, \(typeName(json)) found", at: path, &errors) }
        if let lo = e.minimum, n < lo {
            return fail("\(Value.formatNumber(n)) is less than the minimum value \(Value.formatNumber(lo))", at: path, &errors)
        }
        if let hi = e.maximum, n > hi {
            return fail("\(Value.formatNumber(n)) is greater than the maximum value \(Value.formatNumber(hi))", at: path, &errors)
        }
        return .number(n)
    }

    /// A string, one of the property's enum values when it has them.
    private static func checkString(_ json: JSONValue, _ e: PropertyExpectation, at path: JSONPointer,
                                    _ errors: inout [StyleError]) -> Value? {
        if let allowed = e.enumValues {
            guard case .string(let s) = json, allowed.contains(s) else {
                return fail("expected one of [\(allowed.joined(separator: ", "))], \(json.serialized()) found", at: path, &errors)
            }
            return .string(s)
        }
        guard case .string(let s) = json else { return fail("string expected, \(typeName(json)) found", at: path, &errors) }
        return .string(s)
    }

    /// One number (all four sides) or 1 to 4 numbers; every non-number element is reported.
    private static func checkPadding(_ json: JSONValue, at path: JSONPointer, _ errors: inout [StyleError]) -> Value? {
        if case .number(let n) = json { return .padding(Padding(top: n, right: n, bottom: n, left: n)) }
        guard case .array(let a) = json else { return fail("padding expected, \(typeName(json)) found", at: path, &errors) }
        guard (1...4).contains(a.count) else {
            return fail("padding requires 1 to 4 values; \(a.count) values found", at: path, &errors)
        }
        var nums: [Value] = []
        for (i, item) in a.enumerated() {
            guard case .number(let n) = item else { _ = fail("number expected, \(typeName(item)) found", at: path / i, &errors); continue }
            nums.append(.number(n))
        }
        return Padding.from(.array(nums)).map(Value.padding)
    }

    /// One number or an array of numbers; every non-number element is reported.
    private static func checkNumberArray(_ json: JSONValue, at path: JSONPointer, _ errors: inout [StyleError]) -> Value? {
        if case .number(let n) = json { return .numberArray([n]) }
        guard case .array(let a) = json else { return fail("numberArray expected, \(typeName(json)) found", at: path, &errors) }
        var out: [Double] = []
        for (i, item) in a.enumerated() {
            guard case .number(let n) = item else { _ = fail("number expected, \(typeName(item)) found", at: path / i, &errors); continue }
            out.append(n)
        }
        return .numberArray(out)
    }

    /// A typed array (of fixed length when `length` is set): each element checked as `item`,
    /// number elements also against the property's minimum.
    private static func checkArray(_ json: JSONValue, of item: ExpressionType, length n: Int?, _ e: PropertyExpectation,
                                   at path: JSONPointer, _ errors: inout [StyleError]) -> Value? {
        guard case .array(let a) = json else { return fail("array expected, \(typeName(json)) found", at: path, &errors) }
        if let n, a.count != n { return fail("array length \(n) expected, length \(a.count) found", at: path, &errors) }
        var out: [Value] = []
        let itemExpectation = PropertyExpectation(type: item, propertyName: e.propertyName)
        for (i, element) in a.enumerated() {
            if let v = check(element, type: item, itemExpectation, at: path / i, &errors) { out.append(v) }
        }
        if item == .number {
            for (i, v) in out.enumerated() {
                if let lo = e.minimum, let x = v.numberValue, x < lo {
                    _ = fail("\(Value.formatNumber(x)) is less than the minimum value \(Value.formatNumber(lo))", at: path / i, &errors)
                }
            }
        }
        return .array(out)
    }
}
