import Geo
import JSON
import Raster
import SourceData
import StyleSpec

/// Draws a GeoJSON line layer that is drawn whole (not tile by tile) from a kept bucket: the
/// features the view's rectangle meets, clipped and simplified as `FeatureStream` hands them
/// out, tessellated once and kept by everything the mesh depends on (the source's content,
/// the filter, the constant line layout, the tile and view zooms, the query rectangle and
/// the tile-unit origin). A repeated render of the same view — the same tile in another
/// session's style, the tile again after a paint change — then skips clipping,
/// simplification and tessellation, as vector tiles skip them with `LineBucketDrawing`.
/// The mesh and the drawing order are the uncached path's, so pixels are identical.
enum GeoJSONLineBucketDrawing {
    /// Draws the layer from its bucket; false when the layer cannot use one (gradients,
    /// data-driven layout, filters that read more than the feature, geometry expressions).
    static func draw(_ layer: Layer, _ style: LineLayerStyle, _ frame: RenderFrame, rect: WorldRect, units: TileUnitFrame,
                     idealZoom: Int, shift: SIMD2<Float>, clip: PixelClip, canvas: Canvas,
                     feature: (EvaluationContext) -> LineLayerStyle.Feature?) throws -> Bool {
        guard let sourceID = layer.source, let spec = frame.style.source(sourceID), spec.type == .geojson,
              style.gradient == nil, let join = style.join.constantValue, let cap = style.cap.constantValue,
              let miter = style.miterLimit.constantValue, let round = style.roundLimit.constantValue,
              !FilterInspection.needsGeometry(layer), let source = frame.resources.geoJSON(spec) else { return false }
        let data = source.source(atTileZoom: units.tileZoom)
        guard let filterKey = FilterResults.keptFilterKey(layer) else { return false }
        func bits(_ v: Double) -> String { String(v.bitPattern, radix: 16) }
        let key = ["geojson", spec.contentHash.hex, filterKey, join.rawValue, cap.rawValue, miter.description, round.description,
                   String(units.tileZoom), String(idealZoom), bits(rect.minX), bits(rect.minY), bits(rect.maxX), bits(rect.maxY),
                   bits(units.origin.x), bits(units.origin.y)].joined(separator: "|")
        let bucket = try frame.resources.lineBuckets.bucket(key: key) {
            try build(layer, data, frame: frame, rect: rect, units: units, join: join, cap: cap, miter: Double(miter), round: Double(round))
        }
        frame.clock.mark(.prepare)

        try LineBucketDrawing.drawRecords(of: bucket, key: key, layer, style, frame, units: units, shift: shift, clip: clip,
                                          canvas: canvas, cull: nil, feature: feature) { i in
            let f = data.features[i]
            return FeatureContext(id: f.id, properties: f.properties, geometryType: f.type, isMulti: f.isMulti)
        }
        return true
    }

    /// The features of `rect` that pass the filter, tessellated in `units` with the layout.
    private static func build(_ layer: Layer, _ data: GeoJSONSource, frame: RenderFrame, rect: WorldRect, units: TileUnitFrame,
                              join: LineJoin, cap: LineCap, miter: Double, round: Double) throws -> LineBucket {
        var builder = LineBucketBuilder(units: units, join: join, cap: cap, miterLimit: miter, roundLimit: round)
        var ctx = frame.layerContext
        ctx.tileZoom = units.tileZoom
        let filter = layer.filter
        var scratch = frame.scratch
        defer { frame.scratch = scratch }
        try data.forEachFeature(in: rect, zoom: units.tileZoom, scratch: &scratch, include: { i in
            guard let filter else { return true }
            let f = data.features[i]
            ctx.feature = FeatureContext(id: f.id, properties: f.properties, geometryType: f.type, isMulti: f.isMulti)
            return filter.evaluateFilter(ctx)
        }) { i, geometry, _ in
            try frame.checkDeadline()
            builder.add(feature: i, geometry)
        }
        return builder.bucket
    }
}
