import SplitMix
import Foundation
import Geo
import JSON
import XCTest
@testable import StyleSpec

/// Bad input never crashes: every fixture expression, mutated many ways, is compiled and (when
/// it compiles) evaluated against hostile feature data. The test passes by finishing.
final class ExpressionRobustnessTests: XCTestCase {
    typealias SplitMix = SplitMix64

    static let hostile: [JSONValue] = [
        .null, true, 0, -0.0, 1, -1, 0.5, 1e300, -1e300, 9007199254740993, .number(.infinity), .number(-.infinity),
        "", "zoom", "get", "literal", "#fff", "red", "rgba(0,0,0,2)", "💥", "a\u{0}b",
        [], [1], ["literal"], ["get"], ["zoom"], ["literal", [1, 2, 3]], ["get", "x"], [[1]], ["number", ["get", "n"]],
        ["type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 1], [0, 0]]]], [:],
    ]

    func mutate(_ v: JSONValue, _ rng: inout SplitMix, depth: Int = 0) -> JSONValue {
        if rng.int(6) == 0 { return Self.hostile[rng.int(Self.hostile.count)] }
        switch v {
        case .array(var a) where !a.isEmpty && depth < 8:
            switch rng.int(4) {
            case 0: a.remove(at: rng.int(a.count))
            case 1: a.insert(Self.hostile[rng.int(Self.hostile.count)], at: rng.int(a.count + 1))
            default:
                let i = rng.int(a.count)
                a[i] = mutate(a[i], &rng, depth: depth + 1)
            }
            return .array(a)
        case .object(var o) where !o.isEmpty:
            let k = o.keys[rng.int(o.count)]
            o[k] = mutate(o[k]!, &rng, depth: depth + 1)
            return .object(o)
        default:
            return v
        }
    }

    func testMutatedFixturesNeverCrash() throws {
        var rng = SplitMix(seed: 0x5EED)
        var compiled = 0, evaluated = 0
        let specs: [PropertyExpectation] = [
            PropertyExpectation(type: .value, zoomAllowed: true, featureAllowed: true, featureStateAllowed: true, interpolated: true),
            PropertyExpectation(type: .color, defaultValue: .color(.black), zoomAllowed: true, featureAllowed: true, interpolated: true),
            PropertyExpectation(type: .number, defaultValue: .number(1), zoomAllowed: true, featureAllowed: true, interpolated: true),
            PropertyExpectation(type: .array(.number, 2), zoomAllowed: true, featureAllowed: true, interpolated: true),
            PropertyExpectation(type: .string, enumValues: ["a", "b"], zoomAllowed: true, featureAllowed: true),
            PropertyExpectation(type: .formatted, zoomAllowed: true, featureAllowed: true),
            PropertyExpectation(type: .padding, zoomAllowed: true, featureAllowed: true, interpolated: true),
        ]
        var geometry = FeatureGeometry(type: .lineString, points: [WorldPoint(0.5, 0.5), WorldPoint(0.6, 0.4)], partEnds: [2])
        geometry.polygonEnds = []
        let props: JSONObject = JSONObject([("x", 1e300), ("n", "NaN"), ("a", [1, "b", nil]), ("o", ["k": [1]]), ("s", "💥")])
        let contexts = [
            EvaluationContext(zoom: .nan),
            EvaluationContext(zoom: 3, feature: FeatureContext(id: "id", properties: props, geometryType: .lineString, geometry: geometry)),
            EvaluationContext(zoom: -1e9, feature: FeatureContext(properties: props, geometryType: .polygon,
                                                                   geometry: FeatureGeometry(type: .polygon)), tileZoom: 40),
        ]
        for (_, url) in try ExpressionFixtureTests.fixtureFiles() {
            guard let expr = try JSONParser.parse(Data(contentsOf: url))["expression"] else { continue }
            for round in 0..<12 {
                let mutated = round == 0 ? expr : mutate(expr, &rng)
                for spec in specs {
                    if case .success(let p) = ExpressionCompiler.compileProperty(mutated, expecting: spec, at: .root) {
                        compiled += 1
                        for c in contexts { _ = p.evaluate(c); _ = Value.toString(p.evaluate(c)); evaluated += 1 }
                    }
                }
                _ = ExpressionCompiler.compileFilter(mutated, at: .root).map { f in contexts.map { f.evaluateFilter($0) } }
            }
        }
        XCTAssertGreaterThan(compiled, 1000)
        XCTAssertGreaterThan(evaluated, 3000)
    }
}
