import Geo

/// A static packed Hilbert R-tree over rectangles: items sorted along a Hilbert curve
/// through their centres, packed `nodeSize` to a node, levels built bottom-up. Everything
/// lives in two flat arrays (no node objects), so a million items cost ~36 bytes each and
/// build in one sort.
///
/// Why this and not a geojson-vt tile pyramid: the pyramid stores clipped copies of the
/// data per tile and zoom (memory grows with zoom depth, and each data version rebuilds it),
/// while the renderer asks for arbitrary rectangles (tiles ± buffer, rotated static views,
/// world copies). An R-tree answers any rectangle in O(log n + hits), costs one sort to
/// build, and per-chunk bounds in `GeometryStore` keep huge features cheap to clip.
struct PackedRTree: Sendable {
    static let nodeSize = 16

    /// Leaves first (in Hilbert order), then each level up; the root is last.
    private(set) var boxes: [WorldRect] = []
    /// For a leaf slot: the item index. For a node slot: the position of its first child.
    private(set) var indices: [Int32] = []
    /// End (exclusive) of each level in `boxes`, leaves first.
    private(set) var levelEnds: [Int] = []
    let count: Int

    /// Builds the tree over `bounds` (item i has bounds[i]). Empty or NaN boxes are kept
    /// (they never match a query).
    init(_ bounds: [WorldRect]) {
        count = bounds.count
        guard count > 0 else { return }
        var total = WorldRect.empty
        for b in bounds where !b.isEmpty { total.formUnion(b) }

        // Sort item indices by the Hilbert value of their centres (key in the high bits).
        var keyed = [UInt64](repeating: 0, count: count)
        let w = total.width > 0 ? total.width : 1, h = total.height > 0 ? total.height : 1
        let scale = Double(UInt16.max)
        for (i, b) in bounds.enumerated() {
            let cx = ((b.minX + b.maxX) / 2 - total.minX) / w, cy = ((b.minY + b.maxY) / 2 - total.minY) / h
            let hx = PackedRTree.gridCoordinate(cx * scale), hy = PackedRTree.gridCoordinate(cy * scale)
            keyed[i] = UInt64(PackedRTree.hilbert(hx, hy)) << 32 | UInt64(i)
        }
        keyed.sort()

        // Count the slots of every level.
        var levelCounts = [count]
        var n = count
        repeat { n = (n + PackedRTree.nodeSize - 1) / PackedRTree.nodeSize; levelCounts.append(n) } while n > 1
        let slots = levelCounts.reduce(0, +)
        boxes.reserveCapacity(slots)
        indices.reserveCapacity(slots)
        for k in keyed {
            let i = Int(k & 0xFFFF_FFFF)
            boxes.append(bounds[i]); indices.append(Int32(i))
        }
        levelEnds.append(count)
        var levelStart = 0
        while boxes.count - levelStart > 1 {
            let levelEnd = boxes.count
            var child = levelStart
            while child < levelEnd {
                let end = Swift.min(child + PackedRTree.nodeSize, levelEnd)
                var b = WorldRect.empty
                for c in child..<end where !boxes[c].isEmpty { b.formUnion(boxes[c]) }
                boxes.append(b); indices.append(Int32(child))
                child = end
            }
            levelStart = levelEnd
            levelEnds.append(boxes.count)
        }
    }

    /// Calls `visit` with every item whose box intersects `rect` (in tree order).
    @inline(__always)
    func search(_ rect: WorldRect, _ visit: (Int32) -> Void) {
        searchSlots(rect) { _, item in visit(item) }
    }

    /// Like `search`, also giving each hit's leaf slot (its position in Hilbert order).
    @inline(__always)
    func searchSlots(_ rect: WorldRect, _ visit: (_ slot: Int32, _ item: Int32) -> Void) {
        guard count > 0, !rect.isEmpty, boxes[boxes.count - 1].intersects(rect) else { return }
        boxes.withUnsafeBufferPointer { boxes in
            indices.withUnsafeBufferPointer { indices in
                // Depth ≤ log16(2^31) < 8 levels; 16 pending nodes per level at most.
                withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: 16 * 9) { stack in
                    var top = 0
                    var node = boxes.count - 1
                    var level = levelEnds.count - 1
                    while true {
                        // `node` is a slot at `level` whose box intersects: scan its children.
                        if level == 0 {
                            visit(Int32(truncatingIfNeeded: node), indices[node])
                        } else {
                            let first = Int(indices[node])
                            let end = Swift.min(first + PackedRTree.nodeSize, levelEnds[level - 1])
                            for c in first..<end where boxes[c].intersects(rect) {
                                stack[top] = (c, level - 1); top += 1
                            }
                        }
                        if top == 0 { break }
                        top -= 1
                        (node, level) = stack[top]
                    }
                }
            }
        }
    }

    /// Item indices in leaf (Hilbert) order.
    var leafOrder: [Int32] { Array(indices.prefix(count)) }

    /// Bytes held, for cache budgets.
    var byteSize: Int { boxes.capacity * 32 + indices.capacity * 4 + levelEnds.capacity * 8 }

    @inline(__always)
    static func gridCoordinate(_ v: Double) -> UInt32 {
        guard v > 0 else { return 0 }                 // also NaN
        return v >= 65535 ? 65535 : UInt32(v)
    }

    /// Position of (x, y) on the Hilbert curve filling a 65536 × 65536 grid.
    static func hilbert(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var x = x, y = y, d: UInt32 = 0
        var s: UInt32 = 1 << 15
        while s > 0 {
            let rx: UInt32 = (x & s) > 0 ? 1 : 0
            let ry: UInt32 = (y & s) > 0 ? 1 : 0
            d &+= s &* s &* ((3 &* rx) ^ ry)
            // Rotate the quadrant so the sub-curve has the standard orientation.
            if ry == 0 {
                if rx == 1 { x = 65535 &- x; y = 65535 &- y }   // only the bits below s matter
                swap(&x, &y)
            }
            s >>= 1
        }
        return d
    }
}
