import Geo
import Raster
import SourceData
import StyleSpec

/// The raster-dem tiles a view shows, as MapLibre picks them: the source zoom of a raster
/// source (rounded, by tile size; over-zoomed past the source's maxzoom), a missing tile
/// replaced by its nearest ancestor, and each tile's border backfilled from its neighbours
/// among the tiles shown, so derivatives have no seams.
struct DEMTileCover {
    struct Item {
        /// The elevations, border filled.
        let dem: DEMTile
        /// The world square the elevations cover (an ancestor's when one stands in).
        let square: WorldRect
        /// The canvas pixels this item draws (the square of the tile it stands for).
        let clip: PixelClip
        /// The zoom the slopes are scaled for: the data's own zoom (raster sources are not
        /// re-parsed when over-zoomed, so MapLibre's `overscaledZ` is the canonical zoom).
        let zoom: Int
        /// Latitude at the top and bottom of `square` (for the slope's Mercator correction).
        let latitudes: SIMD2<Float>
    }

    let items: [Item]
    let encoding: DEMEncoding

    init?(_ spec: SourceSpec, _ frame: RenderFrame, projection: WorldProjection) throws {
        guard let directory = frame.resources.dataDirectory,
              let source = frame.resources.tiles.tiledSource(spec, directory: directory) else { return nil }
        let zoom = TileCover.zoomLevel(frame.zoom, tileSize: source.tileSize, round: true)
        guard zoom >= source.minzoom else { return nil }
        let dataZoom = min(zoom, source.maxzoom)
        let encoding = DEMEncoding(source: spec.json)
        self.encoding = encoding
        let lowest = max(source.minzoom, dataZoom - RasterTileDrawing.maxAncestorLevels)
        let canvas = frame.output

        // Decoded tiles by id, shared between a tile and the neighbours it backfills.
        var decoded: [TileID: DEMTile?] = [:]
        func load(_ id: TileID) -> DEMTile?? {
            if let d = decoded[id] { return d }
            switch frame.resources.tiles.demTile(source, id, directory: directory) {
            case .image(let image):
                let dem = DEMTile(image, encoding: encoding)
                if dem == nil { frame.resources.tiles.warnings.add("raster-dem tile \(id) of \(source.dataKey) is not square") }
                decoded[id] = dem
                return .some(dem)
            case .empty:
                decoded[id] = .some(nil)
                return .some(nil)
            case .missing:
                return nil
            }
        }

        let placedTiles = TileCover.tiles(frame.camera, zoom: dataZoom).filter { source.covers($0.id) }
        let shown = Set(placedTiles.map(\.id))
        var out: [Item] = []
        for placed in placedTiles {
            try frame.checkDeadlineNow()
            let clip = placed.pixelClip(projection, width: canvas.width, height: canvas.height, rotated: frame.camera.isRotated)
            guard !clip.isEmpty else { continue }
            var id = placed.id
            var found: DEMTile?
            while true {
                if let loaded = load(id) { found = loaded; break }
                guard let parent = id.parent, parent.z >= lowest, source.covers(parent) else { break }
                id = parent
            }
            guard var dem = found else { continue }
            if id == placed.id {
                // Neighbours drawn in this view fill the border (across the antimeridian too).
                let side = 1 << id.z
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let nx = ((id.x + dx) % side + side) % side
                        guard let nid = TileID(z: id.z, x: nx, y: id.y + dy), shown.contains(nid),
                              case .some(.some(let n)) = load(nid) else { continue }
                        dem.backfill(from: n, dx: dx, dy: dy)
                    }
                }
            }
            let square = PlacedTile(id: id, wrap: placed.wrap).square
            let top = WebMercator.unproject(WorldPoint(0, square.minY)).lat, bottom = WebMercator.unproject(WorldPoint(0, square.maxY)).lat
            out.append(Item(dem: dem, square: square, clip: clip, zoom: id.z,
                            latitudes: SIMD2(Float(top), Float(bottom))))
        }
        items = out
    }
}
