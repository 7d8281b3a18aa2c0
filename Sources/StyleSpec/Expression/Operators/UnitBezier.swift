/// A CSS-style cubic Bézier easing from (0,0) to (1,1) with two control points; `solve`
/// maps x to y (Newton's method with a bisection fallback).
struct UnitBezier: Sendable {
    private let cx, bx, ax, cy, by, ay: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter whose x is `x`.
    func solveCurveX(_ x: Double, epsilon: Double = 1e-6) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var t = x
        for _ in 0..<8 {
            let err = sampleX(t) - x
            if abs(err) < epsilon { return t }
            let d = slopeX(t)
            if abs(d) < 1e-6 { break }
            t -= err / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<30 {
            let sx = sampleX(t)
            if abs(sx - x) < epsilon { break }
            if x > sx { lo = t } else { hi = t }
            t = (hi - lo) * 0.5 + lo
        }
        return t
    }

    func solve(_ x: Double, epsilon: Double = 1e-6) -> Double { sampleY(solveCurveX(x, epsilon: epsilon)) }
}
