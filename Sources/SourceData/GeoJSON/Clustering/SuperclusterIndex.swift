import JSON

/// supercluster's hierarchy of a set of points: the points at `maxZoom + 1`, then for each
/// zoom from `maxZoom` down to 0 the greedy clustering of the zoom above — each point or
/// cluster not yet taken gathers every untaken one within the zoom's radius (a k-d tree
/// query), and becomes a cluster at their weighted centre when it gathered any and they
/// total at least `minPoints`; otherwise they all stay as they are.
struct SuperclusterIndex {
    /// A point or cluster of one zoom.
    struct Node {
        /// World position (a point's is rounded to Float32 as supercluster rounds it).
        var x: Double
        var y: Double
        /// The point's index in the input, or the cluster's id (supercluster's `cluster_id`).
        var id: Int
        var count: Int
        /// Index in `clusterProperties` (clusters with reduced properties), else -1.
        var propertiesIndex: Int
        var isCluster: Bool { count > 1 }
    }

    /// Nodes by zoom: `levels[z]` for z in 0...maxZoom + 1 (the last: the points).
    private(set) var levels: [[Node]] = []
    /// Reduced `clusterProperties` of clusters, by `Node.propertiesIndex`.
    private(set) var clusterProperties: [JSONObject] = []
    let options: ClusterOptions
    /// supercluster's `points.length` (cluster ids are offset by it).
    let inputCount: Int

    /// `points`: (input index, world position) of each point; `inputCount` the length of the
    /// input array the indices refer to; `properties` gives a point's own properties.
    init(points: [(index: Int, position: SIMD2<Double>)], inputCount: Int, options: ClusterOptions,
         properties: @escaping (Int) -> JSONObject, reducer: ClusterReducer?) {
        self.options = options
        self.inputCount = inputCount
        var nodes = points.map { p in
            Node(x: Double(Float(p.position.x)), y: Double(Float(p.position.y)), id: p.index, count: 1, propertiesIndex: -1)
        }
        let maxZoom = options.maxZoom
        guard maxZoom >= 0 else { levels = [nodes]; return }
        levels = Array(repeating: [], count: maxZoom + 2)
        levels[maxZoom + 1] = nodes
        var clusterer = Clusterer(options: options, inputCount: inputCount, properties: properties, reducer: reducer)
        for z in stride(from: maxZoom, through: 0, by: -1) {
            nodes = clusterer.cluster(nodes, zoom: z)
            levels[z] = nodes
        }
        clusterProperties = clusterer.clusterProperties
    }

    /// The nodes shown at integer zoom `z` (supercluster's `_limitZoom`: the points beyond
    /// `maxZoom`).
    func nodes(zoom z: Int) -> [Node] { levels[Swift.max(0, Swift.min(z, levels.count - 1))] }

    /// A cluster's properties as supercluster gives them (nil for a point).
    func properties(of node: Node) -> JSONObject? {
        guard node.isCluster else { return nil }
        let reduced = node.propertiesIndex >= 0 ? clusterProperties[node.propertiesIndex] : nil
        return ClusterFeatureProperties.properties(id: node.id, count: node.count, reduced: reduced)
    }
}

/// One zoom's clustering step (supercluster's `_cluster`), keeping the reduced properties.
private struct Clusterer {
    let options: ClusterOptions
    let inputCount: Int
    let properties: (Int) -> JSONObject
    let reducer: ClusterReducer?
    var clusterProperties: [JSONObject] = []
    private var neighbours: [Int32] = []

    init(options: ClusterOptions, inputCount: Int, properties: @escaping (Int) -> JSONObject, reducer: ClusterReducer?) {
        self.options = options; self.inputCount = inputCount; self.properties = properties; self.reducer = reducer
    }

    /// A node's properties for `reduce`: a cluster's reduced ones, a point's mapped ones.
    private func mapped(_ n: SuperclusterIndex.Node) -> JSONObject {
        if n.isCluster { return n.propertiesIndex >= 0 ? clusterProperties[n.propertiesIndex] : JSONObject() }
        return reducer?.map(properties(n.id)) ?? JSONObject()
    }

    mutating func cluster(_ nodes: [SuperclusterIndex.Node], zoom: Int) -> [SuperclusterIndex.Node] {
        let tree = ClusterKDTree(points: nodes.map { SIMD2($0.x, $0.y) })
        let r = options.worldRadius(zoom: zoom)
        var taken = [Bool](repeating: false, count: nodes.count)
        var next: [SuperclusterIndex.Node] = []
        next.reserveCapacity(nodes.count)
        for i in nodes.indices where !taken[i] {
            taken[i] = true
            let p = nodes[i]
            tree.within(p.x, p.y, r, into: &neighbours)
            var total = p.count
            for k in neighbours where !taken[Int(k)] { total += nodes[Int(k)].count }
            guard total > p.count, total >= options.minPoints else {
                // Too few to cluster: the point and its untaken neighbours stay (and are taken).
                next.append(p)
                if total > 1 {
                    for k in neighbours where !taken[Int(k)] { taken[Int(k)] = true; next.append(nodes[Int(k)]) }
                }
                continue
            }
            var wx = p.x * Double(p.count), wy = p.y * Double(p.count)
            // supercluster's id: the originating node's index and the zoom, past the input ids.
            let id = (i << 5) + (zoom + 1) + inputCount
            var reduced: JSONObject?
            for k in neighbours where !taken[Int(k)] {
                taken[Int(k)] = true
                let b = nodes[Int(k)]
                wx += b.x * Double(b.count)
                wy += b.y * Double(b.count)
                if let reducer {
                    if reduced == nil { reduced = mapped(p) }
                    reducer.reduce(&reduced!, mapped(b))
                }
            }
            var propertiesIndex = -1
            if let reduced { propertiesIndex = clusterProperties.count; clusterProperties.append(reduced) }
            next.append(.init(x: wx / Double(total), y: wy / Double(total), id: id, count: total, propertiesIndex: propertiesIndex))
        }
        return next
    }
}
