import Foundation
import StrataTestSupport
import XCTest

/// The Tier-3 pattern and sprite render tests of `../shared/render-tests` (fill-, line- and
/// background-pattern, sprites, runtime images, their regressions), played in process like
/// the Tier-1 suite: every one must pass. Skips locally without `../shared` (fails under CI).
final class PatternRenderCasesTests: XCTestCase {
    static let ids: [String] = [
        "background-opacity/background-pattern", "background-pattern/", "fill-pattern/", "line-pattern/",
        "fill-opacity/property-function-pattern", "fill-opacity/zoom-and-property-function-pattern",
        "line-layer-opacity/line-pattern", "sprites/1x-screen-1x-pattern", "sprites/2x-screen-1x-pattern",
        "sprites/2x-screen-2x-pattern", "runtime-styling/image-add-pattern", "runtime-styling/pattern-add-remove-add",
        "regressions/mapbox-gl-js#3107", "regressions/mapbox-gl-js#5740", "regressions/mapbox-gl-js#5978",
        "regressions/mapbox-gl-js#8273", "regressions/mapbox-gl-native#9976", "regressions/maplibre-gl-js#7704-pattern",
    ]

    func testPatternCasesPass() throws {
        let root = try TestEnvironment.shared("render-tests")
        let all = try RenderTestCase.discover(in: root.appendingPathComponent("cases"))
        let cases = RenderTestSuite.select(all, filters: Self.ids)
        XCTAssertEqual(cases.count, 37, "the pattern sample has 37 cases")
        let runner = RenderTestRunner(assets: root.appendingPathComponent("assets"),
                                      failuresDirectory: RenderTestSuite.failuresDirectory)
        var results: [RenderTestResult] = []
        for c in cases {
            let r = runner.run(c)
            print(r.line)
            results.append(r)
        }
        print(RenderTestSuite.summary(results).text)
        for r in results where r.status != .pass {
            XCTFail("\(r.id) does not pass: \(r.line) (see Failures/\(r.id))")
        }
    }
}
