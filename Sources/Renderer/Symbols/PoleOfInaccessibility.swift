import Geo

/// The point of a polygon farthest from its outline — where MapLibre puts a point label on a
/// polygon (the "polylabel" search): square cells cover the outer ring's bounding box; the
/// cell that could hold the farthest point is split into four until no cell can beat the best
/// centre found by more than `precision`. Distances are to every ring (holes included), negative
/// outside the polygon. Ported from the idea, not the code.
enum PoleOfInaccessibility {
    private struct Cell {
        let center: SIMD2<Double>
        let half: Double
        /// Signed distance from the centre to the outline.
        let distance: Double
        /// The most any point of the cell can be from the outline.
        var potential: Double { distance + half * 2.0.squareRoot() }

        init(_ center: SIMD2<Double>, half: Double, rings: [[SIMD2<Double>]]) {
            self.center = center; self.half = half
            distance = PoleOfInaccessibility.signedDistance(center, rings)
        }
    }

    /// `rings[0]` is the outer ring; the others are its holes. Points in any units (world or
    /// tile); `precision` in the same units.
    static func find(_ rings: [[SIMD2<Double>]], precision: Double) -> SIMD2<Double>? {
        guard let outer = rings.first, let first = outer.first else { return nil }
        var lo = first, hi = first
        for p in outer { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let size = hi - lo
        let cellSize = min(size.x, size.y)
        guard cellSize > 0, cellSize.isFinite else { return lo }
        let half = cellSize / 2
        var heap = CellHeap()
        var x = lo.x
        while x < hi.x {
            var y = lo.y
            while y < hi.y {
                heap.push(Cell(SIMD2(x + half, y + half), half: half, rings: rings))
                y += cellSize
            }
            x += cellSize
        }
        var best = Cell(centroid(outer) ?? (lo + hi) / 2, half: 0, rings: rings)
        let box = Cell((lo + hi) / 2, half: 0, rings: rings)
        if box.distance > best.distance { best = box }
        // Each split quarters a cell; the precision bounds the depth (and a count bounds the
        // work on hostile input).
        var budget = 100_000
        while let cell = heap.pop(), budget > 0 {
            budget -= 1
            if cell.distance > best.distance { best = cell }
            guard cell.potential - best.distance > precision else { continue }
            let h = cell.half / 2
            for d in [SIMD2(-h, -h), SIMD2(h, -h), SIMD2(-h, h), SIMD2(h, h)] {
                heap.push(Cell(cell.center + d, half: h, rings: rings))
            }
        }
        return best.center
    }

    /// Area-weighted centroid of a ring; nil when it has no area.
    static func centroid(_ ring: [SIMD2<Double>]) -> SIMD2<Double>? {
        guard ring.count >= 3 else { return nil }
        var area = 0.0, c = SIMD2<Double>.zero
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            let f = a.x * b.y - b.x * a.y
            c += (a + b) * f
            area += f * 3
            j = i
        }
        guard area != 0 else { return nil }
        return c / area
    }

    /// Distance from `p` to the nearest ring segment, negative when `p` is outside the polygon
    /// (even-odd over all rings).
    static func signedDistance(_ p: SIMD2<Double>, _ rings: [[SIMD2<Double>]]) -> Double {
        var inside = false
        var best = Double.infinity
        for ring in rings where ring.count >= 2 {
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i], b = ring[j]
                if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                best = min(best, segmentDistanceSquared(p, a, b))
                j = i
            }
        }
        let d = best.squareRoot()
        return inside ? d : -d
    }

    static func segmentDistanceSquared(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        var q = a
        let d = b - a
        let length = (d * d).sum()
        if length > 0 {
            let t = ((p - a) * d).sum() / length
            if t > 1 { q = b } else if t > 0 { q = a + d * t }
        }
        let e = p - q
        return (e * e).sum()
    }

    /// A max-heap of cells by potential.
    private struct CellHeap {
        private var cells: [Cell] = []

        mutating func push(_ c: Cell) {
            cells.append(c)
            var i = cells.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard cells[parent].potential < cells[i].potential else { break }
                cells.swapAt(parent, i)
                i = parent
            }
        }

        mutating func pop() -> Cell? {
            guard !cells.isEmpty else { return nil }
            let top = cells[0]
            let last = cells.removeLast()
            if !cells.isEmpty {
                cells[0] = last
                var i = 0
                while true {
                    let l = 2 * i + 1, r = l + 1
                    var m = i
                    if l < cells.count, cells[l].potential > cells[m].potential { m = l }
                    if r < cells.count, cells[r].potential > cells[m].potential { m = r }
                    if m == i { break }
                    cells.swapAt(i, m)
                    i = m
                }
            }
            return top
        }
    }
}
