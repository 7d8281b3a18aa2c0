import CFreeType

/// A FreeType outline as closed rings of points in pixels: its contours walked point by point
/// (on-curve points, and conic / cubic control points by their tags), curves split into
/// straight pieces short enough that the SDF does not see the difference.
enum OutlineFlattener {
    /// Pieces per curve: MapLibre's glyphs are 24 px, where 8 pieces keep a curve within a
    /// hundredth of a pixel of its chords for the usual glyph curvature.
    static let piecesPerCurve = 8

    static func rings(_ outline: FT_Outline) -> [[SIMD2<Double>]] {
        guard let points = outline.points, let tags = outline.tags, let ends = outline.contours else { return [] }
        var rings: [[SIMD2<Double>]] = []
        var start = 0
        for c in 0..<Int(outline.n_contours) {
            let end = Int(ends[c])
            guard end >= start, end < Int(outline.n_points) else { break }
            let n = end - start + 1
            func point(_ i: Int) -> SIMD2<Double> {
                let v = points[start + (i % n)]
                return SIMD2(Double(v.x), Double(v.y)) / 64
            }
            func tag(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: tags[start + (i % n)]) & 3 }
            rings.append(contour(n: n, point: point, tag: tag))
            start = end + 1
        }
        return rings.filter { $0.count >= 3 }
    }

    /// One contour: tag 1 = on the curve, 0 = conic control, 2 = cubic control.
    private static func contour(n: Int, point: (Int) -> SIMD2<Double>, tag: (Int) -> UInt8) -> [SIMD2<Double>] {
        guard n > 0 else { return [] }
        // Start at an on-curve point (or the midpoint of two conic controls).
        var first = 0
        while first < n && tag(first) != 1 { first += 1 }
        var ring: [SIMD2<Double>] = []
        var startPoint: SIMD2<Double>
        if first == n {
            startPoint = (point(0) + point(1)) / 2
            first = 0
        } else {
            startPoint = point(first)
        }
        ring.append(startPoint)
        var current = startPoint
        var i = 1
        while i <= n {
            let k = first + i
            let t = tag(k)
            if t == 1 {
                current = point(k); ring.append(current); i += 1
            } else if t == 0 {
                // Conic: the end is the next on-curve point or the midpoint to the next control.
                let control = point(k)
                let nextIsConic = i + 1 <= n && tag(k + 1) == 0
                let end = i + 1 > n ? startPoint : (nextIsConic ? (control + point(k + 1)) / 2 : point(k + 1))
                quad(current, control, end, into: &ring)
                current = end
                i += nextIsConic || i + 1 > n ? 1 : 2
            } else {
                // Cubic: two controls then an end point.
                let c1 = point(k), c2 = point(k + 1)
                let end = i + 2 > n ? startPoint : point(k + 2)
                cubic(current, c1, c2, end, into: &ring)
                current = end
                i += 3
            }
        }
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        return ring
    }

    private static func quad(_ a: SIMD2<Double>, _ c: SIMD2<Double>, _ b: SIMD2<Double>, into ring: inout [SIMD2<Double>]) {
        for s in 1...piecesPerCurve {
            let t = Double(s) / Double(piecesPerCurve), u = 1 - t
            ring.append(a * (u * u) + c * (2 * u * t) + b * (t * t))
        }
    }

    private static func cubic(_ a: SIMD2<Double>, _ c1: SIMD2<Double>, _ c2: SIMD2<Double>, _ b: SIMD2<Double>,
                              into ring: inout [SIMD2<Double>]) {
        for s in 1...piecesPerCurve {
            let t = Double(s) / Double(piecesPerCurve), u = 1 - t
            ring.append(a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + b * (t * t * t))
        }
    }
}
