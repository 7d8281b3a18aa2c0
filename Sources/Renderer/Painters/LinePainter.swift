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
/// enters a tile's buffered square; gradient ramps are per tile), so for them the source's
/// tiles covering the view are emulated: data clipped per tile, drawn inside the tile's
/// square. Other lines are drawn for the whole view at once.
enum LinePainter {
    /// `tile`: the vector source tile being drawn (MapLibre draws such layers per source
    /// tile), nil for sources drawn whole.
    static func paint(_ layer: Layer, _ frame: RenderFrame, tile: SourceTilePass?) throws {
        let style = LineLayerStyle(layer, frame: frame)
        if style.width.constantValue == 0 || style.opacity.constantValue == 0 { return }
        guard let tiling = FeatureStream.tiling(layer, in: frame, tile: tile) else { return }
        let ctx = frame.layerContext
        let translate = LayerProperty(layer, "line-translate", .paint, ctx, convert: Convert.offset).value(ctx)
        let anchor = LayerProperty(layer, "line-translate-anchor", .paint, ctx, convert: Convert.string).value(ctx)
        let shift = frame.translation(translate, anchor: anchor)
        let camera = frame.camera
        let idealZoom = max(0, Int(camera.zoom.rounded(.down)))
        let units = TileUnitFrame(camera: camera, projection: frame.projection, tileZoom: tiling.tileZoom, idealZoom: idealZoom)
        let tileRatio = Float(1 / units.unitsPerTilePixel)
        frame.clock.mark(.style)

        var atlas = LineDashAtlas()
        var batch = LineBatch()
        let canvas = frame.canvas
        let sortByKey = style.sortKey != nil
        // Constant styling is evaluated once for the layer.
        var constant: LineLayerStyle.Feature?
        if style.isFeatureConstant {
            guard let f = style.feature(ctx, dashAtlas: &atlas, tileRatio: tileRatio) else { return }
            constant = f
        }
        func feature(_ fctx: EvaluationContext) -> LineLayerStyle.Feature? {
            constant ?? style.feature(fctx, dashAtlas: &atlas, tileRatio: tileRatio)
        }

        // A vector layer already arrives one source tile at a time, clipped, with its lines
        // whole inside the tile, so dashes keep MapLibre's per-tile phase without re-tiling.
        if !style.needsTiles || tile != nil {
            let margin: Double = (style.constantReach() ?? 256 * Double(style.pixelRatio))
                + Double((shift * shift).sum().squareRoot())
            let clip = PixelClip(width: canvas.width, height: canvas.height)
            try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { fctx, geometry, _ in
                guard geometry.type != .point, let feature = feature(fctx) else { return }
                frame.clock.mark(.style)
                batch.add(feature, geometry: geometry, clips: [], useClips: false, frame: units)
                frame.clock.mark(.prepare)
                // Without sorting, draw as we go so the mesh stays small.
                if !sortByKey, batch.vertexCount > 1 << 16 {
                    batch.flush(sortByKey: false, ramp: nil, frame: units, shift: shift, clip: clip, on: canvas)
                    frame.clock.mark(.raster)
                }
            }
            batch.flush(sortByKey: sortByKey, ramp: nil, frame: units, shift: shift, clip: clip, on: canvas)
            frame.clock.mark(.raster)
            return
        }

        let cover = LineTileCover(camera: camera, tileZoom: tiling.tileZoom)
        // Tiles hold data a buffer beyond their square; parts that cannot reach the view are
        // not tessellated (step gradients need every part: their ramp width depends on it).
        var cull: SIMD4<Double>?
        if !style.gradientIsStep {
            let margin = (style.constantReach() ?? 256 * Double(style.pixelRatio)) + Double((shift * shift).sum().squareRoot())
            let r = camera.visibleWorldBounds(margin: margin)
            cull = SIMD4(r.minX, r.minY, r.maxX, r.maxY) * units.unitsPerWorld
                - SIMD4(units.origin.x, units.origin.y, units.origin.x, units.origin.y)
        }
        var ramp = style.gradient == nil ? nil : LineGradientRamp(width: 256, nearest: style.gradientIsStep)
        for tile in cover.tiles {
            let clip = cover.clip(tile, projection: frame.projection, width: canvas.width, height: canvas.height,
                                  rotated: camera.isRotated)
            guard !clip.isEmpty else { continue }
            let rect = cover.bufferedRect(tile, buffer: tiling.buffer)
            try FeatureStream.forEach(layer, in: frame, tile: nil, marginPixels: 0, rect: rect) { fctx, geometry, clips in
                guard geometry.type != .point, let feature = feature(fctx) else { return }
                frame.clock.mark(.style)
                batch.add(feature, geometry: geometry, clips: clips, useClips: !clips.isEmpty, frame: units, cull: cull)
                frame.clock.mark(.prepare)
            }
            if ramp != nil {
                let width = LineGradientRamp.resolution(step: style.gradientIsStep, maxLineLength: batch.maxLineLength,
                                                        tileZoom: tiling.tileZoom, sourceMaxZoom: tiling.maxzoom)
                var r = LineGradientRamp(width: width, nearest: style.gradientIsStep)
                for c in batch.rampClips { _ = r.addRow(clip: c) { style.gradientColor(at: $0, context: ctx) } }
                ramp = r
                frame.clock.mark(.style)
            }
            batch.flush(sortByKey: sortByKey, ramp: ramp, frame: units, shift: shift, clip: clip, on: canvas)
            frame.clock.mark(.raster)
        }
    }
}
