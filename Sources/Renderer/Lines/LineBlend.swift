/// Source-over of a premultiplied fragment onto the premultiplied RGBA8 canvas, computed as a
/// GL framebuffer does with blend factors (ONE, ONE_MINUS_SRC_ALPHA): in float, each channel
/// rounded to the nearest byte. `color255` is the premultiplied colour times 255, `alpha`
/// its premultiplied alpha (0...1), `k` the fragment's coverage factor.
enum LineBlend {
    @inline(__always)
    static func over(_ dst: UInt32, color255: SIMD4<Float>, alpha: Float, k: Float) -> UInt32 {
        let inv = 1 - alpha * k
        let d = SIMD4<Float>(Float(dst & 0xFF), Float((dst >> 8) & 0xFF), Float((dst >> 16) & 0xFF), Float(dst >> 24))
        var v = color255 * k + d * inv + 0.5
        v = v.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255.5)).rounded(.down)
        let o = SIMD4<UInt32>(truncatingIfNeeded: SIMD4<Int32>(v))
        return o.x | o.y << 8 | o.z << 16 | o.w << 24
    }

    /// Eight pixels at once: `dst[i] = over(dst[i], k[i])`; lanes with k = 0 stay as they are
    /// (the result is the same: a zero fragment leaves the pixel unchanged).
    @inline(__always)
    static func over8(_ dst: UnsafeMutablePointer<UInt32>, color255: SIMD4<Float>, alpha: Float, k: SIMD8<Float>) {
        let raw = UnsafeMutableRawPointer(dst)
        let d = raw.loadUnaligned(as: SIMD8<UInt32>.self)
        let inv = 1 - alpha * k
        let mask = SIMD8<UInt32>(repeating: 0xFF)
        func channel(_ shift: UInt32, _ c: Float) -> SIMD8<UInt32> {
            let dc = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: (d &>> shift) & mask))
            var v = c * k + dc * inv + 0.5
            v = v.clamped(lowerBound: SIMD8(repeating: 0), upperBound: SIMD8(repeating: 255.5))
            return SIMD8<UInt32>(truncatingIfNeeded: SIMD8<Int32>(v, rounding: .down)) &<< shift
        }
        let out = channel(0, color255.x) | channel(8, color255.y) | channel(16, color255.z) | channel(24, color255.w)
        raw.storeBytes(of: out, as: SIMD8<UInt32>.self)
    }
}
