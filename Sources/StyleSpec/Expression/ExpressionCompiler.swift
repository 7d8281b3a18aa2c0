import JSON

/// Entry points: style JSON (constants, legacy functions, expressions, filters) → compiled
/// form. Errors are `StyleError`s with code "invalid_expression" (or "invalid_function" /
/// "invalid_property" for legacy functions and constants) and JSON pointers relative to `path`.
public enum ExpressionCompiler {
    /// Whether `json` is an expression: an array starting with a known operator name.
    public static func isExpression(_ json: JSONValue) -> Bool {
        guard case .array(let a) = json, case .string(let op)? = a.first else { return false }
        return ExpressionRegistry.isOperator(op)
    }

    /// Any expression with an optional expected type (MapLibre's `createExpression`).
    public static func compileExpression(_ json: JSONValue, expected: ExpressionType?, at path: JSONPointer) -> Result<CompiledExpression, [StyleError]> {
        compileExpression(json, expected: expected, coerceStrings: false, at: path)
    }

    static func compileExpression(_ json: JSONValue, expected: ExpressionType?, coerceStrings: Bool, at path: JSONPointer) -> Result<CompiledExpression, [StyleError]> {
        let ctx = ParsingContext(expected: expected == .value ? nil : expected)
        guard let root = ctx.parseHere(json, annotation: coerceStrings ? .coerce : nil) else {
            return .failure(errors(ctx.errors, at: path))
        }
        return .success(CompiledExpression(root: root))
    }

    /// A filter: legacy syntax or an expression; `null` means "every feature".
    public static func compileFilter(_ json: JSONValue, at path: JSONPointer) -> Result<CompiledExpression, [StyleError]> {
        if json.isNull { return .success(CompiledExpression(root: Literal(type: .boolean, value: .boolean(true), path: []))) }
        let result: Result<CompiledExpression, [StyleError]>
        if LegacyFilter.isExpressionFilter(json) {
            result = compileExpression(json, expected: .boolean, at: path)
        } else {
            var errs: [ExpressionParseError] = []
            guard let root = LegacyFilter.compile(json, path: [], errors: &errs), errs.isEmpty else {
                return .failure(errors(errs, at: path))
            }
            result = .success(CompiledExpression(root: root))
        }
        if case .success(let c) = result, c.usesFeatureState {
            return .failure([StyleError(path: path, message: "\"feature-state\" data expressions are not supported with filters.",
                                        code: "invalid_expression")])
        }
        return result
    }

    /// A paint/layout property value: a constant, a legacy function or an expression,
    /// checked against what the property accepts.
    public static func compileProperty(_ json: JSONValue, expecting e: PropertyExpectation, at path: JSONPointer) -> Result<PropertyExpression, [StyleError]> {
        if case .object(let fn) = json {
            guard e.expressionsAllowed else {
                return .failure([StyleError(path: path, message: "\(e.propertyName.isEmpty ? "property" : e.propertyName) does not support functions", code: "invalid_function")])
            }
            switch FunctionConverter.convert(fn, e, at: path) {
            case .failure(let errs): return .failure(errs)
            case .success(let expr): return compilePropertyExpression(expr, e, at: path)
            }
        }
        if isExpression(json) {
            guard e.expressionsAllowed else {
                return .failure([StyleError(path: path, message: "\(e.propertyName.isEmpty ? "property" : e.propertyName) does not support expressions", code: "invalid_expression")])
            }
            return compilePropertyExpression(json, e, at: path)
        }
        switch ConstantValidator.validate(json, e, at: path) {
        case .failure(let errs): return .failure(errs)
        case .success(let v): return .success(.constant(v, expectation: e))
        }
    }

    static func compilePropertyExpression(_ json: JSONValue, _ e: PropertyExpectation, at path: JSONPointer) -> Result<PropertyExpression, [StyleError]> {
        let compiled: CompiledExpression
        switch compileExpression(json, expected: e.type, coerceStrings: e.coercesStrings, at: path) {
        case .failure(let errs): return .failure(errs)
        case .success(let c): compiled = c
        }
        func fail(_ m: String) -> Result<PropertyExpression, [StyleError]> {
            .failure([StyleError(path: path, message: m, code: "invalid_expression")])
        }
        if !compiled.isFeatureConstant && !e.featureAllowed { return fail("data expressions not supported") }
        if compiled.usesZoom && !e.zoomAllowed { return fail("zoom expressions not supported") }
        if compiled.usesFeatureState && !e.featureStateAllowed {
            return fail("\"feature-state\" data expressions are not supported with layout properties.")
        }
        let curve = ZoomCurveFinder.find(compiled.root)
        var zoomCurve: ZoomCurve? = nil
        switch curve {
        case .none:
            if compiled.usesZoom { return fail(ZoomCurveFinder.topLevelMessage) }
        case .error(let m):
            return fail(m)
        case .curve(let node):
            if let i = node as? Interpolate {
                if !e.interpolated { return fail("\"interpolate\" expressions cannot be used with this property") }
                zoomCurve = ZoomCurve(stops: i.labels, interpolation: i.curve)
            } else if let s = node as? Step {
                zoomCurve = ZoomCurve(stops: s.labels, interpolation: .step)
            }
        }
        let d = compiled.dependencies
        let kind: PropertyExpression.Kind
        if let v = compiled.constantValue {
            kind = .constant(v)
        } else if !d.isDisjoint(with: [.feature, .featureState, .lineProgress, .heatmapDensity]) {
            kind = .feature
        } else {
            kind = .zoom
        }
        return .success(PropertyExpression(kind: kind, expectation: e, expression: compiled, zoomCurve: zoomCurve))
    }

    static func errors(_ list: [ExpressionParseError], at path: JSONPointer) -> [StyleError] {
        list.map { StyleError(path: JSONPointer(path.tokens + $0.path), message: $0.message, code: "invalid_expression") }
    }
}
