import Raster
import StyleSpec

/// `background`: the colour (times opacity) over the whole canvas.
enum BackgroundPainter {
    static func paint(_ layer: Layer, _ frame: RenderFrame) throws {
        let ctx = frame.layerContext
        let color = LayerProperty(layer, "background-color", .paint, ctx, convert: Convert.color).value(ctx)
        let opacity = LayerProperty(layer, "background-opacity", .paint, ctx, convert: Convert.number).value(ctx)
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
        var rect = Path()
        let w = Float(canvas.width), h = Float(canvas.height)
        rect.move(to: 0, 0); rect.line(to: w, 0); rect.line(to: w, h); rect.line(to: 0, h); rect.close()
        canvas.fill(rect, rule: .nonZero, paint: .solid(c), antialias: false)
        frame.clock.mark(.raster)
    }
}
