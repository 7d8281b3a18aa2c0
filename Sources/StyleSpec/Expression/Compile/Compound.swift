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

/// One signature of an operator with its implementation. A class (not a tuple in an array)
/// so the closure keeps its concrete calling convention: no reabstraction thunk that would
/// copy the evaluation context on every call.
final class Overload: Sendable {
    let signature: Signature
    let impl: CompoundEvaluate
    init(_ signature: Signature, _ impl: @escaping CompoundEvaluate) { self.signature = signature; self.impl = impl }
}

/// An operator defined by typed overloads (MapLibre's CompoundExpression definitions).
struct CompoundDefinition: Sendable {
    let type: ExpressionType
    let overloads: [Overload]
    /// What the operator reads from the context beyond its arguments.
    let reads: Dependencies
    /// Reads that apply only for a given argument count (`get`/`has` with one argument
    /// read the feature's properties).
    let readsWhenArity: (arity: Int, reads: Dependencies)?

    init(_ type: ExpressionType, _ overloads: [Overload], reads: Dependencies = [],
         readsWhenArity: (arity: Int, reads: Dependencies)? = nil) {
        self.type = type; self.overloads = overloads; self.reads = reads; self.readsWhenArity = readsWhenArity
    }
}

/// A call of a compound operator with its parsed arguments.
final class Compound: Expr, @unchecked Sendable {
    let name: String
    let args: [Expr]
    let impl: CompoundEvaluate

    /// Hot operators evaluated inline instead of through their closure.
    enum FastPath {
        case none
        case zoom
        /// `["get", "literal key"]` on the feature's properties.
        case property(String)
    }
    let fast: FastPath

    init(name: String, type: ExpressionType, args: [Expr], impl: @escaping CompoundEvaluate, reads: Dependencies, path: [String]) {
        self.name = name; self.args = args; self.impl = impl
        if name == "zoom" {
            fast = .zoom
        } else if name == "get", args.count == 1, let key = (args[0] as? Literal)?.value.stringValue {
            fast = .property(key)
        } else {
            fast = .none
        }
        super.init(type: type, path: path)
        finishInit(own: reads)
    }

    override var children: [Expr] { args }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        switch fast {
        case .none: return try impl(self, ctx)
        case .zoom: return .number(ctx.zoom)
        case .property(let key):
            guard let v = ctx.feature?.properties[key] else { return .null }
            return Value(json: v)
        }
    }

    override func evaluateNumber(_ ctx: EvaluationContext) throws -> Double {
        if case .zoom = fast { return ctx.zoom }
        return try super.evaluateNumber(ctx)
    }

    /// Tries each overload with the right arity; reports MapLibre's messages when none fits.
    static func parse(_ args: [JSONValue], _ ctx: ParsingContext, definitions: [String: CompoundDefinition]) -> Expr? {
        let op = args[0].stringValue ?? ""
        guard let def = definitions[op] else {
            ctx.error("Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", "0")
            return nil
        }
        let arity = args.count - 1
        let candidates = def.overloads.filter { o in
            if case .fixed(let p) = o.signature { return p.count == arity }
            return true
        }
        var lastErrors: [ExpressionParseError] = []
        for overload in candidates {
            let sig = overload.signature
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
                return Compound(name: op, type: def.type, args: parsed, impl: overload.impl, reads: reads, path: ctx.path)
            }
        }
        if candidates.count == 1 {
            ctx.sink.errors.append(contentsOf: lastErrors)
        } else {
            let shown = candidates.isEmpty ? def.overloads : candidates
            let signatures = shown.map { $0.signature.description }.joined(separator: " | ")
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
