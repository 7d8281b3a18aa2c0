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
        var hit = false
        forEachCell(box) { key in
            guard !hit, let list = cells[key] else { return }
            for i in list {
                if cooperative, !blocks[Int(i)] { continue }
                let b = boxes[Int(i)]
                guard box.x < b.z && box.z > b.x && box.y < b.w && box.w > b.y else { continue }
                let r = radii[Int(i)]
                if r < 0 || Self.circle(SIMD2((b.x + b.z) / 2, (b.y + b.w) / 2), r, meets: box) { hit = true; return }
            }
        }
        return hit
    }

    /// Whether the circle at `center` meets a placed shape.
    func collides(circle center: SIMD2<Float>, radius: Float) -> Bool {
        let box = SIMD4(center.x - radius, center.y - radius, center.x + radius, center.y + radius)
        var hit = false
        forEachCell(box) { key in
            guard !hit, let list = cells[key] else { return }
            for i in list {
                let b = boxes[Int(i)]
                guard box.x < b.z && box.z > b.x && box.y < b.w && box.w > b.y else { continue }
                let r = radii[Int(i)]
                if r < 0 {
                    if Self.circle(center, radius, meets: b) { hit = true; return }
                } else {
                    let d = center - SIMD2((b.x + b.z) / 2, (b.y + b.w) / 2)
                    if (d * d).sum() < (r + radius) * (r + radius) { hit = true; return }
                }
            }
        }
        return hit
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
        forEachCell(box) { cells[$0, default: []].append(i) }
    }

    /// Circle–box overlap: the box's nearest point to the centre lies within the radius.
    private static func circle(_ c: SIMD2<Float>, _ r: Float, meets b: SIMD4<Float>) -> Bool {
        let nx = min(max(c.x, b.x), b.z), ny = min(max(c.y, b.y), b.w)
        let dx = c.x - nx, dy = c.y - ny
        return dx * dx + dy * dy < r * r
    }

    private func forEachCell(_ box: SIMD4<Float>, _ body: (Int) -> Void) {
        guard box.x.isFinite, box.y.isFinite, box.z.isFinite, box.w.isFinite else { return }
        let x0 = Int((max(-1e6, box.x) / Self.cell).rounded(.down)), x1 = Int((min(1e6, box.z) / Self.cell).rounded(.down))
        let y0 = Int((max(-1e6, box.y) / Self.cell).rounded(.down)), y1 = Int((min(1e6, box.w) / Self.cell).rounded(.down))
        guard (x1 - x0 + 1) * (y1 - y0 + 1) <= 4096 else { return }
        for y in y0...y1 { for x in x0...x1 { body(y &* 100_003 &+ x) } }
    }
}
