import Foundation
import Geo
import Raster
import StyleSpec

/// `hillshade` over a `raster-dem` source, as MapLibre draws it: per DEM tile the prepare
/// pass (Sobel slopes into bytes, `HillshadeSlopes`), then per canvas pixel the hillshade
/// shader of the layer's `hillshade-method` on the slope sampled at that pixel, blended
/// source-over.
struct HillshadeLayerPainter: LayerPainter {
    var type: LayerType { .hillshade }

    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan? {
        guard let id = layer.source, let spec = frame.style.source(id), spec.type == .rasterDEM else { return nil }
        return LayerPlan { target in try HillshadePainter.draw(layer, spec, frame, on: target.canvas) }
    }
}

enum HillshadePainter {
    /// True when any DEM tile covers the view (shading is never one colour).
    static func draw(_ layer: Layer, _ spec: SourceSpec, _ frame: RenderFrame, on canvas: Canvas) throws -> Bool {
        let shading = shading(layer, frame)
        let nearest = LayerProperty(layer, "resampling", .paint, frame.layerContext, convert: Convert.string).value(frame.layerContext) == "nearest"
        frame.clock.mark(.style)
        let projection = PixelAlignedProjection.projection(frame.camera)
        guard let cover = try DEMTileCover(spec, frame, projection: projection) else { return false }
        for item in cover.items {
            try frame.checkDeadlineNow()
            let shader = HillshadeShader(slopes: HillshadeSlopes(item.dem, zoom: item.zoom), shading: shading,
                                         latitudes: item.latitudes * (.pi / 180), nearest: nearest)
            frame.clock.mark(.prepare)
            TileTextureDrawing.draw(shader, square: item.square, clip: item.clip, projection: projection, on: canvas)
            frame.clock.mark(.raster)
        }
        return true
    }

    /// The layer's lights and colours for this frame.
    static func shading(_ layer: Layer, _ frame: RenderFrame) -> HillshadeShading {
        let ctx = frame.layerContext
        func numbers(_ name: String) -> [Float] {
            let v = LayerProperty(layer, name, .paint, ctx, convert: Convert.numbers).value(ctx)
            return v.isEmpty ? [0] : v
        }
        func colors(_ name: String) -> [SIMD4<Float>] {
            let v = LayerProperty(layer, name, .paint, ctx, convert: Convert.premultipliedColors).value(ctx)
            return v.isEmpty ? [SIMD4(repeating: 0)] : v
        }
        let method = HillshadeShading.Method(rawValue: LayerProperty(layer, "hillshade-method", .paint, ctx, convert: Convert.string).value(ctx)) ?? .standard
        let anchor = LayerProperty(layer, "hillshade-illumination-anchor", .paint, ctx, convert: Convert.string).value(ctx)
        // A viewport-anchored light turns with the map: against the tiles it is the
        // direction plus the bearing.
        let turn = anchor == "viewport" ? Float(frame.camera.bearing) : 0
        let directions = numbers("hillshade-illumination-direction"), altitudes = numbers("hillshade-illumination-altitude")
        let shadows = colors("hillshade-shadow-color"), highlights = colors("hillshade-highlight-color")
        // Only `multidirectional` uses more than the first light; shorter arrays repeat
        // their last entry.
        let count = method == .multidirectional
            ? max(directions.count, altitudes.count, shadows.count, highlights.count) : 1
        let lights = (0..<count).map { i -> HillshadeShading.Light in
            func at<T>(_ a: [T]) -> T { a[min(i, a.count - 1)] }
            return HillshadeShading.Light(azimuth: (at(directions) + turn) * .pi / 180, altitude: at(altitudes) * .pi / 180,
                                          shadow: at(shadows), highlight: at(highlights))
        }
        let accent = LayerProperty(layer, "hillshade-accent-color", .paint, ctx, convert: Convert.color).value(ctx)
        let exaggeration = LayerProperty(layer, "hillshade-exaggeration", .paint, ctx, convert: Convert.number).value(ctx)
        return HillshadeShading(method: method, lights: lights, accent: Convert.premultiplied(accent), exaggeration: exaggeration)
    }
}

/// The hillshade fragment shader over one DEM tile.
struct HillshadeShader: TileTextureShader {
    let slopes: HillshadeSlopes
    let shading: HillshadeShading
    /// Latitudes (radians) at the top and bottom of the tile.
    let latitudes: SIMD2<Float>
    let nearest: Bool

    @inline(__always)
    func shade(u: Float, v: Float) -> SIMD4<Float> {
        // Mercator stretches slopes by 1 / cos(latitude); the shader divides it back out.
        let scale = cosf((latitudes.x - latitudes.y) * (1 - v) + latitudes.y)
        return shading.color(slopes.derivative(u: u, v: v, nearest: nearest) / scale)
    }
}
