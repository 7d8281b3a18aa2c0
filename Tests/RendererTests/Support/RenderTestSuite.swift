import Foundation
import Glibc

/// Where the copied cases live and which of them a run selects, plus `run.py`'s summary.
enum RenderTestSuite {
    /// `Cases/` as copied into the test bundle.
    static var casesDirectory: URL {
        Bundle.module.url(forResource: "Cases", withExtension: nil)!
    }

    static var assetsDirectory: URL { casesDirectory.appendingPathComponent("assets") }

    /// `Tests/RendererTests/Failures/` in the source tree (gitignored).
    static var failuresDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Failures")
    }

    /// Removes the case folders of an earlier run (the README stays).
    static func clearFailures() {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: failuresDirectory.path)) ?? [] where name != "README.md" {
            try? fm.removeItem(at: failuresDirectory.appendingPathComponent(name))
        }
    }

    /// `STRATA_RENDER_TESTS`: comma-separated test-id prefixes or shell globs, as `run.py`'s
    /// filters (`circle-radius,line-*/lit*`); unset runs every case.
    static var filters: [String] {
        (ProcessInfo.processInfo.environment["STRATA_RENDER_TESTS"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `run.py`'s `select`: a case matches a filter it starts with or that matches it as a glob.
    static func select(_ cases: [RenderTestCase], filters: [String]) -> [RenderTestCase] {
        guard !filters.isEmpty else { return cases }
        let trimmed = filters.map { f in f.hasSuffix("/") ? String(f.dropLast()) : f }
        return cases.filter { c in trimmed.contains { c.id.hasPrefix($0) || fnmatch($0, c.id, 0) == 0 } }
    }

    /// Per top-level folder pass/fail/skip/error table, then `N passed, M failed, K skipped`
    /// (errors count as failed), as `run.py` prints them.
    static func summary(_ results: [RenderTestResult]) -> (text: String, passed: Int, failed: Int, skipped: Int) {
        func tally(_ rs: [RenderTestResult]) -> (Int, Int, Int, Int) {
            let p = rs.filter { $0.status == .pass }.count, s = rs.filter { $0.status == .skip }.count
            return (p, rs.count - p - s, s, rs.filter { $0.status == .error }.count)
        }
        var groups: [String: [RenderTestResult]] = [:]
        for r in results { groups[String(r.id.split(separator: "/")[0]), default: []].append(r) }
        func row(_ name: String, _ cells: [String]) -> String {
            name.padding(toLength: max(40, name.count), withPad: " ", startingAt: 0) + cells.map { $0.leftPadded(7) }.joined()
        }
        func cells(_ t: (Int, Int, Int, Int)) -> [String] { [t.0, t.1, t.2, t.3].map(String.init) }
        var lines = [row("folder", ["pass", "fail", "skip", "error"])]
        for g in groups.keys.sorted() { lines.append(row(g, cells(tally(groups[g]!)))) }
        let (p, f, s, _) = tally(results)
        lines.append("\(p) passed, \(f) failed, \(s) skipped")
        return (lines.joined(separator: "\n"), p, f, s)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
