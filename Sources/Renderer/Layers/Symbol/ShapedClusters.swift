import Fonts
import SourceData

/// A label's text as HarfBuzz shaped it, for the sections whose fonts are files: each scalar
/// holds the glyphs of the cluster it starts (a scalar inside a cluster holds none), in
/// visual order, with HarfBuzz's advances and offsets in the 24 px em. Line breaking, bidi
/// reordering and placement keep working on scalars; a scalar's advance is its cluster's.
struct ShapedClusters {
    struct Glyph {
        var glyph: SDFGlyph
        /// Offset from the pen (x right, y up) and advance, px at 24 px.
        var dx: Double, dy: Double, advance: Double
    }

    /// Per scalar: nil for a scalar of a section drawn from glyph PBFs.
    var clusters: [[Glyph]?]
    /// Bidi levels of the whole text (empty: all left to right).
    var levels: [UInt8]
    /// Where a line may start (ICU's UAX #14 opportunities, dictionaries for Thai, Lao,
    /// Khmer and Myanmar), the text's end included.
    var breaks: Set<Int>

    /// Shapes the sections of `text` that `shaper` gives a HarfBuzz shaper for; nil when it
    /// gives none (the label keeps the glyph PBF path). Missing glyphs (id 0) are left out, as
    /// a missing glyph of a range is.
    init?(_ text: TaggedText, shaper: (String) -> FontStackShaper?, glyph: (UInt32, FreeTypeFace) -> SDFGlyph?) {
        var shapers: [Int: FontStackShaper] = [:]
        for (k, s) in text.sections.enumerated() where !s.isImage {
            if let sh = shaper(s.stack) { shapers[k] = sh }
        }
        guard !shapers.isEmpty else { return nil }
        let codes = text.codes
        levels = BidiText.mayHaveRightToLeft(codes) ? (BidiText.levels(codes) ?? []) : []
        if !levels.contains(where: { $0 != 0 }) { levels = [] }
        clusters = [[Glyph]?](repeating: nil, count: codes.count)
        breaks = Set((shapers.values.first?.lineBreaks(codes) ?? []).map(\.position))
        var start = 0
        while start < codes.count {
            let section = text.sectionOf[start]
            var end = start + 1
            while end < codes.count, text.sectionOf[end] == section { end += 1 }
            if let sh = shapers[section] {
                let slice = Array(codes[start..<end])
                let sliceLevels = levels.isEmpty ? [] : Array(levels[start..<end])
                for k in start..<end { clusters[k] = [] }
                for run in sh.shape(slice, levels: sliceLevels) {
                    // Tops measured from the stack's ascender, not the fallback face's own.
                    let lift = run.face.ascender - sh.primaryFace.ascender
                    for g in run.glyphs where g.g != 0 {
                        guard var sdf = glyph(g.g, run.face) else { continue }
                        sdf.top += lift
                        clusters[start + g.cl]?.append(Glyph(glyph: sdf, dx: Double(g.dx) / 64, dy: Double(g.dy) / 64,
                                                             advance: Double(g.ax) / 64))
                    }
                }
            }
            start = end
        }
    }

    /// The advance of scalar `i`'s cluster at scale 1 (nil: not shaped here).
    func advance(_ i: Int) -> Double? {
        clusters[i].map { $0.reduce(0) { $0 + $1.advance } }
    }
}
