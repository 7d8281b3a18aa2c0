import Foundation
import XCTest

/// Where the tests' external inputs live (`../shared`, tools on the PATH) and what a test does
/// when one is missing: it skips on a developer's machine and fails under CI (`CI=true`), so a
/// test never passes by not running.
public enum TestEnvironment {
    /// The package root, found from this file's place (`Tests/Support/StrataTestSupport/`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().standardized

    /// `../shared` beside the package root, or `STRATA_SHARED` when set.
    public static var sharedDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["STRATA_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path).standardized
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared").standardized
    }

    /// True under CI (`CI=true` or `CI=1`), where missing inputs are failures.
    public static var isCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
        return value == "true" || value == "1" || value == "yes"
    }

    /// A file or folder inside `../shared`; skips (or fails under CI) when it is not there.
    public static func shared(_ relativePath: String) throws -> URL {
        let url = sharedDirectory.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw missing("\(url.path) (the shared folder beside the package; STRATA_SHARED overrides)")
        }
        return url
    }

    /// The full path of an executable on the PATH; skips (or fails under CI) when absent.
    public static func tool(_ name: String, install: String) throws -> String {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for dir in dirs {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw missing("the tool `\(name)` (\(install))")
    }

    /// A file the system provides (a font from a Debian package); skips (or fails under CI)
    /// when it is not installed.
    public static func file(_ path: String, installedBy package: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            throw missing("\(path) (apt-get install \(package))")
        }
        return path
    }

    /// The error for a missing input: `XCTSkip` locally, a failure under CI.
    public static func missing(_ what: String) -> Error {
        isCI ? MissingTestInput(what: what) : XCTSkip("missing \(what)")
    }
}

/// A test input that CI must have: thrown from a test, it fails that test.
public struct MissingTestInput: Error, CustomStringConvertible {
    public let what: String
    public var description: String { "missing \(what): under CI=true a test may not skip" }
}
