import Raster
import StyleSpec

/// `raster`: tiles of a `raster` source or the picture of an `image` source, with MapLibre's
/// raster paint — opacity, hue rotation, saturation, contrast, brightness range and
/// resampling (linear or nearest, `resampling` or `raster-resampling`). `raster-fade-duration` is ignored: a render shows the end
/// state. Video sources are not drawn.
struct RasterLayerPainter: LayerPainter {
    var type: LayerType { .raster }

    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan? {
        guard let sourceID = layer.source, let spec = frame.style.source(sourceID) else { return nil }
        // Images are not uniform in general: never report the tile as one colour.
        return LayerPlan { target in try RasterPainter.paint(layer, spec, frame, on: target.canvas); return true }
    }
}

enum RasterPainter {
    static func paint(_ layer: Layer, _ spec: SourceSpec, _ frame: RenderFrame, on canvas: Canvas) throws {
        let ctx = frame.layerContext
        let props = RasterProperties(layer, ctx)
        func number(_ p: LayerProperty<Float>) -> Double { Double(p.value(ctx)) }
        let opacity = Float(max(0, min(1, number(props.rasterOpacity))))
        guard opacity > 0 else { return }
        // The generic `resampling` wins when the layer sets it; `raster-resampling` otherwise.
        let resampling = (props.isSet(.resampling) ? props.resampling : props.rasterResampling).value(ctx)
        let adjustment = RasterColorAdjustment(hueRotate: number(props.rasterHueRotate), saturation: number(props.rasterSaturation),
                                               contrast: number(props.rasterContrast), brightnessMin: number(props.rasterBrightnessMin),
                                               brightnessMax: number(props.rasterBrightnessMax))
        let filter: ImageFilter = resampling == .nearest ? .nearest : .bilinear
        frame.clock.mark(.style)
        switch spec.type {
        case .raster: try RasterTileDrawing.draw(spec, frame, on: canvas, opacity: opacity, filter: filter, adjustment: adjustment)
        case .image: ImageSourceDrawing.draw(spec, frame, on: canvas, opacity: opacity, filter: filter, adjustment: adjustment)
        default: return
        }
    }
}
