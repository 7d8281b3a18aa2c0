/// A glyph's outline at the size it is drawn, in pixels with y up from the baseline: closed
/// rings of points (curves already flattened), and the font's metrics for it.
public struct GlyphOutline: Sendable, Equatable {
    public var rings: [[SIMD2<Double>]]
    /// Pen advance in whole pixels.
    public var advance: Int
    /// The face's ascender at this size in whole pixels (glyph tops are measured from it).
    public var ascender: Int

    public init(rings: [[SIMD2<Double>]], advance: Int, ascender: Int) {
        self.rings = rings; self.advance = advance; self.ascender = ascender
    }
}
