import Raster
/// MapLibre's `line_pattern` shader over spans: the plain line's edge alpha times opacity,
/// coloured by the pattern image stretched along the line. Across the line the image's
/// bordered rectangle (one wrapped texel each side, as the atlas holds it) spans the side
/// varying from −1 to 1; along it the image repeats every `dashX` unit (set per triangle from
/// `linesofar`, see `LineLayerStyle`). Colours are premultiplied samples blended source-over.
struct ImageLineShader: SpanShader, LineSpanShader {
    static var usesPatterns: Bool { true }

    let spans: PixelSpans
    var uniforms: LineUniforms
    var varyings = LineVaryings()
    var rampRow: Int { get { 0 } set {} }
    let image: PatternImage

    init(spans: PixelSpans, uniforms: LineUniforms, image: PatternImage) {
        self.spans = spans; self.uniforms = uniforms; self.image = image
    }

    mutating func shade(row y: Int, from x0: Int, through x1: Int) {
        let v = varyings
        let py = Float(y) + 0.5 - v.y0
        let nx0 = v.normalX.x + v.normalX.z * py, ny0 = v.normalY.x + v.normalY.z * py
        let px0 = v.dashX.x + v.dashX.z * py
        let u = uniforms
        let cx = 0.5 - v.x0
        let img = image
        let spanU = Float(img.paddedWidth), spanV = Float(img.paddedHeight)
        spans.shade(row: y, from: x0, through: x1) { x in
            let px = Float(x) + cx
            let nx = nx0 + v.normalX.y * px, ny = ny0 + v.normalY.y * px
            let k = u.edgeAlpha((nx * nx + ny * ny).squareRoot() * u.outset) * u.opacity
            guard k > 0 else { return nil }
            let along = px0 + v.dashX.y * px
            let s = PatternImage.fraction(along)
            let c = img.sample(s * spanU, (0.5 * ny + 0.5) * spanV)
            return Fragment(color255: c, alpha: c.w * (1 / 255), k: k)
        }
    }
}
