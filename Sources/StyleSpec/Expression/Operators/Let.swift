import JSON

/// `["let", name, value, ..., body]`: names sub-expressions for `var`.
final class Let: Expr, @unchecked Sendable {
    let bindings: [(name: String, expr: Expr)]
    let result: Expr

    init(bindings: [(name: String, expr: Expr)], result: Expr, path: [String]) {
        self.bindings = bindings; self.result = result
        super.init(type: result.type, path: path)
        finishInit()
    }

    override var children: [Expr] { bindings.map(\.expr) + [result] }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value { try result.evaluate(ctx) }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count >= 4 else {
            ctx.error("Expected at least 3 arguments, but found \(args.count - 1) instead.")
            return nil
        }
        var bindings: [(name: String, expr: Expr)] = []
        var i = 1
        while i < args.count - 1 {
            guard case .string(let name) = args[i] else {
                ctx.error("Expected string, but found \(jsTypeName(args[i])) instead.", String(i))
                return nil
            }
            if name.unicodeScalars.contains(where: { !($0.isASCII && (CharacterSetASCII.isAlnum($0) || $0 == "_")) }) {
                ctx.error("Variable names must contain only alphanumeric characters or '_'.", String(i))
                return nil
            }
            guard let value = ctx.parse(args[i + 1], i + 1, expected: nil) else { return nil }
            bindings.append((name, value))
            i += 2
        }
        guard let result = ctx.parse(args[args.count - 1], args.count - 1, expected: ctx.expected, bindings: bindings) else {
            return nil
        }
        return Let(bindings: bindings, result: result, path: ctx.path)
    }
}

/// `["var", name]`: the value bound by an enclosing `let`.
final class Var: Expr, @unchecked Sendable {
    let name: String
    let bound: Expr

    init(name: String, bound: Expr, path: [String]) {
        self.name = name; self.bound = bound
        super.init(type: bound.type, path: path)
        // A variable reads what its bound expression reads; it is not a child (the `let` owns it).
        finishInit(own: bound.dependencies)
    }

    override var isFoldable: Bool { bound.isFoldable || bound is Literal }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value { try bound.evaluate(ctx) }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 2, case .string(let name) = args[1] else {
            ctx.error("'var' expression requires exactly one string literal argument.")
            return nil
        }
        guard let bound = ctx.scope.get(name) else {
            ctx.error("Unknown variable \"\(name)\". Make sure \"\(name)\" has been bound in an enclosing \"let\" expression before using it.", "1")
            return nil
        }
        return Var(name: name, bound: bound, path: ctx.path)
    }
}

enum CharacterSetASCII {
    static func isAlnum(_ s: Unicode.Scalar) -> Bool {
        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9")
    }
}
