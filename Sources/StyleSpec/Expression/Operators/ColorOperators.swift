/// Colour constructors and accessors: `rgb`, `rgba`, `to-rgba`.
enum ColorOperators {
    typealias Def = CompoundDefinition

    static func rgba(_ c: Compound, _ ctx: EvaluationContext) throws -> Value {
        let r = try c.args[0].evaluate(ctx), g = try c.args[1].evaluate(ctx), b = try c.args[2].evaluate(ctx)
        let a: Value? = c.args.count > 3 ? try c.args[3].evaluate(ctx) : nil
        if let error = RGBAValidation.validate(r, g, b, a) { throw c.fail(error) }
        return .color(StyleColor(r: r.numberValue! / 255, g: g.numberValue! / 255, b: b.numberValue! / 255,
                                 a: a?.numberValue ?? 1))
    }

    static let definitions: [String: Def] = [
        "to-rgba": Def(.array(.number, 4), [Overload(.fixed([.color]), { c, ctx in
            let v = try c.args[0].evaluate(ctx)
            guard case .color(let col) = v else { throw c.args[0].fail("Expected value to be of type color, but found \(v.type) instead.") }
            return .array([.number(col.r * 255), .number(col.g * 255), .number(col.b * 255), .number(col.a)])
        })]),
        "rgb": Def(.color, [Overload(.fixed([.number, .number, .number]), rgba)]),
        "rgba": Def(.color, [Overload(.fixed([.number, .number, .number, .number]), rgba)]),
    ]
}
