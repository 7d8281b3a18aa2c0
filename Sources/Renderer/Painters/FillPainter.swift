import Geo
import Raster
import StyleSpec

/// `fill`, drawn as MapLibre draws it: the interior sampled at pixel centres (no partial
/// coverage), and with `fill-antialias` an anti-aliased 1 device-pixel outline on top in
/// `fill-outline-color`, which defaults to the fill colour. Adjacent polygons therefore meet
/// without seams and edges look like MapLibre's.
///
/// When the paint is the same for every feature and no sort key is set, all features go into
/// one path: one pass for the interiors, one for the outlines.
enum FillPainter {
    /// `tile`: the vector source tile being drawn (MapLibre draws such layers per source
    /// tile), nil for sources drawn whole.
    static func paint(_ layer: Layer, _ frame: RenderFrame, tile: SourceTilePass?) throws {
        if layer.paint["fill-pattern"] != nil { return try FillPatternPainter.paint(layer, frame, tile: tile) }
        let ctx = frame.layerContext
        let color = LayerProperty(layer, "fill-color", .paint, ctx, convert: Convert.color)
        let opacity = LayerProperty(layer, "fill-opacity", .paint, ctx, convert: Convert.number)
        let antialias = LayerProperty(layer, "fill-antialias", .paint, ctx, convert: Convert.bool).constantValue ?? true
        let outline = !antialias ? nil
            : layer.paint["fill-outline-color"] != nil
            ? LayerProperty(layer, "fill-outline-color", .paint, ctx, convert: Convert.color) : color
        let translate = LayerProperty(layer, "fill-translate", .paint, ctx, convert: Convert.offset).value(ctx)
        let anchor = LayerProperty(layer, "fill-translate-anchor", .paint, ctx, convert: Convert.string).value(ctx)
        let sortKey = layer.layout["fill-sort-key"].map { _ in LayerProperty(layer, "fill-sort-key", .layout, ctx, convert: Convert.optionalNumber) }
        let offset = frame.translation(translate, anchor: anchor)
        frame.clock.mark(.style)

        let margin = 2 + Double((offset * offset).sum().squareRoot())
        // MapLibre's tile coordinates: 8192 units per tile at the source's tile zoom.
        let grid = FeatureStream.tiling(layer, in: frame, tile: tile).map { Double(1 << min(30, $0.tileZoom)) * 8192 }
        let canvas = tile?.canvas ?? frame.canvas

        if color.isConstant, opacity.isConstant, outline?.isConstant ?? true, sortKey == nil {
            /// Streams the layer's features into `path`; returns how many there were.
            func stream(into path: inout Path) throws -> Int {
                var features = 0
                try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { _, geometry, _ in
                    PathBuilder.append(geometry, projection: frame.projection, offset: offset, to: &path, grid: grid)
                    features += 1
                }
                return features
            }
            var path: Path
            let kept = tile == nil ? try FillPathViews.view(layer, frame, marginPixels: margin, offset: offset, grid: grid,
                                                            build: stream) : nil
            if let kept {
                path = kept.path
                if kept.features > 0 { frame.drewFeatures = true }
            } else {
                path = frame.path
                path.removeAll()
                _ = try stream(into: &path)
            }
            frame.clock.mark(.prepare)
            let c = color.constantValue!.withAlpha(multipliedBy: opacity.constantValue!)
            var interior: Canvas?
            if c.a > 0, !path.isEmpty {
                canvas.fill(path, rule: .nonZero, paint: .solid(c), antialias: false)
                // MapLibre's opaque pass draws this interior under any heatmap (HeatmapOverlay).
                if c.a >= 1, color.constantValue!.a >= 1, layer.paint["fill-pattern"] == nil {
                    interior = try frame.compositeHeatmapsOverOpaque(interior: path)
                }
            }
            if let oc = outline?.constantValue?.withAlpha(multipliedBy: opacity.constantValue!), oc.a > 0, !path.isEmpty {
                GLOutline.draw(path, color: oc, on: canvas, outside: interior)
            }
            if kept == nil { frame.path = path }
            frame.clock.mark(.raster)
            return
        }

        // Per feature: data-driven paint or sort order.
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
