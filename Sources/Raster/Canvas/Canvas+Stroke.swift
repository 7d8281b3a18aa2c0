extension Canvas {
    /// Strokes `path` in one coverage pass (see `Stroker`). `transform` maps path
    /// coordinates to device pixels; the style's lengths are device pixels.
    public func stroke(_ path: Path, style: StrokeStyle, paint: Paint, opacity: Float = 1, transform: Transform = .identity) {
        guard !path.isEmpty, style.width.isFinite, style.width > 0 else { return }
        let blur = style.blur.isFinite ? max(0, style.blur) : 0
        if blur > 0 {
            strokeBlurred(path, style: style, blur: blur, paint: paint, opacity: opacity, transform: transform)
            return
        }
        let hairline = style.width < 1
        draw(StrokeEdges(path: path, style: style, width: hairline ? 1 : style.width, transform: transform),
             rule: .nonZero, antialias: true, paint: paint, opacity: opacity, coverageScale: hairline ? style.width : 1)
    }

    func takeStrokeBuffers() -> StrokeBuffers {
        var b = StrokeBuffers()
        swap(&b, &strokeBuffers)
        return b
    }
}
