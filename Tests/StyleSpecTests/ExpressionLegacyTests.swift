import Geo
import JSON
import XCTest
@testable import StyleSpec

/// Legacy functions and filters compile to the same evaluable form as expressions.
final class ExpressionLegacyTests: XCTestCase {
    let colorProp = PropertyExpectation(type: .color, defaultValue: .color(.black), zoomAllowed: true, featureAllowed: true,
                                        interpolated: true, propertyName: "fill-color")
    let capProp = PropertyExpectation(type: .string, enumValues: ["butt", "round", "square"], defaultValue: .string("butt"),
                                      zoomAllowed: true, featureAllowed: false, interpolated: false, propertyName: "line-cap")

    func compile(_ text: String, _ e: PropertyExpectation) throws -> PropertyExpression {
        try ExpressionCompiler.compileProperty(try JSONParser.parse(text), expecting: e, at: JSONPointer(["paint", e.propertyName])).get()
    }

    func feature(_ props: JSONValue, type: GeometryType = .polygon, id: JSONValue? = nil) -> EvaluationContext {
        EvaluationContext(zoom: 0, feature: FeatureContext(id: id, properties: props.objectValue ?? JSONObject(), geometryType: type))
    }

    func testZoomFunctionInterpolatesColorsAndKeepsBase() throws {
        let p = try compile(#"{"stops": [[0, "red"], [10, "blue"]]}"#, colorProp)
        guard case .zoom = p.kind else { return XCTFail("zoom function should be zoom-only") }
        XCTAssertEqual(p.evaluate(EvaluationContext(zoom: 5)).colorValue, StyleColor(r: 0.5, g: 0, b: 0.5, a: 1))
        let based = try compile(#"{"base": 2, "stops": [[0, 0], [2, 3]]}"#,
                                PropertyExpectation(type: .number, zoomAllowed: true, interpolated: true, propertyName: "line-width"))
        XCTAssertEqual(based.evaluate(EvaluationContext(zoom: 1)).numberValue!, 1, accuracy: 1e-12)   // 3·(2¹−1)/(2²−1)
        XCTAssertEqual(based.zoomCurve?.interpolation, .exponential(base: 2))
    }

    func testNonInterpolatedPropertyGetsStepFunctions() throws {
        let p = try compile(#"{"stops": [[0, "butt"], [10, "round"]]}"#, capProp)
        XCTAssertEqual(p.evaluate(EvaluationContext(zoom: 9.9)), .string("butt"))
        XCTAssertEqual(p.evaluate(EvaluationContext(zoom: 10)), .string("round"))
        XCTAssertEqual(p.zoomCurve?.interpolation, .step)
    }

    func testCategoricalIntervalIdentityAndDefaults() throws {
        let cat = try compile(#"{"property": "kind", "type": "categorical", "stops": [["park", "green"], ["lake", "blue"]], "default": "gray"}"#, colorProp)
        guard case .feature = cat.kind else { return XCTFail("property function is data-driven") }
        XCTAssertEqual(cat.evaluate(feature(["kind": "lake"])).colorValue, StyleColor.parse("blue"))
        XCTAssertEqual(cat.evaluate(feature(["kind": "road"])).colorValue, StyleColor.parse("gray"))

        let interval = try compile(#"{"property": "n", "type": "interval", "stops": [[0, "red"], [5, "blue"]]}"#, colorProp)
        XCTAssertEqual(interval.evaluate(feature(["n": 4.9])).colorValue, StyleColor.parse("red"))
        XCTAssertEqual(interval.evaluate(feature(["n": 5])).colorValue, StyleColor.parse("blue"))
        // Not a number: the property default (black) instead of an error.
        XCTAssertEqual(interval.evaluate(feature(["n": "x"])).colorValue, .black)

        let identity = try compile(#"{"property": "c", "type": "identity"}"#, colorProp)
        XCTAssertEqual(identity.evaluate(feature(["c": "#00ff00"])).colorValue, StyleColor.parse("lime"))
        XCTAssertEqual(identity.evaluate(feature(["c": 3])).colorValue, .black)

        let boolCat = try compile(#"{"property": "b", "type": "categorical", "stops": [[true, "red"], [false, "blue"]]}"#, colorProp)
        XCTAssertEqual(boolCat.evaluate(feature(["b": false])).colorValue, StyleColor.parse("blue"))
    }

    func testZoomAndPropertyFunctionAndColorSpace() throws {
        let p = try compile(#"{"property": "v", "stops": [[{"zoom": 0, "value": 0}, "red"], [{"zoom": 0, "value": 10}, "blue"], [{"zoom": 10, "value": 0}, "black"], [{"zoom": 10, "value": 10}, "white"]]}"#, colorProp)
        XCTAssertEqual(p.zoomCurve?.stops, [0, 10])
        var ctx = feature(["v": 10]); ctx.zoom = 10
        XCTAssertEqual(p.evaluate(ctx).colorValue, .white)
        ctx.zoom = 0
        XCTAssertEqual(p.evaluate(ctx).colorValue, StyleColor.parse("blue"))

        let lab = try compile(#"{"colorSpace": "lab", "stops": [[0, "red"], [10, "blue"]]}"#, colorProp)
        let c = try XCTUnwrap(lab.evaluate(EvaluationContext(zoom: 4)).colorValue)
        XCTAssertEqual(c.r, 0.814095, accuracy: 1e-5)
    }

    func testTokenStrings() {
        XCTAssertEqual(FunctionConverter.tokenString("{name}"), ["to-string", ["get", "name"]])
        XCTAssertEqual(FunctionConverter.tokenString("a {b} c"), ["concat", "a ", ["get", "b"], " c"])
        XCTAssertEqual(FunctionConverter.tokenString("plain"), "plain")
        XCTAssertEqual(FunctionConverter.tokenString("{a}{b}"), ["concat", ["get", "a"], ["get", "b"]])
    }

    func testFunctionErrorsPointIntoTheFunction() {
        let r = ExpressionCompiler.compileProperty(try! JSONParser.parse(#"{"stops": [[0, "red"], [1]]}"#), expecting: colorProp,
                                                   at: JSONPointer(["layers", "0", "paint", "fill-color"]))
        guard case .failure(let errors) = r else { return XCTFail("should fail") }
        XCTAssertEqual(errors.map(\.path.description), ["/layers/0/paint/fill-color/stops/1"])
    }

    func filter(_ text: String) throws -> CompiledExpression {
        try ExpressionCompiler.compileFilter(try JSONParser.parse(text), at: JSONPointer(["filter"])).get()
    }

    func testLegacyFilters() throws {
        let props: JSONValue = ["kind": "park", "n": 3, "s": "3", "flag": true]
        let ctx = feature(props, type: .polygon, id: 7)
        let cases: [(String, Bool)] = [
            (#"["==", "kind", "park"]"#, true),
            (#"["==", "n", "3"]"#, false),                 // strict: no coercion
            (#"["!=", "s", 3]"#, true),
            (#"["<", "n", 4]"#, true),
            (#"[">=", "n", 3]"#, true),
            (#"["<", "s", 4]"#, false),                    // mismatched types compare false
            (#"["in", "kind", "lake", "park"]"#, true),
            (#"["!in", "kind", "lake", "park"]"#, false),
            (#"["in", "n"]"#, false),
            (#"["has", "flag"]"#, true),
            (#"["!has", "missing"]"#, true),
            (#"["==", "$type", "Polygon"]"#, true),
            (#"["in", "$type", "Point", "LineString"]"#, false),
            (#"["==", "$id", 7]"#, true),
            (#"["all", ["==", "kind", "park"], ["<", "n", 2]]"#, false),
            (#"["any", ["==", "kind", "lake"], ["<", "n", 5]]"#, true),
            (#"["none", ["==", "kind", "lake"], ["<", "n", 2]]"#, true),
            (#"["all"]"#, true),
            (#"["any"]"#, false),
            (#"["all", ["==", "kind", "park"], ["has", "n"]]"#, true),
            (#"["==", ["get", "kind"], "park"]"#, true),   // expression filter
            (#"["==", "missing", null]"#, false),          // absent is not null in legacy filters
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try filter(text).evaluateFilter(ctx), expected, text)
        }
        XCTAssertTrue(try filter("null").evaluateFilter(ctx))
    }

    func testFilterErrorsCarryPaths() {
        let r = ExpressionCompiler.compileFilter(try! JSONParser.parse(#"["all", ["==", ["get", "a"], 1], ["<", ["get", "b"]]]"#),
                                                 at: JSONPointer(["layers", "2", "filter"]))
        guard case .failure(let errors) = r else { return XCTFail("should fail") }
        XCTAssertEqual(errors.first?.path.description, "/layers/2/filter/2")
        XCTAssertEqual(errors.first?.code, "invalid_expression")
        let state = ExpressionCompiler.compileFilter(try! JSONParser.parse(#"["==", ["feature-state", "x"], 1]"#), at: JSONPointer(["filter"]))
        if case .success = state { XCTFail("feature-state is not allowed in filters") }
    }
}
