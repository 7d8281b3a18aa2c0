import Foundation
import XCTest

/// Runs every `Tests/integration/*.sh` against the freshly built `strata` binary.
/// Each script gets STRATA_BIN and STRATA_ROOT in its environment, starts its own server on a
/// free port, drives it with curl and exits non-zero on the first failed check.
final class IntegrationScriptTests: XCTestCase {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var binary: URL? {
        // The test bundle lives next to the products of the same build. On macOS the bundle is
        // a directory (`X.xctest/`); on Linux `Bundle(for:)` is the main bundle, whose URL is
        // already the products directory. Try both.
        let bundles = [Bundle(for: IntegrationScriptTests.self).bundleURL, Bundle.main.bundleURL]
        let dirs = bundles.flatMap { [$0, $0.deletingLastPathComponent()] }
        return dirs.map { $0.appendingPathComponent("strata") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath }
    }

    func testIntegrationScripts() throws {
        let dir = Self.packageRoot.appendingPathComponent("Tests/integration")
        var scripts = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".sh") && $0 != "lib.sh" }.sorted()
        XCTAssertGreaterThan(scripts.count, 3, "the curl scripts in Tests/integration are missing")
        // STRATA_INTEGRATION_ONLY=10_,11_ runs just the scripts whose names contain one of these.
        if let only = ProcessInfo.processInfo.environment["STRATA_INTEGRATION_ONLY"], !only.isEmpty {
            let parts = only.split(separator: ",").map(String.init)
            scripts = scripts.filter { name in parts.contains { name.contains($0) } }
            XCTAssertFalse(scripts.isEmpty, "STRATA_INTEGRATION_ONLY=\(only) matches no script")
        }
        let bin = try XCTUnwrap(Self.binary, "strata binary not found next to the test bundle")
        for script in scripts {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/bash")
            p.arguments = [dir.appendingPathComponent(script).path]
            var env = ProcessInfo.processInfo.environment
            env["STRATA_BIN"] = bin.path
            env["STRATA_ROOT"] = Self.packageRoot.path
            p.environment = env
            let out = Pipe()
            p.standardOutput = out
            p.standardError = out
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            print("--- \(script)\n\(text)")
            XCTAssertEqual(p.terminationStatus, 0, "\(script) failed:\n\(text)")
        }
    }
}
