/// Walks a path under a transform and hands its contours to a sink as polylines: curves are
/// flattened within a tolerance, non-finite points are skipped, and curves whose control
/// polygon lies entirely outside `cullRect` become chords (exact for filling: a curve and its
/// chord wind the same around every point outside their convex hull).
struct PathFlattener {
    /// Maximum distance between a curve and its flattening, in device pixels.
    var tolerance: Float = 0.1
    /// Curves that miss this rectangle (device pixels) are replaced by chords.
    var cullRect: Rect
    /// Upper bound of segments per curve, so absurd control points cannot take forever.
    static let maxCurveSegments = 2048

    func flatten<S: PolylineSink>(_ path: Path, transform t: Transform, into sink: inout S) {
        var pi = 0
        var current = Point.zero
        var hasCurrent = false   // a finite current point exists
        var inContour = false
        let pts = path.points
        @inline(__always) func to(_ p: Point) {
            if !inContour { sink.begin(current); inContour = true }
            sink.lineTo(p)
            current = p
        }
        for verb in path.verbs {
            switch verb {
            case .move:
                if inContour { sink.end(closed: false); inContour = false }
                let p = t.apply(pts[pi]); pi += 1
                hasCurrent = isFinite(p)
                current = p
            case .line:
                let p = t.apply(pts[pi]); pi += 1
                guard isFinite(p) else { continue }
                if !hasCurrent { current = p; hasCurrent = true; continue }
                to(p)
            case .quad:
                let c = t.apply(pts[pi]), p = t.apply(pts[pi + 1]); pi += 2
                guard isFinite(p) else { continue }
                if !hasCurrent { current = p; hasCurrent = true; continue }
                if !isFinite(c) || !touchesCull(current, c, p) { to(p); continue }
                let p0 = current
                let n = segmentCount(secondDifference: length(p0 - 2 * c + p), degreeFactor: 0.25)
                if n <= 1 { to(p); continue }
                let inv = 1 / Float(n)
                for i in 1..<n {
                    let s = Float(i) * inv, u = 1 - s
                    to(u * u * p0 + 2 * u * s * c + s * s * p)
                }
                to(p)
            case .cubic:
                let c1 = t.apply(pts[pi]), c2 = t.apply(pts[pi + 1]), p = t.apply(pts[pi + 2]); pi += 3
                guard isFinite(p) else { continue }
                if !hasCurrent { current = p; hasCurrent = true; continue }
                if !isFinite(c1) || !isFinite(c2) || !touchesCull(current, c1, c2, p) { to(p); continue }
                let p0 = current
                let dd = max(length(p0 - 2 * c1 + c2), length(c1 - 2 * c2 + p))
                let n = segmentCount(secondDifference: dd, degreeFactor: 0.75)
                if n <= 1 { to(p); continue }
                let inv = 1 / Float(n)
                for i in 1..<n {
                    let s = Float(i) * inv, u = 1 - s
                    let a = u * u * u, b = 3 * u * u * s, cc = 3 * u * s * s, d = s * s * s
                    to(a * p0 + b * c1 + cc * c2 + d * p)
                }
                to(p)
            case .close:
                if inContour { sink.end(closed: true); inContour = false }
            }
        }
        if inContour { sink.end(closed: false) }
    }

    /// Wang's formula: n = sqrt(factor · |second difference| / tolerance), where factor is
    /// d(d−1)/8 for degree d (1/4 for quadratics, 3/4 for cubics).
    @inline(__always)
    private func segmentCount(secondDifference dd: Float, degreeFactor: Float) -> Int {
        let n = (degreeFactor * dd / tolerance).squareRoot().rounded(.up)
        guard n.isFinite, n < Float(Self.maxCurveSegments) else { return Self.maxCurveSegments }
        return max(1, Int(n))
    }

    @inline(__always)
    private func touchesCull(_ a: Point, _ b: Point, _ c: Point, _ d: Point? = nil) -> Bool {
        var lo = pointwiseMin(a, pointwiseMin(b, c)), hi = pointwiseMax(a, pointwiseMax(b, c))
        if let d { lo = pointwiseMin(lo, d); hi = pointwiseMax(hi, d) }
        return hi.x >= cullRect.minX && lo.x <= cullRect.maxX && hi.y >= cullRect.minY && lo.y <= cullRect.maxY
    }
}

@inline(__always)
func isFinite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }

@inline(__always)
func length(_ v: Point) -> Float { (v.x * v.x + v.y * v.y).squareRoot() }
