/// The line labels one source tile shows, in the order they are drawn. When labels may
/// overlap (`symbol-z-order: auto` or `viewport-y`), MapLibre draws a tile's symbols by their
/// anchors' height on screen, lowest last, ties by feature, later features first; otherwise
/// in the order they were placed.
struct ShownLabels {
    /// One shown label: its icon (if any) and its glyph quads.
    struct Drawn {
        var icon: SymbolIcons.Placed?
        var quads: [SymbolBatch.Quad]
    }

    private var shown: [(y: Double, feature: Int, drawn: Drawn)] = []

    mutating func append(_ drawn: Drawn, y: Double, feature: Int) { shown.append((y, feature, drawn)) }

    /// Appends the labels' icons and quads to `batch`, sorted by height when `byHeight`.
    func draw(into batch: SymbolBatch, byHeight: Bool) {
        var ordered = shown
        if byHeight {
            ordered = shown.enumerated().sorted { a, b in
                a.element.y != b.element.y ? a.element.y < b.element.y
                    : a.element.feature != b.element.feature ? a.element.feature > b.element.feature : a.offset < b.offset
            }.map(\.element)
        }
        for s in ordered {
            if let icon = s.drawn.icon { batch.icons.append(icon) }
            batch.quads.append(contentsOf: s.drawn.quads)
        }
    }
}
