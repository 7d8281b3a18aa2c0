import JSON

/// `string`, `number`, `boolean`, `object`, `array`: returns the first argument whose value
/// has the type, else fails; also inserted where a `value` meets a typed slot.
final class Assertion: Expr, @unchecked Sendable {
    let args: [Expr]

    init(type: ExpressionType, args: [Expr], path: [String]) {
        self.args = args
        super.init(type: type, path: path)
        finishInit()
    }

    override var children: [Expr] { args }

    override func evaluateNumber(_ ctx: EvaluationContext) throws -> Double {
        if args.count == 1, type == .number {
            let v = try args[0].evaluate(ctx)
            if case .number(let n) = v { return n }
            throw fail("Expected value to be of type number, but found \(v.type) instead.")
        }
        return try super.evaluateNumber(ctx)
    }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        for (i, arg) in args.enumerated() {
            let v = try arg.evaluate(ctx)
            // Fast path for scalar types; arrays need the full subtype check.
            switch (type, v) {
            case (.number, .number), (.string, .string), (.boolean, .boolean), (.object, .object): return v
            default: break
            }
            let actual = v.type
            if type.isSupertype(of: actual) { return v }
            if i == args.count - 1 {
                throw fail("Expected value to be of type \(type), but found \(actual) instead.")
            }
        }
        throw fail("Expected at least one argument.")
    }

    static let scalarTypes: [String: ExpressionType] = ["string": .string, "number": .number, "boolean": .boolean, "object": .object]

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count >= 2 else { ctx.error("Expected at least one argument."); return nil }
        var i = 1
        let name = args[0].stringValue ?? ""
        let type: ExpressionType
        if name == "array" {
            var itemType = ExpressionType.value
            if args.count > 2 {
                guard case .string(let t) = args[1], let it = scalarTypes[t], t != "object" else {
                    ctx.error("The item type argument of \"array\" must be one of string, number, boolean", "1")
                    return nil
                }
                itemType = it
                i += 1
            }
            var n: Int? = nil
            if args.count > 3 {
                if !args[2].isNull {
                    guard case .number(let len) = args[2], len >= 0, len == len.rounded(.down), len < 1e9 else {
                        ctx.error("The length argument to \"array\" must be a positive integer literal", "2")
                        return nil
                    }
                    n = Int(len)
                }
                i += 1
            }
            type = .array(itemType, n)
        } else {
            guard let t = scalarTypes[name] else { return nil }
            type = t
        }
        var parsed: [Expr] = []
        while i < args.count {
            guard let e = ctx.parse(args[i], i, expected: .value) else { return nil }
            parsed.append(e)
            i += 1
        }
        return Assertion(type: type, args: parsed, path: ctx.path)
    }
}
