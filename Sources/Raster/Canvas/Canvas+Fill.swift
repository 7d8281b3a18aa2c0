extension Canvas {
    /// Fills `path` (every contour implicitly closed) with `rule`.
    ///
    /// - antialias: exact area coverage when true; when false each pixel is in or out by
    ///   its centre, as GL rasterizes polygons.
    /// - transform: maps path coordinates to device pixels.
    public func fill(_ path: Path, rule: FillRule, paint: Paint, opacity: Float = 1, antialias: Bool = true,
                     transform: Transform = .identity) {
        guard !path.isEmpty, pixmap.width > 0, pixmap.height > 0 else { return }
        var sink = FillEdgeSink(edges: takeEdges())
        PathFlattener(cullRect: bounds.outset(by: 1)).flatten(path, transform: transform, into: &sink)
        edges = sink.edges
        blend(paint, opacity: opacity, from: EdgeCoverage(rule: rule, antialias: antialias))
    }
}
