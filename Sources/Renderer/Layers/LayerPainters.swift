import StyleSpec

/// The registry of layer painters, built once per renderer: the layer types Strata draws are
/// the ones that have a painter here.
struct LayerPainters: Sendable {
    private let byType: [LayerType: any LayerPainter]

    init(customLayers: CustomLayerRegistry) {
        let painters: [any LayerPainter] = [
            BackgroundLayerPainter(), FillLayerPainter(), LineLayerPainter(), CircleLayerPainter(),
            SymbolLayerPainter(), HeatmapLayerPainter(), RasterLayerPainter(), FillExtrusionLayerPainter(),
            HillshadeLayerPainter(), ColorReliefLayerPainter(), CustomLayerPainter(registry: customLayers),
        ]
        byType = Dictionary(uniqueKeysWithValues: painters.map { ($0.type, $0) })
    }

    /// The painter of `type`, nil for types nothing draws (`slot`).
    func painter(_ type: LayerType) -> (any LayerPainter)? { byType[type] }

    /// Every type with a painter.
    var types: Set<LayerType> { Set(byType.keys) }
}
