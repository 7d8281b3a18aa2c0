/// Douglas–Peucker simplification as geojson-vt does it: the importance of every vertex is
/// computed once (the squared distance at which DP would pick it), and any zoom's
/// simplification is then a threshold test — keep the vertices whose importance is at least
/// the squared tolerance. End points are always kept (importance +∞).
public enum Simplification {
    /// Writes the importance of each vertex of `points` into `importance` (same count).
    /// Recursion stops below `minSqTolerance` (the finest tolerance that will ever be asked,
    /// e.g. the one of the source's max zoom minus one); vertices never picked get 0.
    /// Iterative (no recursion depth limit); ties pick the vertex nearest the middle, which
    /// keeps degenerate input (collinear or repeated points) from going quadratic. Input
    /// built to make Douglas–Peucker peel one vertex per pass (quadratic) hits a work budget
    /// of O(n log n) distance tests, after which the remaining spans split at their middle
    /// vertex (importance = its distance): slightly worse simplification, never a hang.
    public static func computeImportance(_ points: UnsafeBufferPointer<WorldPoint>,
                                         into importance: UnsafeMutableBufferPointer<Float>,
                                         minSqTolerance: Double) {
        let n = points.count
        precondition(importance.count >= n, "importance buffer too small")
        guard n > 0 else { return }
        for i in 0..<n { importance[i] = 0 }
        importance[0] = .infinity
        importance[n - 1] = .infinity
        guard n > 2 else { return }
        var stack: [(Int, Int)] = [(0, n - 1)]
        var budget = n * (2 * (Int.bitWidth - n.leadingZeroBitCount) + 16)
        while let (first, last) = stack.popLast() {
            let a = points[first], b = points[last]
            var maxSqDist = minSqTolerance
            var index = -1
            let mid = (first + last) / 2
            budget -= last - first
            if budget < 0 {
                // Over budget: split in the middle without searching.
                let d = squaredSegmentDistance(points[mid], a, b)
                if d > minSqTolerance { importance[mid] = Float(d) }
                if mid - first > 1 { stack.append((first, mid)) }
                if last - mid > 1 { stack.append((mid, last)) }
                continue
            }
            var bestToMid = last - first
            var i = first + 1
            while i < last {
                let d = squaredSegmentDistance(points[i], a, b)
                if d > maxSqDist {
                    index = i; maxSqDist = d; bestToMid = abs(i - mid)
                } else if index >= 0, d == maxSqDist {
                    let toMid = abs(i - mid)
                    if toMid < bestToMid { index = i; bestToMid = toMid }
                }
                i += 1
            }
            guard index >= 0 else { continue }
            // Float keeps 24 bits of a squared distance: plenty to compare with a tolerance.
            importance[index] = Float(maxSqDist)
            if index - first > 1 { stack.append((first, index)) }
            if last - index > 1 { stack.append((index, last)) }
        }
    }

    /// Importance for an array (allocates the result).
    public static func importance(of points: [WorldPoint], minSqTolerance: Double) -> [Float] {
        var out = [Float](repeating: 0, count: points.count)
        points.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { computeImportance(p, into: $0, minSqTolerance: minSqTolerance) }
        }
        return out
    }

    /// The vertices kept at squared tolerance `sqTolerance` (0 keeps all).
    public static func simplify(_ points: [WorldPoint], importance: [Float], sqTolerance: Double) -> [WorldPoint] {
        guard sqTolerance > 0 else { return points }
        var out: [WorldPoint] = []
        for i in points.indices where isKept(importance[i], sqTolerance: sqTolerance) { out.append(points[i]) }
        return out
    }

    /// Length of a line (sum of segment lengths).
    public static func length(_ line: UnsafeBufferPointer<WorldPoint>) -> Double {
        var sum = 0.0
        var i = 1
        while i < line.count {
            let d = line[i] - line[i - 1]
            sum += (d.x * d.x + d.y * d.y).squareRoot()
            i += 1
        }
        return sum
    }

    /// The threshold test: geojson-vt keeps a vertex when importance > sqTolerance; with
    /// importance stored as Float we compare ≥ so rounding never drops a vertex DP would keep.
    /// A tolerance of 0 (or less) keeps every vertex.
    @inline(__always)
    public static func isKept(_ importance: Float, sqTolerance: Double) -> Bool {
        sqTolerance <= 0 || Double(importance) >= sqTolerance
    }

    /// Squared distance from p to the segment a–b (to a when the segment is a point).
    @inline(__always)
    public static func squaredSegmentDistance(_ p: WorldPoint, _ a: WorldPoint, _ b: WorldPoint) -> Double {
        let d = b - a
        var q = a
        let len2 = d.x * d.x + d.y * d.y
        if len2 > 0 {
            let t = ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / len2
            if t > 1 { q = b } else if t > 0 { q = a + d * t }
        }
        let e = p - q
        return e.x * e.x + e.y * e.y
    }
}
