/// The label boxes and circles placed so far in one render (device pixels): a label that does
/// not allow overlap is dropped when its box (point labels) or one of its circles (line
/// labels, as MapLibre's collision circles follow the line) meets one of them. A uniform
/// grid keeps a test to the shapes near it.
final class LabelCollisions {
    /// Each shape's bounding box; `radii` is negative for boxes, the radius for circles.
    private var boxes: [SIMD4<Float>] = []
    private var radii: [Float] = []
    /// Whether the shape came from a symbol that never overlaps (only those stop a
    /// `*-overlap: cooperative` symbol).
    private var blocks: [Bool] = []
    private var cells: [Int: [Int32]] = [:]
    /// Shapes too wide for the grid (more than 4,096 cells): every query tests them.
    private var wide: [Int32] = []
    static let cell: Float = 64
    /// MapLibre's collision grid: the view grown by 100 px on each side (device px). A point
    /// label's box wholly outside it is never placed, nor does it block others; nil places
    /// everywhere (tiles and their placement blocks reach past any one view).
    var placeableArea: SIMD4<Float>?

    /// Whether `box` is placeable and meets no placed shape (with `cooperative`, none placed
    /// by a symbol that never overlaps).
    func hasRoom(for box: SIMD4<Float>, cooperative: Bool = false) -> Bool {
        isPlaceable(box) && !collides(box, cooperative: cooperative)
    }

    /// Whether `box` reaches into `placeableArea`.
    func isPlaceable(_ box: SIMD4<Float>) -> Bool {
        guard let a = placeableArea else { return true }
        return box.z >= a.x && box.x < a.z && box.w >= a.y && box.y < a.w
    }

    /// Whether `box` (min x, min y, max x, max y) meets a placed shape (with `cooperative`,
    /// one placed by a symbol that never overlaps).
    func collides(_ box: SIMD4<Float>, cooperative: Bool = false) -> Bool {
        anyShape(near: box) { i in
            if cooperative, !blocks[i] { return false }
            let b = boxes[i]
            guard box.x < b.z && box.z > b.x && box.y < b.w && box.w > b.y else { return false }
            let r = radii[i]
            return r < 0 || Self.circle(SIMD2((b.x + b.z) / 2, (b.y + b.w) / 2), r, meets: box)
        }
    }

    /// Whether the circle at `center` meets a placed shape.
    func collides(circle center: SIMD2<Float>, radius: Float) -> Bool {
        let box = SIMD4(center.x - radius, center.y - radius, center.x + radius, center.y + radius)
        return anyShape(near: box) { i in
            let b = boxes[i]
            guard box.x < b.z && box.z > b.x && box.y < b.w && box.w > b.y else { return false }
            let r = radii[i]
            if r < 0 { return Self.circle(center, radius, meets: b) }
            let d = center - SIMD2((b.x + b.z) / 2, (b.y + b.w) / 2)
            return (d * d).sum() < (r + radius) * (r + radius)
        }
    }

    /// Whether `test` holds for a placed shape that may meet `box`: those in its grid cells and
    /// the shapes too wide for the grid; a query too wide for the grid itself tests them all.
    private func anyShape(near box: SIMD4<Float>, _ test: (Int) -> Bool) -> Bool {
        var hit = false
        let gridded = forEachCell(box) { key in
            guard !hit, let list = cells[key] else { return }
            for i in list where test(Int(i)) { hit = true; return }
        }
        if hit { return true }
        return gridded ? wide.contains { test(Int($0)) } : boxes.indices.contains(where: test)
    }

    func insert(_ box: SIMD4<Float>, blocksCooperative: Bool = true) { add(box, radius: -1, blocks: blocksCooperative) }

    func insert(circle center: SIMD2<Float>, radius: Float) {
        add(SIMD4(center.x - radius, center.y - radius, center.x + radius, center.y + radius), radius: max(0, radius))
    }

    private func add(_ box: SIMD4<Float>, radius: Float, blocks: Bool = true) {
        let i = Int32(boxes.count)
        boxes.append(box)
        radii.append(radius)
        self.blocks.append(blocks)
        if !forEachCell(box, { cells[$0, default: []].append(i) }) { wide.append(i) }
    }

    /// Circle–box overlap: the box's nearest point to the centre lies within the radius.
    private static func circle(_ c: SIMD2<Float>, _ r: Float, meets b: SIMD4<Float>) -> Bool {
        let nx = min(max(c.x, b.x), b.z), ny = min(max(c.y, b.y), b.w)
        let dx = c.x - nx, dy = c.y - ny
        return dx * dx + dy * dy < r * r
    }

    /// Calls `body` with each grid cell `box` covers; false (and no calls) when it covers more
    /// than 4,096 cells (a label of a giant text size), which the grid does not list. A box that
    /// is not finite covers no cell.
    @discardableResult
    private func forEachCell(_ box: SIMD4<Float>, _ body: (Int) -> Void) -> Bool {
        guard box.x.isFinite, box.y.isFinite, box.z.isFinite, box.w.isFinite else { return true }
        let x0 = Int((max(-1e6, box.x) / Self.cell).rounded(.down)), x1 = Int((min(1e6, box.z) / Self.cell).rounded(.down))
        let y0 = Int((max(-1e6, box.y) / Self.cell).rounded(.down)), y1 = Int((min(1e6, box.w) / Self.cell).rounded(.down))
        guard x0 <= x1, y0 <= y1 else { return true }
        guard (x1 - x0 + 1) * (y1 - y0 + 1) <= 4096 else { return false }
        for y in y0...y1 { for x in x0...x1 { body(y &* 100_003 &+ x) } }
        return true
    }
}
