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
              !FilterInspection.needsGeometry(layer), let data = frame.resources.geoJSON(spec) else { return false }
        var filterKey = ""
        if layer.filter != nil {
            guard let k = FilterResults.cacheKey(layer) else { return false }
            filterKey = k
        }
        func bits(_ v: Double) -> String { String(v.bitPattern, radix: 16) }
        let key = ["geojson", spec.contentHash.hex, filterKey, "\(join)", "\(cap)", "\(miter)", "\(round)",
                   "\(units.tileZoom)", "\(idealZoom)", bits(rect.minX), bits(rect.minY), bits(rect.maxX), bits(rect.maxY),
                   bits(units.origin.x), bits(units.origin.y)].joined(separator: "|")
        let bucket = try frame.resources.lineBuckets.bucket(key: key) {
            try build(layer, data, frame: frame, rect: rect, units: units, join: join, cap: cap, miter: Double(miter), round: Double(round))
        }
        frame.clock.mark(.prepare)

        let states = frame.style.featureState.states(source: sourceID, sourceLayer: layer.sourceLayer)
        var ctx = frame.layerContext
        ctx.tileZoom = units.tileZoom
        func evaluate(_ n: Int) -> LineLayerStyle.Feature? {
            let f = data.features[Int(bucket.records[n].feature)]
            var state = JSONObject()
            if !states.isEmpty, let id = f.id, let k = FeatureStateStore.key(id), let s = states[k] { state = s }
            ctx.feature = FeatureContext(id: f.id, properties: f.properties, geometryType: f.type, isMulti: f.isMulti, state: state)
            return feature(ctx)
        }
        let table = style.isFeatureConstant ? nil
            : try frame.resources.lineStyles.table(key: LineStyleTables.key(bucket: key, styleHash: frame.style.renderHash,
                                                                             layerHash: layer.renderHash.hex, zoom: frame.camera.zoom,
                                                                             pixelRatio: style.pixelRatio)) {
                try bucket.records.indices.map { n in
                    try frame.checkDeadline()
                    return evaluate(n)
                }
            }
        frame.clock.mark(.style)
        var raster = LineRasterPass()
        var sorted: [(key: Double, order: Int, style: LineFeatureStyle)] = []
        let sortByKey = style.sortKey != nil
        for n in bucket.records.indices {
            try frame.checkDeadline()
            guard let styled = table.map({ $0.styles[n] }) ?? evaluate(n) else { continue }
            frame.drewFeatures = true
            frame.clock.countFeature()
            if sortByKey {
                sorted.append((styled.sortKey, n, styled.style))
            } else {
                let rec = bucket.records[n]
                raster.draw(bucket.mesh, vertices: rec.vertices, indices: rec.indices, style: styled.style, frame: units,
                            shift: shift, clip: clip, ramp: nil, on: canvas)
            }
        }
        if sortByKey {
            sorted.sort { ($0.key, $0.order) < ($1.key, $1.order) }
            for s in sorted {
                let rec = bucket.records[s.order]
                raster.draw(bucket.mesh, vertices: rec.vertices, indices: rec.indices, style: s.style, frame: units,
                            shift: shift, clip: clip, ramp: nil, on: canvas)
            }
        }
        frame.clock.mark(.raster)
        return true
    }

    /// The features of `rect` that pass the filter, tessellated in `units` with the layout.
    private static func build(_ layer: Layer, _ data: GeoJSONSource, frame: RenderFrame, rect: WorldRect, units: TileUnitFrame,
                              join: LineJoin, cap: LineCap, miter: Double, round: Double) throws -> LineBucket {
        var tessellator = LineTessellator(join: join, cap: cap, miterLimit: miter, roundLimit: round,
                                          sharpCornerOffset: units.sharpCornerOffset)
        var mesh = LineMesh()
        var records: [LineBucket.Record] = []
        var points: [SIMD2<Double>] = []
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
            guard geometry.type != .point else { return }
            let v0 = mesh.vertices.count, i0 = mesh.indices.count
            let isPolygon = geometry.type == .polygon
            geometry.points.withUnsafeBufferPointer { pts in
                for part in 0..<geometry.partCount {
                    let r = geometry.partRange(part)
                    guard r.count >= 2 else { continue }
                    points.removeAll(keepingCapacity: true)
                    for k in r { points.append(units.quantize(pts[k])) }
                    points.withUnsafeBufferPointer { tessellator.addLine($0, isPolygon: isPolygon, to: &mesh) }
                }
            }
            guard mesh.indices.count > i0 else { return }
            records.append(LineBucket.Record(feature: Int32(i), vertices: v0..<mesh.vertices.count, indices: i0..<mesh.indices.count,
                                             bounds: SIMD4(repeating: 0)))
        }
        return LineBucket(mesh: mesh, records: records)
    }
}
