import Geo
import Raster
import StyleSpec

/// `fill` with `fill-pattern`, drawn as MapLibre draws it: the interior sampled at pixel
/// centres with the image anchored to the world grid (`PatternPlacement`), times
/// `fill-opacity`; with `fill-antialias` the 1-pixel GL outline on top, coloured by the
/// pattern too (`fill_outline_pattern`) unless `fill-outline-color` is set. `fill-color` is
/// not used. The pattern is the cross-fade's end state: the value at the integer zoom
/// (MapLibre's "to" image, for constant and data-driven patterns alike). A feature whose
/// image is missing draws nothing (the image lookup warns once).
enum FillPatternPainter {
    /// One feature (or, for constant styling, the whole layer) ready to draw.
    private struct Item {
        var key: Double
        var path: Path
        var image: String
        var opacity: Float
        var outline: Color?
    }

    static func paint(_ layer: Layer, _ frame: RenderFrame, _ target: LayerTarget) throws {
        let tile = target.tile
        let ctx = frame.layerContext
        let floorZoom = ctx.zoom.rounded(.down)
        var floorCtx = ctx
        floorCtx.zoom = floorZoom
        // Only called for layers that set `fill-pattern`.
        guard let pattern = FillProperties(layer, floorCtx).fillPattern else { return }
        let props = FillProperties(layer, ctx)
        let opacity = props.fillOpacity
        let antialias = props.fillAntialias.constantValue ?? true
        let outlineColor = antialias ? props.fillOutlineColor : nil
        let sortKey = props.fillSortKey
        let (offset, margin, grid) = FillPainter.placement(props, layer, frame, tile: tile)
        var items: [Item] = []

        if pattern.isConstant, opacity.isConstant, outlineColor?.isConstant ?? true, sortKey == nil {
            guard let name = pattern.constantValue!, opacity.constantValue! > 0 else { return }
            var path = frame.path
            path.removeAll()
            try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { _, geometry, _ in
                PathBuilder.append(geometry, projection: frame.projection, offset: offset, to: &path, grid: grid)
            }
            items.append(Item(key: 0, path: path, image: name, opacity: opacity.constantValue!,
                              outline: outlineColor?.constantValue))
            frame.path = path
        } else {
            try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { fctx, geometry, _ in
                var patternCtx = fctx
                patternCtx.zoom = floorZoom
                guard let name = pattern.value(patternCtx) else { return }
                var path = Path()
                PathBuilder.append(geometry, projection: frame.projection, offset: offset, to: &path, grid: grid)
                items.append(Item(key: (sortKey?.value(fctx) ?? nil) ?? 0, path: path, image: name,
                                  opacity: opacity.value(fctx), outline: outlineColor?.value(fctx)))
            }
            if sortKey != nil { items = items.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element) }
        }
        frame.clock.mark(.prepare)

        var placed: [String: (PatternImage, PatternPlacement)?] = [:]
        func lookup(_ name: String) -> (PatternImage, PatternPlacement)? {
            if let hit = placed[name] { return hit }
            let found = frame.images.pattern(name).map {
                ($0, PatternPlacement(camera: frame.camera, projection: frame.projection, image: $0, offset: offset))
            }
            placed[name] = found
            return found
        }
        let canvas = target.canvas
        for item in items where item.opacity > 0 && !item.path.isEmpty {
            guard let (image, placement) = lookup(item.image) else { continue }
            canvas.fill(item.path, rule: .nonZero, paint: placement.paint(image), opacity: min(item.opacity, 1), antialias: false)
        }
        if antialias {
            for item in items where item.opacity > 0 && !item.path.isEmpty {
                guard let (image, placement) = lookup(item.image) else { continue }
                if let color = item.outline {
                    let c = color.withAlpha(multipliedBy: item.opacity)
                    if c.a > 0 { GLOutline.draw(item.path, color: c, on: canvas) }
                } else {
                    GLOutline.draw(item.path, pattern: image, placement: placement, opacity: item.opacity, on: canvas)
                }
            }
        }
        frame.clock.mark(.raster)
    }
}
