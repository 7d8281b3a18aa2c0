import Geo
import Raster
import StyleSpec

/// `fill-extrusion`. Static views (`/static`, any pitch) draw it in 3D as MapLibre does
/// (`FillExtrusion3D`: walls and roofs behind a depth buffer, under the view's perspective
/// camera). `/tiles` keep it flat, seen from straight above: the roofs only, at their
/// footprint. A tile is one piece of a seamless grid, and a perspective camera per tile would
/// lean every building away from its own tile's centre, so neighbouring tiles would disagree
/// along their edges; roofs at their footprints are the same whichever tile draws them.
/// Every pixel centre inside a polygon takes its roof's lit colour (MapLibre's vertex
/// lighting under the style's `light`) exactly once, and the layer is then composited with
/// `fill-extrusion-opacity`.
struct FillExtrusionLayerPainter: LayerPainter {
    var type: LayerType { .fillExtrusion }

    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan? {
        let ctx = frame.layerContext
        let opacity = FillExtrusionProperties(layer, ctx).fillExtrusionOpacity.value(ctx)
        guard opacity > 0 else { return nil }
        let light = StyleLight(frame.style, context: ctx, bearing: frame.camera.bearing)
        frame.clock.mark(.style)
        if !frame.camera.isTile { return FillExtrusion3D.plan(layer, frame, light: light, opacity: opacity) }
        return LayerPlan(tiling: .perSourceTile, opacity: max(0, min(1, opacity))) { target in
            try FillExtrusionPainter.paint(layer, light, frame, target)
            return false
        }
    }
}

enum FillExtrusionPainter {
    /// Draws the roofs of one source tile (nil: the whole source) opaque into the layer.
    static func paint(_ layer: Layer, _ light: StyleLight, _ frame: RenderFrame, _ target: LayerTarget) throws {
        let tile = target.tile
        let ctx = frame.layerContext
        let props = FillExtrusionProperties(layer, ctx)
        let color = props.fillExtrusionColor
        let translate = props.fillExtrusionTranslate.value(ctx)
        let anchor = props.fillExtrusionTranslateAnchor.value(ctx)
        let offset = frame.translation(translate, anchor: anchor)
        let grid = FeatureStream.tiling(layer, in: frame, tile: tile).map { Double(1 << min(30, $0.tileZoom)) * 8192 }
        let margin = 2 + Double((offset * offset).sum().squareRoot())
        let rounding = Double(props.fillExtrusionRoundedCornerDistance.value(ctx))
        let canvas = target.canvas
        frame.clock.mark(.style)

        if let constant = color.constantValue {
            var path = frame.path
            path.removeAll()
            try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { _, geometry, _ in
                guard geometry.type == .polygon else { return }
                PathBuilder.append(RoundedCorners.apply(geometry, metres: rounding), projection: frame.projection, offset: offset,
                                   to: &path, grid: grid)
            }
            frame.clock.mark(.prepare)
            if !path.isEmpty {
                canvas.fill(path, rule: .nonZero, paint: .solid(light.litRoof(Convert.premultiplied(constant))), antialias: false)
            }
            frame.path = path
            frame.clock.mark(.raster)
            return
        }
        // Data-driven colour: roofs in source order, each opaque, so where they overlap the
        // last one drawn shows (GL's depth test passes equal depths: the later roof wins).
        var path = Path()
        try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { fctx, geometry, _ in
            guard geometry.type == .polygon else { return }
            path.removeAll()
            PathBuilder.append(RoundedCorners.apply(geometry, metres: rounding), projection: frame.projection, offset: offset,
                               to: &path, grid: grid)
            let lit = light.litRoof(Convert.premultiplied(color.value(fctx)))
            frame.clock.mark(.style)
            if !path.isEmpty { canvas.fill(path, rule: .nonZero, paint: .solid(lit), antialias: false) }
            frame.clock.mark(.raster)
        }
    }
}
