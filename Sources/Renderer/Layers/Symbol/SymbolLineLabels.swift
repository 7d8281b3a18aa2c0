import Foundation
import Geo
import SourceData
import StyleSpec

/// `symbol-placement: line` and `line-center`, as MapLibre places them: per source tile (the
/// anchors depend on the tile's extent, as MapLibre's buckets do), each line — and each ring
/// of a polygon — cut to the tile gets anchors every `symbol-spacing` (`SymbolLineAnchors`);
/// at view time the label's glyphs are walked along the projected line one by one
/// (`SymbolLinePlacement`), each its own turned quad, kept upright, and the label takes room
/// as MapLibre's collision circles along its path. Icons turn with the line
/// (`icon-rotation-alignment` map, the default here); text with `text-rotation-alignment:
/// viewport` stays level at its anchor.
enum SymbolLineLabels {
    static let extent = 8192.0

    static func place(_ layer: Layer, _ frame: RenderFrame, _ layout: SymbolLayerLayout) throws -> SymbolBatch {
        let ctx = frame.layerContext
        let props = SymbolProperties(layer, ctx)
        let options = Options(
            center: layout.placement == .lineCenter,
            textAlong: props.textRotationAlignment.value(ctx) != .viewport,
            iconAlong: props.iconRotationAlignment.value(ctx) != .viewport,
            keepUpright: props.textKeepUpright.value(ctx), iconKeepUpright: props.iconKeepUpright.value(ctx),
            spacing: Double(props.symbolSpacing.value(ctx)), maxAngle: Double(props.textMaxAngle.value(ctx)) * .pi / 180)
        let translate = props.textTranslate.value(ctx)
        let translateAnchor = props.textTranslateAnchor.value(ctx)
        let shift = frame.translation(translate, anchor: translateAnchor)
        let batch = SymbolBatch()
        let tiling = LayerTiling(perSourceTile: true, tileGeoJSON: true,
                                 pointReach: TiledLayerDrawing.labelReach * frame.camera.pixelRatio, wholeFeatures: true)
        try TiledLayerDrawing.run(layer, frame, tiling: tiling) { pass in
            guard let pass else { return }
            batch.beginTile()
            try paint(layer, frame, layout, options, shift: shift, batch, pass)
        }
        return batch
    }

    struct Options {
        var center, textAlong, iconAlong, keepUpright, iconKeepUpright: Bool
        var spacing, maxAngle: Double
    }

    private static func paint(_ layer: Layer, _ frame: RenderFrame, _ layout: SymbolLayerLayout, _ options: Options,
                              shift: SIMD2<Float>, _ batch: SymbolBatch, _ pass: SourceTilePass) throws {
        let ratio = Float(frame.camera.pixelRatio)
        let square = pass.square
        func toDevice(_ p: SIMD2<Double>) -> SIMD2<Double> {
            let w = WorldPoint(square.minX + p.x / extent * square.width, square.minY + p.y / extent * square.height)
            // A pitched view's labels facing the viewer follow the line as the view sees it.
            let d = (frame.perspective == nil ? frame.projection.apply(w) : frame.viewPoint(w)?.at ?? SIMD2(-1e9, -1e9)) + shift
            return SIMD2(Double(d.x), Double(d.y))
        }
        // The source tile's layout on tiles and blocks (kept when the tile has a key), else this
        // view's (`SymbolTileLayouts.layout` decides).
        let tileLayout = try frame.resources.symbolLineLayouts.layout(layer, frame, pass: pass) { margin in
            try SymbolLineTileLayout.build(layer, frame, layout, options, pass, marginPixels: margin)
        }.layout
        let view = SIMD4<Double>(0, 0, Double(frame.camera.width), Double(frame.camera.height))
        let overscaling = pow(2, max(0, frame.zoom.rounded(.down) - Double(pass.tileZoom)))
        var shown = ShownLabels()
        for label in tileLayout.labels {
            let fontSize = tileLayout.features[label.feature].fontSize
            // Labels anchored far outside the view are not placed (MapLibre's clipping buffer).
            let reach = 256 * Double(ratio) + label.labelLength * Double(fontSize) / 24 * Double(ratio)
            // The feature's shader inputs, registered once one of its anchors is in reach.
            var drawings: (drawing: Int, sections: [Int?])?
            for piece in label.pieces {
                var projected: [SIMD2<Double>]?
                for anchor in piece.anchors {
                    let a = SIMD2(anchor.x, anchor.y)
                    let at = toDevice(a)
                    guard at.x > view.x - reach, at.y > view.y - reach, at.x < view.z + reach, at.y < view.w + reach else { continue }
                    let f = tileLayout.features[label.feature]
                    if drawings == nil { drawings = (batch.add(f.drawing), f.sectionDrawingIndices(batch)) }
                    let (drawing, sectionDrawings) = drawings!
                    if projected == nil { projected = piece.line.map(toDevice) }
                    let path = SymbolLinePlacement.Path(points: projected!, anchor: at, segment: anchor.segment)
                    let world = WorldPoint(square.minX + a.x / extent * square.width, square.minY + a.y / extent * square.height)
                    if let drawn = place(f, drawing: drawing, sections: sectionDrawings, path: path, world: world, layer, layout,
                                         options, overscaling: overscaling, frame, batch) {
                        shown.append(drawn, y: at.y, feature: label.feature)
                    }
                }
            }
        }
        shown.draw(into: batch, byHeight: layout.sortsByY)
    }

    /// One label at one anchor: its glyphs and icon placed along the line, shown when they all
    /// fit on the line and find room (or may overlap); nil when hidden.
    private static func place(_ f: SymbolFeatureLayout, drawing: Int, sections sectionDrawings: [Int?], path: SymbolLinePlacement.Path, world: WorldPoint,
                              _ layer: Layer, _ layout: SymbolLayerLayout, _ options: Options, overscaling: Double,
                              _ frame: RenderFrame, _ batch: SymbolBatch) -> ShownLabels.Drawn? {
        let ratio = Float(frame.camera.pixelRatio)
        let collisions = frame.labelCollisions
        var scale = Double(f.fontSize) / 24 * Double(ratio)
        // A pitched view's labels along a line facing the viewer: MapLibre's perspective ratio at the anchor.
        if frame.perspective != nil, let seen = frame.viewPoint(world) {
            scale *= Double(max(0, min(4, 0.5 + 0.5 * seen.distanceRatio)))
        }
        let anchor = SIMD2<Float>(Float(path.anchor.x), Float(path.anchor.y))
        var quads: [SymbolBatch.Quad] = []
        var circles: [SIMD2<Double>] = []
        var radius = 0.0
        var textBox: SIMD4<Float>?
        if let shaping = f.shaping {
            if options.textAlong {
                let glyphs = shaping.glyphs.filter(\.draws)
                guard let (placed, first, last) = alongLine(glyphs, f, scale: scale, options: options, path: path) else { return nil }
                var shown = (glyphs: glyphs, placed: placed)
                // A steep line takes the vertical shaping (CJK stacked upright), walked top down.
                if options.keepUpright, let vertical = f.verticalShaping,
                   abs(last.point.y - first.point.y) > abs(last.point.x - first.point.x) {
                    let stacked = vertical.glyphs.filter(\.draws)
                    guard let v = alongLine(stacked, f, scale: scale, options: options, path: path, vertical: true) else { return nil }
                    shown = (stacked, v.placed)
                }
                for (g, at) in zip(shown.glyphs, shown.placed) where !frame.symbolPlacement.drawsNothing {
                    let q = GlyphQuads.alongLine(g)
                    var quad = SymbolBatch.Quad(glyph: g.glyph, quad: RotatedQuad(center: SIMD2(Float(at.point.x), Float(at.point.y)),
                                                                                  angle: Float(at.angle) - (q.turned ? .pi / 2 : 0),
                                                                                  rect: q.rect * Float(scale)), drawing: f.drawingIndex(g, base: drawing, sections: sectionDrawings))
                    if let image = g.image { batch.images.append(image); quad.image = Int32(batch.images.count - 1) }
                    quads.append(quad)
                }
                (circles, radius) = collisionCircles(shaping, glyphs, f, scale: scale, padding: Double(layout.padding * ratio),
                                                     path: path, ends: (first, last), overscaling: overscaling)
            } else {
                let s = Float(scale)
                textBox = SymbolPainter.rotatedBox(SIMD4(Float(shaping.left) * s, Float(shaping.top) * s, Float(shaping.right) * s,
                                                         Float(shaping.bottom) * s),
                                                   angle: 0, at: anchor, padding: layout.padding * ratio)
                batch.appendGlyphs(shaping, at: anchor, offset: f.textOffset, scale: s, angle: 0, gridded: false, to: &quads) {
                    f.drawingIndex($0, base: drawing, sections: sectionDrawings)
                }
            }
        }
        var icon: SymbolIcons.Placed?
        var iconBox: SIMD4<Float>?
        if let shaped = f.icon {
            var angle = f.iconRotate * .pi / 180
            if options.iconAlong {
                guard let placed = SymbolLinePlacement.placeLabel(offsets: [0], lineOffset: .zero, keepUpright: options.iconKeepUpright,
                                                                  on: path)?.first else { return nil }
                angle += Float(placed.angle)
            }
            icon = SymbolIcons.Placed(icon: shaped, at: anchor, angle: angle)
            iconBox = shaped.box(at: anchor, pixelRatio: ratio, padding: f.iconPadding)
        }
        let r = Float(radius)
        let key = SymbolKey(layer: layer.id, anchor: world, text: f.text, icon: f.icon?.name)
        let shows = frame.symbolPlacement.admit(key, anchor: world) { () -> JointPlacement? in
            if !layout.allowOverlap {
                if let b = textBox, collisions.collides(b) { return nil }
                for c in circles where collisions.collides(circle: SIMD2(Float(c.x), Float(c.y)), radius: r) { return nil }
            }
            if let b = iconBox, !layout.iconAllowOverlap, collisions.collides(b) { return nil }
            if !layout.ignorePlacement {
                if let b = textBox { collisions.insert(b) }
                for c in circles { collisions.insert(circle: SIMD2(Float(c.x), Float(c.y)), radius: r) }
            }
            if let b = iconBox, !layout.iconIgnorePlacement { collisions.insert(b) }
            return .whole
        }
        guard shows != nil else { return nil }
        return ShownLabels.Drawn(icon: icon, quads: quads)
    }

    /// The circles (and their radius) a label along the line takes its room with: squares of
    /// the padded label height (at least 10 units) laid along the line as MapLibre Native lays
    /// them (`SymbolLineCollisionBoxes`), while the label sits on its line; once a
    /// `text-offset` moves the glyphs along it or off it by more than a circle's radius,
    /// circles on the line would miss them, and they follow the glyphs from the first to the
    /// last as GL JS places them.
    private static func collisionCircles(_ shaping: TextShaping, _ glyphs: [PositionedGlyph], _ f: SymbolFeatureLayout,
                                         scale: Double, padding: Double, path: SymbolLinePlacement.Path,
                                         ends: (first: SymbolLinePlacement.Placed, last: SymbolLinePlacement.Placed),
                                         overscaling: Double) -> ([SIMD2<Double>], Double) {
        let boxSize = max(10 * scale, (shaping.bottom - shaping.top) * scale + 2 * padding)
        let offset = f.textOffset * scale
        guard offset.x == 0, abs(offset.y) * 2 <= boxSize, let a = glyphs.first, let b = glyphs.last else {
            let radius = max(10, shaping.bottom - shaping.top) * scale / 2 + padding
            return (SymbolLinePlacement.collisionCircles(first: ends.first, last: ends.last, radius: radius), radius)
        }
        // The first glyph's centre before the anchor and the last one's after it, unflipped,
        // as Native measures them.
        let first = -(a.x + GlyphQuads.halfAdvance(a)) * scale, last = (b.x + GlyphQuads.halfAdvance(b)) * scale
        let circles = SymbolLineCollisionBoxes.circles(on: path, labelLength: (shaping.right - shaping.left) * scale + 2 * padding,
                                                       boxSize: boxSize, first: first, last: last, overscaling: overscaling)
        return (circles, boxSize / 2)
    }

    /// A label's glyphs walked along the line (kept upright), with its first and last glyph
    /// (the collision circles' ends); a vertical shaping is flipped when its first glyph would
    /// land below its last. Nil when it does not fit on the line.
    private static func alongLine(_ glyphs: [PositionedGlyph], _ f: SymbolFeatureLayout, scale: Double, options: Options,
                                  path: SymbolLinePlacement.Path, vertical: Bool = false)
        -> (placed: [SymbolLinePlacement.Placed], first: SymbolLinePlacement.Placed, last: SymbolLinePlacement.Placed)? {
        let offsets = glyphs.map { ($0.x + GlyphQuads.halfAdvance($0)) * scale }
        let lineOffset = f.textOffset * scale
        guard let placed = SymbolLinePlacement.placeLabel(offsets: offsets, lineOffset: lineOffset,
                                                          keepUpright: options.keepUpright && !vertical, on: path),
              let first = placed.first, let last = placed.last else { return nil }
        if vertical, options.keepUpright, first.point.y > last.point.y {
            guard let flipped = SymbolLinePlacement.placeLabel(offsets: offsets, lineOffset: lineOffset, keepUpright: false,
                                                               flip: true, on: path) else { return nil }
            return (flipped, first, last)
        }
        return (placed, first, last)
    }
}

/// The anchors of each label text placed so far in a tile: an anchor closer than half a
/// spacing to an earlier one of the same text is dropped (MapLibre's repeat distance). A grid
/// of cells one distance wide keeps the test to the anchors nearby.
struct RepeatedAnchors {
    private struct Key: Hashable { var text: String; var x: Int; var y: Int }
    private var cells: [Key: [SIMD2<Double>]] = [:]

    /// Whether `p` lies within `distance` of an earlier anchor of `text`; if not, it is kept.
    mutating func isTooClose(_ p: SIMD2<Double>, text: String, distance: Double) -> Bool {
        let size = max(distance, 1)
        let cx = Int((p.x / size).rounded(.down)), cy = Int((p.y / size).rounded(.down))
        for y in cy - 1...cy + 1 {
            for x in cx - 1...cx + 1 {
                if let list = cells[Key(text: text, x: x, y: y)],
                   list.contains(where: { SymbolLineAnchors.distance($0, p) < distance }) { return true }
            }
        }
        cells[Key(text: text, x: cx, y: cy), default: []].append(p)
        return false
    }
}
