import Foundation
import Geo
import Raster
import StyleSpec

/// `color-relief` over a `raster-dem` source, as MapLibre draws it: per canvas pixel the
/// elevation sampled from the DEM tile (its border included; linear or nearest by
/// `resampling`), coloured through `color-relief-color`'s ramp, times
/// `color-relief-opacity`, blended source-over.
struct ColorReliefLayerPainter: LayerPainter {
    var type: LayerType { .colorRelief }

    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan? {
        guard let id = layer.source, let spec = frame.style.source(id), spec.type == .rasterDEM else { return nil }
        let ctx = frame.layerContext
        let opacity = max(0, min(1, ColorReliefProperties(layer, ctx).colorReliefOpacity.value(ctx)))
        guard opacity > 0 else { return nil }
        return LayerPlan { target in try ColorReliefPainter.draw(layer, spec, opacity: opacity, frame, on: target.canvas) }
    }
}

enum ColorReliefPainter {
    /// True when any DEM tile covers the view.
    static func draw(_ layer: Layer, _ spec: SourceSpec, opacity: Float, _ frame: RenderFrame, on canvas: Canvas) throws -> Bool {
        let ctx = frame.layerContext
        let nearest = ColorReliefProperties(layer, ctx).resampling.value(ctx) == .nearest
        let projection = PixelAlignedProjection.projection(frame.camera)
        guard let cover = try DEMTileCover(spec, frame, projection: projection) else { return false }
        let ramp = ColorReliefRamp(layer, context: ctx, encoding: cover.encoding)
        frame.clock.mark(.style)
        for item in cover.items {
            try frame.checkDeadlineNow()
            let shader = ColorReliefShader(dem: item.dem, ramp: ramp, opacity: opacity, nearest: nearest)
            TileTextureDrawing.draw(shader, square: item.square, clip: item.clip, projection: projection, on: canvas)
            frame.clock.mark(.raster)
        }
        return true
    }
}

/// The colour-relief fragment shader over one DEM tile.
struct ColorReliefShader: TileTextureShader {
    let dem: DEMTile
    let ramp: ColorReliefRamp
    let opacity: Float
    let nearest: Bool

    @inline(__always)
    func shade(u: Float, v: Float) -> SIMD4<Float> {
        ramp.color(elevation(u: u, v: v)) * opacity
    }

    /// The elevation GL samples at tile position (u, v): the texture spans the bordered grid
    /// and the tile's texels sit one texel in, so position p maps to bordered texel space
    /// u·dim + 1 (CLAMP_TO_EDGE at the border's outer edge).
    @inline(__always)
    func elevation(u: Float, v: Float) -> Float {
        let n = dem.dim
        let px = u * Float(n) + 1, py = v * Float(n) + 1
        if nearest {
            let x = min(max(Int(px.rounded(.down)), 0), n + 1) - 1, y = min(max(Int(py.rounded(.down)), 0), n + 1) - 1
            return dem[x, y]
        }
        let sx = px - 0.5, sy = py - 0.5
        let x0f = sx.rounded(.down), y0f = sy.rounded(.down)
        let wx = sx - x0f, wy = sy - y0f
        func clamp(_ i: Int) -> Int { min(max(i, 0), n + 1) - 1 }
        let x0 = clamp(Int(x0f)), x1 = clamp(Int(x0f) + 1), y0 = clamp(Int(y0f)), y1 = clamp(Int(y0f) + 1)
        let top = dem[x0, y0] * (1 - wx) + dem[x1, y0] * wx
        let bottom = dem[x0, y1] * (1 - wx) + dem[x1, y1] * wx
        return top * (1 - wy) + bottom * wy
    }
}
