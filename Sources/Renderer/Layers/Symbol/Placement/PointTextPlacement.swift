import Foundation
import Geo
import Raster

/// Where a point label's text goes: at its anchor, or at the first variable anchor (and
/// writing mode) with room; the boxes that decide it.
extension SymbolPainter {
    /// An icon fitted to text with variable anchors must find room at the anchor too: MapLibre
    /// tests its box, shifted with the text, at each anchor it tries, in the same round (the
    /// text's overlap mode when it may overlap). Nil when the icon may overlap anyway.
    static func fittedIconCheck(_ layout: SymbolLayerLayout, _ collisions: LabelCollisions,
                                box: @escaping (PlacedText?) -> SIMD4<Float>?) -> ((PlacedText, Bool) -> Bool)? {
        guard layout.iconOverlap == .never else { return nil }
        return { text, overlapping in
            guard let b = box(text) else { return true }
            if !overlapping { return collisions.hasRoom(for: b) }
            return layout.textOverlap == .always ? collisions.isPlaceable(b) : collisions.hasRoom(for: b, cooperative: true)
        }
    }

    /// Where a point label's text goes: the shaping drawn, its collision box (nil without
    /// text), the device shift of a variable anchor and the 24 px offset baked into the quads.
    /// Nil when the text finds no room and may not overlap.
    struct PlacedText {
        var shaping: TextShaping?
        var box: SIMD4<Float>?
        var shift: SIMD2<Float> = .zero
        var offset: SIMD2<Double> = .zero
        /// Which variable anchor this is (−1: the fixed anchor).
        var variant = -1
    }

    /// Variants at and above this are vertical placements (the vertical shaping's variant + 1).
    static let verticalVariants = 1 << 16

    /// `variant`: the placement a block chose (no collision test); nil: find one. Text with
    /// a vertical shaping tries the layer's writing modes in order, each with all its anchors.
    /// `iconFits`: whether the text's fitted icon finds room with the text placed so (and
    /// whether that is the round where text may overlap); a variable anchor needs both.
    static func placeText(_ f: SymbolFeatureLayout, at: SIMD2<Float>, scale: Float, padding pad: Float, angle: Float,
                          mapAngle: Float = 0, cooperative: Bool = false, _ layout: SymbolLayerLayout,
                          _ collisions: LabelCollisions, variant: Int? = nil,
                          iconFits: ((PlacedText, Bool) -> Bool)? = nil) -> PlacedText? {
        guard f.shaping != nil else { return PlacedText() }
        func place(vertical: Bool, _ variant: Int?) -> PlacedText? {
            guard let shaping = vertical ? f.verticalShaping : f.shaping else { return nil }
            var p = placeShaping(f, shaping, vertical: vertical, at: at, scale: scale, padding: pad, angle: angle, mapAngle: mapAngle,
                                 cooperative: cooperative, layout, collisions, variant: variant, iconFits: iconFits)
            if vertical, p != nil { p!.variant += 1 + verticalVariants }
            return p
        }
        if let variant {
            return variant >= verticalVariants ? place(vertical: true, variant - verticalVariants - 1) : place(vertical: false, variant)
        }
        guard f.verticalShaping != nil else { return place(vertical: false, nil) }
        for mode in layout.writingModes {
            if let p = place(vertical: mode == "vertical", nil) { return p }
        }
        return nil
    }

    /// One shaping placed: at its anchor, or at the first variable anchor with room. A vertical
    /// shaping's box is turned 90° with it.
    private static func placeShaping(_ f: SymbolFeatureLayout, _ shaping: TextShaping, vertical: Bool, at: SIMD2<Float>, scale: Float,
                                     padding pad: Float, angle: Float, mapAngle: Float, cooperative: Bool,
                                     _ layout: SymbolLayerLayout, _ collisions: LabelCollisions, variant: Int?,
                                     iconFits: ((PlacedText, Bool) -> Bool)?) -> PlacedText? {
        let turn: Float = vertical ? .pi / 2 : 0
        func box(_ s: TextShaping, shift: SIMD2<Float>) -> SIMD4<Float> {
            rotatedBox(SIMD4(Float(s.left) * scale, Float(s.top) * scale, Float(s.right) * scale, Float(s.bottom) * scale),
                       angle: angle + turn, at: at + shift, padding: pad)
        }
        guard let candidates = f.variable else {
            let b = box(shaping, shift: .zero)
            if variant == nil, !layout.allowOverlap, !collisions.hasRoom(for: b, cooperative: cooperative) { return nil }
            return PlacedText(shaping: shaping, box: b, offset: f.textOffset)
        }
        func candidate(_ i: Int) -> PlacedText? {
            guard i >= 0, i < candidates.count, i < f.variableShapings.count,
                  let s = vertical ? shaping : f.variableShapings[i] else { return nil }
            let c = candidates[i]
            var w = (s.right - s.left) * Double(scale), h = (s.bottom - s.top) * Double(scale)
            if vertical { swap(&w, &h) }
            w += 2 * Double(pad); h += 2 * Double(pad)
            let d = SymbolVariableAnchors.shift(c.anchor, width: w, height: h, offset: c.offset, scale: Double(scale))
            var shift = SIMD2(Float(d.x), Float(d.y))
            if mapAngle != 0 {
                // Labels turned with the map are shifted in the map's frame.
                let c = cosf(mapAngle), sn = sinf(mapAngle)
                shift = SIMD2(c * shift.x - sn * shift.y, sn * shift.x + c * shift.y)
            }
            return PlacedText(shaping: s, box: box(s, shift: shift), shift: shift, variant: i)
        }
        if let variant { return candidate(variant) }
        // MapLibre tries every anchor without overlap first, then (when text may overlap) again.
        for round in 0..<(layout.allowOverlap ? 2 : 1) {
            for i in candidates.indices {
                guard let placed = candidate(i), let b = placed.box else { continue }
                if round == 0, !collisions.hasRoom(for: b, cooperative: cooperative) { continue }
                if round == 1, !collisions.isPlaceable(b) { continue }
                if let iconFits, !iconFits(placed, round == 1) { continue }
                return placed
            }
        }
        return nil
    }

    /// A collision box turned by `angle` about the anchor: the envelope of its corners, as
    /// MapLibre boxes rotated point labels.
    static func rotatedBox(_ box: SIMD4<Float>, angle: Float, at: SIMD2<Float>, padding: Float) -> SIMD4<Float> {
        var b = box
        if angle != 0 {
            let q = RotatedQuad(center: .zero, angle: angle, rect: box)
            b = q.bounds
        }
        return SIMD4(at.x + b.x - padding, at.y + b.y - padding, at.x + b.z + padding, at.y + b.w + padding)
    }
}

/// Where a text placed at a point goes (see `SymbolPainter.placeText`).
typealias PlacedText = SymbolPainter.PlacedText
