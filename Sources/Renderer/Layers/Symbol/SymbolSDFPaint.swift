import Raster
import StyleSpec

/// The SDF paint of one part of a symbol, text (`text-*`) or icon (`icon-*`): colour, halo and
/// opacity, per feature, as the SDF shader takes them (premultiplied, times the opacity).
struct SymbolSDFPaint {
    private let color: LayerProperty<Color>
    private let haloColor: LayerProperty<Color>
    private let haloWidth: LayerProperty<Float>
    private let haloBlur: LayerProperty<Float>
    private let opacity: LayerProperty<Float>

    /// `part` is "text" or "icon".
    init(_ layer: Layer, _ part: String, _ ctx: EvaluationContext) {
        color = LayerProperty(layer, "\(part)-color", .paint, ctx, convert: Convert.color)
        haloColor = LayerProperty(layer, "\(part)-halo-color", .paint, ctx, convert: Convert.color)
        haloWidth = LayerProperty(layer, "\(part)-halo-width", .paint, ctx, convert: Convert.number)
        haloBlur = LayerProperty(layer, "\(part)-halo-blur", .paint, ctx, convert: Convert.number)
        opacity = LayerProperty(layer, "\(part)-opacity", .paint, ctx, convert: Convert.number)
    }

    /// The feature's opacity, 0...1.
    func opacity(_ fctx: EvaluationContext) -> Float { max(0, min(1, opacity.value(fctx))) }

    /// The shader's inputs for one feature; `fontScale` is text-size / 24 for text, icon-size
    /// for icons.
    /// `fill` overrides the colour (a `format` section's `text-color`).
    func drawing(_ fctx: EvaluationContext, fontScale: Float, pixelRatio: Float, fill: Color? = nil) -> SDFGlyphDrawing {
        let o = opacity(fctx)
        return SDFGlyphDrawing(fill: Convert.premultiplied(fill ?? color.value(fctx)) * o, halo: Convert.premultiplied(haloColor.value(fctx)) * o,
                               haloWidth: max(0, haloWidth.value(fctx)), haloBlur: max(0, haloBlur.value(fctx)),
                               fontScale: fontScale, pixelRatio: pixelRatio, opacity: o)
    }
}
