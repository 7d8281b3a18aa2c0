import Geo
import Raster

/// A `triangles` layer decoded once: vertices in world coordinates, premultiplied colours and,
/// per triangle, which edges lie on the mesh's outline. Only outline edges are anti-aliased;
/// an edge two triangles share is split exactly at pixel centres (GL's rule), so a mesh shows
/// no seams where its triangles meet — blending two half-covered fringes would.
final class TriangleMesh: PreparedCustomLayer {
    let positions: [WorldPoint]
    /// Premultiplied colour × 255, opacity applied.
    let colors: [SIMD4<Float>]
    /// Per triangle: bit i set when edge (i, i+1 mod 3) is on the outline.
    let outline: [UInt8]
    /// x and y extent of all vertices (nil for an empty mesh).
    let bounds: WorldRect?

    init(positions: [WorldPoint], colors: [SIMD4<Float>]) {
        self.positions = positions
        self.colors = colors
        outline = Self.outlineEdges(positions)
        if let first = positions.first {
            var r = WorldRect(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
            for p in positions {
                r = WorldRect(minX: min(r.minX, p.x), minY: min(r.minY, p.y), maxX: max(r.maxX, p.x), maxY: max(r.maxY, p.y))
            }
            bounds = r
        } else {
            bounds = nil
        }
    }

    var triangleCount: Int { positions.count / 3 }

    /// Edges used by one triangle only (compared by exact end points, either direction).
    static func outlineEdges(_ p: [WorldPoint]) -> [UInt8] {
        struct Key: Hashable { let ax, ay, bx, by: Double }
        func key(_ a: WorldPoint, _ b: WorldPoint) -> Key {
            (a.x, a.y) < (b.x, b.y) ? Key(ax: a.x, ay: a.y, bx: b.x, by: b.y) : Key(ax: b.x, ay: b.y, bx: a.x, by: a.y)
        }
        var uses: [Key: Int] = [:]
        let n = p.count / 3
        uses.reserveCapacity(n * 3)
        for t in 0..<n {
            for e in 0..<3 { uses[key(p[3 * t + e], p[3 * t + (e + 1) % 3]), default: 0] += 1 }
        }
        var out = [UInt8](repeating: 0, count: n)
        for t in 0..<n {
            for e in 0..<3 where uses[key(p[3 * t + e], p[3 * t + (e + 1) % 3])] == 1 { out[t] |= 1 << e }
        }
        return out
    }

    /// Whole-world x offsets at which the mesh overlaps the view (vertices may lie beyond ±180°).
    func worldCopies(_ view: WorldRect) -> ClosedRange<Int>? {
        guard let b = bounds, view.minX.isFinite, view.maxX.isFinite, b.maxY >= view.minY, b.minY <= view.maxY else { return nil }
        let lo = Int((view.minX - b.maxX).rounded(.up)), hi = Int((view.maxX - b.minX).rounded(.down))
        guard lo <= hi else { return nil }
        return lo...min(hi, lo + 7)
    }

    func draw(in context: CustomLayerContext) throws {
        let view = context.visibleWorldBounds(marginPixels: 2)
        guard let copies = worldCopies(view) else { return }
        let w = context.width, h = context.height
        var projected = [SIMD2<Double>](repeating: .zero, count: positions.count)
        guard w > 0, h > 0 else { return }
        try context.canvas.withSpans { target in
            for copy in copies {
                let t = context.projection(worldCopy: copy)
                for i in positions.indices { projected[i] = context.pixel(positions[i], projection: t) }
                for tri in 0..<triangleCount {
                    if tri & 1023 == 1023 { try context.checkDeadline() }
                    let i = 3 * tri
                    ShadedTriangle.draw(ShadedVertex(p: projected[i], color: colors[i]),
                                        ShadedVertex(p: projected[i + 1], color: colors[i + 1]),
                                        ShadedVertex(p: projected[i + 2], color: colors[i + 2]),
                                        smooth: outline[tri], into: target)
                }
            }
        }
    }
}
