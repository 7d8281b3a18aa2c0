import JSON

/// Argument types of one overload: fixed parameters, or any number of one type.
enum Signature: Sendable {
    case fixed([ExpressionType])
    case varargs(ExpressionType)

    var description: String {
        switch self {
        case .fixed(let p): return "(" + p.map(\.description).joined(separator: ", ") + ")"
        case .varargs(let t): return "(\(t)...)"
        }
    }
}

typealias CompoundEvaluate = @Sendable (Compound, EvaluationContext) throws -> Value

/// An operator defined by typed overloads (MapLibre's CompoundExpression definitions).
struct CompoundDefinition: Sendable {
    let type: ExpressionType
    let overloads: [(Signature, CompoundEvaluate)]
    /// What the operator reads from the context beyond its arguments.
    let reads: Dependencies
    /// Reads that apply only for a given argument count (`get`/`has` with one argument
    /// read the feature's properties).
    let readsWhenArity: (arity: Int, reads: Dependencies)?

    init(_ type: ExpressionType, _ overloads: [(Signature, CompoundEvaluate)], reads: Dependencies = [],
         readsWhenArity: (arity: Int, reads: Dependencies)? = nil) {
        self.type = type; self.overloads = overloads; self.reads = reads; self.readsWhenArity = readsWhenArity
    }
}

/// A call of a compound operator with its parsed arguments.
final class Compound: Expr, @unchecked Sendable {
    let name: String
    let args: [Expr]
    let impl: CompoundEvaluate

    init(name: String, type: ExpressionType, args: [Expr], impl: @escaping CompoundEvaluate, reads: Dependencies, path: [String]) {
        self.name = name; self.args = args; self.impl = impl
        super.init(type: type, path: path)
        finishInit(own: reads)
    }

    override var children: [Expr] { args }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value { try impl(self, ctx) }

    /// Tries each overload with the right arity; reports MapLibre's messages when none fits.
    static func parse(_ args: [JSONValue], _ ctx: ParsingContext, definitions: [String: CompoundDefinition]) -> Expr? {
        let op = args[0].stringValue ?? ""
        guard let def = definitions[op] else {
            ctx.error("Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", "0")
            return nil
        }
        let arity = args.count - 1
        let candidates = def.overloads.filter { sig, _ in
            if case .fixed(let p) = sig { return p.count == arity }
            return true
        }
        var lastErrors: [ExpressionParseError] = []
        for (sig, impl) in candidates {
            let attempt = ctx.detached()
            var parsed: [Expr] = []
            var failed = false
            for i in 1..<max(args.count, 1) {
                let expected: ExpressionType
                switch sig {
                case .fixed(let p): expected = p[i - 1]
                case .varargs(let t): expected = t
                }
                guard let e = attempt.parse(args[i], i, expected: expected) else { failed = true; break }
                parsed.append(e)
            }
            lastErrors = attempt.errors
            if failed { continue }
            for (i, arg) in parsed.enumerated() {
                let expected: ExpressionType
                switch sig {
                case .fixed(let p): expected = p[i]
                case .varargs(let t): expected = t
                }
                attempt.concat(String(i + 1), expected: nil).checkSubtype(expected, arg.type)
            }
            lastErrors = attempt.errors
            if attempt.errors.isEmpty {
                var reads = def.reads
                if let r = def.readsWhenArity, r.arity == arity { reads.formUnion(r.reads) }
                return Compound(name: op, type: def.type, args: parsed, impl: impl, reads: reads, path: ctx.path)
            }
        }
        if candidates.count == 1 {
            ctx.sink.errors.append(contentsOf: lastErrors)
        } else {
            let shown = candidates.isEmpty ? def.overloads : candidates
            let signatures = shown.map { $0.0.description }.joined(separator: " | ")
            var actual: [String] = []
            for i in 1..<max(args.count, 1) {
                guard let e = ctx.parse(args[i], i, expected: nil) else { return nil }
                actual.append(e.type.description)
            }
            ctx.error("Expected arguments of type \(signatures), but found (\(actual.joined(separator: ", "))) instead.")
        }
        return nil
    }
}
