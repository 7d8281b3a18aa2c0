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

    /// cos(arcStep): joins turning less than one arc step (most of them) need no arc
    /// vertices, and no trigonometry.
    let cosArcStep: Float
    /// The half-circle arc of round caps, precomputed: segments, rotation, radius factor.
    let capArc: Arc

    struct Arc {
        let steps: Int
        let cos: Float, sin: Float
        /// Interior vertices sit at radius × this, so chords straddle the circle.
        let radiusFactor: Float

        init(angle: Float, steps: Int) {
            self.steps = steps
            let step = Double(angle) / Double(steps)
            cos = Float(Math.cos(step)); sin = Float(Math.sin(step))
            radiusFactor = Float(2 / (1 + Math.cos(step / 2)))
        }
    }

    /// Maximum deviation of round joins and caps from the true circle, in px.
    static let arcTolerance: Float = 0.05

    init(width: Float, join: LineJoin, cap: LineCap, miterLimit: Float, roundLimit: Float?) {
        halfWidth = width / 2
        self.join = join
        self.cap = cap
        self.miterLimit = miterLimit.isFinite ? max(1, miterLimit) : 1
        self.roundLimit = roundLimit
        // The inscribed polygon's error h·(1 − cos(s/2)) stays within the tolerance; interior
        // vertices then move slightly outwards (see appendArc), roughly halving it.
        let h = max(halfWidth, 1e-3)
        let c = 1 - Self.arcTolerance / h
        // At most 512 segments per half circle, however wide the line.
        arcStep = c <= 0 ? Float.pi / 2 : max(Float.pi / 512, min(Float.pi / 2, 2 * Float(Math.acos(Double(c)))))
        cosArcStep = Float(Math.cos(Double(arcStep)))
        capArc = Arc(angle: .pi, steps: Int((Float.pi / arcStep).rounded(.up)))
    }

    /// Strokes one polyline (consecutive duplicates allowed; they are skipped).
    ///
    /// Each segment's piece is emitted once the next segment is known, so the join at its
    /// end can be part of it: the wedge filling the outer side of the turn is spliced into
    /// the segment's hexagon between its end corner and its end point. That saves the
    /// wedge's own two radial edges and the hexagon's half edge they would cancel.
    func stroke<E: EdgeSink>(_ pts: UnsafeBufferPointer<Point>, closed: Bool, capStart: Bool, capEnd: Bool,
                poly: inout [Point], edges: inout E) {
        let n = pts.count
        guard n >= 2 else { return }
        let h = halfWidth
        let segments = closed ? n : n - 1
        var firstU = Point.zero, firstN = Point.zero, firstA = Point.zero
        var haveFirst = false
        // The segment waiting for its successor: a → b, direction u, normal × half width nh.
        var pa = Point.zero, pb = Point.zero, pu = Point.zero, pnh = Point.zero
        for s in 0..<segments {
            let a = pts[s], b = pts[(s + 1) % n]
            let d = b - a
            let len = length(d)
            guard len > 0, len.isFinite else { continue }
            let u = d / len
            let nh = Point(-u.y, u.x) * h
            if haveFirst {
                emitSegment(pa, pb, pu, pnh, next: (u, nh), poly: &poly, edges: &edges)
            } else {
                firstU = u; firstN = nh; firstA = a; haveFirst = true
            }
            pa = a; pb = b; pu = u; pnh = nh
        }
        guard haveFirst else { return }
        if closed {
            emitSegment(pa, pb, pu, pnh, next: (firstU, firstN), poly: &poly, edges: &edges)
        } else {
            emitSegment(pa, pb, pu, pnh, next: nil, poly: &poly, edges: &edges)
            if capStart { emitCap(at: firstA, outward: -firstU, nh: -firstN, poly: &poly, edges: &edges) }
            if capEnd { emitCap(at: pb, outward: pu, nh: pnh, poly: &poly, edges: &edges) }
        }
    }

    /// The hexagon a+nh, b+nh, b, b−nh, a−nh, a of one segment (end points on its end edges,
    /// so neighbouring pieces share those edges exactly), with the join towards `next`
    /// spliced in on the outer side of the turn at b.
    @inline(__always)
    func emitSegment<E: EdgeSink>(_ a: Point, _ b: Point, _ u: Point, _ nh: Point, next: (Point, Point)?,
                                  poly: inout [Point], edges: inout E) {
        poly.removeAll(keepingCapacity: true)
        poly.append(a + nh)
        poly.append(b + nh)
        var turn = Turn.straight
        if let (u2, nh2) = next {
            turn = self.turn(from: u, to: u2)
            if turn.outer > 0 {
                appendJoin(at: b, nh, nh2, turn, forward: true, poly: &poly)
                poly.append(b + nh2)
            }
            poly.append(b)
            if turn.outer < 0 {
                poly.append(b - nh2)
                appendJoin(at: b, nh, nh2, turn, forward: false, poly: &poly)
            }
        } else {
            poly.append(b)
        }
        poly.append(b - nh)
        poly.append(a - nh)
        poly.append(a)
        add(poly, &edges)
    }

    @inline(__always)
    func add<E: EdgeSink>(_ poly: [Point], _ edges: inout E) {
        poly.withUnsafeBufferPointer { edges.addOrientedPolygon($0) }
    }
}
