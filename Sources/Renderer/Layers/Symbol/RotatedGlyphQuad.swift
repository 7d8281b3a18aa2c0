import Foundation
import Raster
import SourceData

/// A glyph (or SDF icon) quad turned about a point: line labels turn every glyph to its
/// segment, `text-rotate`/`icon-rotate` turn point labels. The quad is a rectangle in its own
/// frame (device pixels from `center`, before turning by `angle`); each canvas pixel whose
/// centre falls inside it is mapped back into that frame and shaded by the same SDF shader as
/// the axis-aligned path (`SDFGlyphDrawing.draw`), which stays as it is for unrotated labels.
struct RotatedQuad {
    var center: SIMD2<Float>
    /// Radians, clockwise on screen (y down).
    var angle: Float
    /// Left, top, right, bottom in the quad's own frame (device pixels).
    var rect: SIMD4<Float>
    /// `/tiles` renders: `center` lies on a 1/1024 px grid and unturned quads are shaded from
    /// it (`SDFGlyphDrawing.draw(origin:)`), the same in every tile.
    var gridded = false

    /// cos and sin of `angle` (in double precision, rounded to Float once).
    @inline(__always)
    var rotation: (cos: Float, sin: Float) { (Float(cos(Double(angle))), Float(sin(Double(angle)))) }

    /// The quad's corner `local` (own frame) in device pixels.
    @inline(__always)
    func device(_ local: SIMD2<Float>) -> SIMD2<Float> { device(local, rotation) }

    @inline(__always)
    private func device(_ local: SIMD2<Float>, _ r: (cos: Float, sin: Float)) -> SIMD2<Float> {
        center + SIMD2(r.cos * local.x - r.sin * local.y, r.sin * local.x + r.cos * local.y)
    }

    /// Bounding box of the turned quad (min x, min y, max x, max y): the angle's cos and sin
    /// taken once for the four corners (every glyph of a line label is drawn turned, twice).
    var bounds: SIMD4<Float> {
        let r = rotation
        let a = device(SIMD2(rect.x, rect.y), r), b = device(SIMD2(rect.z, rect.y), r)
        let c = device(SIMD2(rect.x, rect.w), r), d = device(SIMD2(rect.z, rect.w), r)
        let lo = pointwiseMin(pointwiseMin(a, b), pointwiseMin(c, d)), hi = pointwiseMax(pointwiseMax(a, b), pointwiseMax(c, d))
        return SIMD4(lo.x, lo.y, hi.x, hi.y)
    }

    /// Image pixels → device pixels for an image of `width` × `height` spanning the quad.
    func imageTransform(width: Int, height: Int) -> Transform {
        let (c, s) = rotation
        let sx = (rect.z - rect.x) / Float(width), sy = (rect.w - rect.y) / Float(height)
        let origin = device(SIMD2(rect.x, rect.y))
        return Transform(a: c * sx, b: s * sx, c: -s * sy, d: c * sy, tx: origin.x, ty: origin.y)
    }
}

extension SDFGlyphDrawing {
    /// Draws the field of `glyph` over a turned quad spanning the padded field's texels.
    func draw(_ glyph: SDFGlyph, quad: RotatedQuad, pass: Pass, on canvas: Canvas) {
        if quad.angle == 0 {
            let r = quad.rect
            if quad.gridded {
                draw(glyph, x0: r.x, y0: r.y, x1: r.z, y1: r.w, origin: quad.center, pass: pass, on: canvas)
            } else {
                draw(glyph, x0: quad.center.x + r.x, y0: quad.center.y + r.y, x1: quad.center.x + r.z, y1: quad.center.y + r.w,
                     pass: pass, on: canvas)
            }
            return
        }
        let (cosA, sinA) = quad.rotation
        withPass(glyph, pass: pass) { field, shader in
            canvas.drawSDF(field, pass: shader, center: quad.center, cos: cosA, sin: sinA, rect: quad.rect, bounds: quad.bounds)
        }
    }
}
