import SourceData

/// Glyph PBF bytes (fonts a style or a font server hands us): decoding never traps; every
/// glyph kept has a field that fits its box and sane metrics, and what was read encodes and
/// reads back the same.
func fuzzGlyphPBF(_ data: UnsafeRawBufferPointer) {
    var warnings: [String] = []
    guard let stacks = try? GlyphPBF.decode(Array(data), warnings: &warnings) else { return }
    for stack in stacks {
        for g in stack.glyphs {
            fuzzCheck(g.id <= 0x10FFFF, "code point \(g.id)")
            fuzzCheck(g.width <= GlyphPBF.maxSide && g.height <= GlyphPBF.maxSide, "box \(g.width)×\(g.height)")
            fuzzCheck(g.bitmap.isEmpty || g.bitmap.count == g.fieldWidth * g.fieldHeight,
                      "glyph \(g.id): \(g.bitmap.count) field bytes for \(g.fieldWidth)×\(g.fieldHeight)")
        }
        var again: [String] = []
        let round = try? GlyphPBF.decode(GlyphPBF.encode(stack), warnings: &again)
        fuzzCheck(round == [stack] && again.isEmpty, "a decoded stack does not survive encode → decode")
    }
}
