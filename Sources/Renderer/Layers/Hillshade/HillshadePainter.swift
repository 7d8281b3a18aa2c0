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
        let nearest = HillshadeProperties(layer, frame.layerContext).resampling.value(frame.layerContext) == .nearest
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
        let props = HillshadeProperties(layer, ctx)
        func numbers(_ p: LayerProperty<[Float]>) -> [Float] {
            let v = p.value(ctx)
            return v.isEmpty ? [0] : v
        }
        func colors(_ p: LayerProperty<[SIMD4<Float>]>) -> [SIMD4<Float>] {
            let v = p.value(ctx)
            return v.isEmpty ? [SIMD4(repeating: 0)] : v
        }
        let method = props.hillshadeMethod.value(ctx)
        let anchor = props.hillshadeIlluminationAnchor.value(ctx)
        // A viewport-anchored light turns with the map: against the tiles it is the
        // direction plus the bearing.
        let turn = anchor == .viewport ? Float(frame.camera.bearing) : 0
        let directions = numbers(props.hillshadeIlluminationDirection), altitudes = numbers(props.hillshadeIlluminationAltitude)
        let shadows = colors(props.hillshadeShadowColor), highlights = colors(props.hillshadeHighlightColor)
        // Only `multidirectional` uses more than the first light; shorter arrays repeat
        // their last entry.
        let count = method == .multidirectional
            ? max(directions.count, altitudes.count, shadows.count, highlights.count) : 1
        let lights = (0..<count).map { i -> HillshadeShading.Light in
            func at<T>(_ a: [T]) -> T { a[min(i, a.count - 1)] }
            return HillshadeShading.Light(azimuth: (at(directions) + turn) * .pi / 180, altitude: at(altitudes) * .pi / 180,
                                          shadow: at(shadows), highlight: at(highlights))
        }
        let accent = props.hillshadeAccentColor.value(ctx)
        let exaggeration = props.hillshadeExaggeration.value(ctx)
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
