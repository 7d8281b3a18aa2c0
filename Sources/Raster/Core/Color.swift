/// A colour with straight (non-premultiplied) float components in 0...1.
public struct Color: Sendable, Equatable, Hashable {
    public var r: Float, g: Float, b: Float, a: Float
    public init(r: Float, g: Float, b: Float, a: Float = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    public static let transparent = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)

    /// 8-bit sRGB components, as in `#rrggbb`.
    public init(rgb8 r: UInt8, _ g: UInt8, _ b: UInt8, alpha: Float = 1) {
        self.init(r: Float(r) / 255, g: Float(g) / 255, b: Float(b) / 255, a: alpha)
    }

    /// Premultiplied RGBA8 with rounding, the representation the pixmap stores.
    /// Non-finite components count as 0, so a bad colour can never poison a pixel.
    public var premultipliedRGBA8: PremultipliedRGBA8 {
        func unit(_ v: Float) -> Float { v.isFinite ? max(0, min(1, v)) : 0 }
        let al = unit(a)
        func q(_ v: Float) -> UInt8 { UInt8((unit(v) * al * 255).rounded()) }
        return PremultipliedRGBA8(r: q(r), g: q(g), b: q(b), a: UInt8((al * 255).rounded()))
    }

    public func withAlpha(multipliedBy k: Float) -> Color { Color(r: r, g: g, b: b, a: a * k) }
}

/// One premultiplied RGBA8 pixel (r ≤ a, g ≤ a, b ≤ a).
public struct PremultipliedRGBA8: Sendable, Equatable, Hashable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let transparent = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)

    /// The pixel as the little-endian 32-bit word the kernels work on (R in the low byte).
    @inline(__always)
    public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    @inline(__always)
    public init(packed v: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: v), g: UInt8(truncatingIfNeeded: v >> 8),
                  b: UInt8(truncatingIfNeeded: v >> 16), a: UInt8(truncatingIfNeeded: v >> 24))
    }
}
