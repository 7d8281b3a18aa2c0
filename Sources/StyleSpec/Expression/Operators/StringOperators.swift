import Foundation

/// Strings and types: `concat`, `upcase`, `downcase`, `split`, `join`, `typeof`, `error`,
/// `is-supported-script`, `resolved-locale`, logic `!`/`all`/`any`, colours
/// `rgb`/`rgba`/`to-rgba`.
enum StringOperators {
    typealias Def = CompoundDefinition

    static func rgba(_ c: Compound, _ ctx: EvaluationContext) throws -> Value {
        let r = try c.args[0].evaluate(ctx), g = try c.args[1].evaluate(ctx), b = try c.args[2].evaluate(ctx)
        let a: Value? = c.args.count > 3 ? try c.args[3].evaluate(ctx) : nil
        if let error = RGBAValidation.validate(r, g, b, a) { throw c.fail(error) }
        return .color(StyleColor(r: r.numberValue! / 255, g: g.numberValue! / 255, b: b.numberValue! / 255,
                                 a: a?.numberValue ?? 1))
    }

    static let definitions: [String: Def] = [
        "error": Def(.error, [Overload(.fixed([.string]), { c, ctx in
            throw c.fail(try c.string(c.args[0], ctx))
        })], reads: .alwaysThrows),
        "typeof": Def(.string, [Overload(.fixed([.value]), { c, ctx in
            .string(try c.args[0].evaluate(ctx).type.description)
        })]),
        "to-rgba": Def(.array(.number, 4), [Overload(.fixed([.color]), { c, ctx in
            let v = try c.args[0].evaluate(ctx)
            guard case .color(let col) = v else { throw c.args[0].fail("Expected value to be of type color, but found \(v.type) instead.") }
            return .array([.number(col.r * 255), .number(col.g * 255), .number(col.b * 255), .number(col.a)])
        })]),
        "rgb": Def(.color, [Overload(.fixed([.number, .number, .number]), rgba)]),
        "rgba": Def(.color, [Overload(.fixed([.number, .number, .number, .number]), rgba)]),
        "!": Def(.boolean, [Overload(.fixed([.boolean]), { c, ctx in .boolean(!(try c.boolean(c.args[0], ctx))) })]),
        "all": Def(.boolean, [
            Overload(.fixed([.boolean, .boolean]), { c, ctx in
                .boolean(try c.boolean(c.args[0], ctx) && c.boolean(c.args[1], ctx))
            }),
            Overload(.varargs(.boolean), { c, ctx in
                for a in c.args where !(try c.boolean(a, ctx)) { return .boolean(false) }
                return .boolean(true)
            }),
        ]),
        "any": Def(.boolean, [
            Overload(.fixed([.boolean, .boolean]), { c, ctx in
                .boolean(try c.boolean(c.args[0], ctx) || c.boolean(c.args[1], ctx))
            }),
            Overload(.varargs(.boolean), { c, ctx in
                for a in c.args where try c.boolean(a, ctx) { return .boolean(true) }
                return .boolean(false)
            }),
        ]),
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
