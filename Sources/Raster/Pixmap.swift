/// A colour with straight (non-premultiplied) float components in 0...1.
public struct Color: Sendable, Equatable, Hashable {
    public var r: Float, g: Float, b: Float, a: Float
    public init(r: Float, g: Float, b: Float, a: Float = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    public static let transparent = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)

    /// Premultiplied RGBA8 with rounding, the representation the pixmap stores.
    public var premultipliedRGBA8: PremultipliedRGBA8 {
        let al = max(0, min(1, a))
        func q(_ v: Float) -> UInt8 { UInt8((max(0, min(1, v)) * al * 255).rounded()) }
        return PremultipliedRGBA8(r: q(r), g: q(g), b: q(b), a: UInt8((al * 255).rounded()))
    }

    public func withAlpha(multipliedBy k: Float) -> Color { Color(r: r, g: g, b: b, a: a * k) }
}

/// One premultiplied RGBA8 pixel (r ≤ a, g ≤ a, b ≤ a).
public struct PremultipliedRGBA8: Sendable, Equatable, Hashable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let transparent = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)
}

/// A premultiplied RGBA8 image, rows top to bottom, 4 bytes per pixel in R,G,B,A order,
/// no padding between rows. Owns its memory; hot loops reach it through `withUnsafe…`.
public struct Pixmap: Sendable {
    public let width: Int
    public let height: Int
    /// width·height·4 bytes, premultiplied RGBA.
    public var data: [UInt8]

    public init(width: Int, height: Int, fill: PremultipliedRGBA8 = .transparent) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        if fill == .transparent {
            data = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            data = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buf, n in
                var i = 0
                while i < width * height * 4 {
                    buf[i] = fill.r; buf[i + 1] = fill.g; buf[i + 2] = fill.b; buf[i + 3] = fill.a
                    i += 4
                }
                n = width * height * 4
            }
        }
    }

    public init(width: Int, height: Int, premultipliedData: [UInt8]) {
        precondition(premultipliedData.count == width * height * 4)
        self.width = width; self.height = height; self.data = premultipliedData
    }

    @inline(__always)
    public func pixel(_ x: Int, _ y: Int) -> PremultipliedRGBA8 {
        let i = (y * width + x) * 4
        return PremultipliedRGBA8(r: data[i], g: data[i + 1], b: data[i + 2], a: data[i + 3])
    }

    public mutating func setPixel(_ x: Int, _ y: Int, _ p: PremultipliedRGBA8) {
        let i = (y * width + x) * 4
        data[i] = p.r; data[i + 1] = p.g; data[i + 2] = p.b; data[i + 3] = p.a
    }
}
