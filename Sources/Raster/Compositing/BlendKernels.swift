/// Span compositing kernels: premultiplied RGBA8 source-over of a solid colour or a source
/// span, times a coverage mask or a constant. Each kernel runs 8 pixels per step with
/// `SIMD8<UInt32>` / `SIMD16<UInt16>` (pmullw on x86) and finishes the tail with its scalar
/// twin in `BlendKernels+Scalar.swift`; tests check that both agree bit for bit.
enum BlendKernels {
    /// dst = (color·mask) over dst, for `count` pixels. `color` is premultiplied.
    static func solidMask(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, color: UInt32, mask: UnsafePointer<UInt8>) {
        var i = 0
        let cv = Pixels8(repeating: color)
        let opaque = color >> 24 == 255
        while i + 8 <= count {
            let m = maskWord8(mask + i)
            if m != 0 {
                if opaque && m == UInt64.max {
                    storePixels8(cv, dst + i)
                } else {
                    let s = PixelMath.scale(cv, by: loadMask8(mask + i))
                    storePixels8(PixelMath.over(s, loadPixels8(dst + i)), dst + i)
                }
            }
            i += 8
        }
        if i < count { solidMaskScalar(dst + i, count - i, color: color, mask: mask + i) }
    }

    /// dst = color over dst, for `count` pixels (`color` already scaled by its coverage).
    static func solidConst(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, color: UInt32) {
        let alpha = color >> 24
        if alpha == 0 { return }
        if alpha == 255 { dst.update(repeating: color, count: count); return }
        var i = 0
        let cv = Pixels8(repeating: color)
        let inv = Pixels8(repeating: 255 - alpha)
        while i + 8 <= count {
            storePixels8(cv &+ PixelMath.scale(loadPixels8(dst + i), by: inv), dst + i)
            i += 8
        }
        if i < count { solidConstScalar(dst + i, count - i, color: color) }
    }

    /// dst = (src·mask) over dst, for `count` pixels of a premultiplied source span.
    static func spanMask(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, src: UnsafePointer<UInt32>, mask: UnsafePointer<UInt8>) {
        var i = 0
        while i + 8 <= count {
            let m = maskWord8(mask + i)
            if m != 0 {
                let sv = loadPixels8(src + i)
                let s = m == UInt64.max ? sv : PixelMath.scale(sv, by: loadMask8(mask + i))
                storePixels8(PixelMath.over(s, loadPixels8(dst + i)), dst + i)
            }
            i += 8
        }
        if i < count { spanMaskScalar(dst + i, count - i, src: src + i, mask: mask + i) }
    }

    /// dst = (src·alpha) over dst, for `count` pixels of a premultiplied source span.
    static func spanConst(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, src: UnsafePointer<UInt32>, alpha: UInt8) {
        if alpha == 0 { return }
        var i = 0
        let av = Pixels8(repeating: UInt32(alpha))
        while i + 8 <= count {
            let sv = loadPixels8(src + i)
            let s = alpha == 255 ? sv : PixelMath.scale(sv, by: av)
            storePixels8(PixelMath.over(s, loadPixels8(dst + i)), dst + i)
            i += 8
        }
        if i < count { spanConstScalar(dst + i, count - i, src: src + i, alpha: alpha) }
    }

    /// src = src·alpha in place (pattern opacity).
    static func scaleSpan(_ src: UnsafeMutablePointer<UInt32>, _ count: Int, alpha: UInt8) {
        var i = 0
        let av = Pixels8(repeating: UInt32(alpha))
        while i + 8 <= count {
            storePixels8(PixelMath.scale(loadPixels8(src + i), by: av), src + i)
            i += 8
        }
        if i < count { scaleSpanScalar(src + i, count - i, alpha: alpha) }
    }
}
