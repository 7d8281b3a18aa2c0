import Foundation
import Geo
import Raster

/// Where a fill or background pattern lies on the canvas, by MapLibre's rule: the image is
/// anchored to the world's pixel grid at the view's integer zoom (`get_pattern_pos` with the
/// tile's `u_pixel_coord`), one image pixel per 1/pixelRatio CSS pixel of that zoom. Tiles of
/// any size and position therefore see one continuous pattern, and the "to" image of the
/// cross-fade (MapLibre's end state at any zoom) is drawn at scale 1.
///
/// The world offset is reduced modulo the image size in Double before anything becomes
/// Float, as MapLibre splits `u_pixel_coord` into 16-bit halves, so the pattern stays exact
/// at high zoom.
struct PatternPlacement {
    /// Image pixels → device pixels (for the rasterizer's pattern fills).
    let transform: Transform
    /// Device pixels → image pixels: s = a·x + c·y + tx, t = b·x + d·y + ty.
    let a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float

    /// `offset`: device pixels the geometry is shifted by (`fill-translate`); the pattern
    /// moves with it.
    init(camera: Camera, projection: WorldProjection, image: PatternImage, offset: SIMD2<Float> = .zero) {
        let tileZoom = max(0, camera.zoom.rounded(.down))
        // Image pixels per world unit.
        let k = 512 * pow(2.0, tileZoom) * image.pixelRatio
        let w = Double(image.width), h = Double(image.height)
        let origin = SIMD2(Double(offset.x), Double(offset.y))
        let w0 = projection.invert(SIMD2(0, 0))
        func wrap(_ v: Double, _ m: Double) -> Double {
            let r = v - (v / m).rounded(.down) * m
            return r.isFinite ? r : 0
        }
        let s0 = wrap(w0.x * k, w), t0 = wrap(w0.y * k, h)
        // World → device is (pa pc; pb pd); its inverse times k maps device to image pixels.
        let det = projection.a * projection.d - projection.b * projection.c
        let ia = projection.d / det * k, ib = -projection.b / det * k
        let ic = -projection.c / det * k, id = projection.a / det * k
        a = Float(ia); b = Float(ib); c = Float(ic); d = Float(id)
        tx = Float(s0 - ia * origin.x - ic * origin.y)
        ty = Float(t0 - ib * origin.x - id * origin.y)
        let fa = projection.a / k, fb = projection.b / k, fc = projection.c / k, fd = projection.d / k
        transform = Transform(a: Float(fa), b: Float(fb), c: Float(fc), d: Float(fd),
                              tx: Float(origin.x - fa * s0 - fc * t0), ty: Float(origin.y - fb * s0 - fd * t0))
    }

    /// Image coordinates of a device position.
    @inline(__always)
    func imagePoint(_ x: Float, _ y: Float) -> SIMD2<Float> {
        SIMD2(a * x + c * y + tx, b * x + d * y + ty)
    }

    /// The rasterizer's paint for this pattern: bilinear, repeating.
    func paint(_ image: PatternImage) -> Paint {
        .pattern(Pattern(image: image.pixmap, transform: transform, filter: .bilinear, extend: .repeat))
    }
}
