import Geo
import Raster
import SourceData
import StyleSpec

/// The device path of a GeoJSON fill layer drawn whole, kept between renders of the same view:
/// the features the view's rectangle meets, clipped and simplified for the tile zoom, snapped
/// to MapLibre's tile grid and projected. A repeated render — the tile again after a paint
/// change, or the same tile in another session's style — then skips the clipping,
/// simplification and projection, as GeoJSON lines skip their tessellation
/// (`GeoJSONLineBucketDrawing`). The path is the uncached path's point for point, so pixels
/// are identical.
enum FillPathViews {
    /// What a fill layer's features make for one view: the path, how many features it holds
    /// and where each begins (a translucent fill composites them one after the other).
    struct View: Sendable {
        let path: Path
        let features: Int
        let starts: [FillFeatureBatches.Start]

        var byteSize: Int {
            96 + path.verbs.capacity + path.points.capacity * MemoryLayout<Point>.stride
                + starts.capacity * MemoryLayout<FillFeatureBatches.Start>.stride
        }
    }

    /// The kept view of `layer` for this frame, built by `build` (which streams the features
    /// into the path it is given, notes where each begins and returns their count) when
    /// missing; nil when the layer
    /// cannot keep one (not a GeoJSON source drawn whole, or a filter that reads the zoom,
    /// feature state, global state, images or geometry).
    static func view(_ layer: Layer, _ frame: RenderFrame, marginPixels: Double, offset: SIMD2<Float>, grid: Double?,
                     build: (inout Path, inout [FillFeatureBatches.Start]) throws -> Int) throws -> View? {
        guard let sourceID = layer.source, let spec = frame.style.source(sourceID), spec.type == .geojson,
              !FilterInspection.needsGeometry(layer), let data = frame.resources.geoJSON(spec) else { return nil }
        guard let filterKey = FilterResults.keptFilterKey(layer) else { return nil }
        // What FeatureStream queries: the view's rectangle with the margin, at the tile zoom.
        let rect = FeatureStream.queryRect(in: frame, marginPixels: marginPixels)
        let tileZoom = FeatureStream.tileZoom(data, in: frame)
        let p = frame.projection
        func bits(_ v: Double) -> String { String(v.bitPattern, radix: 16) }
        let numbers = [rect.minX, rect.minY, rect.maxX, rect.maxY, p.a, p.b, p.c, p.d, p.originX, p.originY, p.tx, p.ty,
                       Double(offset.x), Double(offset.y), grid ?? 0]
        let key = (["fill", spec.contentHash.hex, filterKey, String(tileZoom)] + numbers.map(bits)).joined(separator: "|")
        return try frame.resources.fillPaths.value(for: key) {
            var path = Path()
            var starts: [FillFeatureBatches.Start] = []
            let features = try build(&path, &starts)
            return View(path: path, features: features, starts: starts)
        }
    }
}
