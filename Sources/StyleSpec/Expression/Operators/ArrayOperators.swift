import JSON

/// `["at", index, array]`.
final class At: Expr, @unchecked Sendable {
    let index: Expr, input: Expr

    init(type: ExpressionType, index: Expr, input: Expr, path: [String]) {
        self.index = index; self.input = input
        super.init(type: type, path: path)
        finishInit()
    }

    override var children: [Expr] { [index, input] }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        let i = try number(index, ctx)
        let v = try input.evaluate(ctx)
        guard case .array(let a) = v else { throw input.fail("Expected value to be of type array, but found \(v.type) instead.") }
        if i < 0 { throw fail("Array index out of bounds: \(Value.formatNumber(i)) < 0.") }
        if i >= Double(a.count) { throw fail("Array index out of bounds: \(Value.formatNumber(i)) > \(a.count - 1).") }
        if i != i.rounded(.down) { throw fail("Array index must be an integer, but found \(Value.formatNumber(i)) instead.") }
        return a[Int(i)]
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 3 else { ctx.error("Expected 2 arguments, but found \(args.count - 1) instead."); return nil }
        let index = ctx.parse(args[1], 1, expected: .number)
        let input = ctx.parse(args[2], 2, expected: .array(ctx.expected ?? .value, nil))
        guard let index, let input else { return nil }
        guard case .array(let item, _) = input.type else { return nil }
        return At(type: item, index: index, input: input, path: ctx.path)
    }
}

/// `["in", needle, haystack]`: membership in an array or substring of a string.
final class In: Expr, @unchecked Sendable {
    let needle: Expr, haystack: Expr

    init(needle: Expr, haystack: Expr, path: [String]) {
        self.needle = needle; self.haystack = haystack
        super.init(type: .boolean, path: path)
        finishInit()
    }

    override var children: [Expr] { [needle, haystack] }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        let n = try needle.evaluate(ctx)
        let h = try haystack.evaluate(ctx)
        if !JS.truthy(h) { return .boolean(false) }
        guard SearchOperators.isNeedle(n) else {
            throw fail("Expected first argument to be of type boolean, string, number or null, but found \(n.type) instead.")
        }
        switch h {
        case .string(let s): return .boolean(SearchOperators.stringIndex(of: n, in: s, from: nil) >= 0)
        case .array(let a): return .boolean(a.contains { Comparison.strictEquals($0, n) })
        default: throw fail("Expected second argument to be of type array or string, but found \(h.type) instead.")
        }
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 3 else { ctx.error("Expected 2 arguments, but found \(args.count - 1) instead."); return nil }
        let needle = ctx.parse(args[1], 1, expected: .value)
        let haystack = ctx.parse(args[2], 2, expected: .value)
        guard let needle, let haystack else { return nil }
        guard [.boolean, .string, .number, .null, .value].contains(needle.type) else {
            ctx.error("Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead")
            return nil
        }
        return In(needle: needle, haystack: haystack, path: ctx.path)
    }
}

/// `["index-of", needle, haystack, from?]`.
final class IndexOf: Expr, @unchecked Sendable {
    let needle: Expr, haystack: Expr, fromIndex: Expr?

    init(needle: Expr, haystack: Expr, fromIndex: Expr?, path: [String]) {
        self.needle = needle; self.haystack = haystack; self.fromIndex = fromIndex
        super.init(type: .number, path: path)
        finishInit()
    }

    override var children: [Expr] { [needle, haystack] + (fromIndex.map { [$0] } ?? []) }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        let n = try needle.evaluate(ctx)
        let h = try haystack.evaluate(ctx)
        guard SearchOperators.isNeedle(n) else {
            throw fail("Expected first argument to be of type boolean, string, number or null, but found \(n.type) instead.")
        }
        let from = try fromIndex.map { try number($0, ctx) }
        switch h {
        case .string(let s):
            return .number(Double(SearchOperators.stringIndex(of: n, in: s, from: from)))
        case .array(let a):
            var start = 0
            if let from {
                let f = from.isNaN ? 0 : Int(max(min(from.rounded(.towardZero), 1e15), -1e15))
                start = f < 0 ? max(a.count + f, 0) : f
            }
            if start < a.count {
                for i in start..<a.count where Comparison.strictEquals(a[i], n) { return .number(Double(i)) }
            }
            return .number(-1)
        default:
            throw fail("Expected second argument to be of type array or string, but found \(h.type) instead.")
        }
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 3 || args.count == 4 else {
            ctx.error("Expected 2 or 3 arguments, but found \(args.count - 1) instead."); return nil
        }
        let needle = ctx.parse(args[1], 1, expected: .value)
        let haystack = ctx.parse(args[2], 2, expected: .value)
        guard let needle, let haystack else { return nil }
        guard [.boolean, .string, .number, .null, .value].contains(needle.type) else {
            ctx.error("Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead")
            return nil
        }
        var from: Expr? = nil
        if args.count == 4 {
            guard let f = ctx.parse(args[3], 3, expected: .number) else { return nil }
            from = f
        }
        return IndexOf(needle: needle, haystack: haystack, fromIndex: from, path: ctx.path)
    }
}

/// Shared pieces of `in` and `index-of` on strings.
enum SearchOperators {
    static func isNeedle(_ v: Value) -> Bool {
        switch v {
        case .boolean, .string, .number, .null: return true
        default: return false
        }
    }

    /// Code-point index of `needle` (as a string) in `s`, searching from a code-point index; -1 when absent.
    static func stringIndex(of needle: Value, in s: String, from: Double?) -> Int {
        let n = needle.isNull ? "null" : Value.toString(needle)
        let scalars = Array(s.unicodeScalars), pattern = Array(n.unicodeScalars)
        var start = 0
        if let from, !from.isNaN { start = Int(max(0, min(from.rounded(.towardZero), Double(scalars.count)))) }
        if pattern.isEmpty { return min(start, scalars.count) }
        guard scalars.count >= pattern.count else { return -1 }
        var i = start
        while i + pattern.count <= scalars.count {
            if scalars[i..<i + pattern.count].elementsEqual(pattern) { return i }
            i += 1
        }
        return -1
    }
}

/// `["slice", input, begin, end?]` on arrays and strings (JavaScript `slice` rules).
final class Slice: Expr, @unchecked Sendable {
    let input: Expr, begin: Expr, end: Expr?

    init(type: ExpressionType, input: Expr, begin: Expr, end: Expr?, path: [String]) {
        self.input = input; self.begin = begin; self.end = end
        super.init(type: type, path: path)
        finishInit()
    }

    override var children: [Expr] { [input, begin] + (end.map { [$0] } ?? []) }

    static func bounds(_ count: Int, _ b: Double, _ e: Double?) -> Range<Int> {
        func clampIndex(_ x: Double) -> Int {
            if x.isNaN { return 0 }
            let t = x.rounded(.towardZero)
            if t < 0 { return max(count + Int(max(t, -1e15)), 0) }
            return min(Int(min(t, 1e15)), count)
        }
        let lo = clampIndex(b)
        let hi = e.map(clampIndex) ?? count
        return lo < hi ? lo..<hi : lo..<lo
    }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        let v = try input.evaluate(ctx)
        let b = try number(begin, ctx)
        let e = try end.map { try number($0, ctx) }
        switch v {
        case .string(let s):
            let scalars = Array(s.unicodeScalars)
            var out = String.UnicodeScalarView()
            out.append(contentsOf: scalars[Slice.bounds(scalars.count, b, e)])
            return .string(String(out))
        case .array(let a):
            return .array(Array(a[Slice.bounds(a.count, b, e)]))
        default:
            throw fail("Expected first argument to be of type array or string, but found \(v.type) instead.")
        }
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 3 || args.count == 4 else {
            ctx.error("Expected 2 or 3 arguments, but found \(args.count - 1) instead."); return nil
        }
        let input = ctx.parse(args[1], 1, expected: .value)
        let begin = ctx.parse(args[2], 2, expected: .number)
        guard let input, let begin else { return nil }
        guard input.type.kind == "array" || input.type == .string || input.type == .value else {
            ctx.error("Expected first argument to be of type array or string, but found \(input.type) instead")
            return nil
        }
        var end: Expr? = nil
        if args.count == 4 {
            guard let e = ctx.parse(args[3], 3, expected: .number) else { return nil }
            end = e
        }
        return Slice(type: input.type, input: input, begin: begin, end: end, path: ctx.path)
    }
}

/// `["length", string-or-array]`.
final class Length: Expr, @unchecked Sendable {
    let input: Expr

    init(input: Expr, path: [String]) {
        self.input = input
        super.init(type: .number, path: path)
        finishInit()
    }

    override var children: [Expr] { [input] }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        let v = try input.evaluate(ctx)
        switch v {
        case .string(let s): return .number(Double(s.unicodeScalars.count))
        case .array(let a): return .number(Double(a.count))
        default: throw fail("Expected value to be of type string or array, but found \(v.type) instead.")
        }
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 2 else { ctx.error("Expected 1 argument, but found \(args.count - 1) instead."); return nil }
        guard let input = ctx.parse(args[1], 1, expected: nil) else { return nil }
        guard input.type.kind == "array" || input.type == .string || input.type == .value else {
            ctx.error("Expected argument of type string or array, but found \(input.type) instead.")
            return nil
        }
        return Length(input: input, path: ctx.path)
    }
}
