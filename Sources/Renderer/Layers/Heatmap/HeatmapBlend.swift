import Raster
/// One heatmap pixel: the density's colour from the ramp, times `heatmap-opacity`, over the
/// canvas pixel, in float with one rounding per channel (`ShaderBlend`'s GL blend). `pixel` is
/// the scalar twin of `pixels8`; both do the same float operations per lane in the same
/// order, so they agree bit for bit (`HeatmapBlendTests`).
///
/// The ramp is read through `padded`: its 256 texels and a copy of the last, so a clamped
/// density reads texel i with weight 0 for texel i + 1 and never leaves the buffer.
enum HeatmapBlend {
    /// The ramp texels followed by a copy of the last one (257 entries).
    static func padded(_ ramp: HeatmapColorRamp) -> [SIMD4<Float>] {
        ramp.texels + [ramp.texels[HeatmapColorRamp.size - 1]]
    }

    /// Texture position of a density (texel units, centre-aligned) clamped to the ramp, as
    /// index and weight of the next texel: the first texel below 0 (and for NaN), the last
    /// from 255 on.
    @inline(__always)
    static func rampTap(_ density: Float) -> (Int, Float) {
        let p = density * Float(HeatmapColorRamp.size) - 0.5
        guard p > 0 else { return (0, 0) }
        guard p < Float(HeatmapColorRamp.size - 1) else { return (HeatmapColorRamp.size - 1, 0) }
        let i = Int(p)
        return (i, p - Float(i))
    }

    /// Scalar: `dst` under the colour of `density`.
    @inline(__always)
    static func pixel(_ dst: UInt32, density: Float, opacity: Float, ramp t: UnsafePointer<SIMD4<Float>>) -> UInt32 {
        let (i, f) = rampTap(density)
        let c = (t[i] + (t[i + 1] - t[i]) * f) * opacity
        guard c.w > 0 || c.x > 0 || c.y > 0 || c.z > 0 else { return dst }
        return ShaderBlend.over4(dst, color255: c * 255, alpha: c.w, k: 1)
    }

    /// SIMD: eight pixels at `dst` under the colours of `density` (lane by lane `pixel`).
    @inline(__always)
    static func pixels8(_ dst: UnsafeMutablePointer<UInt32>, density: SIMD8<Float>, opacity: Float,
                        ramp t: UnsafePointer<SIMD4<Float>>) {
        let size = Float(HeatmapColorRamp.size)
        let magic = SIMD8<Float>(repeating: ShaderBlend.magic)
        var p = density * size - 0.5
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
    @inline(__always)
    static func channel(_ d: SIMD8<UInt32>, _ shift: UInt32, _ c: SIMD8<Float>, _ inv: SIMD8<Float>) -> SIMD8<UInt32> {
        let magic = SIMD8<Float>(repeating: ShaderBlend.magic)
        // The byte as a float: its bits under 2^23's exponent, minus 2^23.
        let dc = unsafeBitCast(((d &>> shift) & 0xFF) | 0x4B00_0000, to: SIMD8<Float>.self) - magic
        var v = c * 255 + dc * inv
        v = v.replacing(with: 0, where: v .< 0).replacing(with: 255, where: v .> 255)
        let even = v + magic
        let up = SIMD8<UInt32>(repeating: 0).replacing(with: 1, where: v - (even - magic) .== 0.5)
        return ((unsafeBitCast(even, to: SIMD8<UInt32>.self) & 0x1FF) &+ up) &<< shift
    }
}
