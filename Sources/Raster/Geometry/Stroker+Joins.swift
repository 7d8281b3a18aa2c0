/// Join and cap pieces of the stroker.
extension Stroker {
    /// How two consecutive segments meet: which side the gap opens on and what fills it.
    struct Turn {
        /// +1: the gap is on the +normal side, −1: on the −normal side, 0: straight on.
        let outer: Float
        let kind: LineJoin
        let cross: Float
        let dot: Float
        static let straight = Turn(outer: 0, kind: .bevel, cross: 0, dot: 1)
    }

    func turn(from u1: Point, to u2: Point) -> Turn {
        let c = cross(u1, u2), d = dot(u1, u2)
        if abs(c) < 1e-6 && d > 0 { return .straight }   // the hexagons already meet
        // Miter length in half widths: 1/cos(φ/2) for a turn of φ.
        let cosHalf = ((1 + d) / 2).squareRoot()
        let miterLength = cosHalf > 1e-6 ? 1 / cosHalf : .infinity
        var kind = join
        if kind == .round, let limit = roundLimit, miterLength < limit { kind = .miter }
        if kind == .miter && miterLength > miterLimit { kind = .bevel }
        // The outer side is left of the travel direction for a clockwise (c > 0) turn.
        return Turn(outer: c > 0 ? -1 : 1, kind: kind, cross: c, dot: d)
    }

    /// Appends the join's points strictly between the outer corners o1 = v ± nh1 and
    /// o2 = v ± nh2 (nothing for a bevel, the miter tip, or the arc), from o1 to o2 when
    /// `forward`, else from o2 to o1.
    @inline(__always)
    func appendJoin(at v: Point, _ nh1: Point, _ nh2: Point, _ t: Turn, forward: Bool, poly: inout [Point]) {
        switch t.kind {
        case .bevel:
            return
        case .miter:
            poly.append(v + (nh1 + nh2) * (t.outer / (1 + t.dot)))
        case .round:
            let r1 = nh1 * t.outer, r2 = nh2 * t.outer
            if forward {
                appendArc(center: v, from: r1, to: r2, positive: t.cross > 0, poly: &poly)
            } else {
                appendArc(center: v, from: r2, to: r1, positive: t.cross <= 0, poly: &poly)
            }
        }
    }

    /// A cap at end point `p` of a line leaving in direction `outward`; `nh` is the end
    /// segment's normal times the half width.
    func emitCap<E: EdgeSink>(at p: Point, outward u: Point, nh: Point, poly: inout [Point], edges: inout E) {
        let h = halfWidth
        poly.removeAll(keepingCapacity: true)
        switch cap {
        case .butt:
            return
        case .square:
            let e = u * h
            poly.append(p + nh); poly.append(p + nh + e); poly.append(p - nh + e); poly.append(p - nh); poly.append(p)
        case .round:
            poly.append(p + nh)
            appendArc(center: p, from: nh, to: -nh, through: u, poly: &poly)
            poly.append(p - nh)
            poly.append(p)
        }
        add(poly, &edges)
    }

    /// Appends the interior vertices of the arc from `center + a` to `center + b` (both on
    /// the circle of radius h), turning the short way; `positive` when that is the +angle
    /// direction (from +x towards +y, clockwise on screen).
    func appendArc(center: Point, from a: Point, to b: Point, positive: Bool, poly: inout [Point]) {
        let d = dot(a, b) / (halfWidth * halfWidth)
        guard d < cosArcStep else { return }
        let angle = Float(Math.acos(Double(max(-1, min(1, d)))))
        let steps = Int((angle / arcStep).rounded(.up))
        appendArc(center: center, from: a, arc: Arc(angle: positive ? angle : -angle, steps: steps), poly: &poly)
    }

    /// Half circle from `a` to `-a` passing through the `through` direction.
    func appendArc(center: Point, from a: Point, to b: Point, through u: Point, poly: inout [Point]) {
        // Rotating a by +90° (y down: clockwise on screen) gives (−a.y, a.x).
        let positive = dot(Point(-a.y, a.x), u) > 0
        let arc = capArc
        appendArc(center: center, from: a, arc: positive ? arc : Arc(mirroring: arc), poly: &poly)
    }

    /// Interior points of `arc` starting at `center + a`.
    private func appendArc(center: Point, from a: Point, arc: Arc, poly: inout [Point]) {
        guard arc.steps >= 2 else { return }
        let cs = arc.cos, sn = arc.sin
        var r = a * arc.radiusFactor
        for _ in 1..<arc.steps {
            r = Point(r.x * cs - r.y * sn, r.x * sn + r.y * cs)
            poly.append(center + r)
        }
    }
}

extension Stroker.Arc {
    /// The same arc turning the other way.
    init(mirroring a: Stroker.Arc) {
        steps = a.steps; cos = a.cos; sin = -a.sin; radiusFactor = a.radiusFactor
    }
}
