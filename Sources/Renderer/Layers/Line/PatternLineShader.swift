import Raster
/// MapLibre's dashed (`line_sdf`), gradient (`line_gradient`) and dashed gradient
/// (`line_gradient_sdf`) shaders over spans: the plain line's edge alpha, times the dash
/// field's smoothstep when dashed, with the colour from the gradient ramp when there is one.
struct PatternLineShader: SpanShader {
    let spans: PixelSpans
    var uniforms: LineUniforms
    var varyings = LineVaryings()

    /// Dash field of the feature's pattern (nil: not dashed) and its smoothstep edges.
    var dashTexels: UnsafePointer<UInt8>?
    var dashHalfRows = 0
    var sdfLow: Float = 0.5, sdfHigh: Float = 0.5

    /// Whether the colour comes from the gradient ramp; the ramp and the part's row in it.
    var gradient = false
    var rampTexels: UnsafePointer<SIMD4<Float>>?
    var rampRow = 0
    var rampWidth = 256
    var rampNearest = false

    init(spans: PixelSpans, uniforms: LineUniforms) {
        self.spans = spans; self.uniforms = uniforms
    }

    @inline(__always)
    static func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    mutating func shade(row y: Int, from x0: Int, through x1: Int) {
        let v = varyings
        let py = Float(y) + 0.5 - v.y0
        let nx0 = v.normalX.x + v.normalX.z * py, ny0 = v.normalY.x + v.normalY.z * py
        let dx0 = v.dashX.x + v.dashX.z * py, dr0 = v.dashRow.x + v.dashRow.z * py
        let p0 = v.progress.x + v.progress.z * py
        let u = uniforms
        let cx = 0.5 - v.x0
        let dash = dashTexels, halfRows = dashHalfRows, low = sdfLow, high = sdfHigh
        let gradient = gradient, rampRow = rampRow, ramp = rampTexels, rampWidth = rampWidth, nearest = rampNearest
        spans.shade(row: y, from: x0, through: x1) { x in
            let px = Float(x) + cx
            let nx = nx0 + v.normalX.y * px, ny = ny0 + v.normalY.y * px
            var a = u.edgeAlpha((nx * nx + ny * ny).squareRoot() * u.outset)
            if let dash {
                let sdf = LineDashPattern.sample(x: dx0 + v.dashX.y * px, row: dr0 + v.dashRow.y * px,
                                                 halfRows: halfRows, texels: dash)
                a *= Self.smoothstep(low, high, sdf)
            }
            let k = a * u.opacity
            guard k > 0 else { return nil }
            if gradient {
                // Without line metrics MapLibre's ramp texture has no rows: an incomplete
                // texture, which samples as opaque black.
                var c = SIMD4<Float>(0, 0, 0, 1)
                if rampRow >= 0, let ramp {
                    c = LineGradientRamp.sample(row: rampRow, u: p0 + v.progress.y * px, width: rampWidth,
                                                nearest: nearest, texels: ramp)
                }
                return Fragment(color255: c * 255, alpha: c.w, k: k)
            }
            return Fragment(color255: u.color255, alpha: u.alpha, k: k)
        }
    }
}
