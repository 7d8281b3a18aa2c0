import Raster
import SourceData

/// MapLibre's `symbol_sdf` fragment shader over one glyph quad, axis-aligned in device pixels
/// (point labels of a 2D map): the glyph's field, with the atlas's 1-texel empty padding
/// around it, is sampled bilinearly at each pixel centre, turned into coverage with a
/// smoothstep around the 0.75 outline (the halo: around its outer edge, in a pass of its
/// own before the text), and blended source-over as GL blends (ONE, ONE_MINUS_SRC_ALPHA):
/// the uniforms are set here, the texels sampled and the pixels written by Raster
/// (`SDFPass`, `Canvas.drawSDF`).
struct SDFGlyphDrawing {
    /// Premultiplied colours (0...1), already times the text opacity.
    var fill: SIMD4<Float>
    var halo: SIMD4<Float>
    var haloWidth: Float
    var haloBlur: Float
    /// text-size / 24 (CSS pixels), and the device pixel ratio.
    var fontScale: Float
    var pixelRatio: Float
    /// The opacity `fill` and `halo` are already multiplied by (images in text take it).
    var opacity: Float = 1

    static let atlasPadding = 1
    static let sdfPx: Float = 8

    /// Which of MapLibre's two draws of a label this is: halos first (for every label of the
    /// layer), then the text.
    enum Pass { case halo, text }

    /// Draws the field of `glyph` over the device rectangle [x0, x1) × [y0, y1) measured from
    /// `origin`, which spans the padded field's texels edge to edge. Pixel centres are taken
    /// relative to `origin` first: with an origin on a 1/1024 px grid that difference is exact,
    /// so a glyph shades the same in every tile that draws it.
    func draw(_ glyph: SDFGlyph, x0: Float, y0: Float, x1: Float, y1: Float, origin: SIMD2<Float> = .zero,
              pass: Pass, on canvas: Canvas) {
        withPass(glyph, pass: pass) { field, shader in
            canvas.drawSDF(field, pass: shader, x0: x0, y0: y0, x1: x1, y1: y1, origin: origin)
        }
    }
}
