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

    /// The text's paint (`text-color`, `text-halo-*`, `text-opacity`).
    init(text p: SymbolProperties) {
        color = p.textColor; haloColor = p.textHaloColor; haloWidth = p.textHaloWidth
        haloBlur = p.textHaloBlur; opacity = p.textOpacity
    }

    /// The icon's paint (`icon-color`, `icon-halo-*`, `icon-opacity`).
    init(icon p: SymbolProperties) {
        color = p.iconColor; haloColor = p.iconHaloColor; haloWidth = p.iconHaloWidth
        haloBlur = p.iconHaloBlur; opacity = p.iconOpacity
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
