/// Per-pixel coverage of a run of pixels under one colour, as a shader computes it: MapLibre's
/// line edge ramp, for example. `coverage8` gives eight pixels at once with the same float
/// operations per lane as `coverage` (its scalar twin), so either gives the same bytes.
/// Coverage is already times opacity, in 0...1: a pixel of coverage 0 is left as it is
/// (the eight-lane blend computes it and gets the pixel back), so a shader clamps first.
public protocol SpanCoverage {
    func coverage(_ x: Int) -> Float
    func coverage8(_ x: Int) -> SIMD8<Float>
}

/// A uniform colour for coverage runs: premultiplied × 255, its alpha (0...1), and the pixel
/// an opaque colour at full coverage leaves whatever lies below (stored, not blended).
@frozen public struct RunColor {
    public let color255: SIMD4<Float>
    public let alpha: Float
    @usableFromInline let opaqueFill: UInt32?

    @inlinable
    public init(color255: SIMD4<Float>, alpha: Float) {
        self.color255 = color255; self.alpha = alpha
        opaqueFill = alpha == 1 ? ShaderBlend.over(0, color255: color255, alpha: 1, k: 1) : nil
    }
}

extension PixelSpans {
    /// Pixels x0...x1 of row `y` blended with `color` at the coverage `c` gives each
    /// (`ShaderBlend`'s GL blend). `simd`: eight pixels per step through `over8` and the rest
    /// by selects (a line's edge is what no branch predictor guesses); else the scalar twin,
    /// pixel by pixel. Pixels of full coverage under an opaque colour are stored. No mask.
    @inlinable @inline(__always)
    public func blendCoverage<C: SpanCoverage>(row y: Int, from x0: Int, through x1: Int, color: RunColor, coverage c: C,
                                               simd: Bool = true) {
        let row = pixels + y &* width
        var x = x0
        guard simd && kernelMode == .simd else {
            while x <= x1 {
                let k = c.coverage(x)
                if k == 1, let fill = color.opaqueFill {
                    row[x] = fill
                } else if k > 0 {
                    row[x] = ShaderBlend.over(row[x], color255: color.color255, alpha: color.alpha, k: k)
                }
                x &+= 1
            }
            return
        }
        while x &+ 8 <= x1 &+ 1 {
            let k = c.coverage8(x)
            if let fill = color.opaqueFill, LaneMask.all(k .== 1) {
                UnsafeMutableRawPointer(row + x).storeBytes(of: SIMD8(repeating: fill), as: SIMD8<UInt32>.self)
            } else if LaneMask.any(k .> 0) {
                ShaderBlend.over8(row + x, color255: color.color255, alpha: color.alpha, k: k)
            }
            x &+= 8
        }
        // The rest (all of a short run; most are one pixel at low zoom): the blend is computed
        // whatever the coverage and the pixel picked by selects; a blend of k ≤ 0 (or NaN) is
        // computed and dropped.
        let fill = color.opaqueFill ?? 0, opaque = color.opaqueFill != nil
        while x <= x1 {
            let k = c.coverage(x)
            let old = row[x]
            let blended = ShaderBlend.over4(old, color255: color.color255, alpha: color.alpha, k: k)
            let kept = k > 0 ? blended : old
            row[x] = k == 1 && opaque ? fill : kept
            x &+= 1
        }
    }
}
