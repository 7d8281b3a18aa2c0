import Geo
import JSON
import Raster
import SourceData
import StyleSpec

/// Draws a line layer's vector tile from its kept `LineBucket`: the tile's features are
/// tessellated once (positions from the tile's corner), data-driven styles are evaluated once
/// per style, zoom and pixel ratio (`LineStyleTables`), and each render draws the triangles of
/// the features that reach the view, in feature order (or by `line-sort-key`). Used when the
/// bucket cannot depend on the render: no gradient, constant line layout, and a filter that
/// reads only the feature.
enum LineBucketDrawing {
    /// Draws the pass from its bucket; false when this layer or pass cannot use one.
    static func draw(_ layer: Layer, _ style: LineLayerStyle, _ frame: RenderFrame, pass: SourceTilePass, shift: SIMD2<Float>,
                     feature: (EvaluationContext) -> LineLayerStyle.Feature?) throws -> Bool {
        guard case .vector(let data, let placement) = pass.content, pass.pixelClip == nil, let tileKey = pass.tileKey,
              style.gradient == nil, let join = style.join.constantValue, let cap = style.cap.constantValue,
              let miter = style.miterLimit.constantValue, let round = style.roundLimit.constantValue,
              !FilterInspection.needsGeometry(layer) else { return false }
        guard let filterKey = FilterResults.keptFilterKey(layer), let keySuffix = style.bucketKeySuffix else { return false }
        let camera = frame.camera
        let idealZoom = max(0, Int(camera.zoom.rounded(.down)))
        let corner = WorldPoint(pass.square.minX, pass.square.minY)
        let units = TileUnitFrame(camera: camera, projection: frame.projection, tileZoom: pass.tileZoom, idealZoom: idealZoom,
                                  origin: corner)
        var ctx = frame.layerContext
        ctx.tileZoom = pass.tileZoom
        let candidates = layer.filter == nil ? nil
            : frame.resources.filterResults.passing(tileKey, layer: layer, filterKey: filterKey, data: data,
                                                    promoteId: pass.promoteId, context: ctx)
        let key = tileKey + "|" + keySuffix + "|" + String(idealZoom - pass.tileZoom)
        guard let bucket = frame.resources.lineBuckets.bucket(key: key, data: data, placement: placement, candidates: candidates,
                                                               units: units, join: join, cap: cap, miterLimit: Double(miter),
                                                               roundLimit: Double(round)) else { return false }
        frame.clock.mark(.prepare)

        // Features whose lines cannot reach the view are skipped (tile units from the corner).
        let margin = (style.constantReach() ?? 256 * Double(style.pixelRatio)) + Double((shift * shift).sum().squareRoot())
        pass.reach = max(pass.reach, margin)
        let view = camera.visibleWorldBounds(margin: margin)
        let cull = SIMD4<Float>(SIMD4(view.minX, view.minY, view.maxX, view.maxY) * units.unitsPerWorld
            - SIMD4(units.origin.x, units.origin.y, units.origin.x, units.origin.y))
        let drawn = try drawRecords(of: bucket, key: key, layer, style, frame, units: units, shift: shift,
                                    clip: PixelClip(width: pass.canvas.width, height: pass.canvas.height), canvas: pass.canvas,
                                    cull: cull, feature: feature) { i in
            let f = data.features[i]
            return FeatureContext(id: SourceTilePass.featureID(f, promoteId: pass.promoteId), properties: f.properties,
                                  geometryType: f.type, isMulti: f.isMulti)
        }
        if drawn.x <= drawn.z {
            let o = units.origin, u = units.unitsPerWorld
            pass.drawnBounds.formUnion(WorldRect(minX: (Double(drawn.x) + o.x) / u, minY: (Double(drawn.y) + o.y) / u,
                                                 maxX: (Double(drawn.z) + o.x) / u, maxY: (Double(drawn.w) + o.y) / u))
        }
        return true
    }

    /// Draws `bucket`'s records in feature order, or by `line-sort-key` (stable), skipping those
    /// whose bounds miss `cull` (tile units; nil: none are skipped). A record's style comes from
    /// the kept `LineStyleTables` entry of `key` (the bucket's key) when the style is data-driven,
    /// else it is evaluated now; `context` gives the feature of a record's index, without its
    /// state. The one drawing loop of kept buckets, vector tiles' and GeoJSON views' alike, so
    /// both evaluate, order and draw a record the same way. Returns the bounds of the records
    /// drawn in tile units (min x > max x when none was).
    @discardableResult
    static func drawRecords(of bucket: LineBucket, key: String, _ layer: Layer, _ style: LineLayerStyle, _ frame: RenderFrame,
                            units: TileUnitFrame, shift: SIMD2<Float>, clip: PixelClip, canvas: Canvas, cull: SIMD4<Float>?,
                            feature: (EvaluationContext) -> LineLayerStyle.Feature?,
                            context: (Int) -> FeatureContext) throws -> SIMD4<Float> {
        let states = layer.source.map { frame.style.featureState.states(source: $0, sourceLayer: layer.sourceLayer) } ?? [:]
        var ctx = frame.layerContext
        ctx.tileZoom = units.tileZoom
        /// The style of record `n`'s feature, evaluated now.
        func evaluate(_ n: Int) -> LineLayerStyle.Feature? {
            var f = context(Int(bucket.records[n].feature))
            if !states.isEmpty, let id = f.id, let k = FeatureStateStore.key(id), let s = states[k] { f.state = s }
            ctx.feature = f
            return feature(ctx)
        }
        // Data-driven styles are evaluated for the whole bucket once per style, zoom and ratio.
        let table = style.isFeatureConstant ? nil
            : try frame.resources.lineStyles.table(key: LineStyleTables.key(bucket: key, styleHash: frame.style.renderHash,
                                                                             layerHash: layer.renderHash.hex, zoom: frame.camera.zoom,
                                                                             pixelRatio: style.pixelRatio)) {
                try bucket.records.indices.map { n in
                    try frame.checkDeadline()
                    return evaluate(n)
                }
            }
        // A feature-constant style is the same for every record: evaluated once, not per record
        // (no feature context built, no properties retained per line).
        let fixed: LineLayerStyle.Feature?? = style.isFeatureConstant ? .some(feature(ctx)) : nil
        frame.clock.mark(.style)
        let sortByKey = style.sortKey != nil
        var raster = LineRasterPass()
        var sorted: [(key: Double, record: Int, style: LineFeatureStyle)] = []
        var drawn = SIMD4<Float>(.infinity, .infinity, -.infinity, -.infinity)
        for (n, rec) in bucket.records.enumerated() {
            let b = rec.bounds
            if let cull { guard b.z >= cull.x, b.x <= cull.z, b.w >= cull.y, b.y <= cull.w else { continue } }
            try frame.checkDeadline()
            guard let styled = fixed ?? table.map({ $0.styles[n] }) ?? evaluate(n) else { continue }
            frame.clock.mark(.style)
            frame.countDrawnFeature()
            drawn = SIMD4(min(drawn.x, b.x), min(drawn.y, b.y), max(drawn.z, b.z), max(drawn.w, b.w))
            if sortByKey {
                sorted.append((styled.sortKey, n, styled.style))
            } else {
                raster.draw(bucket.mesh, vertices: rec.vertices, indices: rec.indices, style: styled.style, frame: units, shift: shift,
                            clip: clip, ramp: nil, on: canvas)
                frame.clock.mark(.raster)
            }
        }
        if sortByKey {
            sorted.sort { ($0.key, $0.record) < ($1.key, $1.record) }
            for s in sorted {
                let rec = bucket.records[s.record]
                raster.draw(bucket.mesh, vertices: rec.vertices, indices: rec.indices, style: s.style, frame: units, shift: shift,
                            clip: clip, ramp: nil, on: canvas)
            }
            frame.clock.mark(.raster)
        }
        return drawn
    }
}
