import Foundation
import JSON

/// `interpolate`, `interpolate-hcl`, `interpolate-lab`: a continuous ramp between stops.
final class Interpolate: Expr, @unchecked Sendable {
    enum Space: Sendable { case rgb, hcl, lab }

    let curve: ZoomCurve.Interpolation
    let space: Space
    let input: Expr
    let labels: [Double]
    let outputs: [Expr]
    private let bezier: UnitBezier?
    private let isNumber: Bool

    init(type: ExpressionType, curve: ZoomCurve.Interpolation, space: Space, input: Expr, labels: [Double], outputs: [Expr], path: [String]) {
        self.curve = curve; self.space = space; self.input = input; self.labels = labels; self.outputs = outputs
        if case .cubicBezier(let x1, let y1, let x2, let y2) = curve {
            bezier = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        } else {
            bezier = nil
        }
        isNumber = type == .number
        super.init(type: type, path: path)
        finishInit()
    }

    override var children: [Expr] { [input] + outputs }

    override func evaluateNumber(_ ctx: EvaluationContext) throws -> Double {
        guard isNumber else { return try super.evaluateNumber(ctx) }
        let n = labels.count
        if n == 1 { return try outputs[0].evaluateNumber(ctx) }
        let x = try number(input, ctx)
        if x <= labels[0] { return try outputs[0].evaluateNumber(ctx) }
        if x >= labels[n - 1] { return try outputs[n - 1].evaluateNumber(ctx) }
        let i = Stops.indexAtOrBelow(labels, x)
        let t = factor(x, labels[i], labels[i + 1])
        let a = try outputs[i].evaluateNumber(ctx), b = try outputs[i + 1].evaluateNumber(ctx)
        return a + t * (b - a)
    }

    /// The 0...1 position of `x` between `lower` and `upper` for this curve.
    func factor(_ x: Double, _ lower: Double, _ upper: Double) -> Double {
        Interpolate.factor(curve, bezier: bezier, x, lower, upper)
    }

    static func factor(_ curve: ZoomCurve.Interpolation, bezier: UnitBezier? = nil, _ x: Double, _ lower: Double, _ upper: Double) -> Double {
        switch curve {
        case .step: return 0
        case .linear: return exponential(x, base: 1, lower, upper)
        case .exponential(let base): return exponential(x, base: base, lower, upper)
        case .cubicBezier(let x1, let y1, let x2, let y2):
            let t = exponential(x, base: 1, lower, upper)
            return (bezier ?? UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)).solve(t)
        }
    }

    /// Position between stops on an exponential curve `a·base^x + b` (linear for base 1).
    static func exponential(_ x: Double, base: Double, _ lower: Double, _ upper: Double) -> Double {
        let difference = upper - lower
        let progress = x - lower
        if difference == 0 { return 0 }
        if base == 1 { return progress / difference }
        return (pow(base, progress) - 1) / (pow(base, difference) - 1)
    }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        let n = labels.count
        if n == 1 { return try outputs[0].evaluate(ctx) }
        let x = try number(input, ctx)
        if x <= labels[0] { return try outputs[0].evaluate(ctx) }
        if x >= labels[n - 1] { return try outputs[n - 1].evaluate(ctx) }
        let i = Stops.indexAtOrBelow(labels, x)
        let t = factor(x, labels[i], labels[i + 1])
        if isNumber {
            let a = try outputs[i].evaluateNumber(ctx), b = try outputs[i + 1].evaluateNumber(ctx)
            return .number(a + t * (b - a))
        }
        let a = try outputs[i].evaluate(ctx)
        let b = try outputs[i + 1].evaluate(ctx)
        return try Interpolation.interpolate(a, b, t, space: space, node: self)
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        let op = args[0].stringValue ?? "interpolate"
        guard args.count > 1, case .array(let kind) = args[1], !kind.isEmpty else {
            ctx.error("Expected an interpolation type expression.", "1")
            return nil
        }
        let curve: ZoomCurve.Interpolation
        switch kind[0] {
        case .string("linear"):
            curve = .linear
        case .string("exponential"):
            guard kind.count > 1, case .number(let base) = kind[1] else {
                ctx.error("Exponential interpolation requires a numeric base.", "1", "1")
                return nil
            }
            curve = .exponential(base: base)
        case .string("cubic-bezier"):
            let points = kind.dropFirst().compactMap { v -> Double? in
                if case .number(let n) = v, n >= 0, n <= 1 { return n }
                return nil
            }
            guard kind.count == 5, points.count == 4 else {
                ctx.error("Cubic bezier interpolation requires four numeric arguments with values between 0 and 1.", "1")
                return nil
            }
            curve = .cubicBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
        default:
            ctx.error("Unknown interpolation type \(jsString(kind[0]))", "1", "0")
            return nil
        }
        guard args.count - 1 >= 4 else {
            ctx.error("Expected at least 4 arguments, but found only \(args.count - 1).")
            return nil
        }
        guard (args.count - 1) % 2 == 0 else { ctx.error("Expected an even number of arguments."); return nil }
        guard let input = ctx.parse(args[2], 2, expected: .number) else { return nil }

        var outputType: ExpressionType? = nil
        if (op == "interpolate-hcl" || op == "interpolate-lab") && ctx.expected != .colorArray {
            outputType = .color
        } else if let e = ctx.expected, e != .value {
            outputType = e
        }
        var labels: [Double] = [], outputs: [Expr] = []
        var i = 3
        while i < args.count {
            guard case .number(let label) = args[i] else {
                ctx.error("Input/output pairs for \"interpolate\" expressions must be defined using literal numeric values (not computed expressions) for the input values.", String(i))
                return nil
            }
            if let last = labels.last, last >= label {
                ctx.error("Input/output pairs for \"interpolate\" expressions must be arranged with input values in strictly ascending order.", String(i))
                return nil
            }
            guard let out = ctx.parse(args[i + 1], i + 1, expected: outputType) else { return nil }
            outputType = outputType ?? out.type
            labels.append(label); outputs.append(out)
            i += 2
        }
        let type = outputType ?? .value
        let interpolatable: Bool
        switch type {
        case .number, .projectionDefinition, .color, .padding, .numberArray, .colorArray, .variableAnchorOffsetCollection: interpolatable = true
        case .array(.number, let n): interpolatable = n != nil
        default: interpolatable = false
        }
        guard interpolatable else { ctx.error("Type \(type) is not interpolatable."); return nil }
        let space: Space = op == "interpolate-hcl" ? .hcl : (op == "interpolate-lab" ? .lab : .rgb)
        return Interpolate(type: type, curve: curve, space: space, input: input, labels: labels, outputs: outputs, path: ctx.path)
    }
}

/// `String(x)` of a JSON value, as MapLibre prints unknown interpolation names.
func jsString(_ v: JSONValue) -> String {
    switch v {
    case .string(let s): return s
    case .number(let n): return Value.formatNumber(n)
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    case .array(let a): return JS.arrayString(a.map(Value.init(json:)))
    case .object: return "[object Object]"
    }
}
