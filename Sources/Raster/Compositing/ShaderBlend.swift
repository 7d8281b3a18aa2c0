/// Source-over of a premultiplied fragment onto the premultiplied RGBA8 canvas, computed as a
/// GL framebuffer does with blend factors (ONE, ONE_MINUS_SRC_ALPHA): in float, each channel
/// rounded to the nearest byte. `color255` is the premultiplied colour times 255, `alpha`
/// its premultiplied alpha (0...1), `k` the fragment's coverage factor.
///
/// Rounding is half up (what MapLibre's images show), done with the float trick of adding
/// 2^23 — the sum's low mantissa bits are then the value rounded to nearest even, read
/// without a float-to-int conversion — and a step up for exact halves. The scalar and SIMD
/// versions round identically.
public enum ShaderBlend {
    /// 2^23: adding it to a value in 0...255 leaves that value, rounded, in the low bits.
    @inlinable public static var magic: Float { 8_388_608 }

    @inlinable @inline(__always)
    public static func channel(_ c: Float, _ d: UInt32, _ k: Float, _ inv: Float) -> UInt32 {
        let v = min(max(c * k + Float(d) * inv, 0), 255)
        let even = v + magic
        let up: UInt32 = v - (even - magic) == 0.5 ? 1 : 0
        return (even.bitPattern & 0x1FF) &+ up
    }

    @inlinable @inline(__always)
    public static func over(_ dst: UInt32, color255: SIMD4<Float>, alpha: Float, k: Float) -> UInt32 {
        let inv = 1 - alpha * k
        let r = channel(color255.x, dst & 0xFF, k, inv)
        let g = channel(color255.y, (dst >> 8) & 0xFF, k, inv)
        let b = channel(color255.z, (dst >> 16) & 0xFF, k, inv)
        let a = channel(color255.w, dst >> 24, k, inv)
        return r | g << 8 | b << 16 | a << 24
    }

    /// `over` with the four channels in one SIMD register: the same operations, in the same
    /// order, per lane (`LinesShadingTests` holds it to `over`). For the pixels of short runs.
    @inlinable @inline(__always)
    public static func over4(_ dst: UInt32, color255: SIMD4<Float>, alpha: Float, k: Float) -> UInt32 {
        packRounded(color255 * k + channels(dst) * (1 - alpha * k))
    }

    /// A pixel's four bytes as floats, one per lane.
    @inlinable @inline(__always)
    public static func channels(_ pixel: UInt32) -> SIMD4<Float> {
        SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self)))
    }

    /// Each lane clamped to 0...255 and rounded half up (the 2^23 trick, exact halves stepped
    /// up, as `channel` does), packed back into a pixel: the tail of every four-lane blend.
    @inlinable @inline(__always)
    public static func packRounded(_ value: SIMD4<Float>) -> UInt32 {
        var v = value.replacing(with: 0, where: value .< 0)
        v = v.replacing(with: 255, where: v .> 255)
        let even = v + magic
        let up = SIMD4<UInt32>(repeating: 0).replacing(with: 1, where: v - (even - magic) .== 0.5)
        let out = (unsafeBitCast(even, to: SIMD4<UInt32>.self) & 0x1FF) &+ up
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: out), to: UInt32.self)
    }

    /// Eight pixels at once: `dst[i] = over(dst[i], k[i])` (lanes with k = 0 come out
    /// unchanged, as they do from `over`).
    @inlinable @inline(__always)
    public static func over8(_ dst: UnsafeMutablePointer<UInt32>, color255: SIMD4<Float>, alpha: Float, k: SIMD8<Float>) {
        let raw = UnsafeMutableRawPointer(dst)
        let d = raw.loadUnaligned(as: SIMD8<UInt32>.self)
        let inv = 1 - alpha * k
        @inline(__always)
        func channel(_ shift: UInt32, _ c: Float) -> SIMD8<UInt32> {
            rounded8(c * k + bytes8(d, shift) * inv, shift)
        }
        let out = channel(0, color255.x) | channel(8, color255.y) | channel(16, color255.z) | channel(24, color255.w)
        raw.storeBytes(of: out, as: SIMD8<UInt32>.self)
    }

    /// The byte at `shift` of eight pixels as floats: its bits under 2^23's exponent, minus
    /// 2^23 (no int-to-float conversion). The destination side of every eight-lane blend.
    @inlinable @inline(__always)
    public static func bytes8(_ d: SIMD8<UInt32>, _ shift: UInt32) -> SIMD8<Float> {
        unsafeBitCast(((d &>> shift) & 0xFF) | 0x4B00_0000, to: SIMD8<Float>.self) - SIMD8<Float>(repeating: magic)
    }

    /// Eight channel values clamped to 0...255 and rounded half up (the 2^23 trick, exact
    /// halves stepped up, as `channel` does), back in the byte at `shift`: the tail of every
    /// eight-lane blend (`over8`, `RampBlend.pixels8`, `SDFPass.shade8`).
    @inlinable @inline(__always)
    public static func rounded8(_ value: SIMD8<Float>, _ shift: UInt32) -> SIMD8<UInt32> {
        let magic = SIMD8<Float>(repeating: Self.magic)
        var v = value.replacing(with: 0, where: value .< 0)
        v = v.replacing(with: 255, where: v .> 255)
        let even = v + magic
        let up = SIMD8<UInt32>(repeating: 0).replacing(with: 1, where: v - (even - magic) .== 0.5)
        return ((unsafeBitCast(even, to: SIMD8<UInt32>.self) & 0x1FF) &+ up) &<< shift
    }

    /// `count` pixels under one fragment value: `over` with the same `k` for each (a plain
    /// fill when the result does not depend on the destination). `simd: false` runs the
    /// scalar twin only.
    @inlinable @inline(__always)
    public static func overRun(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, color255: SIMD4<Float>, alpha: Float, k: Float,
                        simd: Bool = true) {
        guard k > 0, count > 0 else { return }
        if alpha * k == 1 {
            dst.update(repeating: over(0, color255: color255, alpha: alpha, k: k), count: count)
            return
        }
        var i = 0
        let kv = SIMD8<Float>(repeating: k)
        while simd, i + 8 <= count {
            over8(dst + i, color255: color255, alpha: alpha, k: kv)
            i += 8
        }
        while i < count {
            dst[i] = over(dst[i], color255: color255, alpha: alpha, k: k)
            i += 1
        }
    }
}
