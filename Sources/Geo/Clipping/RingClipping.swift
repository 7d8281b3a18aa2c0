/// Sutherland–Hodgman clipping of polygon rings against a rectangle, one edge at a time.
/// The result of a ring is one ring (possibly running along the rectangle's edges where the
/// input went around outside), which fills exactly the part of the input inside the rectangle.
public enum RingClipping {
    /// Clips `ring` (closed or open; non-finite points are skipped) to `rect` and appends the
    /// result, closed, to `out`. Returns false and appends nothing when no area remains (ring
    /// fully outside, or degenerate: fewer than three distinct points, zero area).
    @discardableResult
    public static func clip(_ ring: UnsafeBufferPointer<WorldPoint>, to rect: WorldRect,
                            into out: inout [WorldPoint], scratch: inout ClipScratch) -> Bool {
        guard !rect.isEmpty else { return false }
        // Copy the finite points (without the closing duplicate) and measure the ring.
        scratch.a.removeAll(keepingCapacity: true)
        var bounds = WorldRect.empty
        for p in ring {
            guard let q = sanitized(p) else { continue }
            scratch.a.append(q)
            bounds.formUnion(q)
        }
        if scratch.a.count > 1, scratch.a[0] == scratch.a[scratch.a.count - 1] { scratch.a.removeLast() }
        guard scratch.a.count >= 3, rect.intersects(bounds) else { return false }

        // Only the edges the ring crosses need a pass.
        if bounds.minX < rect.minX { pass(&scratch, axis: 0, bound: rect.minX, keepAbove: true) }
        if bounds.maxX > rect.maxX { pass(&scratch, axis: 0, bound: rect.maxX, keepAbove: false) }
        if bounds.minY < rect.minY { pass(&scratch, axis: 1, bound: rect.minY, keepAbove: true) }
        if bounds.maxY > rect.maxY { pass(&scratch, axis: 1, bound: rect.maxY, keepAbove: false) }

        let result = scratch.a
        guard result.count >= 3, hasArea(result) else { return false }
        out.append(contentsOf: result)
        out.append(result[0])
        return true
    }

    /// Convenience over arrays; allocates the result.
    public static func clip(_ ring: [WorldPoint], to rect: WorldRect) -> [WorldPoint] {
        var out: [WorldPoint] = []
        var scratch = ClipScratch()
        ring.withUnsafeBufferPointer { _ = clip($0, to: rect, into: &out, scratch: &scratch) }
        return out
    }

    /// One Sutherland–Hodgman pass from `scratch.a` into `scratch.b` (then swapped): keeps the
    /// side of the line `p[axis] == bound` where p[axis] ≥ bound (keepAbove) or ≤ bound.
    @inline(__always)
    static func pass(_ s: inout ClipScratch, axis: Int, bound: Double, keepAbove: Bool) {
        s.b.removeAll(keepingCapacity: true)
        let n = s.a.count
        guard n > 0 else { return }
        s.a.withUnsafeBufferPointer { src in
            var prev = src[n - 1]
            var prevIn = keepAbove ? prev[axis] >= bound : prev[axis] <= bound
            for i in 0..<n {
                let cur = src[i]
                let curIn = keepAbove ? cur[axis] >= bound : cur[axis] <= bound
                if curIn != prevIn {
                    // prev and cur lie on different sides, so their coordinates differ.
                    let t = (bound - prev[axis]) / (cur[axis] - prev[axis])
                    var p = prev + (cur - prev) * t
                    p[axis] = bound
                    s.b.append(p)
                }
                if curIn { s.b.append(cur) }
                prev = cur; prevIn = curIn
            }
        }
        swap(&s.a, &s.b)
    }

    /// True when the ring encloses area: at least three distinct points and an area that is
    /// not negligible next to its bounding box (Sutherland–Hodgman leaves zero-area slivers
    /// along the rectangle's edges when a ring passes around it outside).
    static func hasArea(_ ring: [WorldPoint]) -> Bool {
        ring.withUnsafeBufferPointer { r in
            let area = abs(Winding.signedArea(r))
            let bounds = WorldRect(covering: r)
            return area > 0 && area > 1e-9 * bounds.width * bounds.height
        }
    }
}
