/// GL's near and far clipping for polygons in clip coordinates (X, Y, W): the parts with
/// `near ≤ W ≤ far` are kept (Sutherland–Hodgman against each plane), then divided by W
/// into screen positions. Clipping a ring of a polygon with holes on its own keeps the
/// winding numbers of what remains, so rings clip independently.
public enum DepthClip {
    /// The ring's part between the planes, in screen positions; empty when nothing remains.
    public static func screenRing(_ ring: [SIMD3<Double>], near: Double, far: Double) -> [SIMD2<Double>] {
        var pts = ring
        if pts.contains(where: { $0.z < near }) { pts = clip(pts, keepAbove: true, near) }
        if pts.contains(where: { $0.z > far }) { pts = clip(pts, keepAbove: false, far) }
        guard pts.count >= 3 else { return [] }
        return pts.map { SIMD2($0.x / $0.z, $0.y / $0.z) }
    }

    /// One plane W = limit: keeps W ≥ limit (`keepAbove`) or W ≤ limit.
    static func clip(_ ring: [SIMD3<Double>], keepAbove: Bool, _ limit: Double) -> [SIMD3<Double>] {
        var out: [SIMD3<Double>] = []
        out.reserveCapacity(ring.count + 2)
        func inside(_ p: SIMD3<Double>) -> Bool { keepAbove ? p.z >= limit : p.z <= limit }
        for i in ring.indices {
            let a = ring[i], b = ring[(i + 1) % ring.count]
            let ina = inside(a), inb = inside(b)
            if ina { out.append(a) }
            if ina != inb {
                let t = (limit - a.z) / (b.z - a.z)
                var p = a + (b - a) * t
                p.z = limit
                out.append(p)
            }
        }
        return out
    }
}
