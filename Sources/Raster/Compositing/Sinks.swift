/// Blends coverage spans of a solid colour into pixmap rows.
struct SolidSink: CoverageSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    /// Premultiplied colour with opacity folded in.
    let color: UInt32
    let mode: KernelMode

    mutating func mask(y: Int, x: Int, count: Int, alpha: UnsafePointer<UInt8>) {
        let dst = pixels + y * width + x
        if mode == .simd {
            BlendKernels.solidMask(dst, count, color: color, mask: alpha)
        } else {
            BlendKernels.solidMaskScalar(dst, count, color: color, mask: alpha)
        }
    }

    mutating func constant(y: Int, x: Int, count: Int, alpha: UInt8) {
        let c = PixelMath.scale(color, by: UInt32(alpha))
        let dst = pixels + y * width + x
        if mode == .simd {
            BlendKernels.solidConst(dst, count, color: c)
        } else {
            BlendKernels.solidConstScalar(dst, count, color: c)
        }
    }
}

/// Blends coverage spans of a pattern (sampled per span) into pixmap rows.
struct PatternSink: CoverageSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let sampler: PatternSampler
    /// Opacity as a byte, applied to the sampled source.
    let opacity: UInt8
    /// Scratch for one row of sampled source pixels (≥ width).
    let scratch: UnsafeMutablePointer<UInt32>
    let mode: KernelMode

    @inline(__always)
    private func source(y: Int, x: Int, count: Int) {
        sampler.sample(y: y, x: x, count: count, into: scratch)
        if opacity != 255 {
            if mode == .simd {
                BlendKernels.scaleSpan(scratch, count, alpha: opacity)
            } else {
                BlendKernels.scaleSpanScalar(scratch, count, alpha: opacity)
            }
        }
    }

    mutating func mask(y: Int, x: Int, count: Int, alpha: UnsafePointer<UInt8>) {
        source(y: y, x: x, count: count)
        let dst = pixels + y * width + x
        if mode == .simd {
            BlendKernels.spanMask(dst, count, src: scratch, mask: alpha)
        } else {
            BlendKernels.spanMaskScalar(dst, count, src: scratch, mask: alpha)
        }
    }

    mutating func constant(y: Int, x: Int, count: Int, alpha: UInt8) {
        source(y: y, x: x, count: count)
        let dst = pixels + y * width + x
        if mode == .simd {
            BlendKernels.spanConst(dst, count, src: scratch, alpha: alpha)
        } else {
            BlendKernels.spanConstScalar(dst, count, src: scratch, alpha: alpha)
        }
    }
}
