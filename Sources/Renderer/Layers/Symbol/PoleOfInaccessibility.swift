import Foundation

/// Where point placement anchors a polygon's label, as MapLibre does: the pole of
/// inaccessibility (the inside point farthest from the outline, found by refining a grid of
/// cells best-first until no cell can beat the best by more than `precision`), which keeps
/// labels of concave shapes inside them.
enum PoleOfInaccessibility {
    typealias Point = SIMD2<Double>

    private struct Cell {
        var center: Point
        var half: Double
        var distance: Double
        var potential: Double { distance + half * 2.0.squareRoot() }

        init(_ c: Point, _ h: Double, _ rings: [[Point]]) {
            center = c; half = h; distance = PoleOfInaccessibility.signedDistance(c, rings)
        }
    }

    /// `rings[0]` is the outer ring, the rest holes.
    static func find(_ rings: [[Point]], precision: Double) -> Point {
        guard let outer = rings.first, let first = outer.first else { return .zero }
        var lo = first, hi = first
        for p in outer { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let size = hi - lo
        let cellSize = min(size.x, size.y)
        guard cellSize > 0, precision > 0 else { return lo }
        var h = cellSize / 2
        var heap: [Cell] = []
        func push(_ c: Cell) {
            heap.append(c)
            var i = heap.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard heap[parent].potential < heap[i].potential else { break }
                heap.swapAt(parent, i); i = parent
            }
        }
        func pop() -> Cell {
            let top = heap[0]
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var i = 0
                while true {
                    let l = 2 * i + 1, r = l + 1
                    var m = i
                    if l < heap.count, heap[l].potential > heap[m].potential { m = l }
                    if r < heap.count, heap[r].potential > heap[m].potential { m = r }
                    if m == i { break }
                    heap.swapAt(m, i); i = m
                }
            }
            return top
        }
        var x = lo.x
        while x < hi.x {
            var y = lo.y
            while y < hi.y {
                push(Cell(Point(x + h, y + h), h, rings))
                y += cellSize
            }
            x += cellSize
        }
        // The centroid is the first guess (MapLibre's copy of polylabel has no bounding-box
        // centre guess), and a guess on the outline (distance 0) gives way to any cell.
        let centroidCell = Cell(centroid(outer), 0, rings)
        var best = centroidCell
        var steps = 0
        while !heap.isEmpty, steps < 100_000 {
            steps += 1
            let cell = pop()
            if cell.distance > best.distance || best.distance == 0 { best = cell }
            if cell.potential - best.distance <= precision { continue }
            h = cell.half / 2
            for d in [Point(-h, -h), Point(h, -h), Point(-h, h), Point(h, h)] { push(Cell(cell.center + d, h, rings)) }
        }
        // An inside centroid within `precision` of the best is kept, as MapLibre does: outlines
        // rounded to tile units break a shape's symmetry, and the pole would drift off centre
        // for a gain smaller than the precision asked.
        if centroidCell.distance > 0, best.distance - centroidCell.distance <= precision { return centroidCell.center }
        return best.center
    }

    /// Distance to the nearest ring edge, positive inside the polygon.
    static func signedDistance(_ p: Point, _ rings: [[Point]]) -> Double {
        var inside = false
        var minSq = Double.infinity
        for ring in rings where ring.count > 1 {
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i], b = ring[j]
                if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                minSq = min(minSq, segmentDistanceSquared(p, a, b))
                j = i
            }
        }
        return (inside ? 1 : -1) * minSq.squareRoot()
    }

    private static func segmentDistanceSquared(_ p: Point, _ a: Point, _ b: Point) -> Double {
        var q = a
        let d = b - a
        if d.x != 0 || d.y != 0 {
            let t = ((p - a) * d).sum() / (d * d).sum()
            if t > 1 { q = b } else if t > 0 { q = a + d * t }
        }
        let e = p - q
        return (e * e).sum()
    }

    /// The area centroid of a ring (its first point when it has no area).
    static func centroid(_ ring: [Point]) -> Point {
        var area = 0.0, c = Point.zero
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            let f = a.x * b.y - b.x * a.y
            c += (a + b) * f
            area += f * 3
            j = i
        }
        return area == 0 ? ring[0] : c / area
    }
}
