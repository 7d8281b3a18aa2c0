import Raster

extension SymbolBatch {
    /// The quads of a point label's shaped text hanging from `origin` (device px), `offset`
    /// being the text offset baked into them (24 px units), `scale` text-size / 24 × pixel
    /// ratio. A vertical shaping turns a quarter turn clockwise, its stacked glyphs upright.
    func appendGlyphs(_ shaping: TextShaping, at origin: SIMD2<Float>, offset: SIMD2<Double>, scale: Float, angle: Float,
                      gridded: Bool, to quads: inout [Quad], drawing: (PositionedGlyph) -> Int) {
        for g in shaping.glyphs where g.draws {
            let q = GlyphQuads.point(g, offset: offset, verticalLabel: shaping.vertical)
            var out = Quad(glyph: g.glyph, quad: RotatedQuad(center: origin, angle: angle + (q.turned ? .pi / 2 : 0), rect: q.rect * scale,
                                                             gridded: gridded),
                           drawing: drawing(g))
            if let image = g.image {
                images.append(image)
                out.image = Int32(images.count - 1)
            }
            quads.append(out)
        }
    }

    /// An image in text over its quad (its padded pixels edge to edge), times the text
    /// opacity: sampled nearest when shown unturned at its pixel size, else bilinearly.
    func drawImage(_ q: Quad, on canvas: Canvas) {
        let image = images[Int(q.image)]
        let pix: Pixmap
        if let hit = paddedImages[image.name] {
            pix = hit
        } else {
            // The atlas keeps one transparent texel around every image.
            let out = image.image.pixmap.padded(by: 1)
            paddedImages[image.name] = out
            pix = out
        }
        let opacity = drawings[q.drawing].opacity
        guard opacity > 0 else { return }
        let r = q.quad.rect
        let native = q.quad.angle == 0 && abs(r.z - r.x - Float(pix.width)) < 1e-3 && abs(r.w - r.y - Float(pix.height)) < 1e-3
        canvas.drawImage(pix, transform: q.quad.imageTransform(width: pix.width, height: pix.height),
                         filter: native ? .nearest : .bilinear, opacity: opacity)
    }
}
