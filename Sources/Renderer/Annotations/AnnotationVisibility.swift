import Geo
import JSON
import SourceData
import StyleSpec

/// Whether an annotation tied to a layer (and a feature) shows at a zoom: the layer must
/// exist and draw there (visibility, zoom range); with `associatedFeatureId`, the layer's
/// source must hold that feature and the layer's filter must keep it. A GeoJSON source is
/// searched whole; a vector-tile source in the one tile of the zoom's data level under the
/// annotation's coordinate (features are spread over tiles; a feature is where it is pinned).
struct AnnotationVisibility {
    let style: Style
    let zoom: Double
    let resources: RenderResources
    /// Feature index by id per GeoJSON source, built on first use in one placement.
    private var featureIndex: [String: [String: Int]] = [:]

    init(style: Style, zoom: Double, resources: RenderResources) {
        self.style = style; self.zoom = zoom; self.resources = resources
    }

    mutating func shows(_ a: Annotation) -> Bool {
        guard a.visible else { return false }
        guard let layerID = a.layer else { return true }
        guard let layer = style.layer(layerID), layer.type != .slot, layer.isInZoomRange(zoom),
              layer.isVisible(globalState: style.globalState) else { return false }
        guard let fid = a.associatedFeatureId else { return true }
        guard let sourceID = layer.source, let spec = style.source(sourceID) else { return true }
        if spec.type == .vector { return vectorFeatureShows(a, fid, layer, spec) }
        guard spec.type == .geojson else { return true }
        guard let source = resources.geoJSON(spec) else { return false }
        let data = source.source(atTileZoom: FeatureStream.tileZoom(source, zoom: zoom))
        if featureIndex[sourceID] == nil {
            var index: [String: Int] = [:]
            for (i, f) in data.features.enumerated() {
                if let id = f.id, let key = FeatureStateStore.key(id), index[key] == nil { index[key] = i }
            }
            featureIndex[sourceID] = index
        }
        guard let i = featureIndex[sourceID]?[fid] else { return false }
        guard let filter = layer.filter else { return true }
        let f = data.features[i]
        let state = style.featureState.state(source: sourceID, id: fid) ?? JSONObject()
        let feature = FeatureContext(id: f.id, properties: f.properties, geometryType: f.type, isMulti: f.isMulti, state: state)
        return filter.evaluateFilter(EvaluationContext(zoom: zoom, feature: feature, globalState: style.globalState))
    }

    /// The feature in the vector tile under the annotation, through the layer's filter.
    private func vectorFeatureShows(_ a: Annotation, _ fid: String, _ layer: Layer, _ spec: SourceSpec) -> Bool {
        guard let directory = resources.dataDirectory, let sourceLayer = layer.sourceLayer,
              let source = resources.tiles.tiledSource(spec, directory: directory) else { return false }
        let z = TileCover.zoomLevel(zoom, tileSize: source.tileSize, round: false)
        guard z >= source.minzoom else { return false }
        let dataZoom = min(z, source.maxzoom)
        let world = WebMercator.project(lon: a.longitude, lat: a.latitude)
        let n = Double(1 << dataZoom)
        guard let id = TileID(z: dataZoom, x: min(Int(n) - 1, Int(world.x * n)), y: min(Int(n) - 1, Int(world.y * n))),
              source.covers(id), case .tile(let tile) = resources.tiles.vectorTile(source, id, directory: directory),
              let data = tile.layers[sourceLayer] else { return false }
        let promoteId = SourceTilePass.promoteId(spec.json, sourceLayer: sourceLayer)
        let state = style.featureState.state(source: spec.id, sourceLayer: sourceLayer, id: fid) ?? JSONObject()
        for f in data.features {
            guard let fidValue = SourceTilePass.featureID(f, promoteId: promoteId), FeatureStateStore.key(fidValue) == fid else { continue }
            guard let filter = layer.filter else { return true }
            let feature = FeatureContext(id: fidValue, properties: f.properties, geometryType: f.type, isMulti: f.isMulti, state: state)
            if filter.evaluateFilter(EvaluationContext(zoom: zoom, feature: feature, globalState: style.globalState)) { return true }
        }
        return false
    }
}
