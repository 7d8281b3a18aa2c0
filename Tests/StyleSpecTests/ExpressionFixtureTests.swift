import Foundation
import JSON
import XCTest
@testable import StyleSpec

/// Every maplibre-style-spec expression fixture (Fixtures/expression-tests, BSD-3, see
/// NOTICE there) run through our compiler and evaluator.
final class ExpressionFixtureTests: XCTestCase {
    /// The fixtures that do not pass, each with its cause. Exactly these may fail: a new
    /// failure fails the test, and so does a listed fixture that passes (take it off then).
    static let expectedFailures: [String: String] = [
        "collator/accent-equals-de": "locale-aware collation (German accents) needs ICU collators, which the server does not link",
        "collator/variable-gt": "locale-aware collation order needs ICU collators",
        "collator/variable-lteq": "locale-aware collation order needs ICU collators",
        "format/data-driven-scale": "error path: a mistyped `text-font` option inside `format` is reported at the option value, MapLibre reports it at the section ([1])",
        "format/invalid-text-font": "error path: an unknown expression inside a `format` option is reported at the option, MapLibre reports [1][0]",
    ]

    static func fixtureFiles() throws -> [(id: String, url: URL)] {
        let base = try XCTUnwrap(Bundle.module.resourceURL).appendingPathComponent("Fixtures/expression-tests")
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
        var out: [(String, URL)] = []
        for case let url as URL in enumerator where url.lastPathComponent == "test.json" {
            let id = url.deletingLastPathComponent().path.replacingOccurrences(of: base.path + "/", with: "")
            out.append((id, url))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    func testAllExpressionFixtures() throws {
        let files = try Self.fixtureFiles()
        XCTAssertGreaterThan(files.count, 500, "fixtures missing")
        var passed = 0
        var failures: [String] = []
        for (id, url) in files {
            let json = try JSONParser.parse(Data(contentsOf: url))
            let outcome = ExpressionFixtureRunner.run(json)
            if outcome.passed { passed += 1 } else { failures.append("\(id)\n   \(outcome.detail)") }
        }
        let rate = Double(passed) / Double(files.count)
        print("expression fixtures: \(passed)/\(files.count) passed (\(String(format: "%.1f", rate * 100)) %)")
        if ProcessInfo.processInfo.environment["FIXTURE_DETAILS"] != nil {
            for f in failures { print("FAIL \(f)") }
        } else {
            print("failing: " + failures.map { $0.components(separatedBy: "\n")[0] }.joined(separator: ", "))
        }
        let failed = Set(failures.map { $0.components(separatedBy: "\n")[0] })
        for f in failures where Self.expectedFailures[f.components(separatedBy: "\n")[0]] == nil {
            XCTFail("fixture fails and is not an expected failure: \(f)")
        }
        for id in Set(Self.expectedFailures.keys).subtracting(failed).sorted() {
            XCTFail("\(id) passes now (or is gone): take it off expectedFailures")
        }
    }
}
