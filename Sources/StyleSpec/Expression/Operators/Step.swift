import JSON

/// `["step", input, output0, stop1, output1, ...]`: piecewise-constant output.
final class Step: Expr, @unchecked Sendable {
    let input: Expr
    let labels: [Double]
    let outputs: [Expr]

    init(type: ExpressionType, input: Expr, labels: [Double], outputs: [Expr], path: [String]) {
        self.input = input; self.labels = labels; self.outputs = outputs
        super.init(type: type, path: path)
        finishInit()
    }

    override var children: [Expr] { [input] + outputs }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        if labels.count == 1 { return try outputs[0].evaluate(ctx) }
        let x = try number(input, ctx)
        return try outputs[Stops.indexAtOrBelow(labels, x)].evaluate(ctx)
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count - 1 >= 4 else {
            ctx.error("Expected at least 4 arguments, but found only \(args.count - 1).")
            return nil
        }
        guard (args.count - 1) % 2 == 0 else { ctx.error("Expected an even number of arguments."); return nil }
        guard let input = ctx.parse(args[1], 1, expected: .number) else { return nil }
        var outputType: ExpressionType? = ctx.expected == .value ? nil : ctx.expected
        var labels: [Double] = [], outputs: [Expr] = []
        var i = 1
        while i < args.count {
            let label: Double
            if i == 1 {
                label = -.infinity
            } else {
                guard case .number(let n) = args[i] else {
                    ctx.error("Input/output pairs for \"step\" expressions must be defined using literal numeric values (not computed expressions) for the input values.", String(i))
                    return nil
                }
                label = n
            }
            if let last = labels.last, last >= label {
                ctx.error("Input/output pairs for \"step\" expressions must be arranged with input values in strictly ascending order.", String(i))
                return nil
            }
            guard let out = ctx.parse(args[i + 1], i + 1, expected: outputType) else { return nil }
            outputType = outputType ?? out.type
            labels.append(label); outputs.append(out)
            i += 2
        }
        return Step(type: outputType ?? .value, input: input, labels: labels, outputs: outputs, path: ctx.path)
    }
}

/// Stop lookup shared by `step` and `interpolate`.
enum Stops {
    /// Index of the last label ≤ x (0 when x is below every label; NaN goes to 0).
    @inline(__always)
    static func indexAtOrBelow(_ labels: [Double], _ x: Double) -> Int {
        let n = labels.count
        if !(x > labels[0]) { return 0 }
        if x >= labels[n - 1] { return n - 1 }
        var lo = 0, hi = n - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if labels[mid] <= x { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
