/// A 2D affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct Transform: Sendable, Equatable {
    public var a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float

    public init(a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Float, _ y: Float) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(_ sx: Float, _ sy: Float) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `radians`, clockwise on screen (y points down).
    public static func rotation(_ radians: Float) -> Transform {
        let s = Float(Math.sin(Double(radians))), co = Float(Math.cos(Double(radians)))
        return Transform(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    /// `self` applied first, then `next`.
    public func then(_ next: Transform) -> Transform {
        Transform(a: next.a * a + next.c * b,
                  b: next.b * a + next.d * b,
                  c: next.a * c + next.c * d,
                  d: next.b * c + next.d * d,
                  tx: next.a * tx + next.c * ty + next.tx,
                  ty: next.b * tx + next.d * ty + next.ty)
    }

    @inline(__always)
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    public var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        let na = d * inv, nb = -b * inv, nc = -c * inv, nd = a * inv
        return Transform(a: na, b: nb, c: nc, d: nd,
                         tx: -(na * tx + nc * ty), ty: -(nb * tx + nd * ty))
    }

    public var isIdentity: Bool { self == .identity }
}
