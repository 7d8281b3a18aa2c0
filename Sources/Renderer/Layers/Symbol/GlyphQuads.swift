import SourceData

/// The quad of one shaped glyph (or image in text), in 24 px units, as MapLibre's
/// `getGlyphQuads` builds it: the glyph's padded field (or the image with its 1 px atlas
/// padding) at its scale, corners kept at 1/32 unit as the vertex buffer stores them. A glyph
/// stacked upright in vertical text is turned a quarter turn back about the middle of its em
/// box, so that when the whole label turns 90° clockwise it stands upright; that turn and the
/// label's cancel, and the quad is the unturned rectangle moved to where MapLibre's lands.
enum GlyphQuads {
    /// The field's (image's) rectangle before any offset: left, top from the pen and
    /// baseline, width and height.
    static func base(_ g: PositionedGlyph) -> SIMD4<Double> {
        let s = g.scale
        if let image = g.image {
            let r = image.image.pixelRatio, buffer = 1 / r
            return SIMD4((1 - buffer) * s, (3 - buffer) * s, Double(image.image.pixmap.width + 2) / r * s,
                         Double(image.image.pixmap.height + 2) / r * s)
        }
        let buffer = Double(SDFGlyph.border + SDFGlyphDrawing.atlasPadding)
        return SIMD4((Double(g.glyph.left) - buffer) * s, (Double(-g.glyph.top) - buffer) * s,
                     Double(g.glyph.fieldWidth + 2 * SDFGlyphDrawing.atlasPadding) * s,
                     Double(g.glyph.fieldHeight + 2 * SDFGlyphDrawing.atlasPadding) * s)
    }

    /// Half the glyph's advance at its scale (quads hang from the advance's middle).
    static func halfAdvance(_ g: PositionedGlyph) -> Double { g.horizontalAdvance * g.scale / 2 }

    /// A stacked glyph's rectangle once turned back and the label turned: `shift` is the
    /// offset MapLibre adds after its turn (the glyph's place in the label, or (0, y) along
    /// a line).
    static func upright(_ g: PositionedGlyph, shift: SIMD2<Double>) -> SIMD4<Double> {
        let b = base(g), h = halfAdvance(g)
        let imageCorrection = g.image != nil ? TextShaper.oneEm / 2 - h : 0
        let x = b.x - h + TextShaper.defaultOffset + imageCorrection - shift.y
        let y = b.y + TextShaper.defaultOffset + 10 - h + shift.x
        return SIMD4(x, y, x + b.z, y + b.w)
    }

    /// A point label's glyph from the anchor, `offset` being the text offset; `turned`: the
    /// quad turns a quarter turn clockwise with the label (a rotated glyph of vertical text).
    static func point(_ g: PositionedGlyph, offset: SIMD2<Double>, verticalLabel: Bool) -> (rect: SIMD4<Float>, turned: Bool) {
        if verticalLabel, g.vertical {
            return (rounded(upright(g, shift: SIMD2(g.x + halfAdvance(g) + offset.x, g.y + offset.y))), false)
        }
        let b = base(g)
        let x = b.x + g.x + offset.x, y = b.y + g.y + offset.y
        return (rounded(SIMD4(x, y, x + b.z, y + b.w)), verticalLabel)
    }

    /// A line label's glyph around its centre on the line; `turned`: the quad turns a
    /// quarter turn less than the line (a stacked glyph).
    static func alongLine(_ g: PositionedGlyph) -> (rect: SIMD4<Float>, turned: Bool) {
        let h = halfAdvance(g)
        if g.vertical {
            // Turned back about (−h, h + 17): upright in the line's frame less a quarter turn.
            return (rounded(upright(g, shift: SIMD2(0, g.y))), true)
        }
        let b = base(g)
        let x = b.x - h, y = b.y + g.y
        return (rounded(SIMD4(x, y, x + b.z, y + b.w)), false)
    }

    static func rounded(_ r: SIMD4<Double>) -> SIMD4<Float> {
        SIMD4(Float((r.x * 32).rounded()), Float((r.y * 32).rounded()), Float((r.z * 32).rounded()), Float((r.w * 32).rounded())) / 32
    }
}
