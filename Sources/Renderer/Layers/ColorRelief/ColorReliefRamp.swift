import JSON
import StyleSpec

/// `color-relief-color` as MapLibre's shader reads it: the stops of its `interpolate`
/// expression with elevations as the source's encoding can store them, and the colour at
/// each stop as premultiplied bytes; between stops the colour is interpolated linearly (a
/// texture's linear filter), beyond the ends it is clamped. Other expressions are evaluated
/// per pixel.
struct ColorReliefRamp {
    private let elevations: [Float]
    private let colors: [SIMD4<Float>]
    private let expression: PropertyExpression?
    private let context: EvaluationContext

    init(_ layer: Layer, context: EvaluationContext, encoding: DEMEncoding) {
        self.context = context
        let expression = layer.paint["color-relief-color"] ?? DefaultProperties.expression("color-relief-color", .colorRelief, .paint)
        var stops: [Double] = []
        if case .array(let items)? = layer.propertyJSON("color-relief-color", in: .paint), items.first?.stringValue == "interpolate", items.count >= 5 {
            stops = stride(from: 3, to: items.count - 1, by: 2).compactMap { items[$0].numberValue }
        }
        guard let expression, !stops.isEmpty else {
            self.expression = expression; elevations = []; colors = []; return
        }
        var ctx = context
        var e: [Float] = [], c: [SIMD4<Float>] = []
        for s in stops {
            ctx.elevation = s
            let p = Convert.premultiplied(Convert.color(expression.evaluate(ctx)))
            e.append(encoding.quantized(s))
            c.append((p * 255).rounded(.toNearestOrAwayFromZero) / 255)
        }
        elevations = e; colors = c; self.expression = nil
    }

    /// The premultiplied colour (0...1) at `elevation`.
    @inline(__always)
    func color(_ elevation: Float) -> SIMD4<Float> {
        guard !elevations.isEmpty else { return evaluated(elevation) }
        let n = elevations.count
        if n == 1 { return colors[0] }
        // The shader's binary search: the last stop at or below, the first above.
        var l = 0, r = n - 1
        while r - l > 1 {
            let m = (l + r) / 2
            if elevation < elevations[m] { r = m } else { l = m }
        }
        let span = elevations[r] - elevations[l]
        let t = span != 0 ? min(max((elevation - elevations[l]) / span, 0), 1) : 0
        return colors[l] + (colors[r] - colors[l]) * t
    }

    private func evaluated(_ elevation: Float) -> SIMD4<Float> {
        guard let expression else { return SIMD4(repeating: 0) }
        var ctx = context
        ctx.elevation = Double(elevation)
        return Convert.premultiplied(Convert.color(expression.evaluate(ctx)))
    }
}
