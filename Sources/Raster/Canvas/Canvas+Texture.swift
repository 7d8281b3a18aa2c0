/// Something that colours a pixel from its texture position, as a fragment shader over a
/// textured quad does: (u, v) across the texture; the result is a premultiplied colour with
/// components in 0...1.
public protocol TextureShader {
    func shade(u: Float, v: Float) -> SIMD4<Float>
}

/// Where pixel centres fall in a texture under an affine map: (u, v) of pixel (0, 0)'s
/// centre and the steps per pixel along x and y.
@frozen public struct AffineTexturePositions {
    public var origin: SIMD2<Double>, stepX: SIMD2<Double>, stepY: SIMD2<Double>

    @inlinable
    public init(origin: SIMD2<Double>, stepX: SIMD2<Double>, stepY: SIMD2<Double>) {
        self.origin = origin; self.stepX = stepX; self.stepY = stepY
    }
}

extension Canvas {
    /// Runs `shader` over the pixels whose centres lie in `clip` and blends each result
    /// source-over as GL blends (ONE, ONE_MINUS_SRC_ALPHA; `ShaderBlend.over4`, alpha clamped
    /// to 0...1); a colour with no positive component leaves the pixel. Positions step
    /// linearly along a row, so a pixel costs its shader and the blend.
    @inlinable
    public func shade<S: TextureShader>(_ shader: S, clip: PixelClip, positions t: AffineTexturePositions) {
        guard !clip.isEmpty else { return }
        withSpans { spans in
            for y in clip.minY...clip.maxY {
                var lo = clip.minX, hi = clip.maxX
                clip.narrow(row: y, &lo, &hi)
                guard lo <= hi else { continue }
                spans.shade(row: y, from: lo, through: hi) { x in
                    let p = t.origin + t.stepX * Double(x) + t.stepY * Double(y)
                    let c = shader.shade(u: Float(p.x), v: Float(p.y))
                    guard c.w > 0 || c.x > 0 || c.y > 0 || c.z > 0 else { return nil }
                    return Fragment(color255: c * 255, alpha: min(max(c.w, 0), 1), k: 1)
                }
            }
        }
    }
}
