import Geo
import JSON
import Raster
import SourceData

/// One source tile a layer is being drawn for, as a value the tiling component
/// (`TiledLayerDrawing`) hands to painters: painters run once per tile, `FeatureStream` gives
/// them only this tile's features, and the tile says where its drawing may land. Vector
/// sources come as tiles; GeoJSON sources are cut into MapLibre's geojson-vt tiles only for
/// painters whose pixels depend on the tiling (dashed and gradient lines). The pass names the
/// canvas its drawing goes to, so no painter depends on frame state swapped under it; it
/// records what the painter reached so a per-tile clip canvas can be cleaned cheaply.
final class SourceTilePass {
    /// Where the tile's features come from.
    enum Content {
        /// A vector tile's layer (the layer's `source-layer`), placed in the world.
        case vector(VectorTileLayer, TilePlacement)
        /// The GeoJSON source's features within `query`: the tile's square grown by the
        /// source's buffer, as geojson-vt cuts them.
        case geoJSON(query: WorldRect)
    }

    let content: Content
    /// The tile and the world copy it is drawn in.
    let placed: PlacedTile
    /// Where painters draw this pass: the frame's canvas, or a clip canvas that the tiling
    /// composites inside the tile's square afterwards.
    let canvas: Canvas
    /// The tile's square in world coordinates (its world copy included).
    let square: WorldRect
    /// The source's maxzoom (the tile is over-zoomed beyond it).
    let sourceMaxzoom: Int
    /// How far the tile's data reaches beyond its square, as a fraction of a tile (0 for
    /// vector tiles, which arrive clipped by their producer).
    let buffer: Double
    /// Circles (and, later, symbols) draw the features whose points lie in the tile, whole:
    /// MapLibre's buckets skip points outside [0, extent) and circles are not clipped.
    let pointsInSquareOnly: Bool
    /// The `promoteId` property for this source layer (the feature id then comes from it).
    let promoteId: String?
    /// The decoded tile's identity (source data and tile id) for caches of derived data.
    let tileKey: String?
    /// The canvas pixels whose centres lie in the square, for painters that clip their own
    /// rasterization (GeoJSON tiles); nil when the tiling clips through a clip canvas.
    let pixelClip: PixelClip?

    /// Union of the world bounds of every feature streamed (empty: nothing drawn).
    var drawnBounds = WorldRect.empty
    /// Largest reach a painter asked for (device pixels around its geometry).
    var reach = 0.0

    init(_ content: Content, placed: PlacedTile, canvas: Canvas, sourceMaxzoom: Int, buffer: Double = 0,
         pointsInSquareOnly: Bool = false, promoteId: String? = nil, pixelClip: PixelClip? = nil, tileKey: String? = nil) {
        self.content = content; self.placed = placed; self.canvas = canvas; self.square = placed.square
        self.tileKey = tileKey
        self.sourceMaxzoom = sourceMaxzoom; self.buffer = buffer
        self.pointsInSquareOnly = pointsInSquareOnly; self.promoteId = promoteId; self.pixelClip = pixelClip
    }

    /// The zoom of the source tile.
    var tileZoom: Int { placed.id.z }

    /// A feature's id as styles see it: the `promoteId` property when the source names one
    /// (booleans become 1 and 0, as in MapLibre), the tile's id otherwise.
    static func featureID(_ f: VectorTileFeature, promoteId: String?) -> JSONValue? {
        guard let promoteId else { return f.id }
        return f.properties[promoteId].map { v in if case .bool(let b) = v { return .number(b ? 1 : 0) }; return v }
    }

    /// The source's `promoteId` for `sourceLayer`: a string for every layer, or an object
    /// naming one property per source layer.
    static func promoteId(_ source: JSONObject, sourceLayer: String) -> String? {
        switch source["promoteId"] {
        case .string(let s)?: return s
        case .object(let o)?: return o[sourceLayer]?.stringValue
        default: return nil
        }
    }
}

/// The canvas a tile pass draws into when its drawing must be clipped to the tile's square,
/// kept transparent between passes (one per render).
final class TileClipCanvas {
    private var clipCanvas: Canvas?

    /// A transparent canvas the size of `output` (created once per render).
    func canvas(like output: Canvas) -> Canvas {
        if let c = clipCanvas, c.width == output.width, c.height == output.height { return c }
        let c = Canvas(width: output.width, height: output.height)
        clipCanvas = c
        return c
    }
}
