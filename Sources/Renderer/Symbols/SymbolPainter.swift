import Foundation
import Geo
import Raster
import SourceData
import StyleSpec

/// `symbol` layers' text at point placement, drawn as MapLibre draws it: the label shaped
/// from the style's glyph PBFs (`TextShaper`), each glyph's quad placed around the anchor
/// (quantized to 1/32 px at 24 px as MapLibre's vertex buffer stores it) and shaded with its
/// SDF shader (`SDFGlyphDrawing`). Labels that do not allow overlap are dropped when their
/// box meets one placed earlier in this render. Not yet: icons, line placement, variable
/// anchors, rotation, vertical writing, cross-layer placement priority.
enum SymbolPainter {
    static func draw(_ layer: Layer, _ frame: RenderFrame) throws {
        let ctx = frame.layerContext
        let placement = LayerProperty(layer, "symbol-placement", .layout, ctx, convert: Convert.string).value(ctx)
        guard placement == "point" else {
            frame.resources.tiles.warnings.add("layer \(layer.id): symbol-placement \(placement) is not drawn yet")
            return
        }
        let template = frame.style.root["glyphs"]?.stringValue
        try TiledLayerDrawing.run(layer, frame) { try paint(layer, frame, tile: $0, glyphs: template) }
    }

    private static func paint(_ layer: Layer, _ frame: RenderFrame, tile: SourceTilePass?, glyphs template: String?) throws {
        let ctx = frame.layerContext
        let field = LayerProperty(layer, "text-field", .layout, ctx, convert: { $0 })
        let font = LayerProperty(layer, "text-font", .layout, ctx, convert: { v in (v.arrayValue ?? []).compactMap(\.stringValue) })
        let size = LayerProperty(layer, "text-size", .layout, ctx, convert: Convert.number)
        let anchorName = LayerProperty(layer, "text-anchor", .layout, ctx, convert: Convert.string)
        let offset = LayerProperty(layer, "text-offset", .layout, ctx, convert: Convert.offset)
        let maxWidth = LayerProperty(layer, "text-max-width", .layout, ctx, convert: Convert.number)
        let lineHeight = LayerProperty(layer, "text-line-height", .layout, ctx, convert: Convert.number)
        let spacing = LayerProperty(layer, "text-letter-spacing", .layout, ctx, convert: Convert.number)
        let justifyName = LayerProperty(layer, "text-justify", .layout, ctx, convert: Convert.string)
        let transform = LayerProperty(layer, "text-transform", .layout, ctx, convert: Convert.string)
        let textPaint = SymbolSDFPaint(layer, "text", ctx)
        let allowOverlap = LayerProperty(layer, "text-allow-overlap", .layout, ctx, convert: Convert.bool).value(ctx)
        let ignorePlacement = LayerProperty(layer, "text-ignore-placement", .layout, ctx, convert: Convert.bool).value(ctx)
        let padding = LayerProperty(layer, "text-padding", .layout, ctx, convert: Convert.number).value(ctx)
        let iconImage = LayerProperty(layer, "icon-image", .layout, ctx, convert: Convert.imageName)
        let iconSize = LayerProperty(layer, "icon-size", .layout, ctx, convert: Convert.number)
        let iconAnchorName = LayerProperty(layer, "icon-anchor", .layout, ctx, convert: Convert.string)
        let iconOffset = LayerProperty(layer, "icon-offset", .layout, ctx, convert: Convert.offset)
        let iconAllowOverlap = LayerProperty(layer, "icon-allow-overlap", .layout, ctx, convert: Convert.bool).value(ctx)
        let iconIgnorePlacement = LayerProperty(layer, "icon-ignore-placement", .layout, ctx, convert: Convert.bool).value(ctx)
        let iconPadding = LayerProperty(layer, "icon-padding", .layout, ctx, convert: Convert.offset).value(ctx)
        let iconPaint = SymbolSDFPaint(layer, "icon", ctx)
        let translate = LayerProperty(layer, "text-translate", .paint, ctx, convert: Convert.offset).value(ctx)
        let translateAnchor = LayerProperty(layer, "text-translate-anchor", .paint, ctx, convert: Convert.string).value(ctx)
        let shift = frame.translation(translate, anchor: translateAnchor)
        frame.clock.mark(.style)

        let ratio = Float(frame.camera.pixelRatio)
        let warnings = frame.resources.tiles.warnings
        var tables: [String: GlyphTable] = [:]
        func glyph(_ stack: String, _ cp: UInt32) -> SDFGlyph? {
            let key = stack + "|" + GlyphRange(containing: cp).description
            if tables[key] == nil {
                tables[key] = cp > 0xFFFF ? .empty
                    : frame.resources.glyphs.table(template: template, fontstack: stack, range: GlyphRange(containing: cp),
                                                   directory: frame.resources.dataDirectory, warnings: warnings)
            }
            return tables[key]?.glyphs[cp]
        }
        // GeoJSON anchors sit on geojson-vt's whole tile units, as MapLibre's do.
        let quantum: Double? = tile == nil ? FeatureStream.tiling(layer, in: frame, tile: nil).map { Double(1 << min(30, $0.tileZoom)) * 8192 } : nil
        let canvas = tile?.canvas ?? frame.canvas
        let collisions = frame.labelCollisions
        // Halos of every label go down before any text, as MapLibre draws them.
        struct Quad { var glyph: SDFGlyph; var rect: SIMD4<Float>; var drawing: Int }
        var quads: [Quad] = []
        var drawings: [SDFGlyphDrawing] = []
        var icons: [SymbolIcons.Placed] = []
        try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: 256 * Double(ratio)) { fctx, geometry, _ in
            var string = Self.text(field.value(fctx))
            switch transform.value(fctx) {
            case "uppercase": string = string.uppercased()
            case "lowercase": string = string.lowercased()
            default: break
            }
            let text = string.unicodeScalars.map(\.value)
            let icon = iconImage.value(fctx).flatMap { name in frame.images.image(name).map { (name, $0) } }
            guard !text.isEmpty || icon != nil else { return }
            let stack = font.value(fctx).joined(separator: ",")
            let anchor = SymbolAnchor(rawValue: anchorName.value(fctx)) ?? .center
            let justifyText = justifyName.value(fctx)
            let justify = justifyText == "auto" ? anchor.alignment.x : justifyText == "left" ? 0 : justifyText == "right" ? 1 : 0.5
            let em = TextShaper.oneEm
            let off = offset.value(fctx)
            let textOffset = SIMD2(Double(off.x) * em, Double(off.y) * em)
            frame.clock.mark(.style)
            let shaping = text.isEmpty ? nil
                : TextShaper.shape(text, glyphs: { glyph(stack, $0) }, maxWidth: Double(maxWidth.value(fctx)) * em,
                                   lineHeight: Double(lineHeight.value(fctx)) * em, anchor: anchor, justify: justify,
                                   spacing: Double(spacing.value(fctx)) * em, translate: textOffset)
            var shapedIcon = icon.map { SymbolIcons.shape($0.1, name: $0.0, anchor: SymbolAnchor(rawValue: iconAnchorName.value(fctx)) ?? .center,
                                                          offset: iconOffset.value(fctx), size: iconSize.value(fctx),
                                                          opacity: iconPaint.opacity(fctx)) }
            if let i = shapedIcon, i.image.sdf {
                shapedIcon?.sdf = iconPaint.drawing(fctx, fontScale: i.size, pixelRatio: ratio)
            }
            guard shaping != nil || shapedIcon != nil else { return }
            let fontSize = size.value(fctx)
            let scale = fontSize / 24 * ratio
            let drawing = textPaint.drawing(fctx, fontScale: fontSize / 24, pixelRatio: ratio)
            frame.clock.mark(.prepare)
            drawings.append(drawing)
            for point in anchors(geometry) {
                var world = point
                if let q = quantum { world = WorldPoint(((point.x * q) + 0.5).rounded(.down) / q, ((point.y * q) + 0.5).rounded(.down) / q) }
                let at = frame.projection.apply(world) + shift
                let pad = padding * ratio
                let textBox = shaping.map { s in
                    SIMD4(at.x + Float(s.left) * scale - pad, at.y + Float(s.top) * scale - pad,
                          at.x + Float(s.right) * scale + pad, at.y + Float(s.bottom) * scale + pad)
                }
                let iconBox = shapedIcon.map { $0.box(at: at, pixelRatio: ratio, padding: iconPadding.x * ratio) }
                // A symbol shows when its text and its icon both find room (or may overlap).
                if let b = textBox, !allowOverlap, collisions.collides(b) { continue }
                if let b = iconBox, !iconAllowOverlap, collisions.collides(b) { continue }
                if let b = textBox, !ignorePlacement { collisions.insert(b) }
                if let b = iconBox, !iconIgnorePlacement { collisions.insert(b) }
                frame.drewFeatures = true
                if let shapedIcon { icons.append(SymbolIcons.Placed(icon: shapedIcon, at: at)) }
                guard let shaping else { continue }
                for g in shaping.glyphs where !g.glyph.bitmap.isEmpty {
                    // Quad corners as MapLibre's vertex buffer stores them (1/32 px at 24 px).
                    let rectBuffer = Double(SDFGlyph.border + SDFGlyphDrawing.atlasPadding)
                    let qx = ((Double(g.glyph.left) - rectBuffer) + g.x + textOffset.x) * 32
                    let qy = ((Double(-g.glyph.top) - rectBuffer) + g.y + textOffset.y) * 32
                    let w = Double(g.glyph.fieldWidth + 2 * SDFGlyphDrawing.atlasPadding) * 32
                    let h = Double(g.glyph.fieldHeight + 2 * SDFGlyphDrawing.atlasPadding) * 32
                    let x0 = Float(qx.rounded()) / 32, y0 = Float(qy.rounded()) / 32
                    let x1 = Float((qx + w).rounded()) / 32, y1 = Float((qy + h).rounded()) / 32
                    quads.append(Quad(glyph: g.glyph, rect: SIMD4(at.x + x0 * scale, at.y + y0 * scale, at.x + x1 * scale, at.y + y1 * scale),
                                      drawing: drawings.count - 1))
                }
            }
        }
        // Icons first, then halos, then text, as MapLibre draws a symbol layer.
        SymbolIcons.draw(icons, pixelRatio: ratio, on: canvas)
        for pass in [SDFGlyphDrawing.Pass.halo, .text] {
            for q in quads {
                drawings[q.drawing].draw(q.glyph, x0: q.rect.x, y0: q.rect.y, x1: q.rect.z, y1: q.rect.w, pass: pass, on: canvas)
            }
        }
        frame.clock.mark(.raster)
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
    /// each line, and for each polygon the centre of its outer ring's bounding box (MapLibre uses
    /// the pole of inaccessibility; not yet here).
    static func anchors(_ g: FeatureGeometry) -> [WorldPoint] {
        switch g.type {
        case .point: return g.points
        case .lineString: return (0..<g.partCount).compactMap { g.partRange($0).first.map { g.points[$0] } }
        case .polygon:
            return (0..<g.polygonCount).compactMap { p -> WorldPoint? in
                guard let ring = g.polygonPartRange(p).first else { return nil }
                let r = g.partRange(ring)
                guard !r.isEmpty else { return nil }
                let b = r.reduce(WorldRect.empty) { $0.union(WorldRect(minX: g.points[$1].x, minY: g.points[$1].y, maxX: g.points[$1].x, maxY: g.points[$1].y)) }
                return WorldPoint((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2)
            }
        }
    }
}
