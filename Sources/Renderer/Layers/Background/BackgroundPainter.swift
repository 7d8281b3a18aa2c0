import Geo
import Raster
import StyleSpec

/// `background`: the colour (times opacity) over the whole canvas (the world's part of it,
/// where a turned view reaches past the poles: MapLibre draws it tile by tile), or with
/// `background-pattern` the image repeated over it, anchored to the world grid as MapLibre
/// anchors it (`PatternPlacement`) and taken at the integer zoom (the cross-fade's end
/// state). A missing image draws nothing (the lookup warns).
struct BackgroundLayerPainter: LayerPainter {
    var type: LayerType { .background }

    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan? {
        LayerPlan { target in try Self.paint(layer, frame, on: target.canvas) }
    }

    /// True when the image is no longer one colour (a pattern, or a band of the world).
    static func paint(_ layer: Layer, _ frame: RenderFrame, on canvas: Canvas) throws -> Bool {
        let ctx = frame.layerContext
        let props = BackgroundProperties(layer, ctx)
        let opacity = props.backgroundOpacity.value(ctx)
        if props.isSet(.backgroundPattern) {
            return paintPattern(layer, opacity: opacity, frame, on: canvas)
        }
        let color = props.backgroundColor.value(ctx)
        frame.clock.mark(.style)
        let c = color.withAlpha(multipliedBy: opacity)
        guard c.a > 0 else { return false }
        let band = worldBand(frame)
        if c.a >= 1, band == nil {
            // Opaque: replaces whatever is below, no coverage pass needed. MapLibre draws it in
            // its opaque pass, under any heatmap (HeatmapOverlay).
            canvas.clear(c)
            frame.clock.mark(.raster)
            try frame.compositeHeatmapsOverOpaque()
            return false
        }
        canvas.fill(band ?? rect(canvas), rule: .nonZero, paint: .solid(c), antialias: false)
        frame.clock.mark(.raster)
        if c.a >= 1 { try frame.compositeHeatmapsOverOpaque() }
        return band != nil
    }

    /// A pattern is not one colour: true when it drew (the encoder must scan the pixels).
    private static func paintPattern(_ layer: Layer, opacity: Float, _ frame: RenderFrame, on canvas: Canvas) -> Bool {
        var floorCtx = frame.layerContext
        floorCtx.zoom = floorCtx.zoom.rounded(.down)
        let name = BackgroundProperties(layer, floorCtx).backgroundPattern?.value(floorCtx) ?? nil
        frame.clock.mark(.style)
        guard opacity > 0, let name, let image = frame.images.pattern(name) else { return false }
        let placement = PatternPlacement(camera: frame.camera, projection: frame.projection, image: image)
        canvas.fill(worldBand(frame) ?? rect(canvas), rule: .nonZero, paint: placement.paint(image), opacity: min(opacity, 1),
                    antialias: false)
        frame.clock.mark(.raster)
        return true
    }

    /// The world's rows (latitudes within Web Mercator's square) across the view, when the view
    /// reaches past them; nil when it shows nothing else.
    static func worldBand(_ frame: RenderFrame) -> Path? {
        // Half a pixel past a pole is not worth a shape (tiles of the top and bottom rows
        // end exactly there and stay one colour).
        let halfPixel = 0.5 / frame.camera.worldSize
        let view = frame.camera.visibleWorldBounds()
        guard view.minY < -halfPixel || view.maxY > 1 + halfPixel else { return nil }
        let v = frame.camera.visibleWorldBounds(margin: 2)
        let corners = [WorldPoint(v.minX, 0), WorldPoint(v.maxX, 0), WorldPoint(v.maxX, 1), WorldPoint(v.minX, 1)]
            .map { frame.projection.apply($0) }
        var band = Path()
        band.move(to: corners[0].x, corners[0].y)
        for c in corners.dropFirst() { band.line(to: c.x, c.y) }
        band.close()
        return band
    }

    private static func rect(_ canvas: Canvas) -> Path {
        var rect = Path()
        let w = Float(canvas.width), h = Float(canvas.height)
        rect.move(to: 0, 0); rect.line(to: w, 0); rect.line(to: w, h); rect.line(to: 0, h); rect.close()
        return rect
    }
}
