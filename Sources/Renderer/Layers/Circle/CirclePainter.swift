import Geo
import Raster
import StyleSpec

/// `circle`: one disc per point with MapLibre's circle shader (fill, outer stroke ring,
/// blur as a fraction of the radius), radius and widths in device pixels.
struct CircleLayerPainter: LayerPainter {
    var type: LayerType { .circle }

    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan? {
        var tiling = LayerTiling.perSourceTile
        tiling.pointReach = TiledLayerDrawing.circleReach * frame.camera.pixelRatio
        return LayerPlan(tiling: tiling) { target in try Self.paint(layer, frame, target); return false }
    }

    /// `target.tile`: the vector source tile being drawn (MapLibre draws such layers per
    /// source tile), nil for sources drawn whole.
    static func paint(_ layer: Layer, _ frame: RenderFrame, _ target: LayerTarget) throws {
        let tile = target.tile
        let ctx = frame.layerContext
        let props = CircleProperties(layer, ctx)
        let radius = props.circleRadius
        let color = props.circleColor
        let blur = props.circleBlur
        let opacity = props.circleOpacity
        let strokeWidth = props.circleStrokeWidth
        let strokeColor = props.circleStrokeColor
        let strokeOpacity = props.circleStrokeOpacity
        let translate = props.circleTranslate.value(ctx)
        let anchor = props.circleTranslateAnchor.value(ctx)
        let sortKey = props.circleSortKey
        let groundShift = frame.groundOffset(translate, anchor: anchor)
        let shift = groundShift == nil ? frame.translation(translate, anchor: anchor) : .zero
        let scalesWithView = props.circlePitchScale.value(ctx) == .viewport
        frame.clock.mark(.style)

        let ratio = Float(frame.camera.pixelRatio)
        let margin: Double
        if let r = radius.constantValue, let s = strokeWidth.constantValue, let b = blur.constantValue {
            margin = Double((r + s) * ratio * (1 + max(0, b))) + 2 + Double((shift * shift).sum().squareRoot())
        } else {
            margin = 256 * Double(ratio)
        }

        struct Disc { var key: Double; var order: Int; var center: SIMD2<Float>; var radius, stroke, blur: Float; var fill, ring: Color }
        var discs: [Disc] = []
        let canvas = target.canvas
        // Discs that cover the whole canvas with one colour are composed, not drawn one by one.
        var uniform = UniformOverStack()
        func draw(_ d: Disc) {
            canvas.drawCircle(center: d.center, radius: d.radius, strokeWidth: d.stroke, fill: d.fill, stroke: d.ring,
                              blur: d.blur, antialiasing: 1, composing: &uniform)
        }
        var order = 0
        try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { fctx, geometry, _ in
            // Every vertex of any geometry gets a circle, as in MapLibre.
            frame.clock.mark(.prepare)
            let r = radius.value(fctx) * ratio
            let s = max(0, strokeWidth.value(fctx)) * ratio
            let fill = color.value(fctx).withAlpha(multipliedBy: opacity.value(fctx))
            let ring = strokeColor.value(fctx).withAlpha(multipliedBy: strokeOpacity.value(fctx))
            let b = blur.value(fctx)
            let key = (sortKey?.value(fctx) ?? nil) ?? 0
            frame.clock.mark(.style)
            guard r + s > 0, fill.a > 0 || (s > 0 && ring.a > 0) else { return }
            func emit(_ center: SIMD2<Float>, _ k: Float) {
                let d = Disc(key: key, order: order, center: center, radius: max(0, r) * k, stroke: s * k, blur: b, fill: fill, ring: ring)
                order += 1
                if sortKey != nil { discs.append(d) } else { draw(d) }
            }
            if frame.perspective != nil || (scalesWithView && frame.pitchedView != nil) {
                for (center, k) in Self.pitchedCenters(geometry, frame, shift: shift, groundShift: groundShift,
                                                       scalesWithView: scalesWithView) { emit(center, k) }
            } else {
                PathBuilder.forEachPoint(geometry, projection: frame.projection, offset: shift) { emit($0, 1) }
            }
            frame.clock.mark(.raster)
        }
        discs.sort { ($0.key, $0.order) < ($1.key, $1.order) }
        for d in discs { draw(d) }
        uniform.apply(to: canvas)
        frame.clock.mark(.raster)
    }

    /// Where a pitched render draws a geometry's circles and how much it scales them: the view's
    /// circles facing the viewer at their perspective position, scaled by the distance ratio
    /// unless `circle-pitch-scale` is viewport; circles on its ground that keep their size in
    /// the view grown by depth / distance.
    static func pitchedCenters(_ geometry: FeatureGeometry, _ frame: RenderFrame, shift: SIMD2<Float>, groundShift: SIMD2<Double>?,
                               scalesWithView: Bool) -> [(SIMD2<Float>, Float)] {
        guard let view = frame.pitchedView else {
            let g = groundShift ?? .zero
            return geometry.points.compactMap { point in
                frame.viewPoint(WorldPoint(point.x + g.x, point.y + g.y)).map { ($0.at + shift, scalesWithView ? 1 : $0.distanceRatio) }
            }
        }
        return geometry.points.map { (frame.projection.apply($0) + shift, Float(max(0, view.project($0).z) / view.distance)) }
    }
}
