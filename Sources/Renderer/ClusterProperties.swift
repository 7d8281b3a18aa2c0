import JSON
import SourceData
import StyleSpec

/// A clustered GeoJSON source's `clusterProperties` compiled into supercluster's map and
/// reduce, as MapLibre's GeoJSON worker builds them: for `{"name": [operator, map]}` the
/// map expression gives a point's value and `[operator, ["accumulated"], ["get", "name"]]`
/// folds another point's or cluster's value in; `[[reduce…], map]` gives the reduce
/// expression itself. `["accumulated"]` (the value folded so far) is read here through a
/// reserved property of the feature the reduce expression is evaluated on.
enum ClusterProperties {
    /// The property that carries `["accumulated"]` into a reduce expression.
    static let accumulatedKey = "\u{0}strata:accumulated"

    /// The reducer for a source's `clusterProperties` (nil without any); a property whose
    /// expressions do not compile is left out (the style validator reports it).
    static func reducer(_ properties: JSONObject?) -> ClusterReducer? {
        guard let properties, !properties.isEmpty else { return nil }
        var compiled: [(key: String, map: CompiledExpression, reduce: CompiledExpression)] = []
        for (key, value) in properties {
            guard case .array(let pair) = value, pair.count == 2 else { continue }
            let reduceJSON: JSONValue
            switch pair[0] {
            case .string(let op): reduceJSON = .array([.string(op), .array([.string("accumulated")]), .array([.string("get"), .string(key)])])
            case .array: reduceJSON = pair[0]
            default: continue
            }
            guard case .success(let map) = ExpressionCompiler.compileExpression(pair[1], expected: nil, at: .root),
                  case .success(let reduce) = ExpressionCompiler.compileExpression(rewritingAccumulated(reduceJSON), expected: nil, at: .root)
            else { continue }
            compiled.append((key, map, reduce))
        }
        guard !compiled.isEmpty else { return nil }
        return ClusterReducer(map: { point in
            var out = JSONObject()
            let ctx = context(point)
            for c in compiled { out[c.key] = ((try? c.map.evaluate(ctx)) ?? .null).json }
            return out
        }, reduce: { accumulated, other in
            for c in compiled {
                var properties = other
                properties[accumulatedKey] = accumulated[c.key] ?? .null
                accumulated[c.key] = ((try? c.reduce.evaluate(context(properties))) ?? .null).json
            }
        })
    }

    private static func context(_ properties: JSONObject) -> EvaluationContext {
        EvaluationContext(zoom: 0, feature: FeatureContext(properties: properties))
    }

    /// `json` with every `["accumulated"]` read from `accumulatedKey` instead.
    static func rewritingAccumulated(_ json: JSONValue) -> JSONValue {
        guard case .array(let a) = json else { return json }
        if a.count == 1, a[0] == .string("accumulated") { return .array([.string("get"), .string(accumulatedKey)]) }
        // Literals are data, not expressions.
        if case .string("literal")? = a.first { return json }
        return .array(a.map(rewritingAccumulated))
    }
}
