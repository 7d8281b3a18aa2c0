import Geo
import Raster
import StyleSpec

/// `heatmap`: MapLibre's two passes. Every vertex of every feature (as MapLibre's circle
/// bucket takes them) adds its kernel, `heatmap-weight · heatmap-intensity · K(d / radius)`,
/// to a float density texture a quarter of the canvas on each side (`HeatmapDensity`); the
/// density is then coloured through the `heatmap-color` ramp and blended with
/// `heatmap-opacity` over the whole canvas (`HeatmapCompositor`).
///
/// Which points count: a static view takes, as MapLibre does, the points of the source tiles
/// covering the view (each point once, from the tile it lies in), so a point outside those
/// tiles adds nothing even where its kernel would reach in. A `/tiles` render (`Camera.isTile`)
/// is one piece of a seamless grid: it takes every point whose kernel reaches the canvas,
/// fetching neighbouring vector tiles that far, and keeps density texels beyond its edges.
struct HeatmapLayerPainter: LayerPainter {
    var type: LayerType { .heatmap }
    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan? { HeatmapPainter.plan(layer, frame) }
}

enum HeatmapPainter {
    /// Device pixels a layer whose radius or weight varies by feature reaches beyond the view
    /// (its kernels' extent is not known before the features are read): a radius up to about
    /// 150 CSS px at weight 1, like the circle painter's data-driven margin.
    static let dataDrivenReach = 256.0

    /// The density of every point (per source tile), then its colours composited once.
    static func plan(_ layer: Layer, _ frame: RenderFrame) -> LayerPlan? {
        let ctx = frame.layerContext
        let props = HeatmapProperties(layer, ctx)
        let opacity = max(0, min(1, props.heatmapOpacity.value(ctx)))
        // MapLibre skips the layer at opacity 0 (both passes).
        guard opacity > 0 else { return nil }
        let radius = props.heatmapRadius
        let weight = props.heatmapWeight
        let intensity = props.heatmapIntensity.value(ctx)
        let ramp = frame.resources.heatmapRamps.ramp(for: layer, context: ctx)
        frame.clock.mark(.style)

        let ratio = Float(frame.camera.pixelRatio)
        let tiled = frame.camera.isTile
        let density = HeatmapDensity(width: frame.output.width, height: frame.output.height, margin: tiled ? 1 : 0)
        let reach = Self.reach(radius: radius, weight: weight, intensity: intensity, pixelRatio: ratio)
        let finish = { (canvas: Canvas) throws -> Bool in
            let drew = try HeatmapCompositor.composite(density, ramp: ramp, opacity: opacity, onto: canvas) {
                try frame.checkDeadlineNow()
            }
            frame.heatmaps.append(HeatmapOverlay(density: density, ramp: ramp, opacity: opacity))
            frame.clock.mark(.raster)
            return drew
        }
        // No point can draw: only the (empty) colour pass.
        guard let reach else { return LayerPlan(draw: { _ in false }, finish: finish) }
        // Static views: MapLibre's covering tiles (GeoJSON cut as geojson-vt cuts it);
        // tiles: everything within reach.
        let tiling = LayerTiling(perSourceTile: true, tileGeoJSON: !tiled, pointReach: tiled ? reach : 0)
        let projection = frame.projection
        let rotation = Self.rotation(projection)
        return LayerPlan(tiling: tiling, draw: { target in
            let pass = target.tile
            let square: WorldRect? = if case .geoJSON? = pass?.content { pass!.square } else { nil }
            try FeatureStream.forEach(layer, in: frame, tile: pass, marginPixels: reach) { fctx, geometry, _ in
                frame.clock.mark(.prepare)
                let r = abs(radius.value(fctx)) * ratio
                let amplitude = weight.value(fctx) * intensity
                frame.clock.mark(.style)
                guard r > 0, HeatmapKernel.extent(amplitude: amplitude) != nil else { return }
                for p in geometry.points {
                    // A geojson-vt tile holds its buffer too: each point counts in its own tile only.
                    if let s = square, !(p.x >= s.minX && p.x < s.maxX && p.y >= s.minY && p.y < s.maxY) { continue }
                    try frame.checkDeadline()
                    density.add(center: projection.apply(p), radius: r, amplitude: amplitude, rotation: rotation)
                }
                frame.clock.mark(.raster)
            }
            return false
        }, finish: finish)
    }

    /// How far (device pixels) beyond the canvas a point may lie and still add density to it:
    /// its square's half side plus two density texels (the bilinear taps at the edge); nil
    /// when no point can draw (weight or intensity 0 for every feature).
    static func reach(radius: LayerProperty<Float>, weight: LayerProperty<Float>, intensity: Float,
                      pixelRatio: Float) -> Double? {
        guard let r = radius.constantValue, let w = weight.constantValue else {
            return dataDrivenReach * Double(pixelRatio)
        }
        guard let extent = HeatmapKernel.extent(amplitude: w * intensity), r != 0 else { return nil }
        return Double(extent * abs(r) * pixelRatio) + 8
    }

    /// (cos, sin) of the angle the projection turns the map by (the square turns with it).
    static func rotation(_ p: WorldProjection) -> SIMD2<Float> {
        let n = (p.a * p.a + p.b * p.b).squareRoot()
        guard n > 0, n.isFinite else { return SIMD2(1, 0) }
        let s = p.b / n
        return SIMD2(Float(p.a / n), abs(s) < 1e-12 ? 0 : Float(s))
    }
}
