/// Join and cap pieces of the stroker.
extension Stroker {
    /// The wedge that fills the outer side of the turn at `v` from segment (u1, n1·h) to
    /// segment (u2, n2·h).
    func emitJoin(at v: Point, _ u1: Point, _ nh1: Point, _ u2: Point, _ nh2: Point,
                  poly: inout [Point], edges: inout EdgeList) {
        let c = cross(u1, u2), d = dot(u1, u2)
        if abs(c) < 1e-6 && d > 0 { return }   // straight on: the hexagons already meet
        // The outer side is left of the travel direction for a clockwise (c > 0) turn.
        let outer: Float = c > 0 ? -1 : 1
        let o1 = outer > 0 ? v + nh1 : v - nh1
        let o2 = outer > 0 ? v + nh2 : v - nh2
        // Miter length in half widths: 1/cos(φ/2) for a turn of φ.
        let cosHalf = ((1 + d) / 2).squareRoot()
        let miterLength = cosHalf > 1e-6 ? 1 / cosHalf : .infinity
        var kind = join
        if kind == .round, let limit = roundLimit, miterLength < limit { kind = .miter }
        if kind == .miter && miterLength > miterLimit { kind = .bevel }
        poly.removeAll(keepingCapacity: true)
        poly.append(v)
        poly.append(o1)
        switch kind {
        case .bevel:
            break
        case .miter:
            let m = (nh1 + nh2) * (outer / (1 + d))
            poly.append(v + m)
        case .round:
            appendArc(center: v, from: o1 - v, to: o2 - v, positive: c > 0, poly: &poly)
        }
        poly.append(o2)
        add(poly, &edges)
    }

    /// A cap at end point `p` of a line leaving in direction `outward`; `nh` is the end
    /// segment's normal times the half width.
    func emitCap(at p: Point, outward u: Point, nh: Point, poly: inout [Point], edges: inout EdgeList) {
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
        let angle = Float(Math.acos(Double(max(-1, min(1, dot(a, b) / (halfWidth * halfWidth))))))
        appendArc(center: center, from: a, angle: positive ? angle : -angle, poly: &poly)
    }

    /// Half circle from `a` to `-a` passing through the `through` direction.
    func appendArc(center: Point, from a: Point, to b: Point, through u: Point, poly: inout [Point]) {
        // Rotating a by +90° (y down: clockwise on screen) gives (−a.y, a.x).
        let positive = dot(Point(-a.y, a.x), u) > 0
        appendArc(center: center, from: a, angle: positive ? Float.pi : -Float.pi, poly: &poly)
    }

    /// Interior points of an arc of `angle` radians starting at `center + a`, at arcRadius.
    private func appendArc(center: Point, from a: Point, angle: Float, poly: inout [Point]) {
        let steps = Int((abs(angle) / arcStep).rounded(.up))
        guard steps >= 2 else { return }
        let step = angle / Float(steps)
        let cs = Float(Math.cos(Double(step))), sn = Float(Math.sin(Double(step)))
        var r = a * (arcRadius / halfWidth)
        for _ in 1..<steps {
            r = Point(r.x * cs - r.y * sn, r.x * sn + r.y * cs)
            poly.append(center + r)
        }
    }
}
