import Foundation

/// Arithmetic and math functions (`+ - * / % ^`, `sqrt`, logs, trigonometry, rounding,
/// `min`/`max`, constants).
enum MathOperators {
    typealias Def = CompoundDefinition

    static func unary(_ f: @escaping @Sendable (Double) -> Double) -> Def {
        Def(.number, [Overload(.fixed([.number]), { c, ctx in .number(f(try c.number(c.args[0], ctx))) })])
    }

    static func constant(_ v: Double) -> Def {
        Def(.number, [Overload(.fixed([]), { _, _ in .number(v) })])
    }

    static let definitions: [String: Def] = [
        "+": Def(.number, [Overload(.varargs(.number), { c, ctx in
            var r = 0.0
            for a in c.args { r += try c.number(a, ctx) }
            return .number(r)
        })]),
        "*": Def(.number, [Overload(.varargs(.number), { c, ctx in
            var r = 1.0
            for a in c.args { r *= try c.number(a, ctx) }
            return .number(r)
        })]),
        "-": Def(.number, [
            Overload(.fixed([.number, .number]), { c, ctx in .number(try c.number(c.args[0], ctx) - c.number(c.args[1], ctx)) }),
            Overload(.fixed([.number]), { c, ctx in .number(-(try c.number(c.args[0], ctx))) }),
        ]),
        "/": Def(.number, [Overload(.fixed([.number, .number]), { c, ctx in
            .number(try c.number(c.args[0], ctx) / c.number(c.args[1], ctx))
        })]),
        "%": Def(.number, [Overload(.fixed([.number, .number]), { c, ctx in
            .number(fmod(try c.number(c.args[0], ctx), try c.number(c.args[1], ctx)))
        })]),
        "^": Def(.number, [Overload(.fixed([.number, .number]), { c, ctx in
            .number(pow(try c.number(c.args[0], ctx), try c.number(c.args[1], ctx)))
        })]),
        "ln2": constant(M_LN2),
        "pi": constant(Double.pi),
        "e": constant(M_E),
        "sqrt": unary { $0.squareRoot() },
        "log10": unary { log($0) / M_LN10 },
        "ln": unary { log($0) },
        "log2": unary { log($0) / M_LN2 },
        "sin": unary { sin($0) },
        "cos": unary { cos($0) },
        "tan": unary { tan($0) },
        "asin": unary { asin($0) },
        "acos": unary { acos($0) },
        "atan": unary { atan($0) },
        "abs": unary { abs($0) },
        // Halfway values round away from zero (like C and Python, unlike JS Math.round).
        "round": unary { $0.rounded(.toNearestOrAwayFromZero) },
        "floor": unary { $0.rounded(.down) },
        "ceil": unary { $0.rounded(.up) },
        "min": Def(.number, [Overload(.varargs(.number), { c, ctx in
            var r = Double.infinity
            for a in c.args {
                let v = try c.number(a, ctx)
                if v.isNaN { r = .nan } else if !r.isNaN { r = Swift.min(r, v) }
            }
            return .number(r)
        })]),
        "max": Def(.number, [Overload(.varargs(.number), { c, ctx in
            var r = -Double.infinity
            for a in c.args {
                let v = try c.number(a, ctx)
                if v.isNaN { r = .nan } else if !r.isNaN { r = Swift.max(r, v) }
            }
            return .number(r)
        })]),
    ]
}
