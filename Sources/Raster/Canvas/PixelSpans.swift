/// The one way a renderer writes a canvas's pixels: a handle lent for the length of a
/// `Canvas.withSpans` call that only blends, through Raster's kernels (tiny-skia's `Blitter`
/// boundary). The renderer's shaders compute colour and coverage; the blend, its rounding and
/// the store happen here. No pointer to the pixels leaves Raster.
///
/// Pixel coordinates are the canvas's; callers keep them inside it (the triangle rasterizer
/// and `PixelClip` do).
@frozen public struct PixelSpans {
    @usableFromInline let pixels: UnsafeMutablePointer<UInt32>
    public let width: Int, height: Int
    /// The canvas's kernel mode when lent (SIMD kernels or their scalar twins).
    public let kernelMode: KernelMode
    /// A mask canvas's pixels and which of them may be written (see `SpanMask`).
    @usableFromInline let mask: UnsafePointer<UInt32>?
    @usableFromInline let drawInsideMask: Bool

    @usableFromInline
    init(pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, kernelMode: KernelMode,
         mask: UnsafePointer<UInt32>? = nil, drawInsideMask: Bool = false) {
        self.pixels = pixels; self.width = width; self.height = height; self.kernelMode = kernelMode
        self.mask = mask; self.drawInsideMask = drawInsideMask
    }

    /// Whether pixel index `i` may be written under the mask (always without one).
    @inlinable @inline(__always)
    public func allows(_ i: Int) -> Bool {
        guard let mask else { return true }
        return (mask[i] >> 24 == 255) == drawInsideMask
    }

    /// GL's blend of one fragment (`ShaderBlend.over4`): premultiplied colour × 255, its
    /// alpha (0...1) and coverage `k`. Honours the mask.
    @inlinable @inline(__always)
    public func blend(x: Int, y: Int, color255: SIMD4<Float>, alpha: Float, k: Float) {
        let i = y &* width &+ x
        guard allows(i) else { return }
        pixels[i] = ShaderBlend.over4(pixels[i], color255: color255, alpha: alpha, k: k)
    }

    /// Pixels x0...x1 of row `y`, each blended with the fragment `fragment(x)` gives (nil:
    /// left alone), as `blend` blends it. Honours the mask.
    @inlinable @inline(__always)
    public func shade(row y: Int, from x0: Int, through x1: Int, _ fragment: (Int) -> Fragment?) {
        let row = pixels + y &* width
        let rowMask = mask.map { $0 + y &* width }
        var x = x0
        while x <= x1 {
            if let f = fragment(x), rowMask.map({ ($0[x] >> 24 == 255) == drawInsideMask }) ?? true {
                row[x] = ShaderBlend.over4(row[x], color255: f.color255, alpha: f.alpha, k: f.k)
            }
            x &+= 1
        }
    }

    /// `count` pixels of row `y` from `x` under one fragment (`ShaderBlend.overRun`; SIMD
    /// unless the canvas asks for the scalar twins or `simd` is false). No mask.
    @inlinable @inline(__always)
    public func blendRun(row y: Int, from x: Int, count: Int, color255: SIMD4<Float>, alpha: Float, k: Float, simd: Bool = true) {
        ShaderBlend.overRun(pixels + (y &* width &+ x), count, color255: color255, alpha: alpha, k: k,
                            simd: simd && kernelMode == .simd)
    }
}

/// One fragment for `PixelSpans`: premultiplied colour × 255, its alpha (0...1) and the
/// coverage factor `k` the blend scales both by.
@frozen public struct Fragment {
    public var color255: SIMD4<Float>
    public var alpha: Float
    public var k: Float

    @inlinable @inline(__always)
    public init(color255: SIMD4<Float>, alpha: Float, k: Float) {
        self.color255 = color255; self.alpha = alpha; self.k = k
    }
}

/// Which pixels of a canvas a masked `withSpans` may write: where the mask canvas (the same
/// size) is opaque, or where it is not.
public enum SpanMask {
    case none
    /// Only where the mask is opaque (a layer clipped to what another drew).
    case inside(Canvas)
    /// Only where the mask is not opaque (an outline kept off an opaque fill's interior).
    case outside(Canvas)
}

extension Canvas {
    /// Lends the pixels for blending through `PixelSpans`. A mask that is not the canvas's
    /// size is ignored (callers check sizes first when that matters). Inlinable: renderers
    /// call it per feature from another module.
    @inlinable
    public func withSpans<R>(mask: SpanMask = .none, _ body: (PixelSpans) throws -> R) rethrows -> R {
        let w = width, h = height, mode = kernelMode
        func lend(_ m: UnsafePointer<UInt32>?, inside: Bool) throws -> R {
            try withUnsafeMutablePixels { px in
                // An empty canvas may have no buffer address; its spans have no pixels to touch.
                try body(PixelSpans(pixels: px.baseAddress ?? UnsafeMutablePointer(bitPattern: 16)!, width: w, height: h,
                                    kernelMode: mode, mask: m, drawInsideMask: inside))
            }
        }
        switch mask {
        case .inside(let m) where m.width == w && m.height == h:
            return try m.pixmap.withUnsafePixels { try lend($0.baseAddress, inside: true) }
        case .outside(let m) where m.width == w && m.height == h:
            return try m.pixmap.withUnsafePixels { try lend($0.baseAddress, inside: false) }
        default:
            return try lend(nil, inside: false)
        }
    }
}
