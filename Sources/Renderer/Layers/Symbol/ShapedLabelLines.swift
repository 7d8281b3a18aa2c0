import Fonts

/// The lines a label's text breaks into at `text-max-width` when HarfBuzz shapes it, by the
/// rule labels are broken by (ICU's opportunities, MapLibre's balanced lines): for
/// `strata shape` and anyone debugging a label without rendering it.
public enum ShapedLabelLines {
    /// Scalar ranges of each line (logical order, untrimmed); `maxWidth` in ems (the
    /// `text-max-width` unit), `spacing` in ems.
    public static func lines(_ text: [UInt32], shaper: FontStackShaper, maxWidth: Double, spacing: Double = 0) -> [Range<Int>] {
        guard !text.isEmpty else { return [] }
        let levels = BidiText.mayHaveRightToLeft(text) ? (BidiText.levels(text) ?? []) : []
        var advances = [Double](repeating: 0, count: text.count)
        var starts = Set<Int>()
        for run in shaper.shape(text, levels: levels) {
            for g in run.glyphs where g.g != 0 {
                advances[g.cl] += Double(g.ax) / 64
                starts.insert(g.cl)
            }
        }
        let em = TextShaper.oneEm
        let breaks = Set(shaper.lineBreaks(text).map(\.position))
        return TextShaper.breakLines(text, advance: { starts.contains($0) ? advances[$0] + spacing * em : 0 },
                                     sectionIsImage: { _ in false }, maxWidth: maxWidth * em, opportunities: breaks)
    }
}
