import Raster
import StyleSpec

/// `heatmap-color` as MapLibre renders it: the expression evaluated at densities i/255 for
/// 256 texels, stored as a byte texture (straight colour floored, premultiplied on upload:
/// `LineGradientRamp.texel`) and sampled linearly, clamped to its ends, at the pixel's density.
struct HeatmapColorRamp: Sendable {
    static let size = RampBlend.size

    /// Premultiplied colours (0...1), `size` texels.
    let texels: [SIMD4<Float>]

    /// The ramp of `heatmap-color` (the layer's, or the spec default when unset), with
    /// `context` carrying the global state; the density is the only other input.
    init(_ layer: Layer, context: EvaluationContext) {
        let expression = layer.paint["heatmap-color"] ?? DefaultProperties.expression("heatmap-color", .heatmap, .paint)
        self.init { density in
            var ctx = context
            ctx.heatmapDensity = density
            if let expression, case .color(let c) = expression.evaluate(ctx) { return c }
            return .transparent
        }
    }

    /// The ramp of any colour function of the density.
    init(colorAt: (Double) -> StyleColor) {
        texels = (0..<Self.size).map { i in LineGradientRamp.texel(colorAt(Double(i) / Double(Self.size - 1))) }
    }

    /// A ramp of given texels (`size` of them; tests).
    init(texels: [SIMD4<Float>]) {
        precondition(texels.count == Self.size)
        self.texels = texels
    }

    /// Whether densities that only reach the first texel draw nothing (the default ramp
    /// starts transparent): the compositor then skips them.
    var startsTransparent: Bool { texels[0] == .zero }

    /// The highest density that still samples only the first texel: `density · 256 − ½ ≤ 0`.
    static let firstTexelLimit: Float = 0.5 / Float(size)

    /// The premultiplied colour at `density` (texture coordinate): linear between texel
    /// centres, clamped to the end texels; a NaN density reads the first texel.
    func color(at density: Float) -> SIMD4<Float> {
        let (i, f) = RampBlend.tap(density)
        let next = texels[min(i + 1, Self.size - 1)]
        return texels[i] + (next - texels[i]) * f
    }
}
