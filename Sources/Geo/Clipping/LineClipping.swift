/// A place on a polyline: segment `segment` (from point i to point i + 1), at fraction `t`.
public struct LinePosition: Sendable, Equatable {
    public var segment: Int
    public var t: Double
    public init(segment: Int, t: Double) { self.segment = segment; self.t = t }
}

/// Clipping of polylines against a rectangle (edges inclusive): a line that leaves and
/// re-enters the rectangle becomes several parts.
public enum LineClipping {
    /// Clips `line` to `rect`, appending each resulting part's points to `out.points` and
    /// ending it with `out.endPart()`. `onPart(start, end)` reports where on the input each
    /// part begins and ends (for line-progress). Non-finite points break the line; parts of
    /// zero length are dropped. Returns the number of parts appended.
    @discardableResult
    public static func clip(_ line: UnsafeBufferPointer<WorldPoint>, to rect: WorldRect,
                            into out: inout FeatureGeometry,
                            onPart: (LinePosition, LinePosition) -> Void = { _, _ in }) -> Int {
        var spans: [LinePosition] = []
        let n = clip(line, to: rect, into: &out, spans: &spans)
        for k in 0..<n { onPart(spans[2 * k], spans[2 * k + 1]) }
        return n
    }

    /// `clip` appending each part's start and end position to `spans` (two per part), for
    /// callers that reuse buffers instead of a closure.
    @discardableResult
    public static func clip(_ line: UnsafeBufferPointer<WorldPoint>, to rect: WorldRect,
                            into out: inout FeatureGeometry, spans: inout [LinePosition]) -> Int {
        guard !rect.isEmpty, line.count >= 2 else { return 0 }
        var parts = 0
        var open = false
        var partStart = LinePosition(segment: 0, t: 0)
        var lastPosition = partStart
        var partFirstPoint = WorldPoint.zero
        var partMoves = false

        func closePart() {
            guard open else { return }
            open = false
            if partMoves {
                out.endPart()
                parts += 1
                spans.append(partStart)
                spans.append(lastPosition)
            } else {
                out.discardOpenPart()
            }
        }

        for i in 0..<(line.count - 1) {
            guard let a = sanitized(line[i]), let b = sanitized(line[i + 1]) else { closePart(); continue }
            guard let (t0, t1) = liangBarsky(a, b, rect) else { closePart(); continue }
            if !open || t0 > 0 {
                closePart()
                let p = t0 == 0 ? a : clamp(a + (b - a) * t0, rect)
                out.points.append(p)
                open = true
                partStart = LinePosition(segment: i, t: t0)
                partFirstPoint = p
                partMoves = false
            }
            let q = t1 == 1 ? b : clamp(a + (b - a) * t1, rect)
            out.points.append(q)
            if q != partFirstPoint { partMoves = true }
            lastPosition = LinePosition(segment: i, t: t1)
            if t1 < 1 { closePart() }
        }
        closePart()
        return parts
    }

    /// Convenience over arrays; allocates the result (a lineString geometry, one part per piece).
    public static func clip(_ line: [WorldPoint], to rect: WorldRect) -> FeatureGeometry {
        var g = FeatureGeometry(type: .lineString)
        line.withUnsafeBufferPointer { _ = clip($0, to: rect, into: &g) }
        return g
    }

    /// The parameter interval of segment a→b inside rect, nil when it misses.
    @inline(__always)
    static func liangBarsky(_ a: WorldPoint, _ b: WorldPoint, _ r: WorldRect) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        // For each edge: p·t ≤ q keeps the inside.
        @inline(__always) func edge(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 { if t > t1 { return false }; if t > t0 { t0 = t } } else { if t < t0 { return false }; if t < t1 { t1 = t } }
            return true
        }
        guard edge(-d.x, a.x - r.minX), edge(d.x, r.maxX - a.x),
              edge(-d.y, a.y - r.minY), edge(d.y, r.maxY - a.y) else { return nil }
        return (t0, t1)
    }

    @inline(__always)
    static func clamp(_ p: WorldPoint, _ r: WorldRect) -> WorldPoint {
        WorldPoint(Swift.max(r.minX, Swift.min(r.maxX, p.x)), Swift.max(r.minY, Swift.min(r.maxY, p.y)))
    }
}

/// Points are clipped by keeping those inside the rectangle (edges inclusive).
public enum PointClipping {
    /// Appends the points of `points` inside `rect` to `out`; returns how many.
    @discardableResult
    public static func clip(_ points: UnsafeBufferPointer<WorldPoint>, to rect: WorldRect, into out: inout [WorldPoint]) -> Int {
        var n = 0
        for p in points where rect.contains(p) { out.append(p); n += 1 }
        return n
    }
}
