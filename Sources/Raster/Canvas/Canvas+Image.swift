extension Canvas {
    /// Draws a premultiplied image placed by `transform` (image pixels → device pixels),
    /// sampled at pixel centres with `filter`; the image's edge pixels extend to its border
    /// so bilinear edges stay solid. Without `antialias` (the default, as GL draws raster
    /// tiles) the image's outline is point-sampled, so adjacent images meet without seams.
    public func drawImage(_ image: Pixmap, transform: Transform, filter: ImageFilter, opacity: Float = 1, antialias: Bool = false) {
        guard image.width > 0, image.height > 0 else { return }
        var rect = Path()
        let w = Float(image.width), h = Float(image.height)
        rect.move(to: 0, 0); rect.line(to: w, 0); rect.line(to: w, h); rect.line(to: 0, h); rect.close()
        fill(rect, rule: .nonZero, paint: .pattern(Pattern(image: image, transform: transform, filter: filter, extend: .pad)),
             opacity: opacity, antialias: antialias, transform: transform)
    }
}
