extension Canvas {
    /// Strokes `path` in one coverage pass (see `Stroker`). `transform` maps path
    /// coordinates to device pixels; the style's lengths are device pixels.
    public func stroke(_ path: Path, style: StrokeStyle, paint: Paint, opacity: Float = 1, transform: Transform = .identity) {
        guard !path.isEmpty, style.width.isFinite, style.width > 0, pixmap.width > 0, pixmap.height > 0 else { return }
        let blur = style.blur.isFinite ? max(0, style.blur) : 0
        if blur > 0 {
            strokeBlurred(path, style: style, blur: blur, paint: paint, opacity: opacity, transform: transform)
            return
        }
        let hairline = style.width < 1
        buildStrokeEdges(path, style: style, width: hairline ? 1 : style.width, transform: transform)
        blend(paint, opacity: opacity, coverageScale: hairline ? style.width : 1,
              from: EdgeCoverage(rule: .nonZero, antialias: true))
    }

    /// Records the stroke pieces of `path` at `width` into `edges`.
    func buildStrokeEdges(_ path: Path, style: StrokeStyle, width: Float, transform: Transform) {
        var builder = StrokeBuilder(style: style, width: width, canvas: bounds, edges: takeEdges(), buffers: takeStrokeBuffers())
        PathFlattener(cullRect: builder.band).flatten(path, transform: transform, into: &builder)
        edges = builder.edges
        strokeBuffers = builder.buffers
    }

    private func takeStrokeBuffers() -> StrokeBuffers {
        var b = StrokeBuffers()
        swap(&b, &strokeBuffers)
        return b
    }
}
