/// A projective map of the plane (3×3, row-major): `(x, y) → (m0·x + m1·y + m2, m3·x + m4·y + m5) /
/// (m6·x + m7·y + m8)`. The ground seen by a pitched camera is such a map of the flat map; the
/// warp that draws it samples through its inverse.
public struct Homography: Sendable, Equatable {
    public var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    public init(_ m0: Double, _ m1: Double, _ m2: Double, _ m3: Double, _ m4: Double, _ m5: Double,
                _ m6: Double, _ m7: Double, _ m8: Double) {
        m = (m0, m1, m2, m3, m4, m5, m6, m7, m8)
    }

    public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// The affine map `(x, y) → (a·x + c·y + tx, b·x + d·y + ty)`.
    public static func affine(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) -> Homography {
        Homography(a, c, tx, b, d, ty, 0, 0, 1)
    }

    public static func == (l: Homography, r: Homography) -> Bool { l.array == r.array }

    var array: [Double] { [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8] }

    /// The homogeneous image `(X, Y, W)` of a point: divide by W (> 0 in front of a camera).
    @inline(__always)
    public func homogeneous(_ x: Double, _ y: Double) -> SIMD3<Double> {
        SIMD3(m.0 * x + m.1 * y + m.2, m.3 * x + m.4 * y + m.5, m.6 * x + m.7 * y + m.8)
    }

    /// The image of a point; not finite where W is 0 (the vanishing line).
    @inline(__always)
    public func apply(_ x: Double, _ y: Double) -> SIMD2<Double> {
        let h = homogeneous(x, y)
        return SIMD2(h.x / h.z, h.y / h.z)
    }

    /// `self` after `first`: `(self ∘ first)(p) = self(first(p))`.
    public func after(_ first: Homography) -> Homography {
        let a = array, b = first.array
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 { r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j] }
        }
        return Homography(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8])
    }

    /// The inverse map, nil when the matrix is singular.
    public var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = m
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Homography(A * k, -(b * i - c * h) * k, (b * f - c * e) * k,
                          B * k, (a * i - c * g) * k, -(a * f - c * d) * k,
                          C * k, -(a * h - b * g) * k, (a * e - b * d) * k)
    }
}
