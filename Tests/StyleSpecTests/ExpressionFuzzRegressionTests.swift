import Geo
import JSON
import XCTest
@testable import StyleSpec

/// Inputs found by `strata-fuzz` (docs/FUZZING.md), kept as regression tests.
final class ExpressionFuzzRegressionTests: XCTestCase {
    /// A polygon feature in world coordinates, as the fuzz harness evaluates against.
    static let polygonFeature: FeatureContext = {
        var g = FeatureGeometry(type: .polygon, points: [[0.5, 0.3], [0.51, 0.3], [0.51, 0.31], [0.5, 0.31], [0.5, 0.3]])
        g.partEnds = [5]; g.polygonEnds = [1]
        return FeatureContext(geometryType: .polygon, geometry: g)
    }()

    /// `distance` to a huge or infinite longitude hung in `CheapRuler.wrap`'s ±360 loop
    /// (1e300 − 360 == 1e300); fuzz target `expression`, 2026-11-25.
    func testDistanceToHugeLongitudeFinishes() throws {
        for text in [#"["distance", {"type": "Point", "coordinates": [1e300, 0]}]"#,
                     #"["distance", {"type": "LineString", "coordinates": [[0, 0], [1e300, 0]]}]"#,
                     #"["distance", {"type": "Point", "coordinates": [1e400, 0]}]"#] {
            guard case .success(let e) = ExpressionCompiler.compileExpression(try JSONParser.parse(text), expected: nil, at: .root) else {
                XCTFail("\(text) does not compile"); continue
            }
            _ = try? e.evaluate(EvaluationContext(zoom: 10, feature: Self.polygonFeature))
        }
    }

    func testWrapKeepsTheLoopsResults() {
        XCTAssertEqual(CheapRuler.wrap(10), 10)
        XCTAssertEqual(CheapRuler.wrap(540), 180)
        XCTAssertEqual(CheapRuler.wrap(-540), -180)
        XCTAssertEqual(CheapRuler.wrap(-190), 170)
        XCTAssertEqual(CheapRuler.wrap(725), 5)
        let huge = CheapRuler.wrap(1e300)
        XCTAssertTrue(huge >= -180 && huge <= 180, "\(huge)")
        XCTAssertTrue(CheapRuler.wrap(.infinity).isNaN)
    }
}

/// `number-format` / `collator` with a malformed locale (invalid UTF-8 read as U+FFFD) trapped
/// inside CoreFoundation's locale code; fuzz target `expression`, 2026-11-25.
final class LocaleFuzzRegressionTests: XCTestCase {
    func testMalformedLocalesFallBack() throws {
        let bad = String(repeating: "\u{FFFD}", count: 30) + "de"
        let number = #"["number-format", 1234.5, {"locale": "\#(bad)", "min-fraction-digits": 8}]"#
        guard case .success(let e) = ExpressionCompiler.compileExpression(try JSONParser.parse(number), expected: nil, at: .root) else {
            return XCTFail("does not compile")
        }
        XCTAssertEqual(try e.evaluate(EvaluationContext()), .string("1,234.50000000"))
        XCTAssertEqual(Collator(caseSensitive: false, diacriticSensitive: false, locale: bad).compare("a", "B"), -1)
        XCTAssertEqual(Collator.foundationIdentifier("de-DE"), "de_DE")
        XCTAssertEqual(Collator.foundationIdentifier(bad), "en_US")
    }
}
