import Geo
import Raster
import SourceData
import StyleSpec

/// The one tiling component of the renderer: draws a layer the way MapLibre does, once per
/// source tile as its `LayerTiling` asks, handing the painter that tile as a `SourceTilePass`.
/// Vector sources are always drawn per tile; each pass sees only that tile's features and
/// (fills, lines) is clipped to the tile's square as GL's stencil clips it, so buffered
/// geometry never draws twice across a tile edge. GeoJSON sources are drawn whole, unless
/// the painter's pixels depend on MapLibre's geojson-vt tiles (`tileGeoJSON`: dashed and
/// gradient lines; heatmaps in static views), when each tile of the view comes with its
/// buffered query rectangle and its pixel clip. Other sources run the painter once with nil.
enum TiledLayerDrawing {
    /// How far beyond the view circle layers fetch tiles (device pixels at ratio 1), so a
    /// circle centred in a neighbouring tile still shows in this one.
    static let circleReach = 128.0
    /// The same for labels (a label reaches this far from its anchor).
    static let labelReach = 256.0

    /// Runs `paint` per source tile as `tiling` asks. `canvas`: the layer's canvas (the output
    /// when nil), which passes draw into or are composited onto.
    static func run(_ layer: Layer, _ frame: RenderFrame, canvas: Canvas? = nil, tiling: LayerTiling,
                    _ paint: (SourceTilePass?) throws -> Void) throws {
        guard let sourceID = layer.source, let spec = frame.style.source(sourceID) else {
            try paint(nil); return
        }
        let canvas = canvas ?? frame.output
        switch spec.type {
        case .vector: try runVector(layer, spec, frame, canvas: canvas, tiling: tiling, paint)
        case .geojson where tiling.tileGeoJSON: try runGeoJSON(spec, frame, canvas: canvas, margin: tiling.geoJSONReach, paint)
        default: try paint(nil)
        }
    }

    /// GeoJSON cut as geojson-vt cuts it for MapLibre: every tile of the source's tile zoom
    /// that meets the view, its features within the square grown by the source's buffer,
    /// drawn only inside its square.
    private static func runGeoJSON(_ spec: SourceSpec, _ frame: RenderFrame, canvas: Canvas, margin: Double,
                                   _ paint: (SourceTilePass?) throws -> Void) throws {
        guard let data = frame.resources.geoJSON(spec) else { return }
        let maxzoom = data.options.maxzoom
        let tileZoom = max(0, min(maxzoom, Int(frame.zoom.rounded(.down))))
        for placed in TileCover.tiles(frame.camera, zoom: tileZoom, marginPixels: margin) {
            let clip = placed.pixelClip(frame.projection, width: canvas.width, height: canvas.height, rotated: frame.camera.isRotated)
            guard !clip.isEmpty || margin > 0 else { continue }
            try frame.checkDeadlineNow()
            let buffer = data.options.bufferFraction
            try paint(SourceTilePass(.geoJSON(query: placed.bufferedSquare(buffer)), placed: placed, canvas: canvas,
                                     sourceMaxzoom: maxzoom, buffer: buffer, pixelClip: clip))
        }
    }

    /// A vector source, tile by tile, each pass clipped to its square through the clip canvas.
    private static func runVector(_ layer: Layer, _ spec: SourceSpec, _ frame: RenderFrame, canvas output: Canvas,
                                  tiling: LayerTiling, _ paint: (SourceTilePass?) throws -> Void) throws {
        guard let directory = frame.resources.dataDirectory, let sourceLayer = layer.sourceLayer,
              let source = frame.sourceTiles.source(spec, { frame.resources.tiles.tiledSource(spec, directory: directory) })
        else { return }
        let zoom = TileCover.zoomLevel(frame.zoom, tileSize: source.tileSize, round: false)
        guard zoom >= source.minzoom else { return }
        let dataZoom = min(zoom, source.maxzoom)
        // Point layers draw each point whole from the tile it lies in, never clipped: tiles
        // beyond the view are fetched for what reaches in from them.
        let points = tiling.pointReach != nil
        let margin = tiling.pointReach ?? 0
        let view = frame.camera.visibleWorldBounds()
        let clip = frame.tileClip
        let promoteId = SourceTilePass.promoteId(spec.json, sourceLayer: sourceLayer)
        for placed in TileCover.tiles(frame.camera, zoom: dataZoom, marginPixels: margin) where source.covers(placed.id) {
            try frame.checkDeadlineNow()
            // A vector tile the source does not have draws nothing (MapLibre treats a 404 as
            // an empty tile for vector sources; only raster sources fall back to parents).
            let loaded = frame.sourceTiles.vectorTile(spec, placed.id) {
                (frame.resources.tiles.vectorTile(source, placed.id, directory: directory), try? source.tileKey(placed.id, directory: directory))
            }
            guard case .tile(let tile) = loaded.tile, let data = tile.layers[sourceLayer], !data.features.isEmpty else { continue }
            let square = placed.square
            // Clipping matters only where the view reaches past the tile: then the pass draws
            // into the clip canvas, composited inside the tile's square afterwards.
            let direct = points || square.contains(view)
            let target = direct ? output : clip.canvas(like: output)
            let pass = SourceTilePass(.vector(data, data.placement(placed.id, wrap: placed.wrap)), placed: placed,
                                      canvas: target, sourceMaxzoom: source.maxzoom, pointsInSquareOnly: points && !tiling.wholeFeatures,
                                      promoteId: promoteId, tileKey: loaded.key)
            try paint(pass)
            guard !direct, !pass.drawnBounds.isEmpty else { continue }
            let reached = TileClipCompositor.reached(pass, frame.projection, width: target.width, height: target.height)
            if frame.camera.isRotated {
                composite(target, onto: output, square: square, frame.projection, within: reached)
            } else {
                let inside = TileClipCompositor.pixels(of: square, frame.projection, width: target.width, height: target.height)
                TileClipCompositor.composite(target, onto: output, in: inside.intersection(reached))
            }
            TileClipCompositor.clear(target, reached)
            frame.clock.mark(.raster)
        }
    }

    /// The tile's square in device pixels, optionally cut to a pixel rectangle (a convex
    /// polygon clipped edge by edge).
    static func squarePath(_ square: WorldRect, _ projection: WorldProjection,
                           within rect: TileClipCompositor.PixelRect? = nil) -> Path {
        var poly = [WorldPoint(square.minX, square.minY), WorldPoint(square.maxX, square.minY),
                    WorldPoint(square.maxX, square.maxY), WorldPoint(square.minX, square.maxY)].map { projection.apply($0) }
        if let r = rect {
            let bounds: [(axis: Int, limit: Float, keepAbove: Bool)] = [
                (0, Float(r.x0), true), (0, Float(r.x1), false), (1, Float(r.y0), true), (1, Float(r.y1), false)]
            for (axis, limit, above) in bounds {
                var out: [SIMD2<Float>] = []
                for i in poly.indices {
                    let a = poly[i], b = poly[(i + 1) % poly.count]
                    let ina = above ? a[axis] >= limit : a[axis] <= limit, inb = above ? b[axis] >= limit : b[axis] <= limit
                    if ina { out.append(a) }
                    if ina != inb {
                        let t = (limit - a[axis]) / (b[axis] - a[axis])
                        out.append(a + (b - a) * t)
                    }
                }
                poly = out
                if poly.count < 3 { return Path() }
            }
        }
        var path = Path()
        path.move(to: poly[0])
        for p in poly.dropFirst() { path.line(to: p) }
        path.close()
        return path
    }

    /// Copies the tile's square of `source` over `output` (source-over, pixel centres inside
    /// the square, as a stencil test decides): the path for rotated views, whose squares are
    /// not pixel rectangles.
    static func composite(_ source: Canvas, onto output: Canvas, square: WorldRect, _ projection: WorldProjection,
                          within rect: TileClipCompositor.PixelRect? = nil) {
        let path = squarePath(square, projection, within: rect)
        guard !path.isEmpty else { return }
        let pattern = Pattern(image: source.pixmap, transform: .identity, filter: .nearest, extend: .transparent)
        output.fill(path, rule: .nonZero, paint: .pattern(pattern), antialias: false)
    }
}
