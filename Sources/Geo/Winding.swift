/// Ring orientation. With y pointing down (world and screen coordinates), a positive signed
/// area means clockwise on screen: the orientation vector tiles give outer rings.
public enum Winding {
    /// Shoelace signed area of a ring (closed or not; the closing edge is implied).
    /// Non-finite coordinates make the result non-finite; callers treat that as degenerate.
    @inline(__always)
    public static func signedArea(_ ring: UnsafeBufferPointer<WorldPoint>) -> Double {
        let n = ring.count
        guard n >= 3 else { return 0 }
        // Relative to the first point: keeps precision for small rings far from the origin.
        let o = ring[0]
        var sum = 0.0
        var prev = ring[n - 1] - o
        for i in 0..<n {
            let cur = ring[i] - o
            sum += prev.x * cur.y - cur.x * prev.y
            prev = cur
        }
        return sum / 2
    }

    public static func signedArea(_ ring: [WorldPoint]) -> Double {
        ring.withUnsafeBufferPointer { signedArea($0) }
    }

    /// Reverses a ring in place when its orientation is not the wanted one: outer rings end
    /// with a positive signed area, holes with a negative one. Zero-area rings stay as they are.
    @inline(__always)
    public static func orient(_ ring: UnsafeMutableBufferPointer<WorldPoint>, outer: Bool) {
        let a = signedArea(UnsafeBufferPointer(ring))
        if outer ? a < 0 : a > 0 {
            var r = ring
            r.reverse()
        }
    }
}

extension FeatureGeometry {
    /// Rewinds every polygon so its first ring is outer (positive area) and the others are
    /// holes (negative), whatever the input winding, so non-zero filling is right. No effect
    /// on points and lines.
    public mutating func rewind() {
        guard type == .polygon else { return }
        let partCount = partEnds.count
        let partEnds = self.partEnds, polygonEnds = self.polygonEnds
        var polygon = 0
        var polygonStart = 0
        points.withUnsafeMutableBufferPointer { pts in
            for part in 0..<partCount {
                while polygon < polygonEnds.count, Int(polygonEnds[polygon]) <= part {
                    polygonStart = Int(polygonEnds[polygon]); polygon += 1
                }
                let lo = part == 0 ? 0 : Int(partEnds[part - 1]), hi = Int(partEnds[part])
                guard lo >= 0, lo < hi, hi <= pts.count else { continue }
                Winding.orient(UnsafeMutableBufferPointer(rebasing: pts[lo..<hi]), outer: part == polygonStart)
            }
        }
    }
}
