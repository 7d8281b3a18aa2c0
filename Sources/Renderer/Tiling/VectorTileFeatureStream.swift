import Geo
import JSON
import SourceData
import StyleSpec

/// `FeatureStream` for a vector-tile layer: the features of the current source tile's layer
/// that meet the view, through the layer filter, with world-coordinate geometry. Polygons
/// of fill layers are cut to the tile's square (grown by the painter's reach), which keeps
/// over-zoomed tiles cheap; lines and rings of line layers are passed whole so dash patterns
/// keep their phase (the rasterizer cuts them to the canvas); points of circle layers outside
/// the tile are dropped.
enum VectorTileFeatureStream {
    static func forEach(_ layer: Layer, pass: SourceTilePass, in frame: RenderFrame, marginPixels: Double,
                        _ body: (_ feature: EvaluationContext, _ geometry: FeatureGeometry, _ lineClips: [SIMD2<Double>]) throws -> Void) throws {
        guard case .vector(let data, let placement) = pass.content else { return }
        frame.clock.mark(.prepare)
        pass.reach = max(pass.reach, marginPixels)
        let marginWorld = marginPixels * frame.camera.worldUnitsPerPixel
        let view = frame.camera.visibleWorldBounds(margin: marginPixels)
        let cut = pass.square.outset(by: marginWorld).intersection(view)
        guard !cut.isEmpty else { return }
        let states = layer.source.map { frame.style.featureState.states(source: $0, sourceLayer: layer.sourceLayer) } ?? [:]
        let filter = layer.filter
        let needsGeometry = FilterInspection.needsGeometry(layer)
        var ctx = frame.layerContext
        ctx.tileZoom = pass.tileZoom
        var geometry = FeatureGeometry(type: .point)
        var clipped = FeatureGeometry(type: .point)
        var clipScratch = ClipScratch()
        let square = pass.square
        // Only fills may cut rings: a line layer strokes them, and its dashes run from each
        // ring's first vertex as the tile stores it.
        let cutsPolygons = layer.type == .fill
        // Features that pass a filter reading only the feature are known per tile.
        var candidates: [Int32]?
        if let tileKey = pass.tileKey, let filterKey = FilterResults.cacheKey(layer) {
            candidates = frame.resources.filterResults.passing(tileKey, layer: layer, filterKey: filterKey, data: data,
                                                               promoteId: pass.promoteId, context: ctx)
        }
        let activeFilter = candidates == nil ? filter : nil
        let count = candidates?.count ?? data.features.count

        for k in 0..<count {
            let i = candidates.map { Int($0[k]) } ?? k
            let f = data.features[i]
            guard data.worldBounds(of: i, placement: placement).intersects(cut) else { continue }
            try frame.checkDeadline()
            let id = SourceTilePass.featureID(f, promoteId: pass.promoteId)
            var state = JSONObject()
            if !states.isEmpty, let id, let key = FeatureStateStore.key(id), let s = states[key] { state = s }
            let full = needsGeometry ? data.geometry(of: i, placement: placement) : nil
            ctx.feature = FeatureContext(id: id, properties: f.properties, geometryType: f.type, isMulti: f.isMulti,
                                         geometry: full, state: state)
            if let filter = activeFilter {
                frame.clock.mark(.prepare)
                let keep = filter.evaluateFilter(ctx)
                frame.clock.mark(.style)
                guard keep else { continue }
            }
            data.geometry(of: i, placement: placement, into: &geometry)
            var out = geometry
            if pass.pointsInSquareOnly {
                // Circles sit on every vertex of the features whose points lie in the tile,
                // [min, max) on both axes so a point on a shared edge belongs to one tile.
                var kept = FeatureGeometry(type: .point)
                for p in geometry.points
                where p.x >= square.minX && p.x < square.maxX && p.y >= square.minY && p.y < square.maxY {
                    kept.points.append(p)
                }
                if !kept.points.isEmpty { kept.endPart() }
                out = kept
            } else if cutsPolygons, f.type == .polygon, !cut.contains(data.worldBounds(of: i, placement: placement)) {
                clipped.removeAll(type: .polygon)
                geometry.clip(to: cut, into: &clipped, scratch: &clipScratch)
                out = clipped
            }
            guard !out.points.isEmpty else { continue }
            pass.drawnBounds.formUnion(out.bounds)
            frame.countDrawnFeature()
            frame.clock.mark(.prepare)
            try body(ctx, out, [])
        }
    }
}
