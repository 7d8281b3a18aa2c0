import Geo
import JSON

/// The views of a clustered source, computed once with the source (so every tile and
/// every render agrees): one source per integer zoom 0...clusterMaxZoom holding that
/// zoom's clusters and unclustered points, and the points alone for deeper zooms.
struct ClusterLevels: Sendable {
    let levels: [GeoJSONSource]
    /// The source's points (nil: every feature is a point, the source itself serves).
    let points: GeoJSONSource?

    var byteSize: Int { levels.reduce(points?.byteSize ?? 0) { $0 + $1.byteSize } }
}

extension GeoJSONSource {
    /// True when the source clusters its points (its options have `cluster`) and the
    /// cluster views are built.
    public var isClustered: Bool { clusters != nil }

    /// The features the source shows at integer tile zoom `z`: for a clustered source, at
    /// z ≤ clusterMaxZoom that zoom's clusters and unclustered points (clusters are points
    /// with `cluster`, `cluster_id`, `point_count`, `point_count_abbreviated` and the
    /// `clusterProperties`), beyond it the points; otherwise the source itself. Like
    /// MapLibre's supercluster tiles, a clustered source has only its (single) points.
    public func source(atTileZoom z: Int) -> GeoJSONSource {
        guard let clusters else { return self }
        if z >= 0, z < clusters.levels.count { return clusters.levels[z] }
        if z < 0, let first = clusters.levels.first { return first }
        return clusters.points ?? self
    }

    /// This source with its cluster views built (supercluster's `load`); the source itself
    /// when its options do not cluster. `reducer` evaluates `clusterProperties` (nil: none).
    public func clustered(reducer: ClusterReducer? = nil) -> GeoJSONSource {
        guard let options = options.cluster, clusters == nil else { return self }
        var points: [(index: Int, position: SIMD2<Double>)] = []
        points.reserveCapacity(features.count)
        for (i, f) in features.enumerated() where f.type == .point && !f.isMulti {
            if let p = geometry(i).points.first { points.append((i, p)) }
        }
        let index = SuperclusterIndex(points: points, inputCount: features.count, options: options,
                                      properties: { self.features[$0].properties }, reducer: reducer)
        let levels = (0..<max(0, options.maxZoom + 1)).map { z in levelSource(index.nodes(zoom: z), index, zoom: z) }
        let allPoints = points.count == features.count
        let pointSource = allPoints ? nil : levelSource(index.nodes(zoom: options.maxZoom + 1), index, zoom: nil)
        return GeoJSONSource(self, clusters: ClusterLevels(levels: levels, points: pointSource))
    }

    /// A plain source of one zoom's nodes, at positions rounded to the zoom's 8192-unit tile
    /// grid as supercluster's tiles round them (`zoom` nil: not rounded).
    private func levelSource(_ nodes: [SuperclusterIndex.Node], _ index: SuperclusterIndex, zoom: Int?) -> GeoJSONSource {
        var levelOptions = self.options
        levelOptions.cluster = nil; levelOptions.filter = nil
        levelOptions.generateId = false; levelOptions.promoteId = nil
        var builder = GeoJSONSourceBuilder(options: levelOptions)
        let scale = zoom.map { 8192 * Double(sign: .plus, exponent: $0, significand: 1) }
        func grid(_ v: Double) -> Double { scale.map { ($0 * v + 0.5).rounded(.down) / $0 } ?? v }
        for n in nodes {
            let geometry = FeatureGeometry(type: .point, points: [WorldPoint(grid(n.x), grid(n.y))], partEnds: [1])
            if let properties = index.properties(of: n) {
                builder.add(geometry, id: .number(Double(n.id)), properties: properties)
            } else {
                let f = features[n.id]
                builder.add(geometry, id: f.id, properties: f.properties)
            }
        }
        return builder.build()
    }
}
