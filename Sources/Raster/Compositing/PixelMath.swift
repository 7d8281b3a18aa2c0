/// Integer pixel arithmetic shared by the SIMD kernels and their scalar twins.
///
/// A pixel is a packed premultiplied RGBA8 word (R in the low byte). Channels are processed
/// two at a time: `rb` = R and B in the low bytes of two 16-bit fields, `ag` = G and A.
/// A product of an 8-bit channel and an 8-bit factor fits a 16-bit field, and `div255`
/// rounds exactly (x/255 rounded to nearest for 0 ≤ x ≤ 255·255), so SIMD and scalar
/// paths produce bit-identical results.
@usableFromInline typealias Pixels8 = SIMD8<UInt32>
@usableFromInline typealias Lanes16 = SIMD16<UInt16>

enum PixelMath {
    static let lowBytes: UInt32 = 0x00FF_00FF

    /// round(x / 255) for every 16-bit lane, exact for x ≤ 65025.
    @inline(__always)
    static func div255(_ x: Lanes16) -> Lanes16 {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// round(x / 255) for both 16-bit fields of a word, exact for fields ≤ 65025.
    @inline(__always)
    static func div255Pair(_ x: UInt32) -> UInt32 {
        let t = x &+ 0x0080_0080
        return ((t &+ ((t >> 8) & lowBytes)) >> 8) & lowBytes
    }

    /// round(x / 255) of one value ≤ 65025.
    @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// Every channel of 8 pixels multiplied by its pixel's factor f (0...255), /255 rounded.
    @inline(__always)
    static func scale(_ px: Pixels8, by f: Pixels8) -> Pixels8 {
        let f2 = unsafeBitCast(f | (f &<< 16), to: Lanes16.self)
        let rb = unsafeBitCast(px & lowBytes, to: Lanes16.self)
        let ag = unsafeBitCast((px &>> 8) & lowBytes, to: Lanes16.self)
        let rb2 = unsafeBitCast(div255(rb &* f2), to: Pixels8.self)
        let ag2 = unsafeBitCast(div255(ag &* f2), to: Pixels8.self)
        return rb2 | (ag2 &<< 8)
    }

    /// Every channel of one pixel multiplied by f (0...255), /255 rounded.
    @inline(__always)
    static func scale(_ px: UInt32, by f: UInt32) -> UInt32 {
        let rb = div255Pair((px & lowBytes) &* f)
        let ag = div255Pair(((px >> 8) & lowBytes) &* f)
        return rb | (ag << 8)
    }

    /// Premultiplied source-over: s + d·(255 − s.a)/255.
    @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, by: 255 &- (s >> 24))
    }

    @inline(__always)
    static func over(_ s: Pixels8, _ d: Pixels8) -> Pixels8 {
        s &+ scale(d, by: 255 &- (s &>> 24))
    }

    /// Clamps r, g, b to a so a malformed premultiplied pixel can never carry into a
    /// neighbouring channel during blending.
    @inline(__always)
    static func sanitized(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        let r = min(p & 0xFF, a), g = min((p >> 8) & 0xFF, a), b = min((p >> 16) & 0xFF, a)
        return r | g << 8 | b << 16 | a << 24
    }
}

@inline(__always)
func loadPixels8(_ p: UnsafePointer<UInt32>) -> Pixels8 {
    UnsafeRawPointer(p).loadUnaligned(as: Pixels8.self)
}

@inline(__always)
func storePixels8(_ v: Pixels8, _ p: UnsafeMutablePointer<UInt32>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: Pixels8.self)
}

/// Eight coverage bytes widened to one 32-bit lane per pixel. Written lane by lane because
/// the generic `SIMD8(truncatingIfNeeded:)` stayed an out-of-line call in the package build;
/// this form compiles to movd + punpcklbw/punpcklwd.
@inline(__always)
func loadMask8(_ p: UnsafePointer<UInt8>) -> Pixels8 {
    Pixels8(UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]), UInt32(p[4]), UInt32(p[5]), UInt32(p[6]), UInt32(p[7]))
}

/// The eight mask bytes as one word, to test "all zero" / "all full" in one compare.
@inline(__always)
func maskWord8(_ p: UnsafePointer<UInt8>) -> UInt64 {
    UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
}
