import SourceData
import StyleSpec

/// One annotation laid out in CSS pixels relative to its coordinate: the callout box (fitted
/// to the text unless `width`/`height` say otherwise) and the text's glyph quads inside it.
/// Independent of zoom, pixel ratio and tile, so it is computed once per placement.
struct AnnotationLayout: Sendable {
    struct Quad: Sendable {
        var glyph: SDFGlyph
        /// Relative to the box's top-left corner, CSS px: minX, minY, maxX, maxY.
        var rect: SIMD4<Double>
    }

    /// The box relative to the coordinate, CSS px (offsets and anchor applied).
    var box: SIMD4<Double>
    var quads: [Quad]
    /// Border width, CSS px.
    static let border = 1.0
    /// Line height in ems and the default wrap width (ems) of text without a `width`.
    static let lineHeight = 1.2
    static let maxWidthEms = 12.0
    /// The font annotations are set in: the style's glyph PBFs when they have it, else the
    /// fonts directory.
    static let fontstack = "Noto Sans Regular"

    /// `glyph` looks a code point up in `fontstack`. `wrapWidth` (CSS px, box included) replaces
    /// the default wrap width of a box fitted to its text.
    init(_ a: Annotation, glyph: (UInt32) -> SDFGlyph?, wrapWidth: Double? = nil) {
        let style = a.appearance
        let k = style.textSize / TextShaper.oneEm
        let inset = style.padding + Self.border
        let maxWidth = (a.width ?? wrapWidth).map { max(1, $0 - 2 * inset) / k } ?? Self.maxWidthEms * TextShaper.oneEm
        let lineHeight = Self.lineHeight * TextShaper.oneEm
        let text = a.text.unicodeScalars.map(\.value)
        let shaping = text.isEmpty ? nil
            : TextShaper.shape(text, glyphs: glyph, maxWidth: maxWidth, lineHeight: lineHeight, anchor: .center,
                               justify: 0.5, spacing: 0, translate: .zero)
        let textW = shaping.map { ($0.right - $0.left) * k } ?? 0
        let textH = shaping.map { ($0.bottom - $0.top) * k } ?? lineHeight * k
        // Whole CSS pixels, so the box's edges fall on pixel edges at every integer ratio.
        let w = a.width ?? (textW + 2 * inset).rounded(.up)
        let h = a.height ?? (textH + 2 * inset).rounded(.up)
        let align = a.anchor.alignment
        let x0 = (-align.x * w + a.offsetX).rounded(), y0 = (-align.y * h + a.offsetY).rounded()
        box = SIMD4(x0, y0, x0 + w, y0 + h)
        quads = []
        guard let shaping else { return }
        // The text block's centre sits on the box's centre.
        let cx = w / 2 - (shaping.left + shaping.right) / 2 * k
        let cy = h / 2 - (shaping.top + shaping.bottom) / 2 * k
        let pad = Double(SDFGlyph.border + SDFGlyphDrawing.atlasPadding)
        for g in shaping.glyphs where !g.glyph.bitmap.isEmpty {
            let qx = Double(g.glyph.left) - pad + g.x
            let qy = Double(-g.glyph.top) - pad + g.y
            let qw = Double(g.glyph.fieldWidth + 2 * SDFGlyphDrawing.atlasPadding)
            let qh = Double(g.glyph.fieldHeight + 2 * SDFGlyphDrawing.atlasPadding)
            quads.append(Quad(glyph: g.glyph, rect: SIMD4(cx + qx * k, cy + qy * k, cx + (qx + qw) * k, cy + (qy + qh) * k)))
        }
    }

    var byteSize: Int { 64 + quads.count * 48 }
}
