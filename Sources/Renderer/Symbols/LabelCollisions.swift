/// The label boxes placed so far in one render (device pixels): a label that does not allow
/// overlap is dropped when its box meets one of them. A uniform grid keeps a test to the
/// boxes near it.
final class LabelCollisions {
    private var boxes: [SIMD4<Float>] = []
    private var cells: [Int: [Int32]] = [:]
    static let cell: Float = 64

    /// Whether `box` (min x, min y, max x, max y) meets a placed box.
    func collides(_ box: SIMD4<Float>) -> Bool {
        var hit = false
        forEachCell(box) { key in
            guard !hit, let list = cells[key] else { return }
            for i in list {
                let b = boxes[Int(i)]
                if box.x < b.z && box.z > b.x && box.y < b.w && box.w > b.y { hit = true; return }
            }
        }
        return hit
    }

    func insert(_ box: SIMD4<Float>) {
        let i = Int32(boxes.count)
        boxes.append(box)
        forEachCell(box) { cells[$0, default: []].append(i) }
    }

    private func forEachCell(_ box: SIMD4<Float>, _ body: (Int) -> Void) {
        guard box.x.isFinite, box.y.isFinite, box.z.isFinite, box.w.isFinite else { return }
        let x0 = Int((max(-1e6, box.x) / Self.cell).rounded(.down)), x1 = Int((min(1e6, box.z) / Self.cell).rounded(.down))
        let y0 = Int((max(-1e6, box.y) / Self.cell).rounded(.down)), y1 = Int((min(1e6, box.w) / Self.cell).rounded(.down))
        guard (x1 - x0 + 1) * (y1 - y0 + 1) <= 4096 else { return }
        for y in y0...y1 { for x in x0...x1 { body(y &* 100_003 &+ x) } }
    }
}
