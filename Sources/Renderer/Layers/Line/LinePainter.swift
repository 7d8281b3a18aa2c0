import Geo
import Raster
import StyleSpec

/// `line`, drawn the way MapLibre draws it: each feature tessellated into triangles by
/// MapLibre's join and cap rules (in its tile units), the triangles rasterized at pixel
/// centres and shaded per pixel by its line shaders (alpha from the distance to the centre
/// line; dash field; gradient ramp), blended source-over one triangle at a time, so a
/// translucent line shows its overlaps as MapLibre's does.
///
/// Dashed and gradient lines depend on MapLibre's tiles (dashes start again where a line
/// enters a tile's buffered square; gradient ramps are per tile), so for them a GeoJSON
/// source is drawn tile by tile too (`TiledLayerDrawing`): data clipped per tile, drawn
/// inside the tile's square. Other GeoJSON lines are drawn for the whole view at once.
struct LineLayerPainter: LayerPainter {
    var type: LayerType { .line }

    /// Evaluates the layer's style once; the driver then has every source tile painted.
    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan? {
        let style = frame.resolved(layer) { LineLayerStyle(layer, frame: frame) }
        if style.width.constantValue == 0 || style.opacity.constantValue == 0 { return nil }
        var tiling = LayerTiling.perSourceTile
        tiling.tileGeoJSON = style.needsTiles
        return LayerPlan(tiling: tiling, opacity: MapRenderer.layerOpacity(layer, "line-layer-opacity", frame)) { target in
            try LinePainter.paint(layer, style, frame, target)
            return false
        }
    }
}

/// One source tile of a line layer (or its whole source): each feature's style, then the
/// kept buckets of a vector tile, a GeoJSON tile cut to its square, or the whole source.
struct LinePainter {
    let layer: Layer
    let style: LineLayerStyle
    let frame: RenderFrame
    let tile: SourceTilePass?
    let canvas: Canvas
    /// `line-translate` in device pixels.
    let shift: SIMD2<Float>
    /// MapLibre's tile units of this tile's zoom, placed in the view.
    let units: TileUnitFrame
    let idealZoom: Int
    let tiling: (tileZoom: Int, maxzoom: Int, buffer: Double)
    /// Each feature's evaluated style (once for the layer when constant).
    let styler: LineFeatureStyler

    /// `target.tile`: the source tile being drawn (vector sources; GeoJSON when
    /// `style.needsTiles`), nil for sources drawn whole.
    static func paint(_ layer: Layer, _ style: LineLayerStyle, _ frame: RenderFrame, _ target: LayerTarget) throws {
        guard let tiling = FeatureStream.tiling(layer, in: frame, tile: target.tile) else { return }
        let ctx = frame.layerContext
        let props = LineProperties(layer, ctx)
        let translate = props.lineTranslate.value(ctx)
        let anchor = props.lineTranslateAnchor.value(ctx)
        let idealZoom = max(0, Int(frame.camera.zoom.rounded(.down)))
        let units = TileUnitFrame(camera: frame.camera, projection: frame.projection, tileZoom: tiling.tileZoom, idealZoom: idealZoom)
        frame.clock.mark(.style)
        guard let styler = LineFeatureStyler(style, ctx, tileRatio: Float(1 / units.unitsPerTilePixel), images: frame.images.pattern)
        else { return }
        let painter = LinePainter(layer: layer, style: style, frame: frame, tile: target.tile, canvas: target.canvas,
                                  shift: frame.translation(translate, anchor: anchor), units: units, idealZoom: idealZoom,
                                  tiling: tiling, styler: styler)
        try painter.paint()
    }

    private func paint() throws {
        // A vector tile's lines are tessellated once and kept (MapLibre's buckets).
        if let pass = tile, try LineBucketDrawing.draw(layer, style, frame, pass: pass, shift: shift, feature: styler.feature) {
            return
        }
        // A GeoJSON tile is drawn inside its square (its features cut to the buffered square,
        // with the cut points so dashes restart there). A vector tile arrives clipped, its
        // lines whole inside it, and is clipped to its square by the tiling's clip canvas.
        if let tileClip = tile?.pixelClip { return try paintGeoJSONTile(clip: tileClip) }
        try paintWhole()
    }

    /// A GeoJSON tile cut as geojson-vt cuts it, drawn inside its square.
    private func paintGeoJSONTile(clip tileClip: PixelClip) throws {
        var batch = LineBatch()
        // Parts that cannot reach the view are not tessellated (step gradients need every
        // part: their ramp width depends on it).
        var cull: SIMD4<Double>?
        if !style.gradientIsStep {
            let margin = (style.constantReach() ?? 256 * Double(style.pixelRatio)) + Double((shift * shift).sum().squareRoot())
            let r = frame.camera.visibleWorldBounds(margin: margin)
            cull = SIMD4(r.minX, r.minY, r.maxX, r.maxY) * units.unitsPerWorld
                - SIMD4(units.origin.x, units.origin.y, units.origin.x, units.origin.y)
        }
        try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: 0) { fctx, geometry, clips in
            guard geometry.type != .point, let feature = styler.feature(fctx) else { return }
            frame.clock.mark(.style)
            batch.add(feature, geometry: geometry, clips: clips, useClips: !clips.isEmpty, frame: units, cull: cull)
            frame.clock.mark(.prepare)
        }
        var ramp: LineGradientRamp?
        if style.gradient != nil {
            let width = LineGradientRamp.resolution(step: style.gradientIsStep, maxLineLength: batch.maxLineLength,
                                                    tileZoom: tiling.tileZoom, sourceMaxZoom: tiling.maxzoom)
            var r = LineGradientRamp(width: width, nearest: style.gradientIsStep)
            let ctx = frame.layerContext
            for c in batch.rampClips { _ = r.addRow(clip: c) { style.gradientColor(at: $0, context: ctx) } }
            ramp = r
            frame.clock.mark(.style)
        }
        batch.flush(sortByKey: style.sortKey != nil, ramp: ramp, frame: units, shift: shift, clip: tileClip, on: canvas)
        frame.clock.mark(.raster)
    }

    /// A source drawn whole: GeoJSON keeps its tessellated view; otherwise every feature within
    /// reach of the view, flushed as it goes when unsorted so the mesh stays small.
    private func paintWhole() throws {
        let margin: Double = (style.constantReach() ?? 256 * Double(style.pixelRatio))
            + Double((shift * shift).sum().squareRoot())
        let clip = PixelClip(width: canvas.width, height: canvas.height)
        if tile == nil, try GeoJSONLineBucketDrawing.draw(layer, style, frame, rect: FeatureStream.queryRect(in: frame, marginPixels: margin),
                                                          units: units, idealZoom: idealZoom, shift: shift, clip: clip,
                                                          canvas: canvas, feature: styler.feature) {
            return
        }
        let sortByKey = style.sortKey != nil
        var batch = LineBatch()
        try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { fctx, geometry, _ in
            guard geometry.type != .point, let feature = styler.feature(fctx) else { return }
            frame.clock.mark(.style)
            batch.add(feature, geometry: geometry, clips: [], useClips: false, frame: units)
            frame.clock.mark(.prepare)
            if !sortByKey, batch.vertexCount > 1 << 16 {
                batch.flush(sortByKey: false, ramp: nil, frame: units, shift: shift, clip: clip, on: canvas)
                frame.clock.mark(.raster)
            }
        }
        batch.flush(sortByKey: sortByKey, ramp: nil, frame: units, shift: shift, clip: clip, on: canvas)
        frame.clock.mark(.raster)
    }
}

/// A line layer's style per feature for one tile: evaluated once for the layer when it is
/// feature-constant, else per feature; dash patterns go into the tile's atlas.
final class LineFeatureStyler {
    private let style: LineLayerStyle
    private let tileRatio: Float
    private let images: (String) -> PatternImage?
    private var atlas = LineDashAtlas()
    private var constant: LineLayerStyle.Feature?

    /// Nil when a constant style draws nothing.
    init?(_ style: LineLayerStyle, _ ctx: EvaluationContext, tileRatio: Float, images: @escaping (String) -> PatternImage?) {
        self.style = style; self.tileRatio = tileRatio; self.images = images
        if style.isFeatureConstant {
            guard let f = style.feature(ctx, dashAtlas: &atlas, tileRatio: tileRatio, images: images) else { return nil }
            constant = f
        }
    }

    func feature(_ fctx: EvaluationContext) -> LineLayerStyle.Feature? {
        constant ?? style.feature(fctx, dashAtlas: &atlas, tileRatio: tileRatio, images: images)
    }
}
