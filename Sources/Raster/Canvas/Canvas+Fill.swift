extension Canvas {
    /// Fills `path` (every contour implicitly closed) with `rule`.
    ///
    /// - antialias: exact area coverage when true; when false each pixel is in or out by
    ///   its centre, as GL rasterizes polygons.
    /// - transform: maps path coordinates to device pixels.
    public func fill(_ path: Path, rule: FillRule, paint: Paint, opacity: Float = 1, antialias: Bool = true,
                     transform: Transform = .identity) {
        guard !path.isEmpty else { return }
        draw(FillEdges(path: path, transform: transform), rule: rule, antialias: antialias, paint: paint, opacity: opacity)
    }
}
