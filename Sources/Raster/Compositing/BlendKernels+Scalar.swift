/// Scalar twins of the SIMD kernels: the same integer formulas one pixel at a time. They
/// finish the SIMD kernels' tails, serve `KernelMode.scalar`, and are the reference the
/// kernel tests compare against.
extension BlendKernels {
    static func solidMaskScalar(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, color: UInt32, mask: UnsafePointer<UInt8>) {
        for i in 0..<count {
            let m = UInt32(mask[i])
            if m == 0 { continue }
            let s = PixelMath.scale(color, by: m)
            dst[i] = PixelMath.over(s, dst[i])
        }
    }

    static func solidConstScalar(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, color: UInt32) {
        let inv = 255 - (color >> 24)
        for i in 0..<count { dst[i] = color &+ PixelMath.scale(dst[i], by: inv) }
    }

    static func spanMaskScalar(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, src: UnsafePointer<UInt32>, mask: UnsafePointer<UInt8>) {
        for i in 0..<count {
            let m = UInt32(mask[i])
            if m == 0 { continue }
            dst[i] = PixelMath.over(PixelMath.scale(src[i], by: m), dst[i])
        }
    }

    static func spanConstScalar(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, src: UnsafePointer<UInt32>, alpha: UInt8) {
        let a = UInt32(alpha)
        for i in 0..<count { dst[i] = PixelMath.over(PixelMath.scale(src[i], by: a), dst[i]) }
    }

    static func scaleSpanScalar(_ src: UnsafeMutablePointer<UInt32>, _ count: Int, alpha: UInt8) {
        let a = UInt32(alpha)
        for i in 0..<count { src[i] = PixelMath.scale(src[i], by: a) }
    }
}
