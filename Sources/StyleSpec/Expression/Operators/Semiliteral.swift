import JSON

/// `["semiliteral", [a, b, ...]]` / `["semiliteral", {k: v}]`: an array or object literal
/// whose members may be expressions.
final class Semiliteral: Expr, @unchecked Sendable {
    let elements: [Expr]
    /// Member names for an object semiliteral, nil for an array.
    let keys: [String]?

    init(type: ExpressionType, elements: [Expr], keys: [String]?, path: [String]) {
        self.elements = elements; self.keys = keys
        super.init(type: type, path: path)
        finishInit()
    }

    override var children: [Expr] { elements }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        let values = try elements.map { try $0.evaluate(ctx) }
        guard let keys else { return .array(values) }
        return .object(JSONObject(zip(keys, values.map(\.json)).map { ($0, $1) }))
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 2 else {
            ctx.error("'semiliteral' expression requires exactly one argument, but found \(args.count - 1) instead.")
            return nil
        }
        switch args[1] {
        case .array(let items):
            var parsed: [Expr] = []
            for (i, item) in items.enumerated() {
                guard let e = ctx.concat("1", expected: nil).parse(item, i, expected: .value) else { return nil }
                parsed.append(e)
            }
            var itemType: ExpressionType? = nil
            for e in parsed {
                if itemType == nil { itemType = e.type } else if itemType == e.type, !e.type.isArray { continue } else { itemType = .value; break }
            }
            return Semiliteral(type: .array(itemType ?? .value, parsed.count), elements: parsed, keys: nil, path: ctx.path)
        case .object(let obj):
            var parsed: [Expr] = []
            for (k, v) in obj {
                guard let e = ctx.concat("1", expected: nil).parse(v, member: k, expected: .value) else { return nil }
                parsed.append(e)
            }
            return Semiliteral(type: .object, elements: parsed, keys: obj.keys, path: ctx.path)
        default:
            let v = Value(json: args[1])
            return Literal(type: v.type, value: v, path: ctx.path)
        }
    }
}
