import Geo

/// One anchor of a point label, in device pixels, ready to be placed: the decision (which
/// text placement, whether text and icon show) is a function of the candidate and the boxes
/// placed before it, nothing else.
struct PointLabelCandidate {
    let f: SymbolFeatureLayout
    /// The text's anchor (with `text-translate`) and the icon's (with `icon-translate`).
    let at, iconBase: SIMD2<Float>
    /// The text's scale from its 24 px shaping, its padding, the device pixel ratio.
    let scale, padding, ratio: Float
    let textAngle, textMapAngle, iconAngle: Float
    /// A pitched view's perspective ratio at the anchor: icons facing the viewer grow or shrink by it.
    var iconScale: Float = 1

    /// Where the icon goes: an icon fitted to its text moves with it.
    func iconAt(_ text: PlacedText?) -> SIMD2<Float> {
        iconBase + (f.icon?.fitted == true ? text?.shift ?? .zero : .zero)
    }

    /// The icon drawn with `text`: with vertical text, the icon fitted to it turns with it.
    func icon(for text: PlacedText?) -> (icon: SymbolIcons.Shaped, angle: Float)? {
        func scaled(_ i: SymbolIcons.Shaped) -> SymbolIcons.Shaped {
            guard iconScale != 1 else { return i }
            var i = i
            i.size *= iconScale
            return i
        }
        if let t = text, t.variant >= SymbolPainter.verticalVariants, let v = f.verticalIcon { return (scaled(v), iconAngle + .pi / 2) }
        return f.icon.map { (scaled($0), iconAngle) }
    }

    /// The icon's collision box with `text` placed so.
    func iconBox(_ text: PlacedText?) -> SIMD4<Float>? {
        icon(for: text).map { i, angle in
            SymbolPainter.rotatedBox(i.paddedBox(f.iconPadding, pixelRatio: ratio), angle: angle, at: iconAt(text), padding: 0)
        }
    }

    /// The text at the placement a block chose (no collision test).
    func text(variant: Int, _ layout: SymbolLayerLayout, _ collisions: LabelCollisions) -> PlacedText? {
        SymbolPainter.placeText(f, at: at, scale: scale, padding: padding, angle: textAngle, mapAngle: textMapAngle,
                                layout, collisions, variant: variant)
    }

    /// Greedy placement: finds room for the text (trying its variable anchors and writing
    /// modes) and the icon, applies `text-optional` / `icon-optional`, and takes the room of
    /// what shows. Nil when nothing shows.
    func decide(_ layout: SymbolLayerLayout, _ collisions: LabelCollisions) -> (JointPlacement, PlacedText)? {
        let fittedIconFits = f.icon?.fitted == true ? SymbolPainter.fittedIconCheck(layout, collisions, box: iconBox) : nil
        let fitted = SymbolPainter.placeText(f, at: at, scale: scale, padding: padding, angle: textAngle, mapAngle: textMapAngle,
                                             cooperative: layout.textOverlap == .cooperative, layout, collisions,
                                             iconFits: fittedIconFits)
        let box = iconBox(fitted)
        var textFits = fitted != nil
        var iconFits = box.map {
            layout.iconAllowOverlap || collisions.hasRoom(for: $0, cooperative: layout.iconOverlap == .cooperative)
        } ?? true
        // A symbol shows when its text and its icon both find room, unless one is optional.
        if f.shaping != nil, f.icon != nil {
            if !layout.textOptional, !layout.iconOptional { textFits = textFits && iconFits; iconFits = textFits }
            // Optional text: the icon may show alone, the text still needs the icon.
            else if !layout.iconOptional { textFits = textFits && iconFits }
            else if !layout.textOptional { iconFits = iconFits && textFits }
        }
        guard textFits || (iconFits && f.icon != nil) else { return nil }
        let text = textFits ? fitted! : PlacedText()
        if let b = text.box, !layout.ignorePlacement { collisions.insert(b, blocksCooperative: layout.textOverlap == .never) }
        if iconFits, f.icon != nil, let b = box, !layout.iconIgnorePlacement {
            collisions.insert(b, blocksCooperative: layout.iconOverlap == .never)
        }
        return (JointPlacement(variant: text.variant, text: textFits, icon: iconFits), text)
    }
}
