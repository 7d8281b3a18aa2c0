/// A paint or layout property value after compilation.
public struct PropertyExpression: Sendable {
    public enum Kind: Sendable {
        /// Known at compile time.
        case constant(Value)
        /// Depends only on per-tile inputs (zoom, global state): evaluate once per tile.
        case zoom
        /// Depends on the feature (properties, id, geometry, feature state) or per-fragment
        /// inputs (`line-progress`, `heatmap-density`): evaluate per feature.
        case feature
    }

    public let kind: Kind
    public let expectation: PropertyExpectation
    /// The compiled expression (also for constants written as expressions).
    public let expression: CompiledExpression?
    /// The top-level zoom curve, when the value depends on zoom through one.
    public let zoomCurve: ZoomCurve?

    init(kind: Kind, expectation: PropertyExpectation, expression: CompiledExpression?, zoomCurve: ZoomCurve?) {
        self.kind = kind; self.expectation = expectation; self.expression = expression; self.zoomCurve = zoomCurve
    }

    /// A constant value (used for defaults and tests).
    public static func constant(_ value: Value, expectation: PropertyExpectation) -> PropertyExpression {
        PropertyExpression(kind: .constant(value), expectation: expectation, expression: nil, zoomCurve: nil)
    }

    public var constantValue: Value? {
        if case .constant(let v) = kind { return v }
        return nil
    }

    public var isZoomConstant: Bool { !(expression?.usesZoom ?? false) }
    public var isFeatureConstant: Bool { if case .feature = kind { return false }; return true }

    /// The value for `ctx`; evaluation errors, null, NaN and strings outside an enum's values
    /// yield the property default, like MapLibre.
    public func evaluate(_ ctx: EvaluationContext) -> Value {
        if case .constant(let v) = kind { return v }
        guard let expression else { return fallback }
        return resolve((try? expression.evaluate(ctx)) ?? .null)
    }

    /// Like `evaluate` but reports why the default was used (for diagnostics).
    public func evaluateReportingErrors(_ ctx: EvaluationContext) -> (value: Value, error: ExpressionEvaluationError?) {
        if case .constant(let v) = kind { return (v, nil) }
        guard let expression else { return (fallback, nil) }
        do {
            return (resolve(try expression.evaluate(ctx)), nil)
        } catch let e as ExpressionEvaluationError {
            return (fallback, e)
        } catch {
            return (fallback, ExpressionEvaluationError("\(error)"))
        }
    }

    private var fallback: Value { expectation.defaultValue ?? .null }

    private func resolve(_ v: Value) -> Value {
        switch v {
        case .null: return fallback
        case .number(let n) where n.isNaN: return fallback
        case .string(let s):
            if let allowed = expectation.enumValues, !allowed.contains(s) { return fallback }
            return v
        default: return v
        }
    }
}

/// The zoom stops and interpolation of a top-level `step`/`interpolate` on `["zoom"]`.
public struct ZoomCurve: Sendable {
    public enum Interpolation: Sendable, Hashable {
        case step
        case linear
        case exponential(base: Double)
        case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    }
    public let stops: [Double]
    public let interpolation: Interpolation
}
