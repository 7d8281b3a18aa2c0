import Geo
import Raster
import StyleSpec

/// `fill-extrusion` in a static view, in 3D as MapLibre draws it: every feature's walls and
/// roof projected by the view's perspective camera (pitched or not: at pitch 0 tall buildings
/// away from the centre still show a sliver of wall), rasterized at pixel centres behind one
/// depth buffer for the whole layer, opaque; the driver then composites the layer with
/// `fill-extrusion-opacity`, which matches MapLibre's depth pre-pass and colour pass.
///
/// Tiling: MapLibre draws each source tile's geometry whole (no stencil clip for extrusions)
/// and relies on not building walls along the tiles' cut lines. So vector tiles are fed per
/// tile but unclipped (`wholeFeatures`, the tile's square only decides boundary edges), and
/// GeoJSON comes whole, clipped only to the query rectangle around the view, whose sides
/// likewise get no walls. The depth buffer spans every tile, so a building two tiles both hold
/// draws once where they overlap, and every extrusion layer of the frame (`extrusionDepth`). In a pitched view tiles reach half the view's height beyond
/// it: buildings just below the view lean into it. Straight down nothing outside comes in
/// (perspective leans buildings away from the centre), so only the translate is added.
enum FillExtrusion3D {
    static func plan(_ layer: Layer, _ frame: RenderFrame, light: StyleLight, opacity: Float) -> LayerPlan {
        let ctx = frame.layerContext
        let props = FillExtrusionProperties(layer, ctx)
        let offset = frame.translation(props.fillExtrusionTranslate.value(ctx), anchor: props.fillExtrusionTranslateAnchor.value(ctx))
        let projector = ExtrusionProjector(frame.camera, offset: offset)
        let verticalGradient = props.fillExtrusionVerticalGradient.value(ctx)
        // MapLibre: opaque layers draw in one LEQUAL pass (the later of equal depths wins);
        // translucent ones let the first surface at the nearest depth colour the pixel.
        let test: DepthTest = opacity >= 1 ? .lessOrEqual : .less
        let reach = frame.camera.isPitched ? Double(frame.camera.height) / 2 : 0
        let margin = reach + (Double((offset * offset).sum())).squareRoot()
        let depth = frame.extrusionDepth ?? DepthBuffer(width: frame.output.width, height: frame.output.height)
        frame.extrusionDepth = depth
        var tiling = LayerTiling.perSourceTile
        tiling.pointReach = reach
        tiling.wholeFeatures = true
        frame.clock.mark(.style)
        return LayerPlan(tiling: tiling, opacity: max(0, min(1, opacity))) { target in
            let canvas = target.canvas
            if depth.width != canvas.width || depth.height != canvas.height { depth.reset(width: canvas.width, height: canvas.height) }
            let boundary = target.tile.map { ExtrusionBoundary(tileSquare: $0.square) }
                ?? ExtrusionBoundary(clipRect: FeatureStream.queryRect(in: frame, marginPixels: margin))
            let grid = FeatureStream.tiling(layer, in: frame, tile: target.tile).map { Double(1 << min(30, $0.tileZoom)) * 8192 }
            let drawer = ExtrusionFeatureDrawer(projector: projector, light: light, verticalGradient: verticalGradient,
                                                test: test, depth: depth, canvas: canvas, boundary: boundary, grid: grid)
            return try draw(layer, frame, target.tile, margin: margin, drawer)
        }
    }

    private static func draw(_ layer: Layer, _ frame: RenderFrame, _ tile: SourceTilePass?, margin: Double,
                             _ drawer: ExtrusionFeatureDrawer) throws -> Bool {
        let ctx = frame.layerContext
        let props = FillExtrusionProperties(layer, ctx)
        let color = props.fillExtrusionColor, base = props.fillExtrusionBase, height = props.fillExtrusionHeight
        let rounding = Double(props.fillExtrusionRoundedCornerDistance.value(ctx))
        var drew = false
        try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { fctx, geometry, _ in
            guard geometry.type != .point else { return }
            let c = Convert.premultiplied(color.value(fctx))
            let b = base.value(fctx), h = height.value(fctx)
            frame.clock.mark(.style)
            if drawer.draw(RoundedCorners.apply(geometry, metres: rounding), color: c, base: b, height: h) { drew = true }
            frame.clock.mark(.raster)
        }
        return drew
    }
}
