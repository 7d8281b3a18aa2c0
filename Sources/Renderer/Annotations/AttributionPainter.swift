import StyleSpec

/// The data's attribution drawn into a static image the way MapLibre GL JS's attribution
/// control shows it on a map: small dark text on a translucent white box, flush in the
/// bottom-right corner. Laid out and drawn with the annotations' text code (same glyphs:
/// the style's PBFs for `AnnotationLayout.fontstack`, else the fonts directory).
enum AttributionPainter {
    /// `.maplibregl-ctrl-attrib`: 12 px text in rgba(0, 0, 0, 0.75) on hsla(0, 0%, 100%, 0.5),
    /// 5 px from the box's sides (padding 4 + the layout's 1 px border, drawn transparent).
    static var appearance: Annotation.Appearance {
        var a = Annotation.Appearance()
        a.textSize = 12
        a.padding = 4
        a.textColor = .init("rgba(0,0,0,0.75)", StyleColor(r: 0, g: 0, b: 0, a: 0.75))
        a.backgroundColor = .init("rgba(255,255,255,0.5)", StyleColor(r: 1, g: 1, b: 1, a: 0.5))
        a.borderColor = .init("transparent", StyleColor(r: 0, g: 0, b: 0, a: 0))
        return a
    }

    /// Draws `text` (plain, one line while it fits the image's width, wrapped beyond); true
    /// when it drew.
    static func draw(_ text: String, _ frame: RenderFrame) throws -> Bool {
        guard !text.isEmpty else { return false }
        try frame.checkDeadlineNow()
        let canvas = frame.output, r = frame.camera.pixelRatio
        let cssWidth = Double(canvas.width) / r, cssHeight = Double(canvas.height) / r
        var a = Annotation(id: "attribution", longitude: 0, latitude: 0, text: text)
        a.anchor = .bottomRight
        a.appearance = appearance
        let glyphs = AnnotationGlyphs(frame)
        let layout = AnnotationLayout(a, glyph: glyphs.glyph, wrapWidth: cssWidth)
        // The anchor (the box's bottom-right corner) on the image's bottom-right corner.
        let box = ((layout.box + SIMD4(cssWidth, cssHeight, cssWidth, cssHeight)) * r).rounded(.toNearestOrAwayFromZero)
        AnnotationPainter.drawBox(layout, a.appearance, at: box, ratio: r, on: canvas)
        frame.clock.mark(.raster)
        return true
    }
}
