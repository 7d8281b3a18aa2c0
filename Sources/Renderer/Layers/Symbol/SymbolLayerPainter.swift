import StyleSpec

/// `symbol` layers are placed before any layer draws (`SymbolPainter.placeAll`, top layer
/// first); drawing one shows the labels its placement kept, in layer order.
struct SymbolLayerPainter: LayerPainter {
    var type: LayerType { .symbol }

    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan? {
        LayerPlan { target in SymbolPainter.draw(layer, frame, on: target.canvas) }
    }
}
