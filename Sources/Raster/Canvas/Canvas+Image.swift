extension Canvas {
    /// Draws a premultiplied image placed by `transform` (image pixels → device pixels),
    /// sampled at pixel centres with `filter`; the image's edge pixels extend to its border
    /// so bilinear edges stay solid. Without `antialias` (the default, as GL draws raster
    /// tiles) the image's outline is point-sampled, so adjacent images meet without seams.
    public func drawImage(_ image: Pixmap, transform: Transform, filter: ImageFilter, opacity: Float = 1, antialias: Bool = false) {
        guard image.width > 0, image.height > 0 else { return }
        drawImage(image, region: SIMD4(0, 0, image.width, image.height), transform: transform, filter: filter,
                  opacity: opacity, antialias: antialias)
    }

    /// Draws only `region` (min x, min y, max x, max y in image pixels) of the image, as GL
    /// draws a quad over part of a texture atlas: the quad is the region's outline, while a
    /// bilinear sample near its edge still blends with the image pixels just outside it.
    public func drawImage(_ image: Pixmap, region: SIMD4<Int>, transform: Transform, filter: ImageFilter,
                          opacity: Float = 1, antialias: Bool = false) {
        guard image.width > 0, image.height > 0, region.z > region.x, region.w > region.y else { return }
        var rect = Path()
        let x0 = Float(region.x), y0 = Float(region.y), x1 = Float(region.z), y1 = Float(region.w)
        rect.move(to: x0, y0); rect.line(to: x1, y0); rect.line(to: x1, y1); rect.line(to: x0, y1); rect.close()
        fill(rect, rule: .nonZero, paint: .pattern(Pattern(image: image, transform: transform, filter: filter, extend: .pad)),
             opacity: opacity, antialias: antialias, transform: transform)
    }
}
