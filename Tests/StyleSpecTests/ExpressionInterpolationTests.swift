import JSON
import XCTest
@testable import StyleSpec

/// Interpolation curves and colour spaces.
final class ExpressionInterpolationTests: XCTestCase {
    func testCurveFactors() {
        XCTAssertEqual(Interpolate.factor(.linear, 5, 0, 10), 0.5)
        XCTAssertEqual(Interpolate.factor(.exponential(base: 1), 5, 0, 10), 0.5)
        // base 2 over [0, 2]: (2^1 - 1) / (2^2 - 1) = 1/3
        XCTAssertEqual(Interpolate.factor(.exponential(base: 2), 1, 0, 2), 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(Interpolate.factor(.linear, 3, 3, 3), 0)
        // ease: symmetric bezier maps 0.5 to 0.5; the ends stay fixed
        let ease = ZoomCurve.Interpolation.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        XCTAssertEqual(Interpolate.factor(ease, 5, 0, 10), 0.5, accuracy: 1e-6)
        XCTAssertEqual(Interpolate.factor(ease, 0, 0, 10), 0, accuracy: 1e-9)
        XCTAssertLessThan(Interpolate.factor(ease, 2, 0, 10), 0.2)
    }

    func testUnitBezierMatchesLinearForDiagonalControlPoints() {
        let b = UnitBezier(x1: 0.25, y1: 0.25, x2: 0.75, y2: 0.75)
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            XCTAssertEqual(b.solve(x), x, accuracy: 1e-6)
        }
    }

    func testColorInterpolationSpaces() {
        let red = StyleColor.parse("red")!, blue = StyleColor.parse("blue")!
        let rgb = Interpolation.color(red, blue, 0.5)
        XCTAssertEqual(rgb.r, 0.5); XCTAssertEqual(rgb.b, 0.5); XCTAssertEqual(rgb.g, 0)
        // Values from maplibre-style-spec's interpolate-lab / interpolate-hcl fixtures at t = 0.4
        // (red → blue): lab (0.814095, 0, 0.444772) and hcl (1, 0, 0.425112).
        let lab = Interpolation.color(red, blue, 0.4, space: .lab)
        XCTAssertEqual(lab.r, 0.814095, accuracy: 1e-5); XCTAssertEqual(lab.g, 0, accuracy: 1e-5); XCTAssertEqual(lab.b, 0.444772, accuracy: 1e-5)
        let hcl = Interpolation.color(red, blue, 0.4, space: .hcl)
        XCTAssertEqual(hcl.r, 1, accuracy: 1e-5); XCTAssertEqual(hcl.g, 0, accuracy: 1e-5); XCTAssertEqual(hcl.b, 0.425112, accuracy: 1e-5)
    }

    func testLabRoundTrip() {
        for css in ["#123456", "orange", "rgb(10, 200, 30)", "white", "black", "#808080"] {
            let c = StyleColor.parse(css)!
            let l = ColorSpaces.lab(c)
            let back = ColorSpaces.rgb(lab: l.l, l.a, l.b, alpha: l.alpha)
            XCTAssertEqual(back.r, c.r, accuracy: 1e-6, css)
            XCTAssertEqual(back.g, c.g, accuracy: 1e-6, css)
            XCTAssertEqual(back.b, c.b, accuracy: 1e-6, css)
            let h = ColorSpaces.hcl(c)
            let back2 = ColorSpaces.rgb(hcl: h.h, h.c, h.l, alpha: h.alpha)
            XCTAssertEqual(back2.r, c.r, accuracy: 1e-6, css)
            XCTAssertEqual(back2.b, c.b, accuracy: 1e-6, css)
        }
        XCTAssertTrue(ColorSpaces.hcl(StyleColor.parse("gray")!).h.isNaN, "greys have no hue")
    }

    func testTransparentEndpointKeepsHue() {
        // Straight storage: fading red to transparent-blue keeps the channels meaningful.
        let from = StyleColor(r: 1, g: 0, b: 0, a: 1), to = StyleColor(r: 0, g: 0, b: 1, a: 0)
        let mid = Interpolation.color(from, to, 0.5)
        XCTAssertEqual(mid.r, 0.5); XCTAssertEqual(mid.b, 0.5); XCTAssertEqual(mid.a, 0.5)
    }

    func testInterpolateExpressionOverZoomGivesZoomCurve() throws {
        let e = PropertyExpectation(type: .number, zoomAllowed: true, featureAllowed: true, interpolated: true, propertyName: "line-width")
        let json = try JSONParser.parse(#"["interpolate", ["exponential", 1.5], ["zoom"], 5, 1, 10, 4]"#)
        let p = try ExpressionCompiler.compileProperty(json, expecting: e, at: JSONPointer(["paint", "line-width"])).get()
        guard case .zoom = p.kind else { return XCTFail("expected a zoom-only property") }
        XCTAssertEqual(p.zoomCurve?.stops, [5, 10])
        XCTAssertEqual(p.zoomCurve?.interpolation, .exponential(base: 1.5))
        XCTAssertEqual(p.evaluate(EvaluationContext(zoom: 2)), .number(1))
        XCTAssertEqual(p.evaluate(EvaluationContext(zoom: 12)), .number(4))
        let mid = try XCTUnwrap(p.evaluate(EvaluationContext(zoom: 7.5)).numberValue)
        XCTAssertEqual(mid, 1 + 3 * (pow(1.5, 2.5) - 1) / (pow(1.5, 5) - 1), accuracy: 1e-12)
    }
}
