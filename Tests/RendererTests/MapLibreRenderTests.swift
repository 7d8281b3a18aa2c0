import Foundation
import XCTest

/// Every copied MapLibre render test (Tier 1: background/fill/line/circle on GeoJSON, and the
/// Tier-3 heatmap cases on inline GeoJSON), played in process and graded as MapLibre grades
/// it. Prints one line per case and `run.py`'s summary.
///
/// `STRATA_RENDER_TESTS=circle-,line-*/lit*` runs a selection (the expected-failure set is
/// checked on the selected cases).
/// Failed cases leave actual/expected/diff PNGs in `Tests/RendererTests/Failures/<id>/`.
final class MapLibreRenderTests: XCTestCase {
    func testTier1Cases() throws {
        let all = try RenderTestCase.discover(in: RenderTestSuite.casesDirectory)
        let filters = RenderTestSuite.filters
        let cases = RenderTestSuite.select(all, filters: filters)
        XCTAssertFalse(cases.isEmpty, "no case matches \(filters)")
        let failures = RenderTestSuite.failuresDirectory
        if filters.isEmpty { RenderTestSuite.clearFailures() }
        let runner = RenderTestRunner(assets: RenderTestSuite.assetsDirectory, failuresDirectory: failures)

        let start = DispatchTime.now()
        var results: [RenderTestResult] = []
        for c in cases {
            let r = runner.run(c)
            print(r.line)
            results.append(r)
        }
        let wall = RenderTestRunner.seconds(since: start)
        let summary = RenderTestSuite.summary(results)
        let render = results.reduce(0) { $0 + $1.renderSeconds }
        print("\n" + summary.text)
        print(String(format: "%.1f s for %d cases (rendering %.1f s, the rest loading, replaying, encoding and comparing)",
                     wall, results.count, render))
        let slowest = results.sorted { $0.totalSeconds > $1.totalSeconds }.prefix(5)
        print("slowest: " + slowest.map { String(format: "%@ %.2f s (render %.2f s)", $0.id, $0.totalSeconds, $0.renderSeconds) }
            .joined(separator: ", "))

        // Exactly the listed cases may fail or skip (ExpectedRenderFailures, each with its cause).
        let notPassing = Set(results.filter { $0.status != .pass }.map(\.id))
        let selected = Set(results.map(\.id))
        let expected = Set(ExpectedRenderFailures.cases.keys).intersection(selected)
        for id in notPassing.subtracting(expected).sorted() {
            XCTFail("\(id) does not pass and is not an expected failure (see Failures/\(id))")
        }
        for id in expected.subtracting(notPassing).sorted() {
            XCTFail("\(id) passes now: take it off ExpectedRenderFailures")
        }
        if filters.isEmpty {
            XCTAssertEqual(results.count, 367, "the Tier 1 sample has 298 cases, the copied heatmap cases 10, extrusion/hillshade/color-relief 59")
            XCTAssertEqual(expected.count, ExpectedRenderFailures.cases.count, "every expected failure is a copied case")
        }
    }
}
