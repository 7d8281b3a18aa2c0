import XCTest
@testable import StyleSpec

/// CSS colour parsing in every syntax the style spec accepts, and colour printing.
final class ExpressionColorTests: XCTestCase {
    func assertColor(_ css: String, _ r: Double, _ g: Double, _ b: Double, _ a: Double, file: StaticString = #filePath, line: UInt = #line) {
        guard let c = StyleColor.parse(css) else { return XCTFail("\(css) did not parse", file: file, line: line) }
        XCTAssertEqual(c.r, r, accuracy: 1e-9, css, file: file, line: line)
        XCTAssertEqual(c.g, g, accuracy: 1e-9, css, file: file, line: line)
        XCTAssertEqual(c.b, b, accuracy: 1e-9, css, file: file, line: line)
        XCTAssertEqual(c.a, a, accuracy: 1e-9, css, file: file, line: line)
    }

    func testHexForms() {
        assertColor("#f00", 1, 0, 0, 1)
        assertColor("#F00A", 1, 0, 0, 170.0 / 255)
        assertColor("#ff8000", 1, 128.0 / 255, 0, 1)
        assertColor("#FF800080", 1, 128.0 / 255, 0, 128.0 / 255)
        for bad in ["#", "#ff", "#fffff", "#fffffff", "#ggg", "#ff00zz", "#123456789"] {
            XCTAssertNil(StyleColor.parse(bad), bad)
        }
    }

    func testNamedAndTransparent() {
        assertColor("red", 1, 0, 0, 1)
        assertColor("  RebeccaPurple ", 0x66 / 255.0, 0x33 / 255.0, 0x99 / 255.0, 1)
        assertColor("gray", 128 / 255.0, 128 / 255.0, 128 / 255.0, 1)
        assertColor("transparent", 0, 0, 0, 0)
        XCTAssertEqual(NamedColors.table.count, 148)
        XCTAssertNil(StyleColor.parse("notacolor"))
        XCTAssertNil(StyleColor.parse(""))
    }

    func testRGBFunctions() {
        assertColor("rgb(255, 0, 0)", 1, 0, 0, 1)
        assertColor("rgba(0, 255, 0, 0.5)", 0, 1, 0, 0.5)
        assertColor("rgb(0 0 255 / 50%)", 0, 0, 1, 0.5)
        assertColor("rgba(100%, 50%, 0%, .25)", 1, 0.5, 0, 0.25)
        assertColor("rgb(300, -5, 128)", 1, 0, 128 / 255.0, 1)      // clamped
        assertColor("rgba(0,0,0,2)", 0, 0, 0, 1)                     // alpha clamped
        assertColor("rgb(1e2, 0, 0)", 100 / 255.0, 0, 0, 1)
        for bad in ["rgb(255, 0)", "rgb(100%, 0, 0)", "rgb(1 2, 3)", "rgb(1,2,3", "rgb(a,b,c)", "rgb(1, 2, 3) x", "rgb(1 2 3, 0.5)", "rgb(1,,2,3)"] {
            XCTAssertNil(StyleColor.parse(bad), bad)
        }
    }

    func testHSLFunctions() {
        assertColor("hsl(0, 100%, 50%)", 1, 0, 0, 1)
        assertColor("hsl(120deg 100% 25%)", 0, 0.5, 0, 1)
        assertColor("hsla(240, 100%, 50%, 0.3)", 0, 0, 1, 0.3)
        assertColor("hsl(-120, 100%, 50%)", 0, 0, 1, 1)
        assertColor("hsl(0 0% 100% / 10%)", 1, 1, 1, 0.1)
        XCTAssertNil(StyleColor.parse("hsl(0, 100, 50)"))
        XCTAssertNil(StyleColor.parse("hsl(0, 100%, 50%, 1, 1)"))
    }

    func testPremultipliedAndDescription() {
        let c = StyleColor(r: 1, g: 0.5, b: 0, a: 0.5)
        let p = c.premultiplied
        XCTAssertEqual(p.r, 0.5); XCTAssertEqual(p.g, 0.25); XCTAssertEqual(p.b, 0); XCTAssertEqual(p.a, 0.5)
        XCTAssertEqual(StyleColor.parse("rgba(26, 207, 26, .73)")?.description, "rgba(26,207,26,0.73)")
        XCTAssertEqual(StyleColor.parse("purple")?.description, "rgba(128,0,128,1)")
    }

    func testJavaScriptNumberFormatting() {
        XCTAssertEqual(Value.formatNumber(1), "1")
        XCTAssertEqual(Value.formatNumber(-0.5), "-0.5")
        XCTAssertEqual(Value.formatNumber(0.1 + 0.2), "0.30000000000000004")
        XCTAssertEqual(Value.formatNumber(1e21), "1e+21")
        XCTAssertEqual(Value.formatNumber(123456789012345680000), "123456789012345680000")
        XCTAssertEqual(Value.formatNumber(1.5e-7), "1.5e-7")
        XCTAssertEqual(Value.formatNumber(0.000001), "0.000001")
        XCTAssertEqual(Value.formatNumber(.nan), "NaN")
        XCTAssertEqual(Value.formatNumber(-.infinity), "-Infinity")
    }
}
