import Raster
/// What every line fragment shader shares: the feature's colour and widths, in device pixels.
struct LineUniforms {
    /// Premultiplied colour times 255 (MapLibre's colour, premultiplied, as the shader sees it).
    var color255: SIMD4<Float>
    /// Premultiplied alpha of the colour (0...1).
    var alpha: Float
    var opacity: Float
    /// Distance from the centre line where the line ends (half width + gap + 0.5 px of
    /// anti-aliasing) and where a cased line's gap ends, device pixels.
    var outset: Float
    var inset: Float
    /// Width of the fade at the edges: blur + 1 px, and its inverse.
    let blur2: Float
    let inverseBlur2: Float

    init(color255: SIMD4<Float>, alpha: Float, opacity: Float, outset: Float, inset: Float, blur2: Float) {
        self.color255 = color255; self.alpha = alpha; self.opacity = opacity
        self.outset = outset; self.inset = inset; self.blur2 = blur2
        inverseBlur2 = 1 / blur2
    }

    /// MapLibre's alpha for a fragment at `dist` from the centre line: a ramp `blur2` wide
    /// inside both edges of the stroke.
    @inline(__always)
    func edgeAlpha(_ dist: Float) -> Float {
        min(max(min(dist - (inset - blur2), outset - dist) * inverseBlur2, 0), 1)
    }

    /// Whether every fragment no farther than `dist` from the centre line has alpha 1 (no
    /// gap to fade into, and `dist` short of the outer ramp by a margin for rounding).
    @inline(__always)
    func isSolid(within dist: Float) -> Bool {
        inset <= 0 && dist <= outset - blur2 - 1e-3
    }
}

/// Interpolated per-vertex values of the triangle being drawn: each as (value at the first
/// vertex, d/dx, d/dy), relative to that vertex at (x0, y0).
struct LineVaryings {
    var x0: Float = 0, y0: Float = 0
    /// v_normal: x is 1 at round-cap corners, y is the side (−1...1).
    var normalX = SIMD3<Float>(), normalY = SIMD3<Float>()
    /// Dash texture coordinates: x in pattern lengths, y in atlas rows of the pattern.
    var dashX = SIMD3<Float>(), dashRow = SIMD3<Float>()
    /// Gradient texture x (progress within the part).
    var progress = SIMD3<Float>()
}

/// MapLibre's plain line shader over spans: alpha from the distance to the centre line,
/// times opacity, blended source-over. Runs 8 pixels per step with SIMD; `simd = false`
/// uses the scalar twin for every pixel (tests check both agree).
struct SolidLineShader: SpanShader {
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    let uniforms: LineUniforms
    var varyings = LineVaryings()
    var simd = true

    /// The pixel an opaque line's solid core leaves (nil unless colour and opacity are opaque):
    /// `over` gives it whatever lies below, so such pixels are stored, not blended.
    let opaqueFill: UInt32?

    init(pixels: UnsafeMutablePointer<UInt32>, stride: Int, uniforms: LineUniforms) {
        self.pixels = pixels; self.stride = stride; self.uniforms = uniforms
        opaqueFill = uniforms.alpha * uniforms.opacity == 1
            ? ShaderBlend.over(0, color255: uniforms.color255, alpha: uniforms.alpha, k: uniforms.opacity) : nil
    }

    @inline(__always)
    mutating func shade(row y: Int, from x0: Int, through x1: Int) {
        let v = varyings
        let py = Float(y) + 0.5 - v.y0
        let nx0 = v.normalX.x + v.normalX.z * py, ny0 = v.normalY.x + v.normalY.z * py
        let row = pixels + y * stride
        let u = uniforms
        let k0 = u.opacity
        let cx = 0.5 - v.x0
        /// The distance of pixel x's centre from the centre line (the eight-lane loop below
        /// computes the same per lane).
        @inline(__always) func dist(_ x: Int) -> Float {
            let px = Float(x) + cx
            let nx = nx0 + v.normalX.y * px, ny = ny0 + v.normalY.y * px
            return (nx * nx + ny * ny).squareRoot() * u.outset
        }
        if x1 - x0 >= 7 {
            // The distance is convex along the run: when both ends are inside the solid
            // core, every pixel between gets alpha 1 (one colour blended over the run).
            // Shorter runs (most of them: joins and short segments) skip the two square
            // roots of the test; their pixels come out the same one by one.
            if u.isSolid(within: max(dist(x0), dist(x1))) {
                ShaderBlend.overRun(row + x0, x1 - x0 + 1, color255: u.color255, alpha: u.alpha, k: k0, simd: simd)
                return
            }
        }
        var x = x0
        if simd {
            let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
            while x + 8 <= x1 + 1 {
                let px = (lanes + Float(x)) + cx
                let nx = nx0 + v.normalX.y * px, ny = ny0 + v.normalY.y * px
                let dist = (nx * nx + ny * ny).squareRoot() * u.outset
                let inner = dist - (u.inset - u.blur2), outer = u.outset - dist
                // min, then clamp to 0...1, as lane selects (no library calls).
                var a = inner.replacing(with: outer, where: outer .< inner) * u.inverseBlur2
                a = a.replacing(with: 0, where: a .< 0)
                a = a.replacing(with: 1, where: a .> 1)
                if let fill = opaqueFill, LaneMask.all(a .== 1) {
                    UnsafeMutableRawPointer(row + x).storeBytes(of: SIMD8(repeating: fill), as: SIMD8<UInt32>.self)
                } else {
                    let k = a * k0
                    if LaneMask.any(k .> 0) { ShaderBlend.over8(row + x, color255: u.color255, alpha: u.alpha, k: k) }
                }
                x += 8
            }
            // The rest (all of a short run; most are one pixel at low zoom): the blend is
            // computed whatever the alpha and the pixel picked by selects, not by branches on
            // the alpha, which no predictor guesses along a line's edge. A blend of k ≤ 0
            // (or NaN) is computed and dropped.
            let fill = opaqueFill ?? 0, opaque = opaqueFill != nil
            while x <= x1 {
                let e = u.edgeAlpha(dist(x))
                let k = e * k0
                let old = row[x]
                let blended = ShaderBlend.over4(old, color255: u.color255, alpha: u.alpha, k: k)
                let kept = k > 0 ? blended : old
                row[x] = e == 1 && opaque ? fill : kept
                x += 1
            }
            return
        }
        while x <= x1 {
            let e = u.edgeAlpha(dist(x))
            if e == 1, let fill = opaqueFill {
                row[x] = fill
            } else {
                let k = e * k0
                if k > 0 { row[x] = ShaderBlend.over(row[x], color255: u.color255, alpha: u.alpha, k: k) }
            }
            x += 1
        }
    }
}
