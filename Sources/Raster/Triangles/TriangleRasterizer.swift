/// Receives the pixel runs of a triangle, row by row.
public protocol SpanShader {
    /// Pixels `x0...x1` (inclusive, never empty) of row `y` have their centre in the triangle.
    mutating func shade(row y: Int, from x0: Int, through x1: Int)
}

/// One edge of a triangle or clip polygon in 1/256-pixel fixed point, evaluated at pixel
/// centres. The inside is where the edge function is positive; points exactly on the edge
/// count only for "left" edges and for horizontal edges with the inside above them: GPUs
/// apply the top-left rule in GL's window coordinates, whose y axis points up (MapLibre's
/// images show it: a line whose top edge runs exactly through pixel centres leaves that row
/// out). Two triangles sharing an edge never both draw, nor both miss, a pixel on it.
@frozen public struct EdgeFunction {
    public let ax: Double, ay: Double, dx: Double, dy: Double
    /// 0 when points on the edge are inside, 1 otherwise (values are whole numbers).
    public let bias: Double
    /// d(edge function)/dx per pixel, and its inverse (for a first guess at the bound).
    public let alpha: Double, inverseAlpha: Double

    /// Fixed-point positions per pixel (GL's usual 8 bits of sub-pixel precision).
    @inlinable public static var subpixels: Double { 256 }

    @inlinable
    public init(from a: SIMD2<Double>, to b: SIMD2<Double>) {
        ax = a.x; ay = a.y; dx = b.x - a.x; dy = b.y - a.y
        // Left edge: inside to its right (dy < 0 here); "top" in window space: horizontal
        // with the inside above it on screen (dx < 0).
        let inclusive = dy < 0 || (dy == 0 && dx < 0)
        bias = inclusive ? 0 : 1
        alpha = -Self.subpixels * dy
        inverseAlpha = alpha == 0 ? 0 : 1 / alpha
    }

    /// Edge function at the pixel centre (x, y) for whole pixel coordinates.
    @inlinable @inline(__always)
    public func value(x: Int, y: Int) -> Double {
        let s = Self.subpixels
        return dx * (s * Double(y) + s / 2 - ay) - dy * (s * Double(x) + s / 2 - ax)
    }

    /// Narrows the inclusive pixel range [lo, hi] of row `y` to the pixels inside this edge.
    /// The bound is guessed with a multiplication and then checked against the exact edge
    /// function (whole numbers in doubles, exact for coordinates within ±2^15 pixels).
    @inlinable @inline(__always)
    public func narrow(row y: Int, _ lo: inout Int, _ hi: inout Int) {
        let s = Self.subpixels
        // Edge function at pixel (x, y) = alpha·x + beta.
        let beta = dx * (s * Double(y) + s / 2 - ay) - dy * (s / 2 - ax)
        if alpha > 0 {
            guard alpha * Double(hi) + beta >= bias else { hi = lo - 1; return }
            guard alpha * Double(lo) + beta < bias else { return }
            // Smallest x in (lo, hi] with alpha·x + beta ≥ bias.
            var x = max(lo + 1, min(hi, ceilToInt((bias - beta) * inverseAlpha)))
            while x > lo + 1, alpha * Double(x - 1) + beta >= bias { x -= 1 }
            while alpha * Double(x) + beta < bias { x += 1 }
            lo = x
        } else if alpha < 0 {
            guard alpha * Double(lo) + beta >= bias else { hi = lo - 1; return }
            guard alpha * Double(hi) + beta < bias else { return }
            // Largest x in [lo, hi) with alpha·x + beta ≥ bias.
            var x = max(lo, min(hi - 1, floorToInt((bias - beta) * inverseAlpha)))
            while x < hi - 1, alpha * Double(x + 1) + beta >= bias { x += 1 }
            while alpha * Double(x) + beta < bias { x -= 1 }
            hi = x
        } else if beta < bias {
            hi = lo - 1
        }
    }
}

/// floor and ceil to Int without a libm call (|x| < 2^62).
@inlinable @inline(__always) public func floorToInt(_ x: Double) -> Int { let i = Int(x); return Double(i) > x ? i - 1 : i }
@inlinable @inline(__always) public func ceilToInt(_ x: Double) -> Int { let i = Int(x); return Double(i) < x ? i + 1 : i }
/// The same for floats (|x| < 2^24, where whole floats convert exactly): per-pixel loops call
/// these instead of `rounded(.down)`/`.up`, which are libm calls on the x86-64 baseline.
@inlinable @inline(__always) public func floorToInt(_ x: Float) -> Int { let i = Int(x); return Float(i) > x ? i - 1 : i }
@inlinable @inline(__always) public func ceilToInt(_ x: Float) -> Int { let i = Int(x); return Float(i) < x ? i + 1 : i }
/// `x.rounded(.down)` for any float without the libm call: values of 2^23 and beyond are
/// already whole (NaN and infinities come back as they are).
@inlinable @inline(__always) public func floorFloat(_ x: Float) -> Float {
    guard abs(x) < 8_388_608 else { return x }
    let t = Float(Int32(x))
    return t > x ? t - 1 : t
}

/// Where a draw may touch pixels: a pixel rectangle, optionally cut further by a convex
/// polygon (a rotated tile square), both with the same pixel-centre and edge rules as the
/// triangles, so neighbouring tiles share their boundary pixels exactly once.
@frozen public struct PixelClip {
    /// Inclusive pixel bounds.
    public var minX: Int, minY: Int, maxX: Int, maxY: Int
    /// Up to 4 extra edges (inside positive), `edgeCount` of them used.
    @usableFromInline var edges: (EdgeFunction?, EdgeFunction?, EdgeFunction?, EdgeFunction?) = (nil, nil, nil, nil)
    @usableFromInline var edgeCount = 0

    /// The whole canvas.
    @inlinable
    public init(width: Int, height: Int) {
        minX = 0; minY = 0; maxX = width - 1; maxY = height - 1
    }

    /// The pixels of a `width`×`height` canvas whose centres lie in the axis-aligned square
    /// [x0, x1) × (y0, y1] (device pixels; the edge rule of the triangles: left and bottom
    /// edges inside, right and top not).
    @inlinable
    public init(width: Int, height: Int, rect x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        self.init(width: width, height: height)
        let s = EdgeFunction.subpixels
        func clamp(_ v: Double) -> Int { Int(max(-1e9, min(1e9, v))) }
        // Smallest p whose centre s·p + s/2 is ≥ (or >) the snapped edge.
        func atOrAfter(_ v: Double) -> Int { clamp((((v * s).rounded() - s / 2) / s).rounded(.up)) }
        func after(_ v: Double) -> Int { clamp((((v * s).rounded() - s / 2) / s).rounded(.down) + 1) }
        minX = max(minX, atOrAfter(x0)); maxX = min(maxX, atOrAfter(x1) - 1)
        minY = max(minY, after(y0)); maxY = min(maxY, after(y1) - 1)
    }

    /// The pixels of the canvas inside a convex quadrilateral (device pixels, either winding).
    @inlinable
    public init(width: Int, height: Int, quad: [SIMD2<Double>]) {
        self.init(width: width, height: height)
        precondition(quad.count == 4)
        let s = EdgeFunction.subpixels
        var q = quad.map { ($0 * s).rounded(.toNearestOrAwayFromZero) }
        var area: Double = 0
        for i in 0..<4 { let a = q[i], b = q[(i + 1) % 4]; area += a.x * b.y - b.x * a.y }
        // Edge functions are positive inside for a positive shoelace sum (as for triangles).
        if area < 0 { q.reverse() }
        let lo = q.reduce(SIMD2<Double>(repeating: .infinity)) { pointwiseMin($0, $1) }
        let hi = q.reduce(SIMD2<Double>(repeating: -.infinity)) { pointwiseMax($0, $1) }
        guard lo.x.isFinite, hi.x.isFinite, lo.y.isFinite, hi.y.isFinite else { maxX = minX - 1; return }
        minX = max(minX, Int(max(-1e9, ((lo.x - s / 2) / s).rounded(.down))))
        maxX = min(maxX, Int(min(1e9, ((hi.x - s / 2) / s).rounded(.up))))
        minY = max(minY, Int(max(-1e9, ((lo.y - s / 2) / s).rounded(.down))))
        maxY = min(maxY, Int(min(1e9, ((hi.y - s / 2) / s).rounded(.up))))
        edges = (EdgeFunction(from: q[0], to: q[1]), EdgeFunction(from: q[1], to: q[2]),
                 EdgeFunction(from: q[2], to: q[3]), EdgeFunction(from: q[3], to: q[0]))
        edgeCount = 4
    }

    @inlinable public var isEmpty: Bool { minX > maxX || minY > maxY }

    /// Narrows a row's run to the extra edges. The test of whether there are any is inlined
    /// into every row loop; the edges themselves (rotated views only) are a call.
    @inlinable @inline(__always)
    public func narrow(row y: Int, _ lo: inout Int, _ hi: inout Int) {
        if edgeCount > 0 { narrowByEdges(row: y, &lo, &hi) }
    }

    @inlinable
    @usableFromInline func narrowByEdges(row y: Int, _ lo: inout Int, _ hi: inout Int) {
        edges.0?.narrow(row: y, &lo, &hi)
        edges.1?.narrow(row: y, &lo, &hi)
        edges.2?.narrow(row: y, &lo, &hi)
        edges.3?.narrow(row: y, &lo, &hi)
    }
}

/// One triangle edge walked row by row in exact integer arithmetic: the first (or last)
/// pixel of each row inside the edge, kept as a quotient and remainder that a row step
/// updates with additions (no division per row).
@frozen public struct EdgeStepper {
    public enum Kind { case lower, upper, horizontal }
    @usableFromInline var kind: Kind
    /// Current bound (lower: first pixel inside; upper: last pixel inside).
    @usableFromInline var bound: Int = 0
    @usableFromInline var remainder: Int64 = 0
    @usableFromInline var stepQuotient: Int64 = 0, stepRemainder: Int64 = 0
    @usableFromInline let divisor: Int64
    /// Horizontal edges: the edge function at the row (constant along it) and its step.
    @usableFromInline var value: Int64 = 0
    @usableFromInline let step: Int64
    @usableFromInline let bias: Int64

    /// The edge a→b (fixed-point whole numbers), starting at row `y`; `stepping` false when
    /// only that row is wanted (no row step is set up).
    @inlinable @inline(__always)
    public init(from a: SIMD2<Int64>, to b: SIMD2<Int64>, row y: Int, stepping: Bool = true) {
        // Wrapping operators: coordinates are within ±2^30 fixed-point units (RasterTriangle's
        // vertex limit), so every product stays far inside Int64.
        let dx = b.x &- a.x, dy = b.y &- a.y
        let s: Int64 = 256
        let inclusive = dy < 0 || (dy == 0 && dx < 0)
        bias = inclusive ? 0 : 1
        // Edge function at pixel (x, y) = alpha·x + beta(y); beta grows by s·dx per row.
        let alpha = 0 &- s &* dy
        let beta = dx &* (s &* Int64(y) &+ s / 2 &- a.y) &- dy &* (s / 2 &- a.x)
        step = s &* dx
        if alpha > 0 {
            // x ≥ (bias − beta) / alpha: N = bias − beta = q·D − r, 0 ≤ r < D, q = ceil(N / D).
            kind = .lower
            divisor = alpha
            let n = bias &- beta
            let q = Self.ceilDiv(n, alpha)
            bound = Int(clamping: q)
            remainder = q &* alpha &- n
            // N shrinks by S = s·dx per row: S = sq·D + sr.
            if stepping {
                stepQuotient = Self.floorDiv(step, alpha)
                stepRemainder = step &- stepQuotient &* alpha
            }
        } else if alpha < 0 {
            // x ≤ (beta − bias) / −alpha: M = beta − bias = q·E + r, 0 ≤ r < E, q = floor(M / E).
            kind = .upper
            divisor = 0 &- alpha
            let m = beta &- bias
            let q = Self.floorDiv(m, divisor)
            bound = Int(clamping: q)
            remainder = m &- q &* divisor
            if stepping {
                stepQuotient = Self.floorDiv(step, divisor)
                stepRemainder = step &- stepQuotient &* divisor
            }
        } else {
            kind = .horizontal
            divisor = 1
            value = beta
        }
    }

    /// Moves to the next row.
    @inlinable @inline(__always)
    public mutating func advance() {
        switch kind {
        // Wrapping operators: every term is bounded by the ±2·10^6 px vertex limit times the
        // 256 sub-pixel scale, far from Int64's range (no overflow check per row).
        case .lower:
            // N' = N − S = (q − sq)·D − (r + sr).
            var q = Int64(bound) &- stepQuotient
            var r = remainder &+ stepRemainder
            if r >= divisor { q &-= 1; r &-= divisor }
            bound = Int(truncatingIfNeeded: q); remainder = r
        case .upper:
            // M' = M + S = (q + sq)·E + (r + sr).
            var q = Int64(bound) &+ stepQuotient
            var r = remainder &+ stepRemainder
            if r >= divisor { q &+= 1; r &-= divisor }
            bound = Int(truncatingIfNeeded: q); remainder = r
        case .horizontal:
            value &+= step
        }
    }

    @inlinable @inline(__always)
    public func narrow(_ lo: inout Int, _ hi: inout Int) {
        switch kind {
        case .lower: lo = max(lo, bound)
        case .upper: hi = min(hi, bound)
        case .horizontal: if value < bias { hi = lo - 1 }
        }
    }

    @inlinable @inline(__always) public static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
    @inlinable @inline(__always) public static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { -floorDiv(-a, b) }
}

/// Affine interpolation of per-vertex values over a triangle (GL's varyings without
/// perspective): value(x, y) = f0 + dx·(x − x0) + dy·(y − y0) at pixel coordinates, taken
/// relative to the first vertex to keep float precision far from the origin.
@frozen public struct TrianglePlanes {
    public let x0: Float, y0: Float
    @usableFromInline let ux: Float, uy: Float, vx: Float, vy: Float
    @usableFromInline let inverseArea: Float

    @inlinable
    public init?(_ p0: SIMD2<Float>, _ p1: SIMD2<Float>, _ p2: SIMD2<Float>) {
        x0 = p0.x; y0 = p0.y
        ux = p1.x - p0.x; uy = p1.y - p0.y
        vx = p2.x - p0.x; vy = p2.y - p0.y
        let area = ux * vy - uy * vx
        guard area != 0, area.isFinite else { return nil }
        inverseArea = 1 / area
    }

    /// The plane through (p0, f0), (p1, f1), (p2, f2): (f0, d/dx, d/dy).
    @inlinable @inline(__always)
    public func plane(_ f0: Float, _ f1: Float, _ f2: Float) -> SIMD3<Float> {
        let df1 = f1 - f0, df2 = f2 - f0
        let ddx = (df1 * vy - df2 * uy) * inverseArea
        let ddy = (df2 * ux - df1 * vx) * inverseArea
        return SIMD3(f0, ddx, ddy)
    }
}
