import Raster
import StyleSpec

/// `background`: the colour (times opacity) over the whole canvas, or with
/// `background-pattern` the image repeated over it, anchored to the world grid as MapLibre
/// anchors it (`PatternPlacement`) and taken at the integer zoom (the cross-fade's end
/// state). A missing image draws nothing (the lookup warns).
enum BackgroundPainter {
    static func paint(_ layer: Layer, _ frame: RenderFrame) throws {
        let ctx = frame.layerContext
        let opacity = LayerProperty(layer, "background-opacity", .paint, ctx, convert: Convert.number).value(ctx)
        if layer.paint["background-pattern"] != nil {
            paintPattern(layer, opacity: opacity, frame)
            return
        }
        let color = LayerProperty(layer, "background-color", .paint, ctx, convert: Convert.color).value(ctx)
        frame.clock.mark(.style)
        let c = color.withAlpha(multipliedBy: opacity)
        guard c.a > 0 else { return }
        let canvas = frame.canvas
        if c.a >= 1 {
            // Opaque: replaces whatever is below, no coverage pass needed. MapLibre draws it in
            // its opaque pass, under any heatmap (HeatmapOverlay).
            canvas.clear(c)
            frame.clock.mark(.raster)
            try frame.compositeHeatmapsOverOpaque()
            return
        }
        canvas.fill(rect(canvas), rule: .nonZero, paint: .solid(c), antialias: false)
        frame.clock.mark(.raster)
    }

    private static func paintPattern(_ layer: Layer, opacity: Float, _ frame: RenderFrame) {
        var floorCtx = frame.layerContext
        floorCtx.zoom = floorCtx.zoom.rounded(.down)
        let name = LayerProperty(layer, "background-pattern", .paint, floorCtx, convert: Convert.imageName).value(floorCtx)
        frame.clock.mark(.style)
        guard opacity > 0, let name, let image = frame.images.pattern(name) else { return }
        let placement = PatternPlacement(camera: frame.camera, projection: frame.projection, image: image)
        let canvas = frame.canvas
        canvas.fill(rect(canvas), rule: .nonZero, paint: placement.paint(image), opacity: min(opacity, 1), antialias: false)
        // A pattern is not one colour: the encoder must scan the pixels.
        frame.drewFeatures = true
        frame.clock.mark(.raster)
    }

    private static func rect(_ canvas: Canvas) -> Path {
        var rect = Path()
        let w = Float(canvas.width), h = Float(canvas.height)
        rect.move(to: 0, 0); rect.line(to: w, 0); rect.line(to: w, h); rect.line(to: 0, h); rect.close()
        return rect
    }
}
