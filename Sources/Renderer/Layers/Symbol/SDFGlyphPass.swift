import Raster
import SourceData

extension SDFGlyphDrawing {
    /// Runs `body` with Raster's `SDFPass` of `pass` (MapLibre's `symbol_sdf` uniforms: the
    /// outline or halo edge, its gamma, the colour) and `glyph`'s field; not at all for a halo
    /// pass without a halo or an empty glyph. The axis-aligned and the turned glyph draws both
    /// shade through it, so they agree texel for texel; only how they map a pixel centre to
    /// field coordinates differs.
    func withPass(_ glyph: SDFGlyph, pass: Pass, _ body: (SDFField, SDFPass) -> Void) {
        if pass == .halo, !(haloWidth > 0 && halo.w > 0) { return }
        guard !glyph.bitmap.isEmpty else { return }
        let edgeGamma = 0.105 / pixelRatio
        let isHalo = pass == .halo
        let gamma = isHalo ? (haloBlur * 1.19 / Self.sdfPx + edgeGamma) / fontScale : edgeGamma / fontScale
        let edge = isHalo ? (6 - haloWidth / fontScale) / Self.sdfPx : SDFPass.glyphEdge
        glyph.bitmap.withUnsafeBufferPointer { texels in
            body(SDFField(texels: texels, width: glyph.fieldWidth, height: glyph.fieldHeight, pad: Self.atlasPadding),
                 SDFPass(edge: edge, gamma: gamma, color: isHalo ? halo : fill, isHalo: isHalo))
        }
    }
}
