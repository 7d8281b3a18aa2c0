import StyleSpec

/// `custom` layers: the registered renderer draws its prepared layer (options decoded when the
/// layer was validated, `Layer.prepared`).
struct CustomLayerPainter: LayerPainter {
    let registry: CustomLayerRegistry
    var type: LayerType { .custom }

    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan? {
        guard let prepared = registry.prepared(layer) else { return nil }
        return LayerPlan { target in
            try prepared.draw(in: CustomLayerContext(canvas: target.canvas, camera: frame.camera, layer: layer,
                                                     deadline: frame.deadline))
            frame.clock.mark(.raster)
            // What a custom layer draws is not known: never report the image as one colour.
            return true
        }
    }
}
