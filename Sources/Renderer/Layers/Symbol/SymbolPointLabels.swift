import Foundation
import Geo
import Raster
import StyleSpec

/// One source tile's point labels (or a whole source's): laid out once (`SymbolPointTileLayout`),
/// then each anchor in placement order decided (`decide`, against the collision boxes, or as
/// its placement block decided) and, when it shows, its glyph quads and icon collected. The
/// tile's shown labels go into the layer's batch in drawing order.
struct SymbolPointLabels {
    let layer: Layer
    let frame: RenderFrame
    let layout: SymbolLayerLayout
    let batch: SymbolBatch
    let tile: SourceTilePass?
    /// `text-translate` and `icon-translate` in device pixels.
    private let shift, iconShift: SIMD2<Float>
    /// A pitched view's map-anchored translates, on the ground (`RenderFrame.groundOffset`).
    private let groundShift, iconGroundShift: SIMD2<Double>?
    /// Point labels aligned with the map turn with it (`*-rotation-alignment: map`).
    private let textMapAngle, iconMapAngle: Float
    private let ratio: Float
    /// GeoJSON anchors sit on geojson-vt's whole tile units, as MapLibre's do.
    private let quantum: Double?
    /// A GeoJSON tile owns the anchors inside its square (MapLibre drops the others).
    private let geoJSONSquare: WorldRect?
    private let unitsPerWorld: Double
    private let collisions: LabelCollisions
    /// Tiles of one grid place an anchor at the same fraction of a pixel, whatever corner
    /// they are measured from, so its glyphs shade alike on both sides of an edge.
    private let snapsAnchors: Bool

    /// A shown label, before the tile's labels are put in drawing order.
    private struct Shown {
        var y: Float
        var feature: Int
        var icon: SymbolIcons.Placed?
        var quads: [SymbolBatch.Quad]
    }

    init(_ layer: Layer, _ frame: RenderFrame, _ layout: SymbolLayerLayout, _ batch: SymbolBatch, tile: SourceTilePass?) {
        self.layer = layer; self.frame = frame; self.layout = layout; self.batch = batch; self.tile = tile
        let ctx = frame.layerContext
        let props = SymbolProperties(layer, ctx)
        let (textT, textA) = (props.textTranslate.value(ctx), props.textTranslateAnchor.value(ctx))
        let (iconT, iconA) = (props.iconTranslate.value(ctx), props.iconTranslateAnchor.value(ctx))
        groundShift = frame.groundOffset(textT, anchor: textA)
        iconGroundShift = frame.groundOffset(iconT, anchor: iconA)
        shift = groundShift == nil ? frame.translation(textT, anchor: textA) : .zero
        iconShift = iconGroundShift == nil ? frame.translation(iconT, anchor: iconA) : .zero
        let mapAngle = Float(-frame.camera.bearing * .pi / 180)
        textMapAngle = layout.textRotationAlignment == .map ? mapAngle : 0
        iconMapAngle = layout.iconRotationAlignment == .map ? mapAngle : 0
        frame.clock.mark(.style)
        ratio = Float(frame.camera.pixelRatio)
        let tileZoom = tile?.tileZoom ?? FeatureStream.tiling(layer, in: frame, tile: nil)?.tileZoom ?? Int(frame.zoom)
        unitsPerWorld = Double(1 << min(30, max(0, tileZoom))) * 8192
        var square: WorldRect?
        if let tile, case .geoJSON = tile.content { square = tile.square }
        geoJSONSquare = square
        collisions = frame.labelCollisions
        snapsAnchors = frame.symbolPlacement.usesBlocks
        quantum = tile == nil || square != nil
            ? FeatureStream.tiling(layer, in: frame, tile: tile).map { Double(1 << min(30, $0.tileZoom)) * 8192 } : nil
    }

    /// Lays out, places and collects the tile's labels.
    func run() throws {
        let (tileLayout, kept) = try frame.resources.symbolPointLayouts.layout(layer, frame, pass: tile) { margin in
            try SymbolPointTileLayout.build(layer, frame, layout, tile: tile, unitsPerWorld: unitsPerWorld, marginPixels: margin)
        }
        let symbols = tileLayout.symbols
        var drawings: [Int: (Int, [Int?])] = [:]
        var shown: [Shown] = []
        for (k, point) in placementOrder(symbols, kept: kept) {
            frame.clock.mark(.prepare)
            if drawings[k] == nil { drawings[k] = (batch.add(symbols[k].f.drawing), symbols[k].f.sectionDrawingIndices(batch)) }
            if let s = label(symbols[k], at: point, drawing: drawings[k]!) { shown.append(s) }
        }
        if layout.sortsByY {
            shown = shown.enumerated().sorted { a, b in
                a.element.y != b.element.y ? a.element.y < b.element.y
                    : a.element.feature != b.element.feature ? a.element.feature > b.element.feature : a.offset < b.offset
            }.map(\.element)
        }
        for s in shown {
            if let icon = s.icon { batch.icons.append(icon) }
            batch.quads.append(contentsOf: s.quads)
        }
        frame.clock.mark(.raster)
    }

    /// The anchors to place, in order: `symbol-sort-key` order, or with `symbol-z-order:
    /// viewport-y` the lowest on screen first. Anchors of a kept layout far beyond the view
    /// (256 px plus twice the label's own reach) are left out.
    private func placementOrder(_ symbols: [SymbolPointTileLayout.Symbol], kept: Bool) -> [(symbol: Int, point: WorldPoint)] {
        let reach: Double? = kept ? 256 * Double(ratio) : nil
        let viewWidth = Double(frame.camera.width), viewHeight = Double(frame.camera.height)
        let projection = frame.projection
        func inReach(_ p: WorldPoint, size: Double) -> Bool {
            if frame.perspective != nil { return frame.viewPoint(p) != nil }
            guard let reach else { return true }
            let d = projection.apply(p)
            let r = reach + 2 * size
            return Double(d.x) > -r && Double(d.y) > -r && Double(d.x) < viewWidth + r && Double(d.y) < viewHeight + r
        }
        var order: [(symbol: Int, point: WorldPoint)] = []
        for (k, sym) in symbols.enumerated() { for p in sym.anchors where inReach(p, size: sym.size) { order.append((k, p)) } }
        guard layout.placesBottomFirst else { return order }
        return order.enumerated().sorted { a, b in
            let ya = frame.viewPoint(a.element.point)?.at.y ?? 0, yb = frame.viewPoint(b.element.point)?.at.y ?? 0
            return ya != yb ? ya > yb : symbols[a.element.symbol].feature != symbols[b.element.symbol].feature
                ? symbols[a.element.symbol].feature < symbols[b.element.symbol].feature : a.offset < b.offset
        }.map(\.element)
    }

    /// One anchor of a symbol: nil when the tile does not own it, placement hides it, or a
    /// block placement only records it.
    private func label(_ symbol: SymbolPointTileLayout.Symbol, at point: WorldPoint, drawing: (Int, [Int?])) -> Shown? {
        let f = symbol.f
        var world = point
        if let q = quantum { world = WorldPoint(((point.x * q) + 0.5).rounded(.down) / q, ((point.y * q) + 0.5).rounded(.down) / q) }
        if let sq = geoJSONSquare, !(world.x >= sq.minX && world.x < sq.maxX && world.y >= sq.minY && world.y < sq.maxY) { return nil }
        guard let seen = anchorInView(world) else { return nil }
        var candidate = PointLabelCandidate(f: f, at: seen.text + shift, iconBase: seen.icon + iconShift,
                                            scale: f.fontSize / 24 * ratio * seen.perspective,
                                            padding: layout.padding * ratio * seen.perspective, ratio: ratio,
                                            textAngle: f.textRotate * .pi / 180 + seen.textMapAngle, textMapAngle: seen.textMapAngle,
                                            iconAngle: f.iconRotate * .pi / 180 + seen.iconMapAngle)
        candidate.iconScale = seen.perspective
        // Whether the text and the icon show, and where the text goes: found here, or as the
        // symbol's block chose.
        var found: PlacedText?
        let key = SymbolKey(layer: layer.id, anchor: world, text: f.text, icon: f.icon?.name)
        guard let decision = frame.symbolPlacement.admit(key, anchor: world, place: {
            guard let (decision, text) = candidate.decide(layout, collisions) else { return nil }
            found = text
            return decision
        }) else { return nil }
        if frame.symbolPlacement.drawsNothing { return nil }
        guard let text = found ?? (decision.text ? candidate.text(variant: decision.variant, layout, collisions) : PlacedText())
        else { return nil }
        let icon = decision.icon ? candidate.icon(for: text) : nil
        var quads: [SymbolBatch.Quad] = []
        if let shaping = text.shaping {
            batch.appendGlyphs(shaping, at: candidate.at + text.shift, offset: text.offset, scale: candidate.scale,
                               angle: candidate.textAngle, gridded: snapsAnchors, to: &quads) {
                f.drawingIndex($0, base: drawing.0, sections: drawing.1)
            }
        }
        return Shown(y: candidate.at.y, feature: symbol.feature,
                     icon: icon.map { SymbolIcons.Placed(icon: $0.icon, at: candidate.iconAt(text), angle: $0.angle) }, quads: quads)
    }

    /// Where an anchor's text and icon are seen, MapLibre's perspective ratio there and the
    /// angle the map's east has there (labels turning with the map). Flat views: the
    /// projected anchor, 1 and the bearing. nil behind the camera or past the far plane.
    private func anchorInView(_ world: WorldPoint)
        -> (text: SIMD2<Float>, icon: SIMD2<Float>, perspective: Float, textMapAngle: Float, iconMapAngle: Float)? {
        guard let seen = frame.viewPoint(world) else { return nil }
        var base = seen.at
        if snapsAnchors { base = (base * 1024).rounded(.toNearestOrAwayFromZero) / 1024 }
        var text = base, icon = base, ratioAt = seen.distanceRatio
        if let g = groundShift, let moved = frame.viewPoint(WorldPoint(world.x + g.x, world.y + g.y)) {
            text = moved.at
            ratioAt = moved.distanceRatio   // MapLibre translates the label's matrix: its depth is the moved anchor's
        }
        if let g = iconGroundShift { icon = frame.viewPoint(WorldPoint(world.x + g.x, world.y + g.y))?.at ?? base }
        // Labels facing the viewer shrink toward the horizon by half; labels on a pitched
        // view's ground grow by the ratio there, so they shrink by half too.
        var perspective: Float = 1, textMap = textMapAngle, iconMap = iconMapAngle
        if frame.perspective != nil {
            perspective = max(0, min(4, 0.5 + 0.5 * ratioAt))
            // Turning with the map in a pitched view: the angle of the map's east as seen here.
            if let east = frame.viewPoint(WorldPoint(world.x + 1 / (512 * pow(2, frame.zoom)), world.y)) {
                let d = east.at - seen.at
                let angle = atan2f(d.y, d.x)
                if layout.textRotationAlignment == .map { textMap = angle }
                if layout.iconRotationAlignment == .map { iconMap = angle }
            }
        }
        if let view = frame.pitchedView {
            perspective = Float(max(0, min(4, 0.5 + 0.5 * view.project(world).z / view.distance)))
        }
        return (text, icon, perspective, textMap, iconMap)
    }
}
