import Geo
import Raster
import StyleSpec

/// `line`: strokes with MapLibre's width, gap, offset, blur, dash, join and cap rules, in
/// device pixels (every pixel-valued property times the pixel ratio).
enum LinePainter {
    static func paint(_ layer: Layer, _ frame: RenderFrame) throws {
        let ctx = frame.layerContext
        let color = LayerProperty(layer, "line-color", .paint, ctx, convert: Convert.color)
        let opacity = LayerProperty(layer, "line-opacity", .paint, ctx, convert: Convert.number)
        let width = LayerProperty(layer, "line-width", .paint, ctx, convert: Convert.number)
        let gap = LayerProperty(layer, "line-gap-width", .paint, ctx, convert: Convert.number)
        let lineOffset = LayerProperty(layer, "line-offset", .paint, ctx, convert: Convert.number)
        let blur = LayerProperty(layer, "line-blur", .paint, ctx, convert: Convert.number)
        let dashes = layer.paint["line-dasharray"].map { _ in LayerProperty(layer, "line-dasharray", .paint, ctx, convert: Convert.numbers) }
        // Dashes scale with the width at the integer zoom below (MapLibre's `floorwidth`), so
        // a zooming map does not make the pattern breathe.
        var floorContext = ctx
        floorContext.zoom = ctx.zoom.rounded(.down)
        let floorWidth = dashes == nil ? nil : LayerProperty(layer, "line-width", .paint, floorContext, convert: Convert.number)
        let translate = LayerProperty(layer, "line-translate", .paint, ctx, convert: Convert.offset).value(ctx)
        let anchor = LayerProperty(layer, "line-translate-anchor", .paint, ctx, convert: Convert.string).value(ctx)
        let cap = LayerProperty(layer, "line-cap", .layout, ctx, convert: Convert.lineCap)
        let join = LayerProperty(layer, "line-join", .layout, ctx, convert: Convert.lineJoin)
        let miterLimit = LayerProperty(layer, "line-miter-limit", .layout, ctx, convert: Convert.number).value(ctx)
        let roundLimit = LayerProperty(layer, "line-round-limit", .layout, ctx, convert: Convert.number).value(ctx)
        let sortKey = layer.layout["line-sort-key"].map { _ in LayerProperty(layer, "line-sort-key", .layout, ctx, convert: Convert.optionalNumber) }
        let shift = frame.translation(translate, anchor: anchor)
        frame.clock.mark(.style)

        let ratio = Float(frame.camera.pixelRatio)
        // How far a stroke reaches from its centre line, to fetch features just outside.
        func reach(_ w: Float, _ g: Float, _ o: Float, _ b: Float) -> Double {
            Double((abs(o) + g + w + b) * ratio) + 4
        }
        let constantReach = [width.constantValue, gap.constantValue, lineOffset.constantValue, blur.constantValue]
        let margin: Double
        if let w = constantReach[0], let g = constantReach[1], let o = constantReach[2], let b = constantReach[3] {
            margin = reach(w, g, o, b) + Double((shift * shift).sum().squareRoot())
        } else {
            margin = 256 * Double(ratio)
        }

        let canvas = frame.canvas
        func draw(_ path: Path, _ style: StrokeStyle, _ color: Color, _ gapWidth: Float) {
            if gapWidth > 0 {
                // A cased line: two strokes of `width` either side of a gap.
                let half = (gapWidth + style.width) / 2
                for side: Float in [-1, 1] {
                    var s = style
                    s.offset = style.offset + side * half
                    canvas.stroke(path, style: s, paint: .solid(color))
                }
            } else {
                canvas.stroke(path, style: style, paint: .solid(color))
            }
        }
        func strokeStyle(_ fctx: EvaluationContext, width w: Float) -> StrokeStyle {
            var floorFeature = fctx
            floorFeature.zoom = floorContext.zoom
            var style = StrokeStyle(width: w * ratio, join: join.value(fctx), cap: cap.value(fctx), miterLimit: miterLimit)
            style.roundLimit = roundLimit
            style.offset = lineOffset.value(fctx) * ratio
            style.blur = blur.value(fctx) * ratio
            if let dashes {
                // Dash lengths are in line widths (MapLibre scales the pattern by the width).
                let d = dashes.value(fctx)
                if d.count >= 2, d.allSatisfy({ $0 >= 0 }), d.contains(where: { $0 > 0 }) {
                    let unit = floorWidth?.value(floorFeature) ?? w
                    style.dashes = d.map { $0 * unit * ratio }
                }
            }
            return style
        }

        // Opaque lines styled alike for every feature: one stroke for the whole layer (the
        // union equals drawing them one by one when nothing shows through).
        let allConstant = [color.isConstant, opacity.isConstant, width.isConstant, gap.isConstant, lineOffset.isConstant,
                           blur.isConstant, dashes?.isConstant ?? true, cap.isConstant, join.isConstant].allSatisfy { $0 }
        let gradient = layer.paint["line-gradient"] != nil ? LineGradient(layer: layer, frame: frame, mask: frame.scratchCanvas()) : nil
        if gradient == nil, allConstant, sortKey == nil, let c0 = color.constantValue, let o0 = opacity.constantValue, c0.a * o0 >= 1 {
            var path = frame.path
            path.removeAll()
            try FeatureStream.forEach(layer, in: frame, marginPixels: margin) { _, geometry, _ in
                guard geometry.type != .point else { return }
                PathBuilder.append(geometry, projection: frame.projection, offset: shift, to: &path)
            }
            frame.clock.mark(.prepare)
            let w = width.constantValue!
            if w > 0, !path.isEmpty {
                draw(path, strokeStyle(ctx, width: w), c0, gap.constantValue! * ratio)
            }
            frame.path = path
            frame.clock.mark(.raster)
            return
        }

        var sorted: [(key: Double, order: Int, path: Path, style: StrokeStyle, color: Color, gap: Float)] = []
        var order = 0
        var path = frame.path
        try FeatureStream.forEach(layer, in: frame, marginPixels: margin) { fctx, geometry, clips in
            guard geometry.type != .point else { return }
            path.removeAll()
            PathBuilder.append(geometry, projection: frame.projection, offset: shift, to: &path)
            frame.clock.mark(.prepare)
            let w = width.value(fctx)
            let c = color.value(fctx).withAlpha(multipliedBy: opacity.value(fctx))
            guard w > 0, c.a > 0, !path.isEmpty else { frame.clock.mark(.style); return }
            let style = strokeStyle(fctx, width: w)
            let g = gap.value(fctx) * ratio
            if let gradient {
                let o = opacity.value(fctx)
                frame.clock.mark(.style)
                gradient.add(path: path, geometry: geometry, clips: clips, projection: frame.projection,
                             shift: shift, style: style, opacity: o)
                frame.clock.mark(.raster)
            } else if let sortKey {
                let key = sortKey.value(fctx) ?? 0
                frame.clock.mark(.style)
                sorted.append((key, order, path, style, c, g))
                order += 1
            } else {
                frame.clock.mark(.style)
                draw(path, style, c, g)
                frame.clock.mark(.raster)
            }
        }
        frame.path = path
        gradient?.composite(onto: canvas)
        sorted.sort { ($0.key, $0.order) < ($1.key, $1.order) }
        for item in sorted { draw(item.path, item.style, item.color, item.gap) }
        frame.clock.mark(.raster)
    }
}
