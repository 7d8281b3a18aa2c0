/// Moves a polyline sideways by a fixed distance (positive = right of the direction of
/// travel, y down), for MapLibre's `line-offset`. Interior vertices move along the miter
/// of their two segments, like MapLibre's line shader; where the miter would be longer
/// than twice the offset (turns sharper than 120°) the vertex becomes two points, one on
/// each segment's parallel, which keeps sharp corners from spiking.
struct PolylineOffsetter {
    let distance: Float
    static let maxMiterScale: Float = 2

    func offset(_ pts: UnsafeBufferPointer<Point>, closed: Bool, out: inout [Point]) {
        out.removeAll(keepingCapacity: true)
        let n = pts.count
        guard n >= 2 else { return }
        @inline(__always) func normal(_ a: Point, _ b: Point) -> Point? {
            let d = b - a
            let len = length(d)
            guard len > 0 else { return nil }
            return Point(-d.y, d.x) / len
        }
        for i in 0..<n {
            let p = pts[i]
            let prev: Point? = i > 0 ? normal(pts[i - 1], p) : (closed ? normal(pts[n - 1], p) : nil)
            let next: Point? = i < n - 1 ? normal(p, pts[i + 1]) : (closed ? normal(p, pts[0]) : nil)
            switch (prev, next) {
            case let (n1?, n2?):
                let k = 1 + dot(n1, n2)
                let m = (n1 + n2) / max(k, 1e-6)
                if k > 1e-3, length(m) <= Self.maxMiterScale {
                    out.append(p + m * distance)
                } else {
                    out.append(p + n1 * distance)
                    out.append(p + n2 * distance)
                }
            case let (n1?, nil): out.append(p + n1 * distance)
            case let (nil, n2?): out.append(p + n2 * distance)
            case (nil, nil): out.append(p)
            }
        }
    }
}
