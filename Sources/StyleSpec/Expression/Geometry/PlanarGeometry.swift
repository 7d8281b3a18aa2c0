/// Planar predicates on 2D points (any consistent coordinate space): point in polygon with
/// an explicit boundary rule, proper segment intersection, bounding boxes.
enum PlanarGeometry {
    typealias P = SIMD2<Double>

    /// Whether p lies on segment a–b (collinear and between the ends).
    @inline(__always)
    static func onSegment(_ p: P, _ a: P, _ b: P) -> Bool {
        let x1 = p.x - a.x, y1 = p.y - a.y, x2 = p.x - b.x, y2 = p.y - b.y
        return x1 * y2 - x2 * y1 == 0 && x1 * x2 <= 0 && y1 * y2 <= 0
    }

    /// Whether a horizontal ray from p to +x crosses segment a–b.
    @inline(__always)
    static func rayCrosses(_ p: P, _ a: P, _ b: P) -> Bool {
        ((a.y > p.y) != (b.y > p.y)) && (p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x)
    }

    /// Even-odd containment over all rings (holes included); points on an edge count as
    /// `boundary`. Rings are closed by their last point equalling the first.
    static func pointInPolygon(_ p: P, _ rings: [[P]], boundary: Bool = false) -> Bool {
        var inside = false
        for ring in rings where ring.count > 1 {
            for j in 0..<(ring.count - 1) {
                if onSegment(p, ring[j], ring[j + 1]) { return boundary }
                if rayCrosses(p, ring[j], ring[j + 1]) { inside.toggle() }
            }
        }
        return inside
    }

    /// q1 and q2 strictly on different sides of the line through p1–p2.
    @inline(__always)
    static func strictlyOppositeSides(_ p1: P, _ p2: P, _ q1: P, _ q2: P) -> Bool {
        let d = p2 - p1
        let c1 = (q1.x - p1.x) * d.y - d.x * (q1.y - p1.y)
        let c2 = (q2.x - p1.x) * d.y - d.x * (q2.y - p1.y)
        return (c1 > 0 && c2 < 0) || (c1 < 0 && c2 > 0)
    }

    /// Proper crossing of segments a–b and c–d (parallel segments never cross).
    static func segmentsCross(_ a: P, _ b: P, _ c: P, _ d: P) -> Bool {
        let v = b - a, w = d - c
        if v.x * w.y - v.y * w.x == 0 { return false }
        return strictlyOppositeSides(c, d, a, b) && strictlyOppositeSides(a, b, c, d)
    }

    /// A line stays inside a polygon: all its vertices inside and no edge crossing.
    static func lineInPolygon(_ line: [P], _ rings: [[P]]) -> Bool {
        for p in line where !pointInPolygon(p, rings) { return false }
        guard line.count > 1 else { return true }
        for i in 0..<(line.count - 1) {
            for ring in rings where ring.count > 1 {
                for j in 0..<(ring.count - 1) where segmentsCross(line[i], line[i + 1], ring[j], ring[j + 1]) { return false }
            }
        }
        return true
    }

    struct Box {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        mutating func add(_ p: P) {
            minX = Swift.min(minX, p.x); minY = Swift.min(minY, p.y)
            maxX = Swift.max(maxX, p.x); maxY = Swift.max(maxY, p.y)
        }
        /// Strictly inside `outer` on every side.
        func isStrictlyInside(_ outer: Box) -> Bool {
            minX > outer.minX && maxX < outer.maxX && minY > outer.minY && maxY < outer.maxY
        }
    }
}
