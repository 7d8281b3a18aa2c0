import JSON

/// Layer filters: expression filters are compiled as boolean expressions; legacy filters
/// (`["==", "key", value]`, `"in"`, `"has"`, `"$type"`, ...) are first checked with the style
/// spec's legacy rules so errors point into the filter as written, then converted by the
/// expression compiler. Legacy sub-filters inside an expression filter are reported as
/// warnings (MapLibre: "Mixing deprecated filter syntax ...") and compiled as expressions.
struct FilterValidator {
    var diagnostics = Diagnostics()

    static let legacyOperators = ["==", "!=", ">", ">=", "<", "<=", "in", "!in", "all", "any", "none", "has", "!has"]

    mutating func compile(_ value: JSONValue, at path: JSONPointer) -> CompiledExpression? {
        if FilterValidator.isExpressionFilter(value) {
            warnAboutLegacyParts(value, at: path, inExpression: false)
            switch ExpressionCompiler.compileExpression(value, expected: .boolean, at: path) {
            case .failure(let errors):
                diagnostics.append(errors)
                return nil
            case .success(let e):
                if e.usesFeatureState {
                    diagnostics.error(path, "\"feature-state\" data expressions are not supported with filters.",
                                      code: StyleErrorCode.invalidExpression)
                    return nil
                }
                return e
            }
        }
        let before = diagnostics.errors.count
        validateLegacy(value, at: path)
        guard diagnostics.errors.count == before else { return nil }
        switch ExpressionCompiler.compileFilter(value, at: path) {
        case .failure(let errors): diagnostics.append(errors); return nil
        case .success(let e): return e
        }
    }

    /// Whether a filter is in expression syntax. `none`, `!in`, `!has` and the `$type`/`$id`
    /// forms only exist in legacy syntax; `all`/`any` are expressions when any member is
    /// unambiguously one (a member valid in both syntaxes, like `["has", "x"]`, does not decide).
    static func isExpressionFilter(_ value: JSONValue) -> Bool {
        switch value {
        case .bool: return true
        case .array(let items):
            guard case .string(let op)? = items.first else { return items.isEmpty ? false : true }
            switch op {
            case "has":
                return items.count >= 2 && items[1] != .string("$id") && items[1] != .string("$type")
            case "in":
                return items.count >= 3 && (items[1].stringValue == nil || items[2].arrayValue != nil)
            case "!in", "!has", "none":
                return false
            case "==", "!=", ">", ">=", "<", "<=":
                return items.count != 3 || items[1].arrayValue != nil || items[2].arrayValue != nil
            case "any", "all":
                let members = items.dropFirst()
                if members.isEmpty { return true }
                return members.contains { m in
                    if case .bool = m { return false }
                    return isExpressionFilter(m) && !isLegacyShaped(m)
                } || members.allSatisfy { if case .bool = $0 { return true }; return false }
            default:
                return true
            }
        default:
            return false
        }
    }

    /// Looks like (valid or invalid) legacy syntax: a legacy operator with plain-value operands.
    static func isLegacyShaped(_ value: JSONValue) -> Bool {
        guard case .array(let items) = value, case .string(let op)? = items.first,
              legacyOperators.contains(op) else { return false }
        switch op {
        case "all", "any", "none":
            return items.dropFirst().allSatisfy { m in
                if case .bool = m { return true }
                return isLegacyShaped(m)
            }
        default:
            return items.count >= 2 && items[1].stringValue != nil && items.dropFirst(2).allSatisfy { $0.arrayValue == nil }
        }
    }

    mutating func warnAboutLegacyParts(_ value: JSONValue, at path: JSONPointer, inExpression: Bool) {
        guard case .array(let items) = value, case .string(let op)? = items.first else { return }
        if inExpression && !FilterValidator.isExpressionFilter(value) && FilterValidator.isLegacyShaped(value) {
            diagnostics.warning(path, "Mixing deprecated filter syntax with expression syntax is not supported. Convert \(value.serialized()) to expression syntax.",
                                code: StyleErrorCode.invalidExpression)
            return
        }
        guard ["all", "any", "!", "case", "match", "coalesce"].contains(op) || !inExpression else { return }
        for (i, item) in items.enumerated().dropFirst() {
            warnAboutLegacyParts(item, at: path / i, inExpression: true)
        }
    }

    /// The style spec's checks of legacy filter syntax.
    mutating func validateLegacy(_ value: JSONValue, at path: JSONPointer) {
        guard case .array(let items) = value else {
            diagnostics.error(path, "array expected, \(value.typeName) found", code: StyleErrorCode.invalidExpression)
            return
        }
        guard let first = items.first else {
            diagnostics.error(path, "filter array must have at least 1 element", code: StyleErrorCode.invalidExpression)
            return
        }
        let op = first.stringValue ?? ""
        if !FilterValidator.legacyOperators.contains(op) {
            diagnostics.error(path / 0, "expected one of [\(FilterValidator.legacyOperators.joined(separator: ", "))], \(first.serialized()) found",
                              code: StyleErrorCode.invalidExpression)
        }
        func error(_ p: JSONPointer, _ m: String) { diagnostics.error(p, m, code: StyleErrorCode.invalidExpression) }
        switch op {
        case "<", "<=", ">", ">=", "==", "!=", "in", "!in":
            if ["<", "<=", ">", ">="].contains(op), items.count >= 2, items[1] == .string("$type") {
                error(path, "\"$type\" cannot be use with operator \"\(op)\"")
            }
            if !["in", "!in"].contains(op), items.count != 3 {
                error(path, "filter array for operator \"\(op)\" must have 3 elements")
            }
            if items.count >= 2, items[1].stringValue == nil {
                error(path / 1, "string expected, \(items[1].typeName) found")
            }
            for i in items.indices.dropFirst(2) {
                if items[1] == .string("$type") {
                    let types: [JSONValue] = ["Point", "LineString", "Polygon"]
                    if !types.contains(items[i]) {
                        error(path / i, "expected one of [Point, LineString, Polygon], \(items[i].serialized()) found")
                    }
                } else if !["string", "number", "boolean"].contains(items[i].typeName) {
                    error(path / i, "string, number, or boolean expected, \(items[i].typeName) found")
                }
            }
        case "any", "all", "none":
            for i in items.indices.dropFirst() { validateLegacy(items[i], at: path / i) }
        case "has", "!has":
            if items.count != 2 {
                error(path, "filter array for \"\(op)\" operator must have 2 elements")
            } else if items[1].stringValue == nil {
                error(path / 1, "string expected, \(items[1].typeName) found")
            }
        default:
            break
        }
    }
}
