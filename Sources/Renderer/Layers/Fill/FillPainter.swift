import Geo
import Raster
import StyleSpec

/// `fill`, drawn as MapLibre draws it: the interior sampled at pixel centres (no partial
/// coverage), and with `fill-antialias` an anti-aliased 1 device-pixel outline on top in
/// `fill-outline-color`, which defaults to the fill colour. Adjacent polygons therefore meet
/// without seams and edges look like MapLibre's.
///
/// When the paint is the same for every feature and no sort key is set, all features go into
/// one path: one pass for the interiors, one for the outlines. A translucent fill composites
/// its features' interiors one after the other as MapLibre does, so overlaps darken; it
/// still fills runs of features that cannot overlap in one pass (`FillFeatureBatches`).
/// Outlines blend segment by segment in feature order either way, as MapLibre's lines do.
struct FillLayerPainter: LayerPainter {
    var type: LayerType { .fill }

    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan? {
        LayerPlan(tiling: .perSourceTile, opacity: MapRenderer.layerOpacity(layer, "fill-layer-opacity", frame)) { target in
            try FillPainter.paint(layer, frame, target)
        }
    }
}

enum FillPainter {
    /// Whether a fill of combined alpha `alpha` (colour alpha × fill-opacity) composites its
    /// features one after the other. An opaque fill leaves the same pixels filled once or
    /// per feature, so it keeps the single pass (and its heatmap and outline handling).
    static func compositesPerFeature(alpha: Float) -> Bool { alpha < 1 }

    /// `target.tile`: the vector source tile being drawn (MapLibre draws such layers per
    /// source tile), nil for sources drawn whole. True when kept features drew (streamed
    /// ones count themselves).
    static func paint(_ layer: Layer, _ frame: RenderFrame, _ target: LayerTarget) throws -> Bool {
        let tile = target.tile
        let ctx = frame.layerContext
        let props = FillProperties(layer, ctx)
        if props.isSet(.fillPattern) { try FillPatternPainter.paint(layer, frame, target); return false }
        let color = props.fillColor
        let opacity = props.fillOpacity
        let antialias = props.fillAntialias.constantValue ?? true
        let outline = !antialias ? nil : props.fillOutlineColor ?? color
        let sortKey = props.fillSortKey
        let (offset, margin, grid) = placement(props, layer, frame, tile: tile)
        let canvas = target.canvas

        if color.isConstant, opacity.isConstant, outline?.isConstant ?? true, sortKey == nil {
            /// Streams the layer's features into `path`, noting where each begins in `starts`;
            /// returns how many there were.
            func stream(into path: inout Path, starts: inout [FillFeatureBatches.Start]) throws -> Int {
                var features = 0
                try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { _, geometry, _ in
                    starts.append(FillFeatureBatches.Start(path))
                    PathBuilder.append(geometry, projection: frame.projection, offset: offset, to: &path, grid: grid)
                    features += 1
                }
                return features
            }
            var path: Path
            var starts: [FillFeatureBatches.Start] = []
            var drew = false
            let kept = tile == nil ? try FillPathViews.view(layer, frame, marginPixels: margin, offset: offset, grid: grid,
                                                            build: stream) : nil
            if let kept {
                path = kept.path
                starts = kept.starts
                drew = kept.features > 0
            } else {
                path = frame.path
                path.removeAll()
                _ = try stream(into: &path, starts: &starts)
            }
            frame.clock.mark(.prepare)
            let c = color.constantValue!.withAlpha(multipliedBy: opacity.constantValue!)
            let interior = try fillInterior(path, starts: starts, color: c, opaqueColor: color.constantValue!.a >= 1,
                                            layer, frame, on: canvas)
            if let oc = outline?.constantValue?.withAlpha(multipliedBy: opacity.constantValue!), oc.a > 0, !path.isEmpty {
                GLOutline.draw(path, color: oc, on: canvas, outside: interior)
            }
            if kept == nil { frame.path = path }
            frame.clock.mark(.raster)
            return drew
        }

        try paintPerFeature(layer, frame, tile: tile, margin: margin, offset: offset, grid: grid, color: color, opacity: opacity,
                            outline: outline, sortKey: sortKey, on: canvas)
        return false
    }

    /// Where a fill layer's features go, shared by the plain and the pattern painter:
    /// `fill-translate` in device pixels, how far beyond the view features are read, and
    /// MapLibre's tile grid (8192 units per tile at the source's tile zoom) the outlines snap to.
    static func placement(_ props: FillProperties, _ layer: Layer, _ frame: RenderFrame,
                          tile: SourceTilePass?) -> (offset: SIMD2<Float>, margin: Double, grid: Double?) {
        let offset = frame.translation(props.fillTranslate.value(props.ctx), anchor: props.fillTranslateAnchor.value(props.ctx))
        frame.clock.mark(.style)
        let margin = 2 + Double((offset * offset).sum().squareRoot())
        let grid = FeatureStream.tiling(layer, in: frame, tile: tile).map { Double(1 << min(30, $0.tileZoom)) * 8192 }
        return (offset, margin, grid)
    }

    /// A constant fill's interior: one pass when opaque, else its features one after the
    /// other (`FillFeatureBatches`). Returns the opaque interior the outline stays off where
    /// heatmaps were composited over it.
    private static func fillInterior(_ path: Path, starts: [FillFeatureBatches.Start], color c: Color, opaqueColor: Bool,
                                     _ layer: Layer, _ frame: RenderFrame, on canvas: Canvas) throws -> Canvas? {
        guard c.a > 0, !path.isEmpty else { return nil }
        if compositesPerFeature(alpha: c.a) {
            for pass in FillFeatureBatches.batches(path, starts: starts, width: canvas.width, height: canvas.height) {
                canvas.fill(pass, rule: .nonZero, paint: .solid(c), antialias: false)
            }
            return nil
        }
        canvas.fill(path, rule: .nonZero, paint: .solid(c), antialias: false)
        // MapLibre's opaque pass draws this interior under any heatmap (HeatmapOverlay).
        guard opaqueColor, !FillProperties(layer, frame.layerContext).isSet(.fillPattern) else { return nil }
        return try frame.compositeHeatmapsOverOpaque(interior: path)
    }

    /// Per feature: data-driven paint or sort order. Each feature's interior is its own fill,
    /// so overlapping translucent features composite one after the other here too.
    private static func paintPerFeature(_ layer: Layer, _ frame: RenderFrame, tile: SourceTilePass?, margin: Double,
                                        offset: SIMD2<Float>, grid: Double?, color: LayerProperty<Color>,
                                        opacity: LayerProperty<Float>, outline: LayerProperty<Color>?,
                                        sortKey: LayerProperty<Double?>?, on canvas: Canvas) throws {
        var items: [(key: Double, order: Int, path: Path, fill: Color, outline: Color?)] = []
        var order = 0
        try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { fctx, geometry, _ in
            var path = Path()
            PathBuilder.append(geometry, projection: frame.projection, offset: offset, to: &path, grid: grid)
            frame.clock.mark(.prepare)
            let o = opacity.value(fctx)
            let fill = color.value(fctx).withAlpha(multipliedBy: o)
            let line = outline?.value(fctx).withAlpha(multipliedBy: o)
            let key = (sortKey?.value(fctx) ?? nil) ?? 0
            frame.clock.mark(.style)
            items.append((key, order, path, fill, line))
            order += 1
        }
        if sortKey != nil { items.sort { ($0.key, $0.order) < ($1.key, $1.order) } }
        for item in items where item.fill.a > 0 && !item.path.isEmpty {
            canvas.fill(item.path, rule: .nonZero, paint: .solid(item.fill), antialias: false)
        }
        for item in items {
            if let oc = item.outline, oc.a > 0, !item.path.isEmpty {
                GLOutline.draw(item.path, color: oc, on: canvas)
            }
        }
        frame.clock.mark(.raster)
    }
}
