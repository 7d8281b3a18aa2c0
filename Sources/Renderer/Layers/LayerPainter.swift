import Raster
import StyleSpec

/// One layer type's drawing. The driver (`MapRenderer.drawLayer`) asks the painter for a
/// plan once per layer and render, then alone handles what every type shares: the layer-wide
/// opacity (an offscreen canvas), the tiling (once, or per source tile clipped to its square)
/// and whether anything was drawn (the encoder's one-colour shortcut). Adding a layer type is
/// a folder under `Layers/` with one such painter and its line in `LayerPainters.all`.
protocol LayerPainter: Sendable {
    /// The layer type this painter draws.
    var type: LayerType { get }
    /// The layer's evaluated style for this render, how it is tiled and its draw step; nil
    /// when the layer draws nothing (opacity 0, no source, a width of 0, …).
    func plan(_ layer: Layer, _ frame: RenderFrame) throws -> LayerPlan?
}

/// How the driver feeds a layer's data to its draw step.
struct LayerTiling: Sendable {
    /// One draw for the whole view, without a source tile (backgrounds, rasters, DEM layers,
    /// labels already placed, custom layers).
    static let once = LayerTiling(perSourceTile: false)
    /// One draw per source tile as `TiledLayerDrawing` yields them (vector tiles clipped to
    /// their squares; GeoJSON whole or, with `tileGeoJSON`, cut as geojson-vt cuts it).
    static let perSourceTile = LayerTiling(perSourceTile: true)

    var perSourceTile: Bool
    /// GeoJSON cut into MapLibre's tiles too (dashed and gradient lines, static heatmaps, labels).
    var tileGeoJSON = false
    /// Point layers (circles, heatmaps, labels): each point drawn whole from the vector tile it
    /// lies in, never clipped to the tile's square, and tiles this many device pixels beyond
    /// the view fetched for what reaches in from them. nil: features are clipped to their
    /// tile's square, as GL's stencil clips fills, lines and extrusions.
    var pointReach: Double?
    /// With `pointReach`: each tile's features whole (labels along lines), not only its points.
    var wholeFeatures = false
    /// Device pixels beyond the view that GeoJSON tiles are cut (labels anchored in a tile
    /// beyond the view that reach into it).
    var geoJSONReach = 0.0
}

/// Where one draw step draws: the layer's canvas (the output, or the offscreen canvas of a
/// layer-wide opacity; a tile's clip canvas when the tile reaches past the view) and the
/// source tile, nil when the source is drawn whole.
struct LayerTarget {
    let canvas: Canvas
    let tile: SourceTilePass?
}

/// A painter's plan for one layer in one render.
struct LayerPlan {
    var tiling: LayerTiling = .once
    /// Composited once over the layers below (`*-layer-opacity`, `fill-extrusion-opacity`):
    /// below 1 the layer draws into an offscreen canvas first.
    var opacity: Float = 1
    /// Draws one target; true when it drew anything (features streamed through the render
    /// frame count too, see `RenderFrame.countDrawnFeature`).
    var draw: (LayerTarget) throws -> Bool
    /// After the last tile, on the layer's canvas (the heatmap colours its density): true
    /// when it drew anything.
    var finish: ((Canvas) throws -> Bool)?

    init(tiling: LayerTiling = .once, opacity: Float = 1, draw: @escaping (LayerTarget) throws -> Bool,
         finish: ((Canvas) throws -> Bool)? = nil) {
        self.tiling = tiling; self.opacity = opacity; self.draw = draw; self.finish = finish
    }
}
