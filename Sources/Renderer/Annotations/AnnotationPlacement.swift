/// The overlap decision for view annotations, as a pure function of boxes in one pixel frame
/// (world pixels at a zoom for tiles, so every tile gets the same answer; the screen for a
/// rotated static view). Selected annotations go first, then insertion order; a box that
/// does not allow overlap is hidden when it meets a box placed before it. Boxes that are
/// placed block later ones whether or not they themselves allow overlap.
public enum AnnotationPlacement {
    public struct Candidate: Sendable, Equatable {
        /// Insertion index (z-order and tie-break).
        public var order: Int
        public var selected: Bool
        public var allowOverlap: Bool
        /// minX, minY, maxX, maxY.
        public var box: SIMD4<Double>

        public init(order: Int, selected: Bool, allowOverlap: Bool, box: SIMD4<Double>) {
            self.order = order; self.selected = selected; self.allowOverlap = allowOverlap; self.box = box
        }
    }

    /// The candidates that show, in drawing order: unselected ones by insertion, then the
    /// selected ones by insertion (selected on top).
    public static func place(_ candidates: [Candidate]) -> [Candidate] {
        let byPriority = candidates.sorted { a, b in
            a.selected != b.selected ? a.selected : a.order < b.order
        }
        var grid = BoxGrid(cell: 256)
        var placed: [Candidate] = []
        for c in byPriority {
            if !c.allowOverlap, grid.intersects(c.box) { continue }
            grid.insert(c.box)
            placed.append(c)
        }
        return placed.sorted { a, b in a.selected != b.selected ? !a.selected : a.order < b.order }
    }

    /// Strict interior overlap: boxes that only touch do not collide.
    @inline(__always)
    static func overlaps(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Bool {
        a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w
    }
}

/// A uniform grid of placed boxes, so a thousand annotations check their neighbours only.
struct BoxGrid {
    let cell: Double
    private var cells: [SIMD2<Int>: [SIMD4<Double>]] = [:]

    init(cell: Double) { self.cell = cell }

    private func range(_ b: SIMD4<Double>) -> (ClosedRange<Int>, ClosedRange<Int>) {
        // Clamped so absurd coordinates cannot make the loops huge.
        func c(_ v: Double) -> Int { Int(max(-1e9, min(1e9, (v / cell).rounded(.down)))) }
        let x0 = c(b.x), x1 = max(x0, min(c(b.z), x0 + 64)), y0 = c(b.y), y1 = max(y0, min(c(b.w), y0 + 64))
        return (x0...x1, y0...y1)
    }

    func intersects(_ b: SIMD4<Double>) -> Bool {
        let (xs, ys) = range(b)
        for y in ys { for x in xs {
            if let list = cells[SIMD2(x, y)], list.contains(where: { AnnotationPlacement.overlaps($0, b) }) { return true }
        } }
        return false
    }

    mutating func insert(_ b: SIMD4<Double>) {
        let (xs, ys) = range(b)
        for y in ys { for x in xs { cells[SIMD2(x, y), default: []].append(b) } }
    }
}
