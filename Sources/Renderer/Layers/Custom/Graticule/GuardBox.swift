/// A rectangle around the canvas that line segments are cut to before they become Float
/// device coordinates (far end points at high zoom would lose their precision).
struct GuardBox {
    let minX: Double, minY: Double, maxX: Double, maxY: Double

    init(width: Int, height: Int, band: Double) {
        minX = -band; minY = -band; maxX = Double(width) + band; maxY = Double(height) + band
    }

    /// The part of p→q inside (Liang–Barsky), nil when none is.
    func clip(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> (SIMD2<Double>, SIMD2<Double>)? {
        guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return nil }
        let d = q - p
        var t0 = 0.0, t1 = 1.0
        for (den, num) in [(-d.x, p.x - minX), (d.x, maxX - p.x), (-d.y, p.y - minY), (d.y, maxY - p.y)] {
            if den == 0 {
                if num < 0 { return nil }
                continue
            }
            let r = num / den
            if den < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return nil }
        }
        return (p + d * t0, p + d * t1)
    }
}
