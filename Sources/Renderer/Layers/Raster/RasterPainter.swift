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
        func number(_ name: String) -> Double {
            Double(LayerProperty(layer, name, .paint, ctx, convert: Convert.number).value(ctx))
        }
        let opacity = Float(max(0, min(1, number("raster-opacity"))))
        guard opacity > 0 else { return }
        // The generic `resampling` wins when the layer sets it; `raster-resampling` otherwise.
        let resamplingName = layer.paint["resampling"] != nil ? "resampling" : "raster-resampling"
        let resampling = LayerProperty(layer, resamplingName, .paint, ctx, convert: Convert.string).value(ctx)
        let adjustment = RasterColorAdjustment(hueRotate: number("raster-hue-rotate"), saturation: number("raster-saturation"),
                                               contrast: number("raster-contrast"), brightnessMin: number("raster-brightness-min"),
                                               brightnessMax: number("raster-brightness-max"))
        let filter: ImageFilter = resampling == "nearest" ? .nearest : .bilinear
        frame.clock.mark(.style)
        switch spec.type {
        case .raster: try RasterTileDrawing.draw(spec, frame, on: canvas, opacity: opacity, filter: filter, adjustment: adjustment)
        case .image: ImageSourceDrawing.draw(spec, frame, on: canvas, opacity: opacity, filter: filter, adjustment: adjustment)
        default: return
        }
    }
}
