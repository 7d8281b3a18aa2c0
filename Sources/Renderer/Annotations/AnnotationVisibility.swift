import JSON
import StyleSpec

/// Whether an annotation tied to a layer (and a feature) shows at a zoom: the layer must
/// exist and draw there (visibility, zoom range); with `associatedFeatureId`, a GeoJSON
/// source must hold that feature and the layer's filter must keep it. Features of vector
/// sources are not looked up (they are spread over tiles): there the layer decides alone.
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
        guard let sourceID = layer.source, let spec = style.source(sourceID), spec.type == .geojson else { return true }
        guard let data = resources.geoJSON(spec) else { return false }
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
}
