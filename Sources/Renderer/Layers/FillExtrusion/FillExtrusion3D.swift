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
/// likewise get no walls (patterned layers cut GeoJSON into its tiles, as wall patterns
/// start at each tile's rings). The depth buffer spans every tile, so a building two tiles
/// both hold draws once where they overlap, and every extrusion layer of the frame
/// (`extrusionDepth`). The tiles are those covering the ground the view shows, as MapLibre's
/// coverage loads them, and their features are drawn up to a tile's width past the view's
/// edge (`featureMargin`), as a covering tile's buildings beyond the edge may lean in.
enum FillExtrusion3D {
    static func plan(_ layer: Layer, _ frame: RenderFrame, light: StyleLight, opacity: Float) -> LayerPlan {
        let ctx = frame.layerContext
        let props = FillExtrusionProperties(layer, ctx)
        let offset = frame.translation(props.fillExtrusionTranslate.value(ctx), anchor: props.fillExtrusionTranslateAnchor.value(ctx))
        let projector = ExtrusionProjector(frame.camera, offset: offset)
        let verticalGradient = props.fillExtrusionVerticalGradient.value(ctx)
        // MapLibre: opaque layers draw in one LEQUAL pass (the later of equal depths wins);
        // translucent or patterned ones let the first surface at the nearest depth colour
        // the pixel (a depth pre-pass, then a stencil).
        let patterned = props.fillExtrusionPattern != nil
        let test: DepthTest = opacity >= 1 && !patterned ? .lessOrEqual : .less
        let margin = featureMargin(frame) + (Double((offset * offset).sum())).squareRoot()
        let depth = frame.extrusionDepth ?? DepthBuffer(width: frame.output.width, height: frame.output.height)
        frame.extrusionDepth = depth
        var tiling = LayerTiling.perSourceTile
        // Unclipped tiles (`pointReach` set), only those covering the view (a reach of 0).
        tiling.pointReach = 0
        tiling.wholeFeatures = true
        if patterned {
            // Wall patterns run along each tile's own rings from its own origin: GeoJSON is
            // cut into geojson-vt's tiles then, every tile the view's ground meets (a reach
            // above 0 keeps those outside the flat view's pixels, as a pitched view needs).
            tiling.tileGeoJSON = true
            tiling.geoJSONReach = 1
        }
        frame.clock.mark(.style)
        return LayerPlan(tiling: tiling, opacity: max(0, min(1, opacity))) { target in
            let canvas = target.canvas
            if depth.width != canvas.width || depth.height != canvas.height { depth.reset(width: canvas.width, height: canvas.height) }
            let boundary = target.tile.map { ExtrusionBoundary(tileSquare: $0.square) }
                ?? ExtrusionBoundary(clipRect: FeatureStream.queryRect(in: frame, marginPixels: margin))
            let tileZoom = FeatureStream.tiling(layer, in: frame, tile: target.tile)?.tileZoom
            let grid = tileZoom.map { Double(1 << min(30, $0)) * 8192 }
            let drawer = ExtrusionFeatureDrawer(projector: projector, light: light, verticalGradient: verticalGradient,
                                                test: test, depth: depth, canvas: canvas, boundary: boundary, grid: grid)
            return try draw(layer, frame, target.tile, tileZoom: tileZoom ?? Int(frame.zoom), margin: margin, drawer)
        }
    }

    /// How far past the view (device pixels) features of covering tiles are still drawn: a
    /// tile's width, as a tile holds its features to about its square.
    static func featureMargin(_ frame: RenderFrame) -> Double { 512 * frame.camera.pixelRatio }

    private static func draw(_ layer: Layer, _ frame: RenderFrame, _ tile: SourceTilePass?, tileZoom: Int, margin: Double,
                             _ drawer: ExtrusionFeatureDrawer) throws -> Bool {
        let ctx = frame.layerContext
        let props = FillExtrusionProperties(layer, ctx)
        // Patterns cross-fade to their value at the integer zoom (as flat fill patterns).
        var floorCtx = ctx
        floorCtx.zoom = ctx.zoom.rounded(.down)
        let pattern = FillExtrusionProperties(layer, floorCtx).fillExtrusionPattern
        let color = props.fillExtrusionColor, base = props.fillExtrusionBase, height = props.fillExtrusionHeight
        let rounding = Double(props.fillExtrusionRoundedCornerDistance.value(ctx))
        var drew = false
        try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { fctx, geometry, _ in
            guard geometry.type != .point else { return }
            let c = Convert.premultiplied(color.value(fctx))
            let b = base.value(fctx), h = height.value(fctx)
            var placed: ExtrusionPattern?
            if let pattern {
                var patternCtx = fctx
                patternCtx.zoom = floorCtx.zoom
                // A feature whose image is missing draws nothing (the lookup warns).
                guard let name = pattern.value(patternCtx), let image = frame.images.pattern(name) else { return }
                placed = ExtrusionPattern(image: image, zoom: frame.zoom, anchor: frame.camera.center,
                                          tileOrigin: tileOrigin(tile, geometry, zoom: tileZoom), tileZoom: tileZoom)
            }
            frame.clock.mark(.style)
            if drawer.draw(RoundedCorners.apply(geometry, metres: rounding), color: c, base: b, height: h, pattern: placed) { drew = true }
            frame.clock.mark(.raster)
        }
        return drew
    }

    /// The top-left corner of the source tile the feature's walls are patterned from: the
    /// vector tile's, or for GeoJSON drawn whole the tile of the tile zoom its first point
    /// lies in (geojson-vt's tile holding it).
    private static func tileOrigin(_ tile: SourceTilePass?, _ geometry: FeatureGeometry, zoom: Int) -> WorldPoint {
        if let tile { return WorldPoint(tile.square.minX, tile.square.minY) }
        guard let p = geometry.points.first else { return WorldPoint(0, 0) }
        let n = Double(1 << min(30, max(0, zoom)))
        return WorldPoint((p.x * n).rounded(.down) / n, (p.y * n).rounded(.down) / n)
    }
}
