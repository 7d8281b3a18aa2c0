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
        data = [UInt8](repeating: 0, count: width * height * 4)
        if fill != .transparent { self.fill(fill) }
    }

    public init(width: Int, height: Int, premultipliedData: [UInt8]) {
        precondition(premultipliedData.count == width * height * 4)
        self.width = width; self.height = height; self.data = premultipliedData
    }

    /// Builds a pixmap from straight-alpha RGBA8 bytes (what PNG decoders return).
    public init(width: Int, height: Int, straightRGBA: [UInt8]) {
        precondition(straightRGBA.count == width * height * 4)
        self.width = width; self.height = height
        data = straightRGBA
        var i = 0
        while i < data.count {
            let a = UInt32(data[i + 3])
            if a != 255 {
                for c in 0..<3 { data[i + c] = UInt8((UInt32(data[i + c]) * a + 127) / 255) }
            }
            i += 4
        }
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

    /// Sets every pixel to `p`.
    public mutating func fill(_ p: PremultipliedRGBA8) {
        let v = p.packed
        withUnsafeMutablePixels { px in px.update(repeating: v) }
    }

    /// The pixels as packed 32-bit words (R in the low byte on little-endian machines).
    @inlinable @inline(__always)
    public mutating func withUnsafeMutablePixels<R>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try data.withUnsafeMutableBufferPointer { bytes in
            try bytes.withMemoryRebound(to: UInt32.self) { try body($0) }
        }
    }

    @inlinable @inline(__always)
    public func withUnsafePixels<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try data.withUnsafeBufferPointer { bytes in
            try bytes.withMemoryRebound(to: UInt32.self) { try body($0) }
        }
    }

    /// A copy with `border` transparent pixels around it (how an atlas keeps one transparent
    /// texel around every image, so bilinear edges fade as GL's do).
    public func padded(by border: Int) -> Pixmap {
        precondition(border >= 0)
        var out = Pixmap(width: width + 2 * border, height: height + 2 * border)
        let rowBytes = width * 4, outRowBytes = out.width * 4
        for y in 0..<height {
            let src = y * rowBytes, dst = (y + border) * outRowBytes + border * 4
            out.data.replaceSubrange(dst..<(dst + rowBytes), with: data[src..<(src + rowBytes)])
        }
        return out
    }

    /// Straight-alpha RGBA8 bytes (for encoders that want un-premultiplied pixels).
    public var straightRGBA: [UInt8] {
        var out = data
        var i = 0
        while i < out.count {
            let a = UInt32(out[i + 3])
            if a != 255 {
                if a == 0 {
                    out[i] = 0; out[i + 1] = 0; out[i + 2] = 0
                } else {
                    for c in 0..<3 { out[i + c] = UInt8(min(255, (UInt32(out[i + c]) * 255 + a / 2) / a)) }
                }
            }
            i += 4
        }
        return out
    }
}
