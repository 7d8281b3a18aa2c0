import Foundation

/// Pixel runs of a polygon with holes (screen positions, any number of rings, non-zero
/// winding) by GL's pixel-centre rule: a pixel is inside when its centre is. Roofs are
/// filled with it rather than triangulated: GL's triangles of a polygon cover exactly the
/// centres inside it, and a roof is one plane, so its depth and colour need no triangles.
/// Vertices are snapped to 1/256 px as GL snaps them. Centres on a left or top edge count,
/// on a right or bottom edge they do not (one owner for an edge two polygons share).
public enum RingScanner {
    struct Edge {
        var top: Double, bottom: Double, x0: Double, y0: Double, slope: Double, winding: Int
    }

    /// Calls `shader` with each run of pixels inside the rings and within `clip`'s bounds.
    public static func scan<S: SpanShader>(_ rings: [[SIMD2<Double>]], clip: PixelClip, into shader: inout S) {
        var edges: [Edge] = []
        for ring in rings where ring.count >= 3 {
            let snapped = ring.map { ($0 * 256).rounded(.toNearestOrAwayFromZero) / 256 }
            for i in snapped.indices {
                let a = snapped[i], b = snapped[(i + 1) % snapped.count]
                guard a.y != b.y, a.x.isFinite, b.x.isFinite, a.y.isFinite, b.y.isFinite else { continue }
                let down = a.y < b.y
                let (p, q) = down ? (a, b) : (b, a)
                edges.append(Edge(top: p.y, bottom: q.y, x0: p.x, y0: p.y, slope: (q.x - p.x) / (q.y - p.y),
                                  winding: down ? 1 : -1))
            }
        }
        guard !edges.isEmpty else { return }
        edges.sort { $0.top < $1.top }
        let lowY = edges[0].top, highY = edges.map(\.bottom).max()!
        // Rows whose centre y + 0.5 lies in [top, bottom) of some edge.
        let firstRow = max(clip.minY, whole(lowY - 0.5))
        let lastRow = min(clip.maxY, whole(highY - 0.5) - 1)
        guard firstRow <= lastRow else { return }
        var next = 0
        var active: [Int] = []
        var crossings: [(x: Double, w: Int)] = []
        for y in firstRow...lastRow {
            let cy = Double(y) + 0.5
            while next < edges.count, edges[next].top <= cy { active.append(next); next += 1 }
            active.removeAll { edges[$0].bottom <= cy }
            crossings.removeAll(keepingCapacity: true)
            for i in active where edges[i].top <= cy {
                let e = edges[i]
                crossings.append((e.x0 + (cy - e.y0) * e.slope, e.winding))
            }
            guard crossings.count >= 2 else { continue }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            for k in 0..<(crossings.count - 1) {
                winding += crossings[k].w
                guard winding != 0 else { continue }
                // Centres x + 0.5 in [left, right).
                let lo = max(clip.minX, whole(crossings[k].x - 0.5))
                let hi = min(clip.maxX, whole(crossings[k + 1].x - 0.5) - 1)
                if lo <= hi { shader.shade(row: y, from: lo, through: hi) }
            }
        }
    }

    /// ceil to Int, held within ±10^9 (screen positions of points near the near plane are huge).
    static func whole(_ v: Double) -> Int { Int(max(-1e9, min(1e9, v)).rounded(.up)) }
}
