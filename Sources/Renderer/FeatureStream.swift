import Geo
import JSON
import SourceData
import StyleSpec

/// The features a layer draws in this frame: from its source, inside the view (plus a margin
/// for strokes and circles that reach in from outside), passing the layer filter, with their
/// geometry clipped and simplified for the frame's zoom, in source order.
enum FeatureStream {
    /// Calls `body` with each feature's evaluation context and clipped world geometry (valid
    /// only during the call). `marginPixels` grows the query rectangle (device pixels). With
    /// a `tile`, only that tile's features come: a vector tile's, already clipped, or a
    /// GeoJSON tile's (its buffered square replaces the query rectangle).
    static func forEach(_ layer: Layer, in frame: RenderFrame, tile: SourceTilePass?, marginPixels: Double,
                        _ body: (_ feature: EvaluationContext, _ geometry: FeatureGeometry, _ lineClips: [SIMD2<Double>]) throws -> Void) throws {
        var query: WorldRect?
        switch tile?.content {
        case .vector?:
            try VectorTileFeatureStream.forEach(layer, pass: tile!, in: frame, marginPixels: marginPixels, body)
            return
        case .geoJSON(let rect)?: query = rect
        case nil: break
        }
        guard let sourceID = layer.source, let spec = frame.style.source(sourceID),
              let source = frame.resources.geoJSON(spec) else { return }
        frame.clock.mark(.prepare)
        let rect = query ?? queryRect(in: frame, marginPixels: marginPixels)
        let tileZoom = self.tileZoom(source, in: frame)
        // A clustered source shows the clusters of the tile zoom.
        let data = source.source(atTileZoom: tileZoom)
        let states = frame.style.featureState.states(source: sourceID, sourceLayer: layer.sourceLayer)
        let filter = layer.filter
        let needsGeometry = FilterInspection.needsGeometry(layer)
        var ctx = frame.layerContext
        ctx.tileZoom = tileZoom
        var scratch = frame.scratch
        defer { frame.scratch = scratch }
        try data.forEachFeature(in: rect, zoom: tileZoom, scratch: &scratch, include: { i in
            let f = data.features[i]
            var state = JSONObject()
            if !states.isEmpty, let id = f.id, let key = FeatureStateStore.key(id), let s = states[key] { state = s }
            ctx.feature = FeatureContext(id: f.id, properties: f.properties, geometryType: f.type, isMulti: f.isMulti,
                                         geometry: needsGeometry ? data.geometry(i) : nil, state: state)
            guard let filter else { return true }
            frame.clock.mark(.prepare)
            let keep = filter.evaluateFilter(ctx)
            frame.clock.mark(.style)
            return keep
        }) { _, geometry, clips in
            try frame.checkDeadline()
            frame.countDrawnFeature()
            frame.clock.mark(.prepare)
            try body(ctx, geometry, clips)
        }
    }
}

extension FeatureStream {
    /// How the layer's source is cut into tiles for this frame (MapLibre's geojson tiles):
    /// the tile zoom, the source's maxzoom and the tile buffer as a fraction of a tile.
    static func tiling(_ layer: Layer, in frame: RenderFrame, tile: SourceTilePass?) -> (tileZoom: Int, maxzoom: Int, buffer: Double)? {
        if let pass = tile { return (pass.tileZoom, pass.sourceMaxzoom, pass.buffer) }
        guard let sourceID = layer.source, let spec = frame.style.source(sourceID),
              let data = frame.resources.geoJSON(spec) else { return nil }
        return (tileZoom(data, in: frame), data.options.maxzoom, data.options.bufferFraction)
    }

    /// The rectangle a GeoJSON source drawn whole is queried with: the view and `marginPixels`.
    static func queryRect(in frame: RenderFrame, marginPixels: Double) -> WorldRect {
        frame.camera.visibleWorldBounds(margin: marginPixels)
    }

    /// The zoom of the tiles a GeoJSON source is clipped and simplified for in this frame.
    static func tileZoom(_ data: GeoJSONSource, in frame: RenderFrame) -> Int {
        tileZoom(data, zoom: frame.zoom)
    }

    /// The tile zoom of a GeoJSON source at map zoom `zoom`.
    static func tileZoom(_ data: GeoJSONSource, zoom: Double) -> Int {
        max(0, min(data.options.maxzoom, Int(zoom.rounded(.down))))
    }
}

/// Static facts about a layer's expressions.
enum FilterInspection {
    /// `within`/`distance` in the filter or any property need the feature's full geometry in
    /// the evaluation context; other layers skip building it.
    static func needsGeometry(_ layer: Layer) -> Bool {
        if layer.filter?.usesGeometry == true { return true }
        return layer.paint.values.contains { $0.expression?.usesGeometry == true }
            || layer.layout.values.contains { $0.expression?.usesGeometry == true }
    }
}
