/// MapLibre's circle fragment shader evaluated per pixel centre, then blended source-over:
///
///     e = distance / R,  R = radius + strokeWidth
///     opacity_t = smoothstep(0, aa, e − 1)            (aa < 0: the edge ramps inside R)
///     color_t   = strokeWidth < 0.01 ? 0 : smoothstep(aa, 0, e − radius / R)
///     colour    = opacity_t · mix(fill, stroke, color_t)   (premultiplied)
///
/// The SIMD version runs 8 pixels of a row with `SIMD8<Float>`; the scalar twin performs
/// the same float operations in the same order, so both give identical bytes.
struct CircleKernel {
    let cx: Float, cy: Float
    let invR: Float
    let aa: Float
    let innerEdge: Float      // radius / R
    let hasStroke: Bool
    let fill: SIMD4<Float>    // premultiplied r, g, b, a
    let stroke: SIMD4<Float>

    @inline(__always)
    static func smoothstep(_ a: Float, _ b: Float, _ x: Float) -> Float {
        let t = min(1, max(0, (x - a) / (b - a)))
        return t * t * (3 - 2 * t)
    }

    @inline(__always)
    static func smoothstep(_ a: Float, _ b: Float, _ x: SIMD8<Float>) -> SIMD8<Float> {
        let t = ((x - a) / (b - a)).clamped(lowerBound: SIMD8(repeating: 0), upperBound: SIMD8(repeating: 1))
        return t * t * (3 - 2 * t)
    }

    /// The source pixel (premultiplied, packed) at pixel centre (px, py).
    @inline(__always)
    func colorScalar(_ px: Float, _ py: Float) -> UInt32 {
        let dx = px - cx, dy = py - cy
        let e = (dx * dx + dy * dy).squareRoot() * invR
        let ot = Self.smoothstep(0, aa, e - 1)
        let ct = hasStroke ? Self.smoothstep(aa, 0, e - innerEdge) : 0
        @inline(__always) func q(_ f: Float, _ s: Float) -> UInt32 {
            UInt32(ot * (f + (s - f) * ct) * 255 + 0.5)
        }
        let a = q(fill.w, stroke.w)
        let r = min(q(fill.x, stroke.x), a), g = min(q(fill.y, stroke.y), a), b = min(q(fill.z, stroke.z), a)
        return r | g << 8 | b << 16 | a << 24
    }

    @inline(__always)
    func colorSIMD(_ px: SIMD8<Float>, _ py: Float) -> Pixels8 {
        let dx = px - cx, dy = py - cy
        let e = (dx * dx + dy * dy).squareRoot() * invR
        let ot = Self.smoothstep(0, aa, e - 1)
        let ct = hasStroke ? Self.smoothstep(aa, 0, e - innerEdge) : SIMD8(repeating: 0)
        @inline(__always) func q(_ f: Float, _ s: Float) -> Pixels8 {
            Pixels8(truncatingIfNeeded: SIMD8<Int32>(ot * (f + (s - f) * ct) * 255 + 0.5, rounding: .towardZero))
        }
        let a = q(fill.w, stroke.w)
        let r = pointwiseMin(q(fill.x, stroke.x), a), g = pointwiseMin(q(fill.y, stroke.y), a)
        let b = pointwiseMin(q(fill.z, stroke.z), a)
        return r | g &<< 8 | b &<< 16 | a &<< 24
    }

    /// Blends pixels x0..<x1 of row y (row pointer `dst` points at pixel 0).
    func row(_ dst: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, x1: Int) {
        let py = Float(y) + 0.5
        var x = x0
        let lane = SIMD8<Float>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)
        while x + 8 <= x1 {
            let s = colorSIMD(lane + Float(x), py)
            if s != Pixels8() { storePixels8(PixelMath.over(s, loadPixels8(dst + x)), dst + x) }
            x += 8
        }
        if x < x1 { rowScalar(dst, y: y, x0: x, x1: x1) }
    }

    func rowScalar(_ dst: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, x1: Int) {
        let py = Float(y) + 0.5
        for x in x0..<x1 {
            let s = colorScalar(Float(x) + 0.5, py)
            if s != 0 { dst[x] = PixelMath.over(s, dst[x]) }
        }
    }
}
