import StyleSpec

/// `text-variable-anchor` (with `text-radial-offset` or `text-offset`) and
/// `text-variable-anchor-offset`: the anchors a point label may take, each with its offset,
/// tried in order at placement; the first whose box finds room wins. Offsets are in 24 px
/// units, with MapLibre's 7-unit baseline shift for anchors at the top or bottom.
enum SymbolVariableAnchors {
    struct Candidate: Equatable {
        var anchor: SymbolAnchor
        var offset: SIMD2<Double>
    }

    static let baselineOffset = 7.0

    /// The candidates from `text-variable-anchor-offset` (offsets in ems).
    static func candidates(_ collection: VariableAnchorOffsetCollection) -> [Candidate] {
        collection.entries.compactMap { e in
            guard let a = SymbolAnchor(rawValue: e.anchor) else { return nil }
            var o = SIMD2(e.x, e.y) * 24
            if e.anchor.hasPrefix("top") { o.y -= baselineOffset } else if e.anchor.hasPrefix("bottom") { o.y += baselineOffset }
            return Candidate(anchor: a, offset: o)
        }
    }

    /// The candidates from `text-variable-anchor`: with a radial offset (24 px units) each
    /// anchor moves that far away from the point, else by `textOffset`'s magnitudes.
    static func candidates(_ anchors: [SymbolAnchor], radialOffset: Double?, textOffset: SIMD2<Double>) -> [Candidate] {
        anchors.map { a in
            Candidate(anchor: a, offset: radialOffset.map { offset(a, radial: $0) } ?? offset(a, textOffset: textOffset))
        }
    }

    /// The offset of a label anchored at `a` that keeps `radial` units from its point.
    static func offset(_ a: SymbolAnchor, radial: Double) -> SIMD2<Double> {
        let r = max(0, radial), h = r / 2.0.squareRoot()
        var o = SIMD2<Double>.zero
        switch a {
        case .topRight, .topLeft: o.y = h - baselineOffset
        case .bottomRight, .bottomLeft: o.y = -h + baselineOffset
        case .bottom: o.y = -r + baselineOffset
        case .top: o.y = r - baselineOffset
        default: break
        }
        switch a {
        case .topRight, .bottomRight: o.x = -h
        case .topLeft, .bottomLeft: o.x = h
        case .left: o.x = r
        case .right: o.x = -r
        default: break
        }
        return o
    }

    /// The offset of a label anchored at `a` from `text-offset`'s magnitudes, pointing away.
    static func offset(_ a: SymbolAnchor, textOffset: SIMD2<Double>) -> SIMD2<Double> {
        let x = abs(textOffset.x), y = abs(textOffset.y)
        var o = SIMD2<Double>.zero
        switch a {
        case .topRight, .topLeft, .top: o.y = y - baselineOffset
        case .bottomRight, .bottomLeft, .bottom: o.y = -y + baselineOffset
        default: break
        }
        switch a {
        case .topRight, .bottomRight, .right: o.x = -x
        case .topLeft, .bottomLeft, .left: o.x = x
        default: break
        }
        return o
    }

    /// How far a label shaped around its centre moves for anchor `a`: its box (`width` ×
    /// `height`, device pixels, padding included) put on the anchor, plus the offset at
    /// `scale` device pixels per unit.
    static func shift(_ a: SymbolAnchor, width: Double, height: Double, offset: SIMD2<Double>, scale: Double) -> SIMD2<Double> {
        let align = a.alignment
        return SIMD2(-(align.x - 0.5) * width + offset.x * scale, -(align.y - 0.5) * height + offset.y * scale)
    }

    /// `text-justify: auto` for an anchor: the side the text hangs from.
    static func justification(_ a: SymbolAnchor) -> Double { a.alignment.x }
}
