/// One triangle edge as an exact integer edge function over pixel centres (vertices snapped
/// to 1/256 px): E(x, y) = alpha·x + rowStep·y + base, positive inside. A pixel is inside
/// the edge when E ≥ threshold: for a shared edge the threshold is GL's tie rule (a centre
/// exactly on it belongs to one of the two triangles only), for an outline edge it is half a
/// pixel outside, where the anti-aliasing ramp reaches 0.
struct TriangleEdge {
    let alpha: Int64, rowStep: Int64, base: Int64
    let threshold: Int64
    /// Where the ramp of a smooth edge reaches 1 (half a pixel inside); the threshold for
    /// shared edges. Pixels past it on every edge need no coverage computation.
    let inner: Int64
    /// Pixels of distance per unit of E (smooth edges), 0 for shared edges.
    let distanceScale: Double

    init(_ a: SIMD2<Int64>, _ b: SIMD2<Int64>, smooth: Bool) {
        let dx = b.x - a.x, dy = b.y - a.y
        alpha = -256 * dy
        rowStep = 256 * dx
        base = dx * (128 - a.y) - dy * (128 - a.x)
        if smooth {
            // E / (256·|d|) is the signed distance in pixels; coverage starts at −0.5 px.
            let length = (Double(dx) * Double(dx) + Double(dy) * Double(dy)).squareRoot()
            threshold = Int64((-128 * length).rounded(.down)) + 1
            inner = Int64((128 * length).rounded(.up))
            distanceScale = 1 / (256 * length)
        } else {
            threshold = (dy < 0 || (dy == 0 && dx < 0)) ? 0 : 1
            inner = threshold
            distanceScale = 0
        }
    }

    /// Narrows [lo, hi] to the pixels of the row whose value `row` (E at x = 0) is at least
    /// `threshold` (`self.threshold`: drawn at all; `inner`: fully covered by this edge).
    @inline(__always)
    func narrow(row: Int64, _ lo: inout Int, _ hi: inout Int, threshold: Int64) {
        if alpha > 0 {
            lo = max(lo, Int(clamping: Self.ceilDiv(threshold - row, alpha)))
        } else if alpha < 0 {
            hi = min(hi, Int(clamping: Self.floorDiv(row - threshold, -alpha)))
        } else if row < threshold {
            hi = lo - 1
        }
    }

    @inline(__always) static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
    @inline(__always) static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { -floorDiv(-a, b) }
}
