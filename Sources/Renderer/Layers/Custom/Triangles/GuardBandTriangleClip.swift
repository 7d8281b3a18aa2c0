/// Cuts a triangle that reaches far outside the canvas down to a guard band around it
/// (Sutherland–Hodgman on the four sides, colours interpolated along the cut edges — exact,
/// the colour field is affine) and hands the pieces on as a fan of triangles. Which edges
/// are anti-aliased carries over: parts of an outline edge stay smooth; edges along the band
/// and the fan's inner diagonals are shared edges (the band lies outside the canvas anyway).
enum GuardBandTriangleClip {
    static func clip(_ v0: ShadedVertex, _ v1: ShadedVertex, _ v2: ShadedVertex, smooth: UInt8,
                     width: Int, height: Int, band: Double,
                     _ emit: (ShadedVertex, ShadedVertex, ShadedVertex, UInt8) -> Void) {
        // Each vertex with the flag of the edge leaving it.
        var poly: [(v: ShadedVertex, smooth: Bool)] = [(v0, smooth & 1 != 0), (v1, smooth & 2 != 0), (v2, smooth & 4 != 0)]
        let limits = [(axis: 0, bound: -band, keepAbove: true), (axis: 0, bound: Double(width) + band, keepAbove: false),
                      (axis: 1, bound: -band, keepAbove: true), (axis: 1, bound: Double(height) + band, keepAbove: false)]
        for l in limits {
            guard !poly.isEmpty else { return }
            func inside(_ v: ShadedVertex) -> Bool { l.keepAbove ? v.p[l.axis] >= l.bound : v.p[l.axis] <= l.bound }
            func cut(_ a: ShadedVertex, _ b: ShadedVertex) -> ShadedVertex {
                let t = (l.bound - a.p[l.axis]) / (b.p[l.axis] - a.p[l.axis])
                var p = a.p + (b.p - a.p) * t
                p[l.axis] = l.bound
                return ShadedVertex(p: p, color: a.color + (b.color - a.color) * Float(t))
            }
            var out: [(v: ShadedVertex, smooth: Bool)] = []
            for i in poly.indices {
                let cur = poly[i], next = poly[(i + 1) % poly.count]
                switch (inside(cur.v), inside(next.v)) {
                case (true, true): out.append(cur)
                case (true, false): out.append(cur); out.append((cut(cur.v, next.v), false))
                case (false, true): out.append((cut(cur.v, next.v), cur.smooth))
                case (false, false): break
                }
            }
            poly = out
        }
        let n = poly.count
        guard n >= 3 else { return }
        for k in 1..<(n - 1) {
            var bits: UInt8 = 0
            if k == 1, poly[0].smooth { bits |= 1 }
            if poly[k].smooth { bits |= 2 }
            if k + 1 == n - 1, poly[n - 1].smooth { bits |= 4 }
            emit(poly[0].v, poly[k].v, poly[k + 1].v, bits)
        }
    }
}
