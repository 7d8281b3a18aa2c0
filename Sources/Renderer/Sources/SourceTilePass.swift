import Geo
import JSON
import Raster
import SourceData

/// One source tile a layer is being drawn for: painters run once per tile of a vector
/// source, and `FeatureStream` hands them only this tile's features (of the layer's
/// `source-layer`). Records what the painter reached so the per-tile clip canvas can be
/// cleaned cheaply afterwards.
final class SourceTilePass {
    let data: VectorTileLayer
    let placement: TilePlacement
    /// The tile's square in world coordinates (its world copy included).
    let square: WorldRect
    /// Circles (and, later, symbols) draw the features whose points lie in the tile, whole:
    /// MapLibre's buckets skip points outside [0, extent) and circles are not clipped.
    let pointsInSquareOnly: Bool
    /// The `promoteId` property for this source layer (the feature id then comes from it).
    let promoteId: String?
    /// The source's maxzoom (the tile is over-zoomed beyond it).
    let sourceMaxzoom: Int

    /// Union of the world bounds of every feature streamed (empty: nothing drawn).
    var drawnBounds = WorldRect.empty
    /// Largest reach a painter asked for (device pixels around its geometry).
    var reach = 0.0

    init(data: VectorTileLayer, placement: TilePlacement, square: WorldRect, pointsInSquareOnly: Bool, promoteId: String?,
         sourceMaxzoom: Int) {
        self.data = data; self.placement = placement; self.square = square
        self.pointsInSquareOnly = pointsInSquareOnly; self.promoteId = promoteId; self.sourceMaxzoom = sourceMaxzoom
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
