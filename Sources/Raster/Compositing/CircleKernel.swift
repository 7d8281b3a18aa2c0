/// MapLibre's circle fragment shader evaluated per pixel centre, then blended source-over:
///
///     e = distance / R,  R = radius + strokeWidth
///     opacity_t = smoothstep(0, aa, e − 1)            (aa < 0: the edge ramps inside R)
///     color_t   = strokeWidth < 0.01 ? 0 : smoothstep(aa, 0, e − radius / R)
///     colour    = opacity_t · mix(fill, stroke, color_t)   (premultiplied)
///
/// The SIMD version runs 8 pixels of a row with `SIMD8<Float>`; the scalar twin performs
/// the same float operations in the same order, so both give identical bytes. Only
/// operations that lower to plain SSE are used: `clamped`/`pointwiseMin` and the rounding
/// SIMD initialisers stay out-of-line generic calls in Swift 6.3, so clamping uses
/// `replace(with:where:)` and rounding adds the 1.5·2²³ magic constant (round half to even,
/// the same in both twins).
struct CircleKernel {
    let cx: Float, cy: Float
    let invR: Float
    let aa: Float
    /// 1 / aa, so the smoothsteps multiply instead of divide.
    let invAA: Float
    let innerEdge: Float      // radius / R
    let hasStroke: Bool
    let fill: SIMD4<Float>    // premultiplied r, g, b, a
    let stroke: SIMD4<Float>

    init(cx: Float, cy: Float, invR: Float, aa: Float, innerEdge: Float, hasStroke: Bool, fill: SIMD4<Float>, stroke: SIMD4<Float>) {
        self.cx = cx; self.cy = cy; self.invR = invR; self.aa = aa; invAA = 1 / aa
        self.innerEdge = innerEdge; self.hasStroke = hasStroke; self.fill = fill; self.stroke = stroke
    }

    static let magic: Float = 12_582_912   // 1.5 · 2²³
    static let magicBits: Int32 = 0x4B40_0000

    /// t²(3 − 2t) of t = clamp(x · k, 0, 1): smoothstep(0, aa, x) with k = 1/aa, and
    /// smoothstep(aa, 0, x) with x − aa and k = −1/aa.
    @inline(__always)
    static func ramp(_ x: Float, _ k: Float) -> Float {
        var t = x * k
        if t < 0 { t = 0 }
        if t > 1 { t = 1 }
        return t * t * (3 - 2 * t)
    }

    @inline(__always)
    static func ramp(_ x: SIMD8<Float>, _ k: Float) -> SIMD8<Float> {
        var t = x * k
        t.replace(with: 0, where: t .< 0)
        t.replace(with: 1, where: t .> 1)
        return t * t * (3 - 2 * t)
    }

    /// Normalised distance e of pixel centre (px, py) from the centre.
    @inline(__always)
    func distance(_ px: Float, _ py: Float) -> Float {
        let dx = px - cx, dy = py - cy
        return (dx * dx + dy * dy).squareRoot() * invR
    }

    /// color_t at normalised distance e (0 without a stroke).
    @inline(__always)
    func strokeMix(_ e: Float) -> Float { hasStroke ? Self.ramp(e - innerEdge - aa, -invAA) : 0 }

    /// The source pixel (premultiplied, packed) at pixel centre (px, py).
    @inline(__always)
    func colorScalar(_ px: Float, _ py: Float) -> UInt32 { color(atDistance: distance(px, py)) }

    /// The source pixel (premultiplied, packed) at normalised distance e.
    @inline(__always)
    func color(atDistance e: Float) -> UInt32 {
        let ot = Self.ramp(e - 1, invAA)
        let ct = strokeMix(e)
        @inline(__always) func q(_ f: Float, _ s: Float) -> Int32 {
            Int32(bitPattern: (ot * (f + (s - f) * ct) * 255 + Self.magic).bitPattern) &- Self.magicBits
        }
        let a = q(fill.w, stroke.w)
        @inline(__always) func capped(_ c: Int32) -> UInt32 { UInt32(bitPattern: min(c, a)) }
        return capped(q(fill.x, stroke.x)) | capped(q(fill.y, stroke.y)) << 8 | capped(q(fill.z, stroke.z)) << 16 | UInt32(bitPattern: a) << 24
    }

    @inline(__always)
    func colorSIMD(_ px: SIMD8<Float>, _ py: Float) -> Pixels8 {
        let dx = px - cx, dy = py - cy
        let e = (dx * dx + dy * dy).squareRoot() * invR
        let ot = Self.ramp(e - 1, invAA)
        let ct = hasStroke ? Self.ramp(e - innerEdge - aa, -invAA) : SIMD8(repeating: 0)
        @inline(__always) func q(_ f: Float, _ s: Float) -> SIMD8<Int32> {
            unsafeBitCast(ot * (f + (s - f) * ct) * 255 + Self.magic, to: SIMD8<Int32>.self) &- Self.magicBits
        }
        let a = q(fill.w, stroke.w)
        // min(c, a) without pointwiseMin: c + (d & (d >> 31)) with d = a − c.
        @inline(__always) func capped(_ c: SIMD8<Int32>) -> Pixels8 {
            let d = a &- c
            return unsafeBitCast(c &+ (d & (d &>> 31)), to: Pixels8.self)
        }
        return capped(q(fill.x, stroke.x)) | capped(q(fill.y, stroke.y)) &<< 8 | capped(q(fill.z, stroke.z)) &<< 16
            | unsafeBitCast(a, to: Pixels8.self) &<< 24
    }

    /// Blends pixels x0..<x1 of row y (row pointer `dst` points at pixel 0). Whole groups of
    /// 8 may run past x1 (up to `limit`, the row length): pixels outside the circle get a
    /// transparent source and stay unchanged.
    func row(_ dst: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, x1: Int, limit: Int) {
        let py = Float(y) + 0.5
        var x = x0
        let lane = SIMD8<Float>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)
        while x < x1 && x + 8 <= limit {
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
