import Foundation
import Geo
import Raster
import SourceData
import StyleSpec

/// `symbol` layers: each feature laid out once (`SymbolLayerLayout`: text shaped from the
/// style's glyph PBFs, icon from the sprite) and placed at its points (here) or along its
/// lines (`SymbolLineLabels`). Glyph quads are placed around the anchor (quantized to 1/32 px
/// at 24 px as MapLibre's vertex buffer stores them), turned by `text-rotate`, and shaded with
/// the SDF shader (`SDFGlyphDrawing`). Labels are placed top layer first before any layer
/// draws; one that does not allow overlap is dropped when its box meets one placed earlier,
/// or tries its variable anchors in turn (`SymbolVariableAnchors`), and with
/// `text-writing-mode` its horizontal and vertical shapings in the layer's order (a vertical
/// one turned 90°, its box too). Without cross-source collisions, each source is a collision
/// group of its own (`SymbolPlacement.collisions(forSource:)`).
enum SymbolPainter {
    /// Places the labels of `layers` (bottom to top) top layer first, as MapLibre's placement
    /// runs, so a label of an upper layer takes its room before those beneath.
    static func placeAll(_ layers: [Layer], _ frame: RenderFrame) throws {
        for layer in layers.reversed() {
            try frame.checkDeadlineNow()
            frame.placingSource = layer.source
            frame.placedLabels[layer.id] = try place(layer, frame)
        }
        frame.placingSource = nil
    }

    /// Draws the labels placed for `layer`; true when there were any.
    static func draw(_ layer: Layer, _ frame: RenderFrame, on canvas: Canvas) -> Bool {
        guard let batch = frame.placedLabels[layer.id], !batch.isEmpty else { return false }
        batch.draw(pixelRatio: Float(frame.camera.pixelRatio), on: canvas)
        frame.clock.mark(.raster)
        return true
    }

    private static func place(_ layer: Layer, _ frame: RenderFrame) throws -> SymbolBatch? {
        let template = frame.style.root["glyphs"]?.stringValue
        let layout = SymbolLayerLayout(layer, frame, glyphs: template)
        switch layout.placement {
        case "point":
            let batch = SymbolBatch()
            let perTile = frame.symbolPlacement.laysOutPerTile
            // A view has the labels of the tiles it shows, as MapLibre's: one anchored in a
            // tile beyond the view is not drawn, though its text would reach in.
            try TiledLayerDrawing.run(layer, frame, tileGeoJSON: perTile, pointReach: perTile ? nil : 0,
                                      geoJSONReach: perTile ? TiledLayerDrawing.labelReach * frame.camera.pixelRatio : 0) { tile in
                batch.beginTile()
                try paint(layer, frame, layout, batch, tile: tile)
            }
            return batch
        case "line", "line-center":
            return try SymbolLineLabels.place(layer, frame, layout)
        default:
            frame.resources.tiles.warnings.add("layer \(layer.id): symbol-placement \(layout.placement) is not drawn")
            return nil
        }
    }

    private static func paint(_ layer: Layer, _ frame: RenderFrame, _ layout: SymbolLayerLayout, _ batch: SymbolBatch,
                              tile: SourceTilePass?) throws {
        let ctx = frame.layerContext
        let translate = LayerProperty(layer, "text-translate", .paint, ctx, convert: Convert.offset).value(ctx)
        let translateAnchor = LayerProperty(layer, "text-translate-anchor", .paint, ctx, convert: Convert.string).value(ctx)
        let shift = frame.translation(translate, anchor: translateAnchor)
        let iconTranslate = LayerProperty(layer, "icon-translate", .paint, ctx, convert: Convert.offset).value(ctx)
        let iconTranslateAnchor = LayerProperty(layer, "icon-translate-anchor", .paint, ctx, convert: Convert.string).value(ctx)
        let iconShift = frame.translation(iconTranslate, anchor: iconTranslateAnchor)
        // Point labels aligned with the map turn with it (`*-rotation-alignment: map`).
        let mapAngle = Float(-frame.camera.bearing * .pi / 180)
        let textMapAngle: Float = layout.textRotationAlignment == "map" ? mapAngle : 0
        let iconMapAngle: Float = layout.iconRotationAlignment == "map" ? mapAngle : 0
        frame.clock.mark(.style)
        let ratio = Float(frame.camera.pixelRatio)
        // GeoJSON anchors sit on geojson-vt's whole tile units, as MapLibre's do.
        let tileZoom = tile?.tileZoom ?? FeatureStream.tiling(layer, in: frame, tile: nil)?.tileZoom ?? Int(frame.zoom)
        let unitsPerWorld = Double(1 << min(30, max(0, tileZoom))) * 8192
        var geoJSONSquare: WorldRect?
        if let tile, case .geoJSON = tile.content { geoJSONSquare = tile.square }
        let quantum: Double? = tile == nil || geoJSONSquare != nil
            ? FeatureStream.tiling(layer, in: frame, tile: tile).map { Double(1 << min(30, $0.tileZoom)) * 8192 } : nil
        let collisions = frame.labelCollisions
        let snapsAnchors = frame.symbolPlacement.usesBlocks
        // The tile's placed symbols, drawn in feature order or, when labels may overlap, by
        // their anchors' height on screen (MapLibre's `symbol-z-order: auto`).
        var placed: [(y: Float, feature: Int, icon: SymbolIcons.Placed?, quads: [SymbolBatch.Quad])] = []
        // The tile's symbols laid out first, in `symbol-sort-key` order (stable): on tiles and
        // blocks once per source tile and kept, with every feature of the tile.
        let (tileLayout, kept) = try frame.resources.symbolPointLayouts.layout(layer, frame, pass: tile) { margin in
            try SymbolPointTileLayout.build(layer, frame, layout, tile: tile, unitsPerWorld: unitsPerWorld, marginPixels: margin)
        }
        let symbols = tileLayout.symbols
        // Anchors of a kept layout far beyond the view (256 px plus twice the label's own
        // reach) are not placed.
        let reach: Double? = kept ? 256 * Double(ratio) : nil
        let viewWidth = Double(frame.camera.width), viewHeight = Double(frame.camera.height)
        func inReach(_ p: WorldPoint, size: Double) -> Bool {
            guard let reach else { return true }
            let d = frame.projection.apply(p)
            let r = reach + 2 * size
            return Double(d.x) > -r && Double(d.y) > -r && Double(d.x) < viewWidth + r && Double(d.y) < viewHeight + r
        }
        let textCooperative = layout.textOverlap == "cooperative", iconCooperative = layout.iconOverlap == "cooperative"
        // `symbol-z-order: viewport-y` places the lowest symbol on screen first.
        var order: [(symbol: Int, point: WorldPoint)] = []
        for (k, sym) in symbols.enumerated() { for p in sym.anchors where inReach(p, size: sym.size) { order.append((k, p)) } }
        if layout.placesBottomFirst {
            order = order.enumerated().sorted { a, b in
                let ya = frame.projection.apply(a.element.point).y, yb = frame.projection.apply(b.element.point).y
                return ya != yb ? ya > yb : symbols[a.element.symbol].feature != symbols[b.element.symbol].feature
                    ? symbols[a.element.symbol].feature < symbols[b.element.symbol].feature : a.offset < b.offset
            }.map(\.element)
        }
        var drawings: [Int: (Int, [Int?])] = [:]
        for (k, point) in order {
            let (index, f) = (symbols[k].feature, symbols[k].f)
            let scale = f.fontSize / 24 * ratio
            frame.clock.mark(.prepare)
            if drawings[k] == nil { drawings[k] = (batch.add(f.drawing), f.sectionDrawingIndices(batch)) }
            let (drawing, sectionDrawings) = drawings[k]!
            let textAngle = f.textRotate * .pi / 180 + textMapAngle, iconAngle = f.iconRotate * .pi / 180 + iconMapAngle
            do {
                var world = point
                if let q = quantum { world = WorldPoint(((point.x * q) + 0.5).rounded(.down) / q, ((point.y * q) + 0.5).rounded(.down) / q) }
                // A GeoJSON tile owns the anchors inside its square (MapLibre drops the others).
                if let sq = geoJSONSquare, !(world.x >= sq.minX && world.x < sq.maxX && world.y >= sq.minY && world.y < sq.maxY) { continue }
                var base = frame.projection.apply(world)
                // Tiles of one grid place an anchor at the same fraction of a pixel, whatever
                // corner they are measured from, so its glyphs shade alike on both sides of an edge.
                if snapsAnchors { base = (base * 1024).rounded(.toNearestOrAwayFromZero) / 1024 }
                let at = base + shift
                let pad = layout.padding * ratio
                func iconAt(_ text: PlacedText?) -> SIMD2<Float> {
                    // An icon fitted to its text moves with it.
                    base + iconShift + (f.icon?.fitted == true ? text?.shift ?? .zero : .zero)
                }
                // With vertical text, the icon fitted to it turns with it.
                func iconFor(_ text: PlacedText?) -> (icon: SymbolIcons.Shaped, angle: Float)? {
                    if let t = text, t.variant >= verticalVariants, let v = f.verticalIcon { return (v, iconAngle + .pi / 2) }
                    return f.icon.map { ($0, iconAngle) }
                }
                func iconBox(_ text: PlacedText?) -> SIMD4<Float>? {
                    iconFor(text).map { i, angle in
                        rotatedBox(i.paddedBox(f.iconPadding, pixelRatio: ratio), angle: angle, at: iconAt(text), padding: 0)
                    }
                }
                // Whether the text and the icon show, and where the text goes (its anchor, or the
                // first variable anchor that finds room): found here, or as the symbol's block chose.
                var found: (text: PlacedText, icon: Bool)?
                let key = SymbolKey(layer: layer.id, anchor: world, text: f.text, icon: f.icon?.name)
                let fittedIconFits = f.icon?.fitted == true ? fittedIconCheck(layout, collisions, box: iconBox) : nil
                let choice = frame.symbolPlacement.admit(key, anchor: world) { () -> Int? in
                    let fitted = placeText(f, at: at, scale: scale, padding: pad, angle: textAngle, mapAngle: textMapAngle,
                                           cooperative: textCooperative, layout, collisions, iconFits: fittedIconFits)
                    let box = iconBox(fitted)
                    var textFits = fitted != nil
                    var iconFits = box.map { layout.iconAllowOverlap || collisions.hasRoom(for: $0, cooperative: iconCooperative) } ?? true
                    // A symbol shows when its text and its icon both find room, unless one is optional.
                    if f.shaping != nil, f.icon != nil {
                        if !layout.textOptional, !layout.iconOptional { textFits = textFits && iconFits; iconFits = textFits }
                        // Optional text: the icon may show alone, the text still needs the icon.
                        else if !layout.iconOptional { textFits = textFits && iconFits }
                        else if !layout.textOptional { iconFits = iconFits && textFits }
                    }
                    guard textFits || (iconFits && f.icon != nil) else { return nil }
                    let text = textFits ? fitted! : PlacedText()
                    if let b = text.box, !layout.ignorePlacement { collisions.insert(b, blocksCooperative: layout.textOverlap == "never") }
                    if iconFits, f.icon != nil, let b = box, !layout.iconIgnorePlacement {
                        collisions.insert(b, blocksCooperative: layout.iconOverlap == "never")
                    }
                    found = (text, iconFits)
                    return SymbolChoice(variant: text.variant, text: textFits, icon: iconFits).code
                }
                guard let choice else { continue }
                if frame.symbolPlacement.drawsNothing { continue }
                let decided = SymbolChoice(code: choice)
                let text = found?.text ?? (decided.text ? placeText(f, at: at, scale: scale, padding: pad, angle: textAngle,
                                                                     mapAngle: textMapAngle, layout, collisions,
                                                                     variant: decided.variant) : PlacedText())
                guard let text else { continue }
                let icon = (found?.icon ?? decided.icon) ? iconFor(text) : nil
                let iconAt = iconAt(text)
                var quads: [SymbolBatch.Quad] = []
                if let shaping = text.shaping {
                    batch.appendGlyphs(shaping, at: at + text.shift, offset: text.offset, scale: scale, angle: textAngle,
                                       gridded: snapsAnchors, to: &quads) { f.drawingIndex($0, base: drawing, sections: sectionDrawings) }
                }
                placed.append((at.y, index, icon.map { SymbolIcons.Placed(icon: $0.icon, at: iconAt, angle: $0.angle) }, quads))
            }
        }
        if layout.sortsByY {
            placed = placed.enumerated().sorted { a, b in
                a.element.y != b.element.y ? a.element.y < b.element.y
                    : a.element.feature != b.element.feature ? a.element.feature > b.element.feature : a.offset < b.offset
            }.map(\.element)
        }
        for p in placed {
            if let icon = p.icon { batch.icons.append(icon) }
            batch.quads.append(contentsOf: p.quads)
        }
        frame.clock.mark(.raster)
    }

    /// An icon fitted to text with variable anchors must find room at the anchor too: MapLibre
    /// tests its box, shifted with the text, at each anchor it tries, in the same round (the
    /// text's overlap mode when it may overlap). Nil when the icon may overlap anyway.
    static func fittedIconCheck(_ layout: SymbolLayerLayout, _ collisions: LabelCollisions,
                                box: @escaping (PlacedText?) -> SIMD4<Float>?) -> ((PlacedText, Bool) -> Bool)? {
        guard layout.iconOverlap == "never" else { return nil }
        return { text, overlapping in
            guard let b = box(text) else { return true }
            if !overlapping { return collisions.hasRoom(for: b) }
            return layout.textOverlap == "always" ? collisions.isPlaceable(b) : collisions.hasRoom(for: b, cooperative: true)
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

    /// The label text of a `text-field` value (a string, a number, or formatted sections).
    static func text(_ v: Value) -> String {
        switch v {
        case .formatted(let f): return f.plainText
        case .null: return ""
        default: return Value.toString(v)
        }
    }

    /// Where point placement puts labels: every point of a (multi)point, the first vertex of
    /// each line, and for each polygon its pole of inaccessibility to within 16 tile units,
    /// found on the outline in whole tile units (`unitsPerWorld`) as MapLibre's tiles hold it.
    static func anchors(_ g: FeatureGeometry, unitsPerWorld q: Double) -> [WorldPoint] {
        switch g.type {
        case .point: return g.points
        case .lineString: return (0..<g.partCount).compactMap { g.partRange($0).first.map { g.points[$0] } }
        case .polygon:
            return (0..<g.polygonCount).compactMap { p -> WorldPoint? in
                var rings = g.polygonPartRange(p).map { ring in
                    g.partRange(ring).map { SIMD2((g.points[$0].x * q).rounded(), (g.points[$0].y * q).rounded()) }
                }
                guard let outer = rings.first, !outer.isEmpty else { return nil }
                // Searched in the units of the tile holding the outline's corner, as MapLibre
                // searches each tile's polygon: ties between equally good cells fall the same way.
                let corner = outer.reduce(outer[0]) { pointwiseMin($0, $1) }
                let origin = (corner / 8192).rounded(.down) * 8192
                rings = rings.map { $0.map { $0 - origin } }
                let pole = PoleOfInaccessibility.find(rings, precision: 16) + origin
                return WorldPoint(pole.x / q, pole.y / q)
            }
        }
    }
}

/// The quads of one symbol layer collected over all its tiles, drawn at the end as MapLibre
/// draws a symbol layer: the icons of every tile first, then tile by tile the halos and then
/// the text.
final class SymbolBatch {
    /// A glyph, or an image in text (`image` indexes `images`; −1 for a glyph).
    struct Quad {
        var glyph: SDFGlyph; var quad: RotatedQuad; var drawing: Int
        var image: Int32 = -1
    }
    var quads: [Quad] = []
    /// Images in text, drawn in the text pass with the text's opacity; each padded with the
    /// atlas's transparent texel once.
    var images: [TextImage] = []
    var paddedImages: [String: Pixmap] = [:]
    var drawings: [SDFGlyphDrawing] = []
    var icons: [SymbolIcons.Placed] = []
    /// Where each tile's quads start.
    private var tileStarts: [Int] = []

    /// Nothing placed: no icon, glyph or image in text.
    var isEmpty: Bool { quads.isEmpty && icons.isEmpty }

    /// The quads added from here on belong to the next tile.
    func beginTile() { tileStarts.append(quads.count) }

    /// Registers a feature's shader inputs; returns their index for its quads.
    func add(_ drawing: SDFGlyphDrawing) -> Int {
        drawings.append(drawing)
        return drawings.count - 1
    }

    func draw(pixelRatio: Float, on canvas: Canvas) {
        SymbolIcons.draw(icons, pixelRatio: pixelRatio, on: canvas)
        let starts = tileStarts.isEmpty ? [0] : tileStarts
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : quads.count
            guard start < end else { continue }
            for pass in [SDFGlyphDrawing.Pass.halo, .text] {
                for q in quads[start..<end] {
                    if q.image >= 0 {
                        if pass == .text { drawImage(q, on: canvas) }
                        continue
                    }
                    drawings[q.drawing].draw(q.glyph, quad: q.quad, pass: pass, on: canvas)
                }
            }
        }
    }
}
