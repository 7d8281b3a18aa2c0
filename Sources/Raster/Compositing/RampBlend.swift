/// A colour ramp over a pixel: the colour of a value (0...1) read linearly from a 256-texel
/// ramp (premultiplied colours 0...1, centre-aligned, clamped to its ends), times opacity,
/// over the pixel in float with one rounding per channel (`ShaderBlend`'s GL blend). The
/// heatmap's second pass. `pixel` is the scalar twin of `pixels8`; both do the same float
/// operations per lane in the same order, so they agree bit for bit (`HeatmapBlendTests`).
///
/// The ramp is read through `padded`: its 256 texels and a copy of the last, so a clamped
/// value reads texel i with weight 0 for texel i + 1 and never leaves the buffer.
public enum RampBlend {
    /// Texels in a ramp.
    public static let size = 256

    /// The ramp texels (`size`) followed by a copy of the last one.
    public static func padded(_ texels: [SIMD4<Float>]) -> [SIMD4<Float>] {
        precondition(texels.count == size)
        return texels + [texels[size - 1]]
    }

    /// Texture position of a value (texel units, centre-aligned) clamped to the ramp, as
    /// index and weight of the next texel: the first texel below 0 (and for NaN), the last
    /// from 255 on.
    @inlinable @inline(__always)
    public static func tap(_ value: Float) -> (Int, Float) {
        let p = value * Float(size) - 0.5
        guard p > 0 else { return (0, 0) }
        guard p < Float(size - 1) else { return (size - 1, 0) }
        let i = Int(p)
        return (i, p - Float(i))
    }

    /// Scalar: `dst` under the colour of `value`.
    @inlinable @inline(__always)
    public static func pixel(_ dst: UInt32, value: Float, opacity: Float, ramp t: UnsafePointer<SIMD4<Float>>) -> UInt32 {
        let (i, f) = tap(value)
        let c = (t[i] + (t[i + 1] - t[i]) * f) * opacity
        guard c.w > 0 || c.x > 0 || c.y > 0 || c.z > 0 else { return dst }
        return ShaderBlend.over4(dst, color255: c * 255, alpha: c.w, k: 1)
    }

    /// SIMD: eight pixels at `dst` under the colours of `value` (lane by lane `pixel`).
    @inlinable @inline(__always)
    public static func pixels8(_ dst: UnsafeMutablePointer<UInt32>, value: SIMD8<Float>, opacity: Float,
                               ramp t: UnsafePointer<SIMD4<Float>>) {
        let size = Float(Self.size)
        let magic = SIMD8<Float>(repeating: ShaderBlend.magic)
        var p = value * size - 0.5
        let low = .!(p .> 0), high = p .>= size - 1
        p = p.replacing(with: 0, where: low).replacing(with: size - 1, where: high)
        // Whole texels 0...255, read as integers from the low mantissa bits of w + 2^23.
        let whole = p.rounded(.towardZero)
        let index = unsafeBitCast(whole + magic, to: SIMD8<UInt32>.self) & 0x1FF
        let f = (p - whole).replacing(with: 0, where: low .| high)
        // Gather the two texels of every lane, channel by channel.
        var r0 = SIMD8<Float>(), g0 = SIMD8<Float>(), b0 = SIMD8<Float>(), a0 = SIMD8<Float>()
        var r1 = SIMD8<Float>(), g1 = SIMD8<Float>(), b1 = SIMD8<Float>(), a1 = SIMD8<Float>()
        for lane in 0..<8 {
            let i = Int(index[lane])
            let c0 = t[i], c1 = t[i + 1]
            r0[lane] = c0.x; g0[lane] = c0.y; b0[lane] = c0.z; a0[lane] = c0.w
            r1[lane] = c1.x; g1[lane] = c1.y; b1[lane] = c1.z; a1[lane] = c1.w
        }
        let r = (r0 + (r1 - r0) * f) * opacity, g = (g0 + (g1 - g0) * f) * opacity
        let b = (b0 + (b1 - b0) * f) * opacity, a = (a0 + (a1 - a0) * f) * opacity
        let raw = UnsafeMutableRawPointer(dst)
        let d = raw.loadUnaligned(as: SIMD8<UInt32>.self)
        let inv = 1 - a
        let out = channel(d, 0, r, inv) | channel(d, 8, g, inv) | channel(d, 16, b, inv) | channel(d, 24, a, inv)
        raw.storeBytes(of: out, as: SIMD8<UInt32>.self)
    }

    /// One channel (the byte at `shift`) of eight pixels: `c · 255 + dst · inv`, clamped,
    /// rounded half up as `ShaderBlend.channel` rounds.
    @inlinable @inline(__always)
    static func channel(_ d: SIMD8<UInt32>, _ shift: UInt32, _ c: SIMD8<Float>, _ inv: SIMD8<Float>) -> SIMD8<UInt32> {
        ShaderBlend.rounded8(c * 255 + ShaderBlend.bytes8(d, shift) * inv, shift)
    }
}

extension PixelSpans {
    /// Pixel (x, y) under the ramp's colour of `value` (`RampBlend.pixel`). Honours the mask.
    @inlinable @inline(__always)
    public func blendRamp(x: Int, y: Int, value: Float, opacity: Float, ramp: UnsafePointer<SIMD4<Float>>) {
        let i = y &* width &+ x
        guard allows(i) else { return }
        pixels[i] = RampBlend.pixel(pixels[i], value: value, opacity: opacity, ramp: ramp)
    }

    /// Pixels x..<x+8 of row `y` under the ramp's colours of `value` (`RampBlend.pixels8`). No mask.
    @inlinable @inline(__always)
    public func blendRamp8(x: Int, y: Int, value: SIMD8<Float>, opacity: Float, ramp: UnsafePointer<SIMD4<Float>>) {
        RampBlend.pixels8(pixels + (y &* width &+ x), value: value, opacity: opacity, ramp: ramp)
    }
}
