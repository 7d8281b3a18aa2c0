import Foundation
import JSON
import XCTest
@testable import StyleSpec

/// Every maplibre-style-spec expression fixture (Fixtures/expression-tests, BSD-3, see
/// NOTICE there) run through our compiler and evaluator.
final class ExpressionFixtureTests: XCTestCase {
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
        XCTAssertGreaterThanOrEqual(rate, 0.95, "failing fixtures:\n" + failures.joined(separator: "\n"))
    }
}
