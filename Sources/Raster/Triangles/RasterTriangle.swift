/// GL's triangle rule on the CPU: a pixel is drawn when its centre is inside the triangle
/// (vertices snapped to 1/256 pixel; centres on an edge go to the triangle whose top or left
/// edge it is), so triangles sharing an edge cover every pixel along it exactly once and a
/// strip of triangles covers its area once. Runs are found per row from the edges, stepped
/// in exact integers, so long thin triangles cost their rows, not their bounding box.
///
/// Small triangles (most of a line's at low zoom, where segments are shorter than a pixel)
/// test the few pixel centres of their bounding box directly with the same integer edge
/// functions: the steppers' set-up costs six 64-bit divisions, more than testing 16 pixels.
/// Both ways give the same runs (`LinesRasterizerTests` checks them against each other).
@frozen public struct RasterTriangle {
    /// Snapped vertices (1/256 px), counter-clockwise in the edge functions' sense.
    @usableFromInline let a: SIMD2<Int64>, b: SIMD2<Int64>, c: SIMD2<Int64>
    @usableFromInline let x0: Int, x1: Int, y0: Int, y1: Int

    /// Bounding boxes of at most this many pixel centres are tested pixel by pixel.
    @inlinable public static var directPixels: Int { 16 }

    /// Sets the triangle up (device pixels) inside `clip`; nil when it is degenerate,
    /// non-finite or misses the clip's bounds. Vertices must lie within ±2·10^6 pixels (the
    /// fixed-point products stay exact in 64 bits; floats are coarse there anyway); other
    /// triangles are dropped.
    @inlinable @inline(__always)
    public init?(_ p0: SIMD2<Float>, _ p1: SIMD2<Float>, _ p2: SIMD2<Float>, clip: PixelClip) {
        self.init(snapped: Self.snap(p0), Self.snap(p1), Self.snap(p2), clip: clip)
    }

    /// A vertex beyond ±2·10^6 px or not finite (`snap`'s answer for it).
    @inlinable public static var unusable: SIMD2<Int32> { SIMD2<Int32>(repeating: .min) }

    /// A device position snapped to 1/256 px, halves away from zero (without a libm call), or
    /// `unusable`. Lines snap each vertex once and set up their triangles from these.
    @inlinable @inline(__always)
    public static func snap(_ p: SIMD2<Float>) -> SIMD2<Int32> {
        let limit: Float = 2_000_000
        guard abs(p.x) < limit, abs(p.y) < limit else { return unusable }
        // Exact in floats: p·256 is; its whole part toward zero converts both ways exactly
        // (|p·256| < 2^31, and from 2^23 on floats are whole); the fraction left is exact
        // (Sterbenz), so halves are found as they are.
        let f = p * 256
        let whole = SIMD2<Int32>(Int32(f.x), Int32(f.y))
        let fraction = f - SIMD2<Float>(Float(whole.x), Float(whole.y))
        let zero = SIMD2<Int32>(repeating: 0)
        return whole &+ zero.replacing(with: 1, where: fraction .>= 0.5) &- zero.replacing(with: 1, where: fraction .<= -0.5)
    }

    /// Sets the triangle up from vertices `snap` made; nil when one is unusable, the triangle
    /// is degenerate or it holds no pixel centre inside `clip`'s bounds.
    @inlinable @inline(__always)
    public init?(snapped s0: SIMD2<Int32>, _ s1: SIMD2<Int32>, _ s2: SIMD2<Int32>, clip: PixelClip) {
        guard s0.x != .min, s1.x != .min, s2.x != .min else { return nil }
        // Pixel p has its centre at 256·p + 128; rows and columns of centres in the bounding
        // box first (most triangles of thin lines at low zoom hold none and stop here).
        // Fixed point to pixels: arithmetic shifts are floor divisions by 256.
        let lowY = Int(min(s0.y, s1.y, s2.y)), highY = Int(max(s0.y, s1.y, s2.y))
        let lowX = Int(min(s0.x, s1.x, s2.x)), highX = Int(max(s0.x, s1.x, s2.x))
        let y0 = max(clip.minY, (lowY &- 128 &+ 255) >> 8), y1 = min(clip.maxY, (highY &- 128) >> 8)
        let x0 = max(clip.minX, (lowX &- 128 &+ 255) >> 8), x1 = min(clip.maxX, (highX &- 128) >> 8)
        guard y0 <= y1, x0 <= x1 else { return nil }
        let a = SIMD2<Int64>(Int64(s0.x), Int64(s0.y))
        var b = SIMD2<Int64>(Int64(s1.x), Int64(s1.y)), c = SIMD2<Int64>(Int64(s2.x), Int64(s2.y))
        let area = (b.x &- a.x) &* (c.y &- a.y) &- (b.y &- a.y) &* (c.x &- a.x)
        if area == 0 { return nil }
        if area < 0 { swap(&b, &c) }
        self.a = a; self.b = b; self.c = c
        self.x0 = x0; self.x1 = x1; self.y0 = y0; self.y1 = y1
    }

    /// Whether `run` tests pixels directly (else it steps the edges).
    @inlinable public var isSmall: Bool { (y1 &- y0 &+ 1) &* (x1 &- x0 &+ 1) <= Self.directPixels }

    /// Hands every run of pixels inside the triangle and `clip` to `shader`, top to bottom.
    @inlinable @inline(__always)
    public func run<S: SpanShader>(clip: PixelClip, into shader: inout S) {
        if isSmall { runDirect(clip: clip, into: &shader) } else { runStepping(clip: clip, into: &shader) }
    }

    /// The edge steppers' way, whatever the size (also the reference for the direct way).
    @inlinable @inline(__always)
    public func runStepping<S: SpanShader>(clip: PixelClip, into shader: inout S) {
        let stepping = y1 > y0
        var e0 = EdgeStepper(from: a, to: b, row: y0, stepping: stepping)
        var e1 = EdgeStepper(from: b, to: c, row: y0, stepping: stepping)
        var e2 = EdgeStepper(from: c, to: a, row: y0, stepping: stepping)
        var y = y0
        while true {
            var lo = x0, hi = x1
            e0.narrow(&lo, &hi)
            e1.narrow(&lo, &hi)
            e2.narrow(&lo, &hi)
            clip.narrow(row: y, &lo, &hi)
            if lo <= hi { shader.shade(row: y, from: lo, through: hi) }
            if y == y1 { break }
            e0.advance(); e1.advance(); e2.advance()
            y &+= 1
        }
    }

    /// Tests each pixel centre of the bounding box against the three edge functions; a row's
    /// inside pixels are contiguous (the triangle is convex), so its run is first...last.
    @inlinable @inline(__always)
    public func runDirect<S: SpanShader>(clip: PixelClip, into shader: inout S) {
        let s: Int64 = 256
        // Edge function of a→b at pixel (x, y) = alpha·x + beta(y), as EdgeStepper defines it.
        @inline(__always) func setUp(_ p: SIMD2<Int64>, _ q: SIMD2<Int64>) -> (alpha: Int64, beta: Int64, step: Int64, bias: Int64) {
            let dx = q.x &- p.x, dy = q.y &- p.y
            let inclusive = dy < 0 || (dy == 0 && dx < 0)
            let beta = dx &* (s &* Int64(y0) &+ s / 2 &- p.y) &- dy &* (s / 2 &- p.x)
            return (0 &- s &* dy, beta, s &* dx, inclusive ? 0 : 1)
        }
        let e0 = setUp(a, b), e1 = setUp(b, c), e2 = setUp(c, a)
        let alpha0 = e0.alpha, alpha1 = e1.alpha, alpha2 = e2.alpha
        // Inside means value ≥ bias: fold the bias in so each test is a sign test. Values
        // at the row's first pixel, stepped down the rows.
        let fx = Int64(x0)
        var row0 = alpha0 &* fx &+ e0.beta &- e0.bias, row1 = alpha1 &* fx &+ e1.beta &- e1.bias
        var row2 = alpha2 &* fx &+ e2.beta &- e2.bias
        var y = y0
        while true {
            var v0 = row0, v1 = row1, v2 = row2
            // First and last inside pixel by selects: whether a pixel is inside is what no
            // branch predictor guesses.
            var lo = Int.max, hi = Int.min
            var x = x0
            while x <= x1 {
                let inside = (v0 | v1 | v2) >= 0
                hi = inside ? x : hi
                lo = inside && lo == Int.max ? x : lo
                v0 &+= alpha0; v1 &+= alpha1; v2 &+= alpha2
                x &+= 1
            }
            if lo <= hi {
                clip.narrow(row: y, &lo, &hi)
                if lo <= hi { shader.shade(row: y, from: lo, through: hi) }
            }
            if y == y1 { break }
            row0 &+= e0.step; row1 &+= e1.step; row2 &+= e2.step
            y &+= 1
        }
    }

    /// Sets up and runs in one go (tests and simple callers).
    @discardableResult
    @inlinable
    public static func draw<S: SpanShader>(_ p0: SIMD2<Float>, _ p1: SIMD2<Float>, _ p2: SIMD2<Float>,
                                    clip: PixelClip, into shader: inout S) -> Bool {
        guard let t = RasterTriangle(p0, p1, p2, clip: clip) else { return false }
        t.run(clip: clip, into: &shader)
        return true
    }
}
