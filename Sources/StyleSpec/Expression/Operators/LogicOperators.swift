/// Boolean logic: `!`, `all`, `any` (short-circuiting).
enum LogicOperators {
    typealias Def = CompoundDefinition

    static let definitions: [String: Def] = [
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
    ]
}
