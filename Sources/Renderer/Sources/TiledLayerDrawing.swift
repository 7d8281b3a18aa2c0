import Geo
import Raster
import SourceData
import StyleSpec

/// Draws a fill, line or circle layer of a `vector` source the way MapLibre does: once per
/// source tile, each pass seeing only that tile's features, and (fills, lines) clipped to the
/// tile's square as GL's stencil clips it, so buffered geometry never draws twice across a
/// tile edge. Other sources run the painter once.
enum TiledLayerDrawing {
    /// How far beyond the view circle layers fetch tiles (device pixels at ratio 1), so a
    /// circle centred in a neighbouring tile still shows in this one.
    static let circleReach = 128.0

    static func run(_ layer: Layer, _ frame: RenderFrame, _ paint: () throws -> Void) throws {
        guard let sourceID = layer.source, let spec = frame.style.source(sourceID), spec.type == .vector else {
            try paint(); return
        }
        guard let directory = frame.resources.dataDirectory, let sourceLayer = layer.sourceLayer,
              let source = frame.resources.tiles.tiledSource(spec, directory: directory) else { return }
        let zoom = TileCover.zoomLevel(frame.zoom, tileSize: source.tileSize, round: false)
        guard zoom >= source.minzoom else { return }
        let dataZoom = min(zoom, source.maxzoom)
        let circles = layer.type == .circle
        let margin = circles ? circleReach * frame.camera.pixelRatio : 0
        let view = frame.camera.visibleWorldBounds()
        let state = frame.tileDrawing
        let promoteId = SourceTilePass.promoteId(spec.json, sourceLayer: sourceLayer)
        defer { state.pass = nil }
        for placed in TileCover.tiles(frame.camera, zoom: dataZoom, marginPixels: margin) where source.covers(placed.id) {
            try frame.checkDeadlineNow()
            // A vector tile the source does not have draws nothing (MapLibre treats a 404 as
            // an empty tile for vector sources; only raster sources fall back to parents).
            guard case .tile(let tile) = frame.resources.tiles.vectorTile(source, placed.id, directory: directory),
                  let data = tile.layers[sourceLayer], !data.features.isEmpty else { continue }
            let square = placed.square
            let pass = SourceTilePass(data: data, placement: data.placement(placed.id, wrap: placed.wrap), square: square,
                                      pointsInSquareOnly: circles, promoteId: promoteId)
            state.pass = pass
            // Clipping matters only where the view reaches past the tile.
            if circles || square.contains(view) {
                try paint()
                continue
            }
            let output = frame.canvas
            let target = state.canvas(like: output)
            frame.canvas = target
            defer { frame.canvas = output }
            try paint()
            frame.canvas = output
            guard !pass.drawnBounds.isEmpty else { continue }
            let reached = TileClipCompositor.reached(pass, frame.projection, width: target.width, height: target.height)
            if frame.camera.isRotated {
                composite(target, onto: output, square: square, frame.projection)
            } else {
                let inside = TileClipCompositor.pixels(of: square, frame.projection, width: target.width, height: target.height)
                TileClipCompositor.composite(target, onto: output, in: inside.intersection(reached))
            }
            TileClipCompositor.clear(target, reached)
            frame.clock.mark(.raster)
        }
    }

    /// The tile's square in device pixels.
    static func squarePath(_ square: WorldRect, _ projection: WorldProjection) -> Path {
        var path = Path()
        path.move(to: projection.apply(WorldPoint(square.minX, square.minY)))
        path.line(to: projection.apply(WorldPoint(square.maxX, square.minY)))
        path.line(to: projection.apply(WorldPoint(square.maxX, square.maxY)))
        path.line(to: projection.apply(WorldPoint(square.minX, square.maxY)))
        path.close()
        return path
    }

    /// Copies the tile's square of `source` over `output` (source-over, pixel centres inside
    /// the square, as a stencil test decides): the path for rotated views, whose squares are
    /// not pixel rectangles.
    static func composite(_ source: Canvas, onto output: Canvas, square: WorldRect, _ projection: WorldProjection) {
        let pattern = Pattern(image: source.pixmap, transform: .identity, filter: .nearest, extend: .transparent)
        output.fill(squarePath(square, projection), rule: .nonZero, paint: .pattern(pattern), antialias: false)
    }
}
