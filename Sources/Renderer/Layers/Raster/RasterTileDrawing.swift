import Geo
import Raster
import SourceData
import StyleSpec

/// Draws the tiles of a `raster` source: the source zoom MapLibre picks (rounded, by tile
/// size), each tile's image mapped onto its square, and for a tile the source does not have
/// the nearest ancestor it has (up to ten levels up), scaled up and cut to the missing
/// tile's square (MapLibre keeps a loaded parent where a raster tile failed). Tiles meet without seams: squares are
/// filled by pixel centres and images clamp at their edges, as GL's CLAMP_TO_EDGE does.
enum RasterTileDrawing {
    /// How many zoom levels up a missing tile may be replaced by an ancestor (MapLibre's
    /// TileManager ascends `maxOverzooming` levels from the ideal zoom).
    static let maxAncestorLevels = 10

    static func draw(_ spec: SourceSpec, _ frame: RenderFrame, on canvas: Canvas, opacity: Float, filter: ImageFilter, adjustment: RasterColorAdjustment) throws {
        guard let directory = frame.resources.dataDirectory,
              let source = frame.resources.tiles.tiledSource(spec, directory: directory) else { return }
        let zoom = TileCover.zoomLevel(frame.zoom, tileSize: source.tileSize, round: true)
        guard zoom >= source.minzoom else { return }
        let dataZoom = min(zoom, source.maxzoom)
        let projection = PixelAlignedProjection.projection(frame.camera)
        let lowestParent = max(source.minzoom, dataZoom - maxAncestorLevels)
        for placed in TileCover.tiles(frame.camera, zoom: dataZoom) where source.covers(placed.id) {
            try frame.checkDeadlineNow()
            var id = placed.id
            while true {
                switch frame.resources.tiles.rasterTile(source, id, directory: directory) {
                case .image(let image):
                    let shown = adjustment.isIdentity ? image : adjustment.apply(to: image)
                    let square = PlacedTile(id: id, wrap: placed.wrap).square
                    draw(shown, over: square, clippedTo: placed.square, projection, canvas, opacity: opacity, filter: filter)
                case .empty:
                    break
                case .missing:
                    if let parent = id.parent, parent.z >= lowestParent, source.covers(parent) {
                        id = parent
                        continue
                    }
                }
                break
            }
        }
        frame.clock.mark(.raster)
    }

    /// Maps `image` onto world rectangle `square` and fills the part inside `clip`.
    static func draw(_ image: Pixmap, over square: WorldRect, clippedTo clip: WorldRect, _ p: WorldProjection, _ canvas: Canvas,
                     opacity: Float, filter: ImageFilter) {
        guard image.width > 0, image.height > 0 else { return }
        let origin = p.apply(WorldPoint(square.minX, square.minY))
        // Image pixel steps in device pixels, from the projection's own (double) coefficients.
        let sx = square.width / Double(image.width), sy = square.height / Double(image.height)
        let transform = Transform(a: Float(p.a * sx), b: Float(p.b * sx), c: Float(p.c * sy), d: Float(p.d * sy),
                                  tx: origin.x, ty: origin.y)
        let pattern = Pattern(image: image, transform: transform, filter: filter, extend: .pad)
        canvas.fill(TiledLayerDrawing.squarePath(clip, p), rule: .nonZero, paint: .pattern(pattern),
                          opacity: opacity, antialias: false)
    }
}
