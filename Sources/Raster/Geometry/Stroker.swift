/// Turns a polyline into stroke pieces — one hexagon per segment, one wedge per join, one
/// cap per open end — each a closed polygon recorded with the same orientation, so the
/// non-zero fill of all pieces is their union in a single coverage pass: overlaps at joins
/// and self-crossings never blend twice.
///
/// Segment hexagons include the segment's end points on their end edges, and join wedges
/// and caps start from those same points, so shared edges cancel exactly in the fixed-point
/// accumulator instead of leaving faint seams.
struct Stroker {
    let halfWidth: Float
    let join: LineJoin
    let cap: LineCap
    let miterLimit: Float
    let roundLimit: Float?
    /// Angle per arc segment of round joins and caps (flattening error ≤ `arcTolerance`).
    let arcStep: Float
    /// Radius of intermediate arc vertices: slightly outside the circle, so the polygon's
    /// error is split evenly inside and outside it.
    let arcRadius: Float

    /// Maximum deviation of round joins and caps from the true circle, in px.
    static let arcTolerance: Float = 0.1

    init(width: Float, join: LineJoin, cap: LineCap, miterLimit: Float, roundLimit: Float?) {
        halfWidth = width / 2
        self.join = join
        self.cap = cap
        self.miterLimit = miterLimit.isFinite ? max(1, miterLimit) : 1
        self.roundLimit = roundLimit
        // With vertices at arcRadius the error is h·(1−cos(s/2))/(1+cos(s/2)); solve for s.
        let h = max(halfWidth, 1e-3)
        let tol = Self.arcTolerance
        let c = (h - tol) / (h + tol)
        arcStep = c <= 0 ? Float.pi / 2 : min(Float.pi / 2, 2 * Float(Math.acos(Double(c))))
        arcRadius = 2 * h / (1 + Float(Math.cos(Double(arcStep / 2))))
    }

    /// Strokes one polyline (consecutive duplicates allowed; they are skipped).
    func stroke(_ pts: UnsafeBufferPointer<Point>, closed: Bool, capStart: Bool, capEnd: Bool,
                poly: inout [Point], edges: inout EdgeList) {
        let n = pts.count
        guard n >= 2 else { return }
        let h = halfWidth
        let segments = closed ? n : n - 1
        var firstU = Point.zero, firstN = Point.zero, firstA = Point.zero
        var prevU = Point.zero, prevN = Point.zero
        var haveFirst = false
        var lastB = Point.zero
        for s in 0..<segments {
            let a = pts[s], b = pts[(s + 1) % n]
            let d = b - a
            let len = length(d)
            guard len > 0, len.isFinite else { continue }
            let u = d / len
            let nh = Point(-u.y, u.x) * h
            if haveFirst {
                emitJoin(at: a, prevU, prevN, u, nh, poly: &poly, edges: &edges)
            } else {
                firstU = u; firstN = nh; firstA = a; haveFirst = true
            }
            poly.removeAll(keepingCapacity: true)
            poly.append(a + nh); poly.append(b + nh); poly.append(b)
            poly.append(b - nh); poly.append(a - nh); poly.append(a)
            add(poly, &edges)
            prevU = u; prevN = nh; lastB = b
        }
        guard haveFirst else { return }
        if closed {
            emitJoin(at: firstA, prevU, prevN, firstU, firstN, poly: &poly, edges: &edges)
        } else {
            if capStart { emitCap(at: firstA, outward: -firstU, nh: -firstN, poly: &poly, edges: &edges) }
            if capEnd { emitCap(at: lastB, outward: prevU, nh: prevN, poly: &poly, edges: &edges) }
        }
    }

    @inline(__always)
    func add(_ poly: [Point], _ edges: inout EdgeList) {
        poly.withUnsafeBufferPointer { edges.addOrientedPolygon($0) }
    }
}
