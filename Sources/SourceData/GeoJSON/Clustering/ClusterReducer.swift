import JSON

/// supercluster's `map` and `reduce` for a source's `clusterProperties`: SourceData does not
/// know expressions, so the caller (the renderer) compiles them and hands the evaluation in.
/// `map` turns a point's properties into its cluster properties; `reduce` folds the cluster
/// properties of a point or cluster (second argument) into a cluster's (first).
public struct ClusterReducer {
    public var map: (JSONObject) -> JSONObject
    public var reduce: (inout JSONObject, JSONObject) -> Void

    public init(map: @escaping (JSONObject) -> JSONObject, reduce: @escaping (inout JSONObject, JSONObject) -> Void) {
        self.map = map; self.reduce = reduce
    }
}

/// The properties supercluster gives a cluster.
public enum ClusterFeatureProperties {
    /// The reduced `clusterProperties` (if any), then `cluster: true`, `cluster_id`,
    /// `point_count` and `point_count_abbreviated` (these four win over reduced keys).
    public static func properties(id: Int, count: Int, reduced: JSONObject?) -> JSONObject {
        var p = reduced ?? JSONObject()
        p["cluster"] = .bool(true)
        p["cluster_id"] = .number(Double(id))
        p["point_count"] = .number(Double(count))
        p["point_count_abbreviated"] = abbreviated(count)
        return p
    }

    /// supercluster's `point_count_abbreviated`: the count itself (a number) below 1000;
    /// below 10000 thousands rounded to one decimal (`Math.round(count / 100) / 10`, so
    /// 1000 → "1k", 1050 → "1.1k", 9999 → "10k"); from 10000 whole thousands
    /// (`Math.round(count / 1000)`: 12345 → "12k", 12500 → "13k").
    public static func abbreviated(_ count: Int) -> JSONValue {
        if count >= 10000 { return .string("\(jsRound(Double(count) / 1000))k") }
        guard count >= 1000 else { return .number(Double(count)) }
        let tenths = jsRound(Double(count) / 100)
        return .string(tenths % 10 == 0 ? "\(tenths / 10)k" : "\(tenths / 10).\(tenths % 10)k")
    }

    /// JavaScript's `Math.round` for non-negative values: halves go up.
    private static func jsRound(_ v: Double) -> Int { Int((v + 0.5).rounded(.down)) }
}
