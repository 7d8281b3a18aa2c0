import Foundation

/// Strings and types: `concat`, `upcase`, `downcase`, `split`, `join`, `typeof`, `error`,
/// `is-supported-script`, `resolved-locale`.
enum StringOperators {
    typealias Def = CompoundDefinition

    static let definitions: [String: Def] = [
        "error": Def(.error, [Overload(.fixed([.string]), { c, ctx in
            throw c.fail(try c.string(c.args[0], ctx))
        })], reads: .alwaysThrows),
        "typeof": Def(.string, [Overload(.fixed([.value]), { c, ctx in
            .string(try c.args[0].evaluate(ctx).type.description)
        })]),
        // Every script can be shaped here (no right-to-left plugin to wait for).
        "is-supported-script": Def(.boolean, [Overload(.fixed([.string]), { c, ctx in
            _ = try c.string(c.args[0], ctx)
            return .boolean(true)
        })], reads: .environment),
        "upcase": Def(.string, [Overload(.fixed([.string]), { c, ctx in .string(try c.string(c.args[0], ctx).uppercased()) })]),
        "downcase": Def(.string, [Overload(.fixed([.string]), { c, ctx in .string(try c.string(c.args[0], ctx).lowercased()) })]),
        "concat": Def(.string, [Overload(.varargs(.value), { c, ctx in
            var s = ""
            for a in c.args { s += Value.toString(try a.evaluate(ctx)) }
            return .string(s)
        })]),
        "split": Def(.array(.string, nil), [Overload(.fixed([.string, .string]), { c, ctx in
            let s = try c.string(c.args[0], ctx), sep = try c.string(c.args[1], ctx)
            if sep.isEmpty { return .array(s.map { .string(String($0)) }) }
            return .array(s.components(separatedBy: sep).map { .string($0) })
        })]),
        "join": Def(.string, [Overload(.fixed([.array(.string, nil), .string]), { c, ctx in
            let v = try c.args[0].evaluate(ctx)
            let sep = try c.string(c.args[1], ctx)
            guard case .array(let items) = v else { throw c.args[0].fail("Expected value to be of type array<string>, but found \(v.type) instead.") }
            return .string(items.map { Value.toString($0) }.joined(separator: sep))
        })]),
        "resolved-locale": Def(.string, [Overload(.fixed([.collator]), { c, ctx in
            let v = try c.args[0].evaluate(ctx)
            guard case .collator(let col) = v else { throw c.args[0].fail("Expected value to be of type collator, but found \(v.type) instead.") }
            return .string(col.resolvedLocale)
        })], reads: .environment),
    ]
}
