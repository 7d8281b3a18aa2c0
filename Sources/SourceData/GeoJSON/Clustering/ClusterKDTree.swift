import Foundation

/// A static k-d tree over points, laid out as kdbush lays it out (what supercluster indexes
/// each zoom with): coordinates rounded to Float32, leaves of at most `nodeSize` points,
/// the median of each range split by Floyd–Rivest selection on alternating axes. Queries
/// visit the nodes in kdbush's order, so the points they return come in the same order as
/// MapLibre's (which decides the order of unclustered points and of reductions).
struct ClusterKDTree {
    /// Item index (position in the input) of each slot.
    private(set) var ids: [Int32]
    /// x, y of each slot, interleaved.
    private(set) var coords: [Float]
    let nodeSize: Int

    init(points: [SIMD2<Double>], nodeSize: Int = 64) {
        self.nodeSize = max(2, nodeSize)
        ids = (0..<points.count).map { Int32($0) }
        coords = []
        coords.reserveCapacity(points.count * 2)
        for p in points { coords.append(Float(p.x)); coords.append(Float(p.y)) }
        if !points.isEmpty { sort(0, points.count - 1, axis: 0) }
    }

    var count: Int { ids.count }

    /// Indices of the points within `r` of (qx, qy), in kdbush's visiting order.
    func within(_ qx: Double, _ qy: Double, _ r: Double, into result: inout [Int32]) {
        result.removeAll(keepingCapacity: true)
        guard !ids.isEmpty else { return }
        let r2 = r * r
        var stack: [(Int, Int, Int)] = [(0, ids.count - 1, 0)]
        func d2(_ i: Int) -> Double {
            let dx = Double(coords[2 * i]) - qx, dy = Double(coords[2 * i + 1]) - qy
            return dx * dx + dy * dy
        }
        while let (left, right, axis) = stack.popLast() {
            if right - left <= nodeSize {
                if left <= right { for i in left...right where d2(i) <= r2 { result.append(ids[i]) } }
                continue
            }
            let m = (left + right) >> 1
            let x = Double(coords[2 * m]), y = Double(coords[2 * m + 1])
            if d2(m) <= r2 { result.append(ids[m]) }
            if axis == 0 ? qx - r <= x : qy - r <= y { stack.append((left, m - 1, 1 - axis)) }
            if axis == 0 ? qx + r >= x : qy + r >= y { stack.append((m + 1, right, 1 - axis)) }
        }
    }

    /// Indices of the points inside the rectangle (edges included), in kdbush's order.
    func range(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [Int32] {
        var result: [Int32] = []
        guard !ids.isEmpty else { return result }
        var stack: [(Int, Int, Int)] = [(0, ids.count - 1, 0)]
        func inside(_ i: Int) -> Bool {
            let x = Double(coords[2 * i]), y = Double(coords[2 * i + 1])
            return x >= minX && x <= maxX && y >= minY && y <= maxY
        }
        while let (left, right, axis) = stack.popLast() {
            if right - left <= nodeSize {
                if left <= right { for i in left...right where inside(i) { result.append(ids[i]) } }
                continue
            }
            let m = (left + right) >> 1
            if inside(m) { result.append(ids[m]) }
            let v = Double(coords[2 * m + axis])
            if (axis == 0 ? minX : minY) <= v { stack.append((left, m - 1, 1 - axis)) }
            if (axis == 0 ? maxX : maxY) >= v { stack.append((m + 1, right, 1 - axis)) }
        }
        return result
    }

    // MARK: building

    private mutating func sort(_ left: Int, _ right: Int, axis: Int) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        select(m, left, right, axis: axis)
        sort(left, m - 1, axis: 1 - axis)
        sort(m + 1, right, axis: 1 - axis)
    }

    /// Floyd–Rivest selection: slot k gets the k-th smallest on `axis` of left...right,
    /// smaller ones before it and larger ones after (kdbush's exact sequence of swaps).
    private mutating func select(_ k: Int, _ left: Int, _ right: Int, axis: Int) {
        var left = left, right = right
        while right > left {
            if right - left > 600 {
                let n = Double(right - left + 1), m = Double(k - left + 1)
                let z = log(n), s = 0.5 * exp(2 * z / 3)
                let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (m - n / 2 < 0 ? -1 : 1)
                let newLeft = max(left, Int((Double(k) - m * s / n + sd).rounded(.down)))
                let newRight = min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down)))
                select(k, newLeft, newRight, axis: axis)
            }
            let t = coords[2 * k + axis]
            var i = left, j = right
            swapItems(left, k)
            if coords[2 * right + axis] > t { swapItems(left, right) }
            while i < j {
                swapItems(i, j)
                i += 1; j -= 1
                while coords[2 * i + axis] < t { i += 1 }
                while coords[2 * j + axis] > t { j -= 1 }
            }
            if coords[2 * left + axis] == t {
                swapItems(left, j)
            } else {
                j += 1
                swapItems(j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }

    private mutating func swapItems(_ i: Int, _ j: Int) {
        ids.swapAt(i, j)
        coords.swapAt(2 * i, 2 * j)
        coords.swapAt(2 * i + 1, 2 * j + 1)
    }
}
