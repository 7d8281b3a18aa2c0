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
/// times opacity (`LineEdgeCoverage`), blended source-over by Raster's coverage kernel, eight
/// pixels per step with SIMD; `simd = false` runs the scalar twin for every pixel (tests check
/// both agree).
struct SolidLineShader: SpanShader {
    let spans: PixelSpans
    let uniforms: LineUniforms
    var varyings = LineVaryings()
    var simd = true
    let color: RunColor

    init(spans: PixelSpans, uniforms: LineUniforms) {
        self.spans = spans; self.uniforms = uniforms
        color = RunColor(color255: uniforms.color255, alpha: uniforms.alpha)
    }

    @inline(__always)
    mutating func shade(row y: Int, from x0: Int, through x1: Int) {
        let v = varyings
        let py = Float(y) + 0.5 - v.y0
        let coverage = LineEdgeCoverage(uniforms: uniforms, nx0: v.normalX.x + v.normalX.z * py, ny0: v.normalY.x + v.normalY.z * py,
                                        dnx: v.normalX.y, dny: v.normalY.y, cx: 0.5 - v.x0)
        if x1 - x0 >= 7 {
            // The distance is convex along the run: when both ends are inside the solid
            // core, every pixel between gets alpha 1 (one colour blended over the run).
            // Shorter runs (most of them: joins and short segments) skip the two square
            // roots of the test; their pixels come out the same one by one.
            if uniforms.isSolid(within: max(coverage.dist(x0), coverage.dist(x1))) {
                spans.blendRun(row: y, from: x0, count: x1 - x0 + 1, color255: uniforms.color255, alpha: uniforms.alpha,
                               k: uniforms.opacity, simd: simd)
                return
            }
        }
        spans.blendCoverage(row: y, from: x0, through: x1, color: color, coverage: coverage, simd: simd)
    }
}

/// The plain line's coverage along one row: MapLibre's edge alpha at each pixel centre's
/// distance from the centre line, times opacity; eight lanes with the same float operations
/// as one pixel.
struct LineEdgeCoverage: SpanCoverage {
    let uniforms: LineUniforms
    /// The normal varyings at x = 0 of the row (relative to the triangle's first vertex) and
    /// their steps per pixel; `cx` takes a pixel index to its centre's offset.
    let nx0: Float, ny0: Float, dnx: Float, dny: Float, cx: Float

    /// The distance of pixel x's centre from the centre line.
    @inline(__always)
    func dist(_ x: Int) -> Float {
        let px = Float(x) + cx
        let nx = nx0 + dnx * px, ny = ny0 + dny * px
        return (nx * nx + ny * ny).squareRoot() * uniforms.outset
    }

    @inline(__always)
    func coverage(_ x: Int) -> Float { uniforms.edgeAlpha(dist(x)) * uniforms.opacity }

    @inline(__always)
    func coverage8(_ x: Int) -> SIMD8<Float> {
        let u = uniforms
        let px = (SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7) + Float(x)) + cx
        let nx = nx0 + dnx * px, ny = ny0 + dny * px
        let dist = (nx * nx + ny * ny).squareRoot() * u.outset
        let inner = dist - (u.inset - u.blur2), outer = u.outset - dist
        // min, then clamp to 0...1, as lane selects (no library calls).
        var a = inner.replacing(with: outer, where: outer .< inner) * u.inverseBlur2
        a = a.replacing(with: 0, where: a .< 0)
        a = a.replacing(with: 1, where: a .> 1)
        return a * u.opacity
    }
}
