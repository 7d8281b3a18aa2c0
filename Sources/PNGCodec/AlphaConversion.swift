/// Exact conversions between premultiplied and straight alpha for RGBA8 pixels.
/// PNG stores straight alpha; Strata works premultiplied. Both directions round to
/// nearest, so for every valid premultiplied pixel (each channel ≤ alpha)
/// `premultiply(unpremultiply(p)) == p`, which makes encode → decode lossless.
/// Pixels are handled as little-endian `UInt32` words: R in the low byte, A in the high byte.
enum AlphaConversion {
    /// round(c · a / 255) for 8-bit c and a.
    @inline(__always)
    static func premultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
        let t = c &* a &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// round(c · 255 / a), clamped to 255 for invalid input (c > a); 0 when a = 0.
    @inline(__always)
    static func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
        if a == 0 { return 0 }
        return min(255, (c &* 255 &+ a / 2) / a)
    }

    /// One straight pixel word from one premultiplied pixel word (reference formula).
    @inline(__always)
    static func unpremultiplyPixel(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        let r = unpremultiply(p & 0xFF, a)
        let g = unpremultiply((p >> 8) & 0xFF, a)
        let b = unpremultiply((p >> 16) & 0xFF, a)
        return r | g << 8 | b << 16 | a << 24
    }

    /// One premultiplied pixel word from one straight pixel word.
    @inline(__always)
    static func premultiplyPixel(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        let r = premultiply(p & 0xFF, a)
        let g = premultiply((p >> 8) & 0xFF, a)
        let b = premultiply((p >> 16) & 0xFF, a)
        return r | g << 8 | b << 16 | a << 24
    }

    /// `unpremultiplyTable[a << 8 | c] == unpremultiply(c, a)`: 64 KiB, built once, so the
    /// per-pixel path has no division.
    static let unpremultiplyTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 65536)
        for a in 0..<256 {
            for c in 0..<256 {
                table[a << 8 | c] = UInt8(unpremultiply(UInt32(c), UInt32(a)))
            }
        }
        return table
    }()

    /// Straight RGBA8 from premultiplied RGBA8, `count` pixels; `source` and `destination`
    /// may be the same memory.
    static func unpremultiplyPixels(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, count: Int) {
        unpremultiplyTable.withUnsafeBufferPointer { table in
            let lut = table.baseAddress!
            for i in 0..<count {
                let p = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
                let a = p >> 24
                var q = p
                if a != 255 {
                    if a == 0 {
                        q = 0
                    } else {
                        let row = lut + Int(a << 8)
                        q = UInt32(row[Int(p & 0xFF)]) | UInt32(row[Int((p >> 8) & 0xFF)]) << 8
                            | UInt32(row[Int((p >> 16) & 0xFF)]) << 16 | a << 24
                    }
                }
                destination.storeBytes(of: q.littleEndian, toByteOffset: i &* 4, as: UInt32.self)
            }
        }
    }

    /// Premultiplies `count` straight RGBA8 pixels in place.
    static func premultiplyPixels(_ pixels: UnsafeMutableRawPointer, count: Int) {
        for i in 0..<count {
            let p = UInt32(littleEndian: pixels.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
            let a = p >> 24
            if a == 255 { continue }
            pixels.storeBytes(of: premultiplyPixel(p).littleEndian, toByteOffset: i &* 4, as: UInt32.self)
        }
    }
}
