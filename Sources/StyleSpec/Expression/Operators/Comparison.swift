import JSON

/// `==`, `!=`, `<`, `>`, `<=`, `>=`, optionally with a collator. Equality is JavaScript's
/// strict equality (different types are unequal); ordering of mismatched types fails.
final class Comparison: Expr, @unchecked Sendable {
    enum Op: String, Sendable { case eq = "==", ne = "!=", lt = "<", gt = ">", le = "<=", ge = ">=" }

    let op: Op
    let lhs: Expr
    let rhs: Expr
    let collator: Expr?
    let hasUntypedArgument: Bool

    init(op: Op, lhs: Expr, rhs: Expr, collator: Expr?, path: [String]) {
        self.op = op; self.lhs = lhs; self.rhs = rhs; self.collator = collator
        hasUntypedArgument = lhs.type == .value || rhs.type == .value
        super.init(type: .boolean, path: path)
        finishInit()
    }

    override var children: [Expr] { [lhs, rhs] + (collator.map { [$0] } ?? []) }

    var isOrdering: Bool { op != .eq && op != .ne }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        let a = try lhs.evaluate(ctx)
        let b = try rhs.evaluate(ctx)
        if isOrdering && hasUntypedArgument {
            switch (a, b) {
            case (.number, .number), (.string, .string): break
            default:
                throw fail("Expected arguments for \"\(op.rawValue)\" to be (string, string) or (number, number), but found (\(a.type.kind), \(b.type.kind)) instead.")
            }
        }
        if let collator {
            if case .string(let x) = a, case .string(let y) = b {
                let cv = try collator.evaluate(ctx)
                guard case .collator(let c) = cv else { throw collator.fail("Expected value to be of type collator, but found \(cv.type) instead.") }
                let r = c.compare(x, y)
                switch op {
                case .eq: return .boolean(r == 0)
                case .ne: return .boolean(r != 0)
                case .lt: return .boolean(r < 0)
                case .gt: return .boolean(r > 0)
                case .le: return .boolean(r <= 0)
                case .ge: return .boolean(r >= 0)
                }
            }
        }
        return .boolean(Comparison.compare(op, a, b))
    }

    /// JavaScript's `===`, `!==`, `<`, ... on two values.
    static func compare(_ op: Op, _ a: Value, _ b: Value) -> Bool {
        switch op {
        case .eq: return strictEquals(a, b)
        case .ne: return !strictEquals(a, b)
        default: break
        }
        switch (a, b) {
        case (.number(let x), .number(let y)):
            switch op { case .lt: return x < y; case .gt: return x > y; case .le: return x <= y; default: return x >= y }
        case (.string(let x), .string(let y)):
            let c = utf16Compare(x, y)
            switch op { case .lt: return c < 0; case .gt: return c > 0; case .le: return c <= 0; default: return c >= 0 }
        default:
            return false
        }
    }

    static func strictEquals(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.boolean(let x), .boolean(let y)): return x == y
        default: return false
        }
    }

    /// String order by UTF-16 code units, as JavaScript compares strings.
    static func utf16Compare(_ x: String, _ y: String) -> Int {
        var i = x.utf16.makeIterator(), j = y.utf16.makeIterator()
        while true {
            switch (i.next(), j.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let p?, let q?): if p != q { return p < q ? -1 : 1 }
            }
        }
    }

    static func isComparable(_ op: Op, _ t: ExpressionType) -> Bool {
        switch t {
        case .string, .number, .value: return true
        case .boolean, .null: return op == .eq || op == .ne
        default: return false
        }
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 3 || args.count == 4 else { ctx.error("Expected two or three arguments."); return nil }
        let op = Op(rawValue: args[0].stringValue ?? "") ?? .eq
        guard var lhs = ctx.parse(args[1], 1, expected: .value) else { return nil }
        guard isComparable(op, lhs.type) else {
            ctx.error("\"\(op.rawValue)\" comparisons are not supported for type '\(lhs.type)'.", "1"); return nil
        }
        guard var rhs = ctx.parse(args[2], 2, expected: .value) else { return nil }
        guard isComparable(op, rhs.type) else {
            ctx.error("\"\(op.rawValue)\" comparisons are not supported for type '\(rhs.type)'.", "2"); return nil
        }
        if lhs.type.kind != rhs.type.kind && lhs.type != .value && rhs.type != .value {
            ctx.error("Cannot compare types '\(lhs.type)' and '\(rhs.type)'."); return nil
        }
        if op != .eq && op != .ne {
            if lhs.type == .value && rhs.type != .value {
                lhs = Assertion(type: rhs.type, args: [lhs], path: ctx.path)
            } else if lhs.type != .value && rhs.type == .value {
                rhs = Assertion(type: lhs.type, args: [rhs], path: ctx.path)
            }
        }
        var collator: Expr? = nil
        if args.count == 4 {
            if lhs.type != .string && rhs.type != .string && lhs.type != .value && rhs.type != .value {
                ctx.error("Cannot use collator to compare non-string types."); return nil
            }
            guard let c = ctx.parse(args[3], 3, expected: .collator) else { return nil }
            collator = c
        }
        return Comparison(op: op, lhs: lhs, rhs: rhs, collator: collator, path: ctx.path)
    }
}
