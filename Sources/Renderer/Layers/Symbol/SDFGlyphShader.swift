import Raster
import SourceData

/// One pass of MapLibre's `symbol_sdf` fragment shader over one glyph's field: the field
/// sampled bilinearly (the atlas's transparent padding around it), turned into coverage around
/// the pass's edge, times the pass's colour, blended source-over. The axis-aligned and the
/// turned glyph draws both shade through it, so they agree texel for texel; only how they map
/// a pixel centre to field coordinates differs.
struct SDFGlyphShader {
    let field: UnsafeBufferPointer<UInt8>
    let fieldWidth, fieldHeight, pad: Int
    /// The pass's outline (field units, 0...1) and smoothstep half-width.
    let edge, gamma: Float
    /// Premultiplied colour (0...1) times opacity.
    let color: SIMD4<Float>
    let isHalo: Bool

    /// A field texel, 0 in the padding and beyond.
    @inline(__always)
    func texel(_ x: Int, _ y: Int) -> Float {
        let fx = x - pad, fy = y - pad
        guard fx >= 0, fy >= 0, fx < fieldWidth, fy < fieldHeight else { return 0 }
        return Float(field[fy * fieldWidth + fx]) / 255
    }

    /// Shades `pixel` with the field at padded-texel coordinates (ix + wx, iy + wy): bilinear
    /// between the four texels around it, as GL's linear filter samples.
    @inline(__always)
    func shade(_ pixel: inout UInt32, ix: Int, wx: Float, iy: Int, wy: Float) {
        let top = texel(ix, iy) * (1 - wx) + texel(ix + 1, iy) * wx
        let bottom = texel(ix, iy + 1) * (1 - wx) + texel(ix + 1, iy + 1) * wx
        let dist = top * (1 - wy) + bottom * wy
        let out = color * SDFGlyphDrawing.coverage(dist, edge: edge, gamma: gamma, halo: isHalo)
        guard out.w > 0 else { return }
        pixel = ShaderBlend.over4(pixel, color255: out * 255, alpha: min(out.w, 1), k: 1)
    }
}

extension SDFGlyphDrawing {
    /// Runs `body` with the shader of `pass` over `glyph`'s field; not at all for a halo pass
    /// without a halo or an empty glyph.
    func withShader(_ glyph: SDFGlyph, pass: Pass, _ body: (SDFGlyphShader) -> Void) {
        if pass == .halo, !(haloWidth > 0 && halo.w > 0) { return }
        guard !glyph.bitmap.isEmpty else { return }
        let edgeGamma = 0.105 / pixelRatio
        let isHalo = pass == .halo
        let gamma = isHalo ? (haloBlur * 1.19 / Self.sdfPx + edgeGamma) / fontScale : edgeGamma / fontScale
        let edge = isHalo ? (6 - haloWidth / fontScale) / Self.sdfPx : (256 - 64) / 256
        glyph.bitmap.withUnsafeBufferPointer { field in
            body(SDFGlyphShader(field: field, fieldWidth: glyph.fieldWidth, fieldHeight: glyph.fieldHeight, pad: Self.atlasPadding,
                                edge: edge, gamma: gamma, color: isHalo ? halo : fill, isHalo: isHalo))
        }
    }
}
