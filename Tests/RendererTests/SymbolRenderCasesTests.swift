import Foundation
import StrataTestSupport
import XCTest

/// MapLibre's Tier-3 symbol render tests (`../shared/render-tests/lists/tier3-symbols.txt`),
/// read in place from the shared folder and played in process as `run.py` plays them against
/// `strata serve --data-dir ../shared/render-tests/assets` (the default config's fonts
/// directory included), graded with the same pixelmatch rule. Exactly the cases of
/// `ExpectedSymbolFailures` may fail or skip: a new failure fails the suite, and so does a
/// listed case that starts passing. Skips locally without `../shared` or the fonts (fails under
/// `CI=true`). `STRATA_RENDER_TESTS` selects cases here too; failed cases leave their images in
/// `Tests/RendererTests/Failures/<id>/`.
final class SymbolRenderCasesTests: XCTestCase {
    /// The fonts directory of `config/server.json` (Debian `fonts-noto-core`), which the server
    /// uses for fontstacks without glyph PBFs.
    static let fontsDirectory = "/usr/share/fonts/truetype/noto"

    func testTier3SymbolCases() throws {
        let root = try TestEnvironment.shared("render-tests")
        let listed = try Self.listEntries(root.appendingPathComponent("lists/tier3-symbols.txt"))
        XCTAssertEqual(listed.count, 428, "tier3-symbols.txt lists 428 cases")
        let fonts = try TestEnvironment.file(Self.fontsDirectory, installedBy: "fonts-noto-core")
        // run.py reads list entries as prefixes or globs; so does the selection here.
        let all = try RenderTestCase.discover(in: root.appendingPathComponent("cases"))
        var cases = RenderTestSuite.select(all, filters: listed)
        XCTAssertEqual(cases.count, 428, "the list's entries select 428 cases, as run.py plays them")
        let filters = RenderTestSuite.filters
        if !filters.isEmpty { cases = RenderTestSuite.select(cases, filters: filters) }
        XCTAssertFalse(cases.isEmpty, "no symbol case matches \(filters)")

        let start = DispatchTime.now()
        let results = Self.play(cases, assets: root.appendingPathComponent("assets"), fonts: fonts)
        let wall = RenderTestRunner.seconds(since: start)
        for r in results { print(r.line) }
        print("\n" + RenderTestSuite.summary(results).text)
        print(String(format: "%.1f s for %d symbol cases (rendering %.1f s of thread time)", wall, results.count,
                     results.reduce(0) { $0 + $1.renderSeconds }))

        // Exactly the listed cases may fail or skip (ExpectedSymbolFailures, each with its cause).
        let notPassing = Set(results.filter { $0.status != .pass }.map(\.id))
        let selected = Set(results.map(\.id))
        let expected = Set(ExpectedSymbolFailures.cases.keys).intersection(selected)
        for r in results where r.status != .pass && !expected.contains(r.id) {
            XCTFail("\(r.id) does not pass and is not an expected symbol failure: \(r.line) (see Failures/\(r.id))")
        }
        for id in expected.subtracting(notPassing).sorted() {
            XCTFail("\(id) passes now: take it off ExpectedSymbolFailures")
        }
        let grouped = ExpectedSymbolFailures.groups.flatMap(\.cases)
        XCTAssertEqual(grouped.count, Set(grouped).count, "a case is listed under two causes")
        for g in ExpectedSymbolFailures.groups {
            print("expected: \(g.cases.filter(notPassing.contains).count) / \(g.cases.count) \(g.cause)")
        }
        if filters.isEmpty {
            XCTAssertEqual(expected.count, ExpectedSymbolFailures.cases.count,
                           "every expected symbol failure is a listed case: \(Set(ExpectedSymbolFailures.cases.keys).subtracting(selected).sorted())")
        }
    }

    /// The list's entries: one test id (or prefix) per line; blank lines and `#` comments
    /// ignored, as run.py reads `--list`.
    static func listEntries(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// Plays the cases on up to 4 cores (a runner, with its renderer and canvas, per worker),
    /// results in case order.
    static func play(_ cases: [RenderTestCase], assets: URL, fonts: String) -> [RenderTestResult] {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))
        let queue = CaseQueue(cases: cases, runners: (0..<workers).map { _ in
            RenderTestRunner(assets: assets, failuresDirectory: RenderTestSuite.failuresDirectory, fontsDirectory: fonts)
        })
        DispatchQueue.concurrentPerform(iterations: workers) { queue.work(worker: $0) }
        return queue.results.map { $0! }
    }
}

/// The shared state of `SymbolRenderCasesTests.play`: the next case to take and the results,
/// behind a lock; each worker uses only its own runner.
private final class CaseQueue: @unchecked Sendable {
    let cases: [RenderTestCase]
    let runners: [RenderTestRunner]
    private let lock = NSLock()
    private var next = 0
    private(set) var results: [RenderTestResult?]

    init(cases: [RenderTestCase], runners: [RenderTestRunner]) {
        self.cases = cases
        self.runners = runners
        results = Array(repeating: nil, count: cases.count)
    }

    func work(worker: Int) {
        while true {
            let i: Int = lock.withLock { defer { next += 1 }; return next }
            guard i < cases.count else { return }
            let r = runners[worker].run(cases[i])
            lock.withLock { results[i] = r }
        }
    }
}
