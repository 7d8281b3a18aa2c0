import Raster
import SourceData

/// MapLibre's `symbol_sdf` fragment shader over one glyph quad, axis-aligned in device pixels
/// (point labels of a 2D map): the glyph's field, with the atlas's 1-texel empty padding
/// around it, is sampled bilinearly at each pixel centre, turned into coverage with a
/// smoothstep around the 0.75 outline (the halo: around its outer edge, in a pass of its
/// own before the text), and blended source-over as GL blends (ONE, ONE_MINUS_SRC_ALPHA).
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
        guard x1 > x0, y1 > y0 else { return }
        let pad = Self.atlasPadding
        let tw = glyph.fieldWidth + 2 * pad, th = glyph.fieldHeight + 2 * pad
        let sx = Float(tw) / (x1 - x0), sy = Float(th) / (y1 - y0)
        let px0 = max(0, Int((origin.x + x0 - 0.5).rounded(.up))), px1 = min(canvas.width - 1, Int((origin.x + x1 - 0.5).rounded(.down)))
        let py0 = max(0, Int((origin.y + y0 - 0.5).rounded(.up))), py1 = min(canvas.height - 1, Int((origin.y + y1 - 0.5).rounded(.down)))
        guard px0 <= px1, py0 <= py1 else { return }
        let width = canvas.width
        withShader(glyph, pass: pass) { shader in
            canvas.withUnsafeMutablePixels { pixels in
                for py in py0...py1 {
                    let v = (Float(py) + 0.5 - origin.y - y0) * sy - 0.5
                    let iy = floorToInt(v)
                    let wy = v - Float(iy)
                    let row = pixels.baseAddress! + py * width
                    for px in px0...px1 {
                        let u = (Float(px) + 0.5 - origin.x - x0) * sx - 0.5
                        let ix = floorToInt(u)
                        shader.shade(&row[px], ix: ix, wx: u - Float(ix), iy: iy, wy: wy)
                    }
                }
            }
        }
    }

    /// The shader's coverage at field value `dist`: inside the outline for text; for a halo,
    /// the band between the halo's edge and the glyph's (its inside stays clear, so a
    /// transparent text shows an outline, as MapLibre's shader leaves it).
    @inline(__always)
    static func coverage(_ dist: Float, edge: Float, gamma g: Float, halo: Bool) -> Float {
        let outer = smoothstep(edge - g, edge + g, dist)
        guard halo else { return outer }
        let inner = (256 - 64) / 256 + g
        return min(outer, 1 - smoothstep(inner - g, inner + g, dist))
    }

    @inline(__always)
    static func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }
}
