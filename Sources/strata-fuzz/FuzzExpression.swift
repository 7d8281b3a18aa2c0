import Geo
import JSON
import StyleSpec

/// Contexts every compiled expression is evaluated in: no feature, and a polygon feature
/// with properties, state and global state.
let fuzzContexts: [EvaluationContext] = {
    let props = JSONObject([("name", "Fuzz"), ("n", 3.5), ("flag", true), ("list", [1, 2, 3]), ("c", "#ff0000"),
                            ("obj", ["k": "v"])])
    var square = FeatureGeometry(type: .polygon, points: [[0.5, 0.3], [0.51, 0.3], [0.51, 0.31], [0.5, 0.31], [0.5, 0.3]])
    square.partEnds = [5]; square.polygonEnds = [1]
    let feature = FeatureContext(id: 42, properties: props, geometryType: .polygon, geometry: square, state: JSONObject([("hover", true)]))
    return [EvaluationContext(zoom: 0),
            EvaluationContext(zoom: 14.5, feature: feature, globalState: JSONObject([("mode", "night")]), lineProgress: 0.25,
                              heatmapDensity: 0.5, availableImages: ["marker"], tileZoom: 14)]
}()

/// Property kinds `compileProperty` is tried against (colour, number, enum, formatted text).
let fuzzExpectations: [PropertyExpectation] = [
    PropertyExpectation(type: .color, defaultValue: .color(.black), featureAllowed: true, featureStateAllowed: true,
                        interpolated: true, propertyName: "fill-color"),
    PropertyExpectation(type: .number, defaultValue: .number(1), featureAllowed: true, interpolated: true,
                        minimum: 0, propertyName: "line-width"),
    PropertyExpectation(type: .string, enumValues: ["butt", "round", "square"], defaultValue: .string("butt"),
                        propertyName: "line-cap"),
    PropertyExpectation(type: .formatted, defaultValue: .string(""), featureAllowed: true, propertyName: "text-field",
                        supportsTokens: true),
]

/// Expressions, filters and property values: evaluation never traps and is deterministic;
/// a non-null result of a number/string/boolean/colour expression has that type.
func fuzzExpression(_ data: UnsafeRawBufferPointer) {
    guard let json = try? JSONParser.parse(bytes: data) else { return }
    _ = ExpressionCompiler.isExpression(json)
    if case .success(let e) = ExpressionCompiler.compileExpression(json, expected: nil, at: .root) {
        for ctx in fuzzContexts {
            let first = Result { try e.evaluate(ctx) }, second = Result { try e.evaluate(ctx) }
            fuzzCheck(describe(first) == describe(second), "evaluation is not deterministic")
            // null is allowed: MapLibre gives it too (e.g. `geometry-type` without a feature).
            if case .success(let v) = first, !v.isNull, [.number, .string, .boolean, .color].contains(e.type) {
                fuzzCheck(e.type.isSupertype(of: v.type), "a \(e.type) expression produced a \(v.type)")
            }
        }
    }
    if case .success(let f) = ExpressionCompiler.compileFilter(json, at: .root) {
        for ctx in fuzzContexts { fuzzCheck(f.evaluateFilter(ctx) == f.evaluateFilter(ctx), "filter is not deterministic") }
    }
    for expectation in fuzzExpectations {
        guard case .success(let p) = ExpressionCompiler.compileProperty(json, expecting: expectation, at: .root) else { continue }
        for ctx in fuzzContexts {
            let (value, _) = p.evaluateReportingErrors(ctx)
            fuzzCheck(describe(.success(value)) == describe(.success(p.evaluate(ctx))), "property evaluation is not deterministic")
        }
    }
}

/// Comparable text of a result (NaN-safe, unlike `==`).
private func describe(_ r: Result<Value, any Error>) -> String {
    switch r {
    case .success(let v): return "\(v)"
    case .failure(let e): return "error: \(e)"
    }
}
