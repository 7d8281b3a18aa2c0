import JSON

/// Legacy (pre-expression) filters: `["==", key, v]`, `"!="`, `"<"`..., `"in"`, `"!in"`,
/// `"has"`, `"!has"`, `"all"`, `"any"`, `"none"`, with `$type` and `$id` keys. Compiled to
/// dedicated nodes with the legacy semantics: strict comparisons that are simply false on
/// a type mismatch instead of failing.
enum LegacyFilter {
    /// MapLibre's test for "this filter is written as an expression".
    static func isExpressionFilter(_ f: JSONValue) -> Bool {
        if case .bool = f { return true }
        guard case .array(let a) = f, let first = a.first else { return false }
        switch first.stringValue {
        case "has":
            guard a.count >= 2 else { return false }
            return a[1] != "$id" && a[1] != "$type"
        case "in":
            return a.count >= 3 && (a[1].stringValue == nil || a[2].arrayValue != nil)
        case "!in", "!has", "none":
            return false
        case "==", "!=", ">", ">=", "<", "<=":
            return a.count != 3 || a[1].arrayValue != nil || a[2].arrayValue != nil
        case "any", "all":
            for sub in a.dropFirst() where !isExpressionFilter(sub) && sub.boolValue == nil { return false }
            return true
        default:
            return true
        }
    }

    /// Compiles a legacy filter; errors carry paths relative to the filter.
    static func compile(_ f: JSONValue, path: [String], errors: inout [ExpressionParseError]) -> Expr? {
        guard case .array(let a) = f, let opValue = a.first else {
            if case .bool(let b) = f { return Literal(type: .boolean, value: .boolean(b), path: path) }
            if f.isNull { return Literal(type: .boolean, value: .boolean(true), path: path) }
            errors.append(ExpressionParseError(path: path, message: "array expected, \(f.typeName) found"))
            return nil
        }
        guard case .string(let op) = opValue else {
            errors.append(ExpressionParseError(path: path + ["0"], message: "string expected, \(opValue.typeName) found"))
            return nil
        }
        if a.count <= 1 && !["any", "all", "none"].contains(op) && op != "has" && op != "!has" {
            errors.append(ExpressionParseError(path: path, message: "filter array for operator \"\(op)\" must have 3 elements"))
            return nil
        }
        func key() -> String? {
            guard a.count > 1, case .string(let k) = a[1] else {
                errors.append(ExpressionParseError(path: path + ["1"], message: "string expected, \(a.count > 1 ? a[1].typeName : "nothing") found"))
                return nil
            }
            return k
        }
        switch op {
        case "==", "!=", "<", ">", "<=", ">=":
            guard a.count == 3 else {
                errors.append(ExpressionParseError(path: path, message: "filter array for operator \"\(op)\" must have 3 elements"))
                return nil
            }
            guard let k = key() else { return nil }
            if k == "$type", !["==", "!="].contains(op) {
                errors.append(ExpressionParseError(path: path + ["1"], message: "\"$type\" cannot be use with operator \"\(op)\""))
                return nil
            }
            let cmp = LegacyComparison(key: k, op: Comparison.Op(rawValue: op == "!=" ? "==" : op)!, value: Value(json: a[2]), path: path)
            return op == "!=" ? LegacyNot(cmp, path: path) : cmp
        case "in", "!in":
            guard let k = key() else { return nil }
            let node = LegacyIn(key: k, values: a.dropFirst(2).map(Value.init(json:)), path: path)
            return op == "!in" ? LegacyNot(node, path: path) : node
        case "has", "!has":
            guard let k = key() else { return nil }
            let node = LegacyHas(key: k, path: path)
            return op == "!has" ? LegacyNot(node, path: path) : node
        case "all", "any", "none":
            var subs: [Expr] = []
            for (i, sub) in a.enumerated().dropFirst() {
                let sp = path + [String(i)]
                var node: Expr?
                if isExpressionFilter(sub), case .array = sub {
                    let ctx = ParsingContext(path: sp, expected: .boolean)
                    node = ctx.parseHere(sub)
                    errors.append(contentsOf: ctx.errors)
                } else {
                    node = compile(sub, path: sp, errors: &errors)
                }
                guard let node else { return nil }
                subs.append(node)
            }
            if a.count <= 1 { return Literal(type: .boolean, value: .boolean(op != "any"), path: path) }
            return LegacyCombination(op: op, parts: subs, path: path)
        default:
            errors.append(ExpressionParseError(path: path + ["0"], message: "expected one of [==, !=, >, >=, <, <=, in, !in, all, any, none, has, !has], \"\(op)\" found"))
            return nil
        }
    }

    /// What a legacy key reads from the feature: a property, `$type` or `$id`; nil for an
    /// absent property (JavaScript's `undefined`, equal to nothing, not even null).
    static func read(_ key: String, _ ctx: EvaluationContext) -> Value? {
        guard let f = ctx.feature else { return nil }
        switch key {
        case "$type":
            switch f.geometryType {
            case .point: return .string("Point")
            case .lineString: return .string("LineString")
            case .polygon: return .string("Polygon")
            }
        case "$id":
            return f.id.map(Value.init(json:)) ?? .null
        default:
            return f.properties[key].map(Value.init(json:))
        }
    }

    static func exists(_ key: String, _ ctx: EvaluationContext) -> Bool {
        guard let f = ctx.feature else { return false }
        switch key {
        case "$type": return true
        case "$id": return f.id != nil && f.id != .null
        default: return f.properties[key] != nil
        }
    }
}

/// Legacy comparison: equal types compared, anything else false.
final class LegacyComparison: Expr, @unchecked Sendable {
    let key: String, op: Comparison.Op, value: Value
    init(key: String, op: Comparison.Op, value: Value, path: [String]) {
        self.key = key; self.op = op; self.value = value
        super.init(type: .boolean, path: path)
        finishInit(own: .feature)
    }
    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        guard let v = LegacyFilter.read(key, ctx) else { return .boolean(false) }
        return .boolean(Comparison.compare(op, v, value))
    }
}

final class LegacyIn: Expr, @unchecked Sendable {
    let key: String, values: [Value]
    init(key: String, values: [Value], path: [String]) {
        self.key = key; self.values = values
        super.init(type: .boolean, path: path)
        finishInit(own: .feature)
    }
    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        guard let v = LegacyFilter.read(key, ctx) else { return .boolean(false) }
        return .boolean(values.contains { Comparison.strictEquals($0, v) })
    }
}

final class LegacyHas: Expr, @unchecked Sendable {
    let key: String
    init(key: String, path: [String]) {
        self.key = key
        super.init(type: .boolean, path: path)
        finishInit(own: .feature)
    }
    override func evaluate(_ ctx: EvaluationContext) throws -> Value { .boolean(LegacyFilter.exists(key, ctx)) }
}

final class LegacyNot: Expr, @unchecked Sendable {
    let inner: Expr
    init(_ inner: Expr, path: [String]) {
        self.inner = inner
        super.init(type: .boolean, path: path)
        finishInit()
    }
    override var children: [Expr] { [inner] }
    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        .boolean(!((try? inner.evaluate(ctx))?.boolValue ?? false))
    }
}

/// `all`/`any`/`none` over sub-filters; a failing sub-filter counts as false.
final class LegacyCombination: Expr, @unchecked Sendable {
    let op: String, parts: [Expr]
    init(op: String, parts: [Expr], path: [String]) {
        self.op = op; self.parts = parts
        super.init(type: .boolean, path: path)
        finishInit()
    }
    override var children: [Expr] { parts }
    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        for p in parts {
            let v = (try? p.evaluate(ctx))?.boolValue ?? false
            switch op {
            case "all": if !v { return .boolean(false) }
            case "any": if v { return .boolean(true) }
            default: if v { return .boolean(false) }
            }
        }
        return .boolean(op != "any")
    }
}
