import Raster
import StyleSpec

extension MapRenderer {
    /// Draws one layer through its painter: the layer-wide opacity's canvas, the tiling and
    /// "drew anything" are decided here and nowhere else.
    func drawLayer(_ layer: Layer, _ frame: RenderFrame) throws {
        guard let painter = painters.painter(layer.type), let plan = try painter.plan(layer, frame) else { return }
        let featuresBefore = frame.drawnFeatures
        var drew = false
        try frame.withLayerCanvas(opacity: plan.opacity) { canvas in
            if plan.tiling.perSourceTile {
                try TiledLayerDrawing.run(layer, frame, canvas: canvas, tiling: plan.tiling) { pass in
                    if try plan.draw(LayerTarget(canvas: pass?.canvas ?? canvas, tile: pass)) { drew = true }
                }
            } else if try plan.draw(LayerTarget(canvas: canvas, tile: nil)) {
                drew = true
            }
            if let finish = plan.finish, try finish(canvas) { drew = true }
        }
        if drew || frame.drawnFeatures != featuresBefore { frame.drewFeatures = true }
    }

    /// A layer-wide opacity property (`fill-layer-opacity`, …) clamped to [0, 1]; 1 when unset.
    static func layerOpacity(_ layer: Layer, _ name: String, _ frame: RenderFrame) -> Float {
        guard layer.paint[name] != nil else { return 1 }
        let ctx = frame.layerContext
        return max(0, min(1, LayerProperty(layer, name, .paint, ctx, convert: Convert.number).value(ctx)))
    }
}
