import JSON

/// A constant (also the result of constant folding).
final class Literal: Expr, @unchecked Sendable {
    let value: Value

    init(type: ExpressionType, value: Value, path: [String]) {
        self.value = value
        super.init(type: type, path: path)
        finishInit()
    }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value { value }

    override func evaluateNumber(_ ctx: EvaluationContext) throws -> Double {
        if case .number(let n) = value { return n }
        return try super.evaluateNumber(ctx)
    }

    /// `["literal", json]`: any JSON; an empty array takes the expected array type.
    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 2 else {
            ctx.error("'literal' expression requires exactly one argument, but found \(args.count - 1) instead.")
            return nil
        }
        let value = Value(json: args[1])
        var type = value.type
        if case .array(_, let n) = type, n == 0, let expected = ctx.expected, case .array(_, let en) = expected,
           en == nil || en == 0 {
            type = expected
        }
        return Literal(type: type, value: value, path: ctx.path)
    }
}
