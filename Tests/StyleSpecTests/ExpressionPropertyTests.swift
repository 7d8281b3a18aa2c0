import Geo
import JSON
import XCTest
@testable import StyleSpec

/// Property compilation: kinds, checks against the property, error paths, run-time fallback.
final class ExpressionPropertyTests: XCTestCase {
    let fillColor = PropertyExpectation(type: .color, defaultValue: .color(.black), zoomAllowed: true, featureAllowed: true,
                                        featureStateAllowed: true, interpolated: true, propertyName: "fill-color")
    let lineJoin = PropertyExpectation(type: .string, enumValues: ["bevel", "round", "miter"], defaultValue: .string("miter"),
                                       zoomAllowed: true, featureAllowed: true, interpolated: false, propertyName: "line-join")
    let visibility = PropertyExpectation(type: .string, enumValues: ["visible", "none"], defaultValue: .string("visible"),
                                         zoomAllowed: false, featureAllowed: false, propertyName: "visibility")

    func compile(_ text: String, _ e: PropertyExpectation) -> Result<PropertyExpression, [StyleError]> {
        ExpressionCompiler.compileProperty(try! JSONParser.parse(text), expecting: e, at: JSONPointer(["layers", "0", "paint", e.propertyName]))
    }

    func errors(_ r: Result<PropertyExpression, [StyleError]>) -> [String] {
        if case .failure(let e) = r { return e.map { "\($0.path) \($0.message)" } }
        return []
    }

    func ctx(_ props: JSONValue, zoom: Double = 0, state: JSONObject = JSONObject()) -> EvaluationContext {
        EvaluationContext(zoom: zoom, feature: FeatureContext(properties: props.objectValue ?? JSONObject(), state: state))
    }

    func testConstantsAreValidatedAndKept() throws {
        let c = try compile(#""hsla(120, 100%, 50%, 0.5)""#, fillColor).get()
        XCTAssertEqual(c.constantValue, .color(StyleColor(r: 0, g: 1, b: 0, a: 0.5)))
        XCTAssertEqual(errors(compile(#""nope""#, fillColor)), [#"/layers/0/paint/fill-color color expected, "nope" found"#])
        XCTAssertEqual(errors(compile(#""diagonal""#, lineJoin)).count, 1)
        let width = PropertyExpectation(type: .number, minimum: 0, propertyName: "line-width")
        XCTAssertEqual(errors(compile("-1", width)), ["/layers/0/paint/line-width -1 is less than the minimum value 0"])
        let dash = PropertyExpectation(type: .array(.number, nil), minimum: 0, propertyName: "line-dasharray")
        XCTAssertEqual(try compile("[2, 1]", dash).get().constantValue?.numbers, [2, 1])
        XCTAssertEqual(errors(compile(#"[2, "x"]"#, dash)), ["/layers/0/paint/line-dasharray/1 number expected, string found"])
        let translate = PropertyExpectation(type: .array(.number, 2), propertyName: "fill-translate")
        XCTAssertEqual(errors(compile("[1]", translate)), ["/layers/0/paint/fill-translate array length 2 expected, length 1 found"])
    }

    func testKindsFollowDependencies() throws {
        let constant = try compile(#"["rgb", 255, 0, 0]"#, fillColor).get()
        XCTAssertEqual(constant.constantValue, .color(StyleColor(r: 1, g: 0, b: 0, a: 1)))
        let zoom = try compile(#"["step", ["zoom"], "red", 5, "blue"]"#, fillColor).get()
        guard case .zoom = zoom.kind else { return XCTFail("zoom kind") }
        let global = try compile(#"["to-color", ["global-state", "theme"]]"#, fillColor).get()
        guard case .zoom = global.kind else { return XCTFail("global-state is per tile, not constant") }
        var g = EvaluationContext(zoom: 0); g.globalState = JSONObject([("theme", "blue")])
        XCTAssertEqual(global.evaluate(g).colorValue, StyleColor.parse("blue"))
        let data = try compile(#"["match", ["get", "continent"], "Europe", "blue", ["Asia", "Africa"], "orange", "gray"]"#, fillColor).get()
        guard case .feature = data.kind else { return XCTFail("feature kind") }
        XCTAssertEqual(data.evaluate(ctx(["continent": "Africa"])).colorValue, StyleColor.parse("orange"))
        XCTAssertEqual(data.evaluate(ctx(["continent": 3])).colorValue, StyleColor.parse("gray"))
        let state = try compile(#"["case", ["boolean", ["feature-state", "hover"], false], "red", "blue"]"#, fillColor).get()
        XCTAssertEqual(state.evaluate(ctx([:], state: JSONObject([("hover", true)]))).colorValue, StyleColor.parse("red"))
        XCTAssertEqual(state.evaluate(ctx([:])).colorValue, StyleColor.parse("blue"))
    }

    func testRuntimeErrorsFallBackToDefault() throws {
        let p = try compile(#"["to-color", ["get", "c"]]"#, fillColor).get()
        XCTAssertEqual(p.evaluate(ctx(["c": "bogus"])).colorValue, .black)
        let (_, err) = p.evaluateReportingErrors(ctx(["c": "bogus"]))
        XCTAssertEqual(err?.message, "Could not parse color from value 'bogus'")
        let join = try compile(#"["get", "j"]"#, lineJoin).get()
        XCTAssertEqual(join.evaluate(ctx(["j": "round"])), .string("round"))
        XCTAssertEqual(join.evaluate(ctx(["j": "diagonal"])), .string("miter"), "values outside the enum use the default")
        XCTAssertEqual(join.evaluate(ctx([:])), .string("miter"), "null uses the default")
    }

    func testPropertyChecks() {
        XCTAssertEqual(errors(compile(#"["get", "v"]"#, visibility)), ["/layers/0/paint/visibility data expressions not supported"])
        XCTAssertEqual(errors(compile(#"["step", ["zoom"], "visible", 3, "none"]"#, visibility)),
                       ["/layers/0/paint/visibility zoom expressions not supported"])
        XCTAssertEqual(errors(compile(#"["interpolate", ["linear"], ["zoom"], 0, "miter", 1, "round"]"#, lineJoin)),
                       ["/layers/0/paint/line-join Type string is not interpolatable."])
        XCTAssertEqual(errors(compile(#"["rgb", ["zoom"], 0, 0]"#, fillColor)),
                       [#"/layers/0/paint/fill-color "zoom" expression may only be used as input to a top-level "step" or "interpolate" expression."#])
        XCTAssertEqual(errors(compile(#"["case", ["==", ["get", "a"], 1], ["get", "c"], ["rgb", 1, 2]]"#, fillColor)),
                       ["/layers/0/paint/fill-color/3 Expected arguments of type (number, number, number), but found (number, number) instead."])
        XCTAssertEqual(errors(compile(#"["interpolate", ["linear"], ["get", "x"], 0, "red", 10, ["literal", "blu"]]"#, fillColor)),
                       ["/layers/0/paint/fill-color/6 Could not parse color from value 'blu'"])
        XCTAssertEqual(errors(compile(#"["match", ["get", "k"], 1, "red", 1, "blue", "gray"]"#, fillColor)),
                       ["/layers/0/paint/fill-color/4 Branch labels must be unique."])
        let layoutNoState = PropertyExpectation(type: .number, zoomAllowed: true, featureAllowed: true, propertyName: "line-sort-key")
        XCTAssertEqual(errors(compile(#"["number", ["feature-state", "z"], 0]"#, layoutNoState)).count, 1)
    }

    func testGeometryTypeReportsSimpleTypes() throws {
        let c = try ExpressionCompiler.compileExpression(try JSONParser.parse(#"["geometry-type"]"#), expected: .string, at: .root).get()
        let multi = EvaluationContext(feature: FeatureContext(geometryType: .point, isMulti: true))
        XCTAssertEqual(try c.evaluate(multi), .string("Point"))
        let poly = EvaluationContext(feature: FeatureContext(geometryType: .polygon, isMulti: true))
        XCTAssertEqual(try c.evaluate(poly), .string("Polygon"))
    }

    func testUsesFlagsAndConstantFolding() throws {
        let c = try ExpressionCompiler.compileExpression(try JSONParser.parse(#"["+", 1, ["*", 2, 3]]"#), expected: .number, at: .root).get()
        XCTAssertTrue(c.isConstant)
        XCTAssertEqual(c.constantValue, .number(7))
        let d = try ExpressionCompiler.compileExpression(try JSONParser.parse(#"["+", ["get", "a"], ["zoom"]]"#), expected: nil, at: .root).get()
        XCTAssertTrue(d.usesFeature); XCTAssertTrue(d.usesZoom); XCTAssertFalse(d.usesFeatureState); XCTAssertFalse(d.isConstant)
        XCTAssertFalse(d.usesGeometry)
        let w = try ExpressionCompiler.compileFilter(try JSONParser.parse(#"["within", {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 1], [0, 0]]]}]"#), at: .root).get()
        XCTAssertTrue(w.usesGeometry); XCTAssertTrue(w.usesFeature)
    }
}
