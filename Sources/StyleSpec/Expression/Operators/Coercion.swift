import JSON

/// `to-boolean`, `to-number`, `to-string`, `to-color`, and the implicit coercions to
/// colour, formatted text, images, padding, number/colour arrays and projections.
final class Coercion: Expr, @unchecked Sendable {
    let args: [Expr]

    init(type: ExpressionType, args: [Expr], path: [String]) {
        self.args = args
        super.init(type: type, path: path)
        finishInit()
    }

    override var children: [Expr] { args }

    static let types: [String: ExpressionType] = ["to-boolean": .boolean, "to-color": .color, "to-number": .number, "to-string": .string]

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count >= 2 else { ctx.error("Expected at least one argument."); return nil }
        let name = args[0].stringValue ?? ""
        guard let type = types[name] else { return nil }
        if (name == "to-boolean" || name == "to-string") && args.count != 2 {
            ctx.error("Expected one argument.")
            return nil
        }
        var parsed: [Expr] = []
        for i in 1..<args.count {
            guard let e = ctx.parse(args[i], i, expected: .value) else { return nil }
            parsed.append(e)
        }
        return Coercion(type: type, args: parsed, path: ctx.path)
    }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        switch type {
        case .boolean:
            return .boolean(JS.truthy(try args[0].evaluate(ctx)))
        case .string:
            return .string(Value.toString(try args[0].evaluate(ctx)))
        case .number:
            return try toNumber(ctx)
        case .color:
            return try toColor(ctx)
        case .formatted:
            let v = try args[0].evaluate(ctx)
            if case .formatted = v { return v }
            return .formatted(Formatted(text: Value.toString(v)))
        case .resolvedImage:
            let v = try args[0].evaluate(ctx)
            if case .resolvedImage = v { return v }
            let name = Value.toString(v)
            return .resolvedImage(ResolvedImage(name: name, available: ctx.availableImages?.contains(name) ?? false))
        case .padding:
            return try firstParsed(ctx, "padding") { Padding.from($0).map(Value.padding) }
        case .numberArray:
            return try firstParsed(ctx, "numberArray") { $0.numbers.map(Value.numberArray) }
        case .colorArray:
            return try firstParsed(ctx, "colorArray") { Coercion.colorArray($0).map(Value.colorArray) }
        case .variableAnchorOffsetCollection:
            return try firstParsed(ctx, "variableAnchorOffsetCollection") {
                VariableAnchorOffsetCollection.from($0).map(Value.variableAnchorOffsetCollection)
            }
        case .projectionDefinition:
            let v = try args[0].evaluate(ctx)
            // Valid projections pass through as written (a name or a [from, to, t] array).
            if ProjectionDefinition.from(v) != nil { return v }
            throw fail("Could not parse projectionDefinition from value '\(JS.quoted(v))'")
        default:
            return .string(Value.toString(try args[0].evaluate(ctx)))
        }
    }

    /// `to-number`: the first argument that converts (null counts as 0), as in JavaScript.
    private func toNumber(_ ctx: EvaluationContext) throws -> Value {
        var last = Value.null
        for arg in args {
            last = try arg.evaluate(ctx)
            if case .null = last { return .number(0) }
            let n = JS.number(last)
            if !n.isNaN { return .number(n) }
        }
        throw fail("Could not convert \(Value.jsonString(last)) to number.")
    }

    /// `to-color`: the first argument that is a colour, a colour string or a valid rgb(a)
    /// array; the error is the last array's range error if it had one, as MapLibre reports it.
    private func toColor(_ ctx: EvaluationContext) throws -> Value {
        var last = Value.null
        var error: String? = nil
        for arg in args {
            last = try arg.evaluate(ctx)
            error = nil
            switch last {
            case .color: return last
            case .string(let s):
                if let c = StyleColor.parse(s) { return .color(c) }
            case .array(let a):
                if a.count < 3 || a.count > 4 {
                    error = "Invalid rgba value \(Value.jsonString(last)): expected an array containing either three or four numeric values."
                } else {
                    error = RGBAValidation.validate(a[0], a[1], a[2], a.count == 4 ? a[3] : nil)
                }
                if error == nil, let r = a[0].numberValue, let g = a[1].numberValue, let b = a[2].numberValue {
                    return .color(StyleColor(r: r / 255, g: g / 255, b: b / 255, a: a.count == 4 ? a[3].numberValue ?? 1 : 1))
                }
            default: break
            }
        }
        throw fail(error ?? "Could not parse color from value '\(JS.quoted(last))'")
    }

    /// The implicit coercions that try each argument in turn: the first that `parse` accepts,
    /// else an error naming the type (`typeName`) and the last value.
    private func firstParsed(_ ctx: EvaluationContext, _ typeName: String, _ parse: (Value) -> Value?) throws -> Value {
        var last = Value.null
        for arg in args {
            last = try arg.evaluate(ctx)
            if let v = parse(last) { return v }
        }
        throw fail("Could not parse \(typeName) from value '\(JS.quoted(last))'")
    }

    /// A colour string, a colour, or an array of them.
    static func colorArray(_ v: Value) -> [StyleColor]? {
        switch v {
        case .colorArray(let a): return a
        case .color(let c): return [c]
        case .string(let s): return StyleColor.parse(s).map { [$0] }
        case .array(let items):
            var out: [StyleColor] = []
            for item in items {
                switch item {
                case .color(let c): out.append(c)
                case .string(let s): guard let c = StyleColor.parse(s) else { return nil }; out.append(c)
                default: return nil
                }
            }
            return out
        default: return nil
        }
    }
}

/// MapLibre's rgba range check and its messages.
enum RGBAValidation {
    static func validate(_ r: Value, _ g: Value, _ b: Value, _ a: Value?) -> String? {
        func inRange(_ v: Value, _ hi: Double) -> Bool {
            if case .number(let n) = v { return n >= 0 && n <= hi }
            return false
        }
        func show(_ v: Value) -> String { JS.arrayString([v]) }
        if !(inRange(r, 255) && inRange(g, 255) && inRange(b, 255)) {
            var parts = [r, g, b]
            if let a, case .number = a { parts.append(a) }
            return "Invalid rgba value [\(parts.map(show).joined(separator: ", "))]: 'r', 'g', and 'b' must be between 0 and 255."
        }
        if let a, !inRange(a, 1) {
            return "Invalid rgba value [\([r, g, b, a].map(show).joined(separator: ", "))]: 'a' must be between 0 and 1."
        }
        return nil
    }
}
