/// Canvas-to-canvas compositing of pixel rectangles: how an offscreen layer (a tile's clip
/// canvas) lands on the image. Only the rectangle is read and written, and transparent source
/// pixels are skipped, so a layer that drew little costs little.
extension Canvas {
    /// Premultiplied source-over of `source`'s pixels in `rect` onto this canvas (same size;
    /// nothing happens otherwise).
    public func composite(_ source: Canvas, in rect: PixelRect) {
        guard !rect.isEmpty, source.width == width, source.height == height,
              rect.x0 >= 0, rect.y0 >= 0, rect.x1 <= width, rect.y1 <= height else { return }
        let w = width
        source.pixmap.withUnsafePixels { s in
            withUnsafeMutablePixels { d in
                for y in rect.y0..<rect.y1 {
                    var i = y * w + rect.x0
                    let end = y * w + rect.x1
                    while i < end {
                        let p = s[i]
                        if p != 0 { d[i] = p >> 24 == 255 ? p : PixelMath.over(p, d[i]) }
                        i += 1
                    }
                }
            }
        }
    }

    /// Makes `rect` transparent.
    public func clear(_ rect: PixelRect) {
        let r = rect.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !r.isEmpty else { return }
        let w = width
        withUnsafeMutablePixels { px in
            for y in r.y0..<r.y1 {
                UnsafeMutableBufferPointer(rebasing: px[(y * w + r.x0)..<(y * w + r.x1)]).update(repeating: 0)
            }
        }
    }

    /// Sets every pixel of `rect` to `color` (replacing, not blending).
    public func fill(_ rect: PixelRect, with color: Color) {
        let r = rect.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !r.isEmpty else { return }
        let w = width, v = color.premultipliedRGBA8.packed
        withUnsafeMutablePixels { px in
            for y in r.y0..<r.y1 {
                UnsafeMutableBufferPointer(rebasing: px[(y * w + r.x0)..<(y * w + r.x1)]).update(repeating: v)
            }
        }
    }

    /// GL's source-over (`ShaderBlend.over4`: float, one rounding per channel) of a
    /// premultiplied colour (0...1) over the pixels of `rect` inside the canvas.
    public func blend(_ rect: PixelRect, color: SIMD4<Float>) {
        let r = rect.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !r.isEmpty, color.w > 0 else { return }
        let fragment = Fragment(color255: color * 255, alpha: color.w, k: 1)
        withSpans { spans in
            for y in r.y0..<r.y1 { spans.shade(row: y, from: r.x0, through: r.x1 - 1) { _ in fragment } }
        }
    }
}
