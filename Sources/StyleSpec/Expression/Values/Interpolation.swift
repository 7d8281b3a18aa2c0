import Foundation

/// Interpolation of values between two stops (numbers, colours in rgb/hcl/lab, arrays,
/// padding, colour arrays, anchor offsets, projections).
public enum Interpolation {
    @inline(__always)
    public static func number(_ a: Double, _ b: Double, _ t: Double) -> Double { a + t * (b - a) }

    public static func color(_ from: StyleColor, _ to: StyleColor, _ t: Double, space: ColorSpace = .rgb) -> StyleColor {
        switch space {
        case .rgb:
            return StyleColor(r: number(from.r, to.r, t), g: number(from.g, to.g, t),
                              b: number(from.b, to.b, t), a: number(from.a, to.a, t))
        case .lab:
            let a = ColorSpaces.lab(from), b = ColorSpaces.lab(to)
            return ColorSpaces.rgb(lab: number(a.l, b.l, t), number(a.a, b.a, t), number(a.b, b.b, t),
                                   alpha: number(a.alpha, b.alpha, t))
        case .hcl:
            let a = ColorSpaces.hcl(from), b = ColorSpaces.hcl(to)
            var hue: Double
            var chroma: Double? = nil
            if !a.h.isNaN && !b.h.isNaN {
                var dh = b.h - a.h
                if b.h > a.h && dh > 180 { dh -= 360 } else if b.h < a.h && a.h - b.h > 180 { dh += 360 }
                hue = a.h + t * dh
            } else if !a.h.isNaN {
                hue = a.h
                if b.l == 1 || b.l == 0 { chroma = a.c }
            } else if !b.h.isNaN {
                hue = b.h
                if a.l == 1 || a.l == 0 { chroma = b.c }
            } else {
                hue = .nan
            }
            return ColorSpaces.rgb(hcl: hue, chroma ?? number(a.c, b.c, t), number(a.l, b.l, t),
                                   alpha: number(a.alpha, b.alpha, t))
        }
    }

    public enum ColorSpace: Sendable { case rgb, hcl, lab }

    static func interpolate(_ a: Value, _ b: Value, _ t: Double, space: Interpolate.Space, node: Expr) throws -> Value {
        let colorSpace: ColorSpace = space == .hcl ? .hcl : (space == .lab ? .lab : .rgb)
        if node.type == .projectionDefinition, let x = ProjectionDefinition.from(a), let y = ProjectionDefinition.from(b) {
            return .projectionDefinition(.transition(from: x.endName, to: y.endName, progress: t))
        }
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return .number(number(x, y, t))
        case (.color(let x), .color(let y)):
            return .color(color(x, y, t, space: colorSpace))
        case (.padding(let x), .padding(let y)):
            return .padding(Padding(top: number(x.top, y.top, t), right: number(x.right, y.right, t),
                                    bottom: number(x.bottom, y.bottom, t), left: number(x.left, y.left, t)))
        case (.numberArray(let x), .numberArray(let y)):
            return .numberArray(zip(x, y).map { number($0, $1, t) })
        case (.colorArray(let x), .colorArray(let y)):
            guard x.count == y.count else {
                throw node.fail("Cannot interpolate color arrays of different lengths: \(x.count) and \(y.count).")
            }
            return .colorArray(zip(x, y).map { color($0, $1, t, space: colorSpace) })
        case (.array(let x), .array(let y)):
            var out: [Value] = []
            out.reserveCapacity(x.count)
            for (i, v) in x.enumerated() {
                guard case .number(let p) = v, i < y.count, case .number(let q) = y[i] else { out.append(.number(.nan)); continue }
                out.append(.number(number(p, q, t)))
            }
            return .array(out)
        case (.variableAnchorOffsetCollection(let x), .variableAnchorOffsetCollection(let y)):
            var entries: [(anchor: String, x: Double, y: Double)] = []
            for i in 0..<x.entries.count {
                let e0 = x.entries[i]
                guard i < y.entries.count, y.entries[i].anchor == e0.anchor else {
                    let other = i < y.entries.count ? y.entries[i].anchor : "undefined"
                    throw node.fail("Cannot interpolate values containing mismatched anchors. from[\(i * 2)]: \(e0.anchor), to[\(i * 2)]: \(other)")
                }
                let e1 = y.entries[i]
                entries.append((e0.anchor, number(e0.x, e1.x, t), number(e0.y, e1.y, t)))
            }
            return .variableAnchorOffsetCollection(VariableAnchorOffsetCollection(entries: entries))
        case (.projectionDefinition(let x), .projectionDefinition(let y)):
            return .projectionDefinition(.transition(from: x.endName, to: y.endName, progress: t))
        default:
            throw node.fail("Cannot interpolate \(a.type) and \(b.type).")
        }
    }
}

extension ProjectionDefinition {
    /// The projection a value settles on (the target of a transition).
    var endName: String {
        switch self {
        case .named(let n): return n
        case .transition(_, let to, _): return to
        }
    }
}
