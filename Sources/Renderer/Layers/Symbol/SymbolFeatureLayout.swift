import SourceData

/// One feature of a symbol layer laid out, before placement: its shaped text and icon and
/// how they are painted. Point and line placement share it.
struct SymbolFeatureLayout {
    var text: String
    var shaping: TextShaping?
    /// `text-offset` (or the radial offset) in 24 px units.
    var textOffset: SIMD2<Double>
    var icon: SymbolIcons.Shaped?
    /// text-size at the frame's zoom, and the size line anchors are spaced with
    /// (`SymbolLayerLayout.anchorSizeContext`).
    var fontSize: Float
    var maxFontSize: Float
    var drawing: SDFGlyphDrawing
    var textRotate: Float
    var iconRotate: Float
    /// `icon-padding` in CSS px, box order (left, top, right, bottom): what the icon's
    /// collision box grows by on each side, before it turns with `icon-rotate`.
    var iconPadding: SIMD4<Float> = .zero
    /// `text-variable-anchor(-offset)`: the anchors to try, and the text shaped around its
    /// centre for each justification they need (`shaping` is the first's).
    var variable: [SymbolVariableAnchors.Candidate]? = nil
    var variableShapings: [TextShaping?] = []
    /// The text shaped for vertical writing (`text-writing-mode` with `vertical`, text with
    /// characters to stack), tried in the layer's order of writing modes.
    var verticalShaping: TextShaping? = nil
    /// The icon fitted to the vertical text (`icon-text-fit`), turned with it.
    var verticalIcon: SymbolIcons.Shaped? = nil
    /// The shader inputs of the `format` sections that override the colour (by section).
    var sectionDrawings: [SDFGlyphDrawing?] = []

    /// The batch drawing indices of this feature's sections (nil: the feature's own).
    func sectionDrawingIndices(_ batch: SymbolBatch) -> [Int?] { sectionDrawings.map { $0.map(batch.add) } }

    /// The drawing of glyph `g`: its section's, else `base`.
    func drawingIndex(_ g: PositionedGlyph, base: Int, sections indices: [Int?]) -> Int {
        guard g.section < indices.count, let i = indices[g.section] else { return base }
        return i
    }
}

extension SymbolFeatureLayout {
    /// Bytes its arrays and text hold outside the struct (cache budgets). Glyph bitmaps are
    /// shared with the glyph cache and icons with the sprite cache, so they are not counted.
    var heapBytes: Int {
        func shaped(_ s: TextShaping?) -> Int { s.map { 48 + $0.glyphs.capacity * MemoryLayout<PositionedGlyph>.stride } ?? 0 }
        var n = text.utf8.count > 15 ? 32 + text.utf8.count : 0
        n += shaped(shaping) + shaped(verticalShaping)
        n += variableShapings.reduce(variableShapings.isEmpty ? 0 : 32 + variableShapings.capacity * MemoryLayout<TextShaping?>.stride) {
            $0 + shaped($1)
        }
        if let v = variable { n += 32 + v.capacity * MemoryLayout<SymbolVariableAnchors.Candidate>.stride }
        if !sectionDrawings.isEmpty { n += 32 + sectionDrawings.capacity * MemoryLayout<SDFGlyphDrawing?>.stride }
        return n
    }
}
