import JSON

/// `["case", test, output, ..., fallback]`: the output of the first true test.
final class Case: Expr, @unchecked Sendable {
    let branches: [(test: Expr, output: Expr)]
    let otherwise: Expr

    init(type: ExpressionType, branches: [(test: Expr, output: Expr)], otherwise: Expr, path: [String]) {
        self.branches = branches; self.otherwise = otherwise
        super.init(type: type, path: path)
        finishInit()
    }

    override var children: [Expr] { branches.flatMap { [$0.test, $0.output] } + [otherwise] }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        for b in branches where try b.test.evaluate(ctx) == .boolean(true) {
            return try b.output.evaluate(ctx)
        }
        return try otherwise.evaluate(ctx)
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count >= 4 else {
            ctx.error("Expected at least 3 arguments, but found only \(args.count - 1).")
            return nil
        }
        guard args.count % 2 == 0 else { ctx.error("Expected an odd number of arguments."); return nil }
        var outputType: ExpressionType? = ctx.expected == .value ? nil : ctx.expected
        var branches: [(test: Expr, output: Expr)] = []
        var i = 1
        while i < args.count - 1 {
            guard let test = ctx.parse(args[i], i, expected: .boolean),
                  let result = ctx.parse(args[i + 1], i + 1, expected: outputType) else { return nil }
            branches.append((test, result))
            outputType = outputType ?? result.type
            i += 2
        }
        guard let otherwise = ctx.parse(args[args.count - 1], args.count - 1, expected: outputType) else { return nil }
        return Case(type: outputType ?? otherwise.type, branches: branches, otherwise: otherwise, path: ctx.path)
    }
}

/// `["coalesce", a, b, ...]`: the first non-null value (missing images count as null).
final class Coalesce: Expr, @unchecked Sendable {
    let args: [Expr]

    init(type: ExpressionType, args: [Expr], path: [String]) {
        self.args = args
        super.init(type: type, path: path)
        finishInit()
    }

    override var children: [Expr] { args }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        var firstMissingImage: ResolvedImage? = nil
        for (i, arg) in args.enumerated() {
            var v = try arg.evaluate(ctx)
            if case .resolvedImage(let img) = v, !img.available {
                if firstMissingImage == nil { firstMissingImage = img }
                v = .null
                if i == args.count - 1, let first = firstMissingImage { v = .resolvedImage(first) }
            }
            if !v.isNull { return v }
        }
        return .null
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count >= 2 else { ctx.error("Expectected at least one argument."); return nil }
        let expected = ctx.expected
        var outputType: ExpressionType? = expected == .value ? nil : expected
        var parsed: [Expr] = []
        for i in 1..<args.count {
            guard let e = ctx.parse(args[i], i, expected: outputType, annotation: .omit) else { return nil }
            outputType = outputType ?? e.type
            parsed.append(e)
        }
        // Arguments were parsed without annotations so a null does not fail before the
        // next one is tried; if any needed one, the whole coalesce gets it instead.
        let needsAnnotation = expected.map { exp in parsed.contains { !exp.isSupertype(of: $0.type) } } ?? false
        return Coalesce(type: needsAnnotation ? .value : (outputType ?? .value), args: parsed, path: ctx.path)
    }
}
