/// One planar surface seen through a perspective camera, as screen-linear functions: 1/w and
/// each colour channel over w are affine in the screen position, which is how GL interpolates
/// depth and (perspective-correct) varyings. Built from three points of the plane in clip
/// coordinates (X, Y, W), where the screen position is (X/W, Y/W): the system
/// `X·a + Y·b + W·c = value` needs no division by W, so points behind the camera or on the
/// near plane serve as well as visible ones and nothing is clipped first.
public struct PerspectivePlane: Sendable {
    /// 1/w at screen (x, y) is `q.x·x + q.y·y + q.z`.
    public let q: SIMD3<Double>
    /// Premultiplied colour over w, per channel, as `q` (rows: r, g, b, a).
    public let r: SIMD3<Double>, g: SIMD3<Double>, b: SIMD3<Double>, a: SIMD3<Double>
    /// Whether every point of the surface has the same colour (no division per pixel).
    public let flatColor: SIMD4<Float>?
    /// Texture coordinates (image pixels) over w, as `q`, when the surface is textured.
    public let u: SIMD3<Double>?, v: SIMD3<Double>?

    /// Nil when the three points are collinear in clip space (the plane is seen edge-on
    /// through the camera, or the points are degenerate).
    /// `textureCoordinates`: image pixels at the three points (a pattern on the surface).
    public init?(_ p0: SIMD3<Double>, _ p1: SIMD3<Double>, _ p2: SIMD3<Double>,
                 colors c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>,
                 textureCoordinates t: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)? = nil) {
        // Inverse of the matrix whose rows are p0, p1, p2 (cofactors over the determinant):
        // its columns are cross products of the rows.
        let x01 = Self.cross(p1, p2), x12 = Self.cross(p2, p0), x20 = Self.cross(p0, p1)
        let det = (p0 * x01).sum()
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let inv = 1 / det
        func solve(_ v: SIMD3<Double>) -> SIMD3<Double> { (x01 * v.x + x12 * v.y + x20 * v.z) * inv }
        q = solve(SIMD3(1, 1, 1))
        let d0 = SIMD4<Double>(c0), d1 = SIMD4<Double>(c1), d2 = SIMD4<Double>(c2)
        r = solve(SIMD3(d0.x, d1.x, d2.x)); g = solve(SIMD3(d0.y, d1.y, d2.y))
        b = solve(SIMD3(d0.z, d1.z, d2.z)); a = solve(SIMD3(d0.w, d1.w, d2.w))
        flatColor = c0 == c1 && c1 == c2 && t == nil ? c0 : nil
        u = t.map { solve(SIMD3($0.0.x, $0.1.x, $0.2.x)) }
        v = t.map { solve(SIMD3($0.0.y, $0.1.y, $0.2.y)) }
    }

    @inline(__always)
    static func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
    }

    /// 1/w at the centre of pixel (x, y).
    @inlinable @inline(__always)
    public func reciprocalDepth(x: Int, y: Int) -> Double {
        q.x * (Double(x) + 0.5) + q.y * (Double(y) + 0.5) + q.z
    }

    /// The texture position (image pixels) at the centre of pixel (x, y) whose 1/w is `rw`.
    @inlinable @inline(__always)
    public func texturePoint(x: Int, y: Int, reciprocalDepth rw: Double) -> SIMD2<Float> {
        guard let u, let v else { return .zero }
        let p = SIMD3(Double(x) + 0.5, Double(y) + 0.5, 1)
        return SIMD2(Float((u * p).sum() / rw), Float((v * p).sum() / rw))
    }

    /// The premultiplied colour at the centre of pixel (x, y) whose 1/w is `rw`.
    @inlinable @inline(__always)
    public func color(x: Int, y: Int, reciprocalDepth rw: Double) -> SIMD4<Float> {
        if let flatColor { return flatColor }
        let p = SIMD3(Double(x) + 0.5, Double(y) + 0.5, 1)
        let w = 1 / rw
        return SIMD4<Float>(SIMD4((r * p).sum() * w, (g * p).sum() * w, (b * p).sum() * w, (a * p).sum() * w))
    }
}
