import Foundation
import XCTest

/// A throw-away PostgreSQL server on loopback for the tests, started once per test process by
/// `Tests/integration/tools/postgres.sh` (the same script the cluster tests use) and stopped at
/// exit. Each test takes a database of its own. Without PostgreSQL installed it skips locally
/// and fails under CI.
public final class PostgresTestServer: @unchecked Sendable {
    public let directory: URL
    public let port: Int
    public static let user = "strata"
    public static let password = "strata-test"

    private static let lock = NSLock()
    nonisolated(unsafe) private static var started: Result<PostgresTestServer, Error>?
    nonisolated(unsafe) private static var databases = 0

    private init(directory: URL, port: Int) { self.directory = directory; self.port = port }

    static var script: String { TestEnvironment.packageRoot.appendingPathComponent("Tests/integration/tools/postgres.sh").path }

    /// The process's server, started on first use.
    public static func shared() throws -> PostgresTestServer {
        lock.lock(); defer { lock.unlock() }
        if let started { return try started.get() }
        let result = Result { try start() }
        started = result
        if case .success(let s) = result {
            atexit { PostgresTestServer.stopShared() }
            _ = s
        }
        return try result.get()
    }

    private static func stopShared() {
        guard case .success(let s)? = started else { return }
        _ = try? s.run("stop")
        try? FileManager.default.removeItem(at: s.directory.deletingLastPathComponent())
    }

    /// A server of the test's own (stop it with `stopAndRemove`); with `tls` it also offers TLS
    /// (a self-signed certificate), for the `sslmode` tests.
    public static func startPrivate(tls: Bool) throws -> PostgresTestServer { try start(tls: tls) }

    public func stopAndRemove() {
        _ = try? run("stop")
        try? FileManager.default.removeItem(at: directory.deletingLastPathComponent())
    }

    private static func start(tls: Bool = false) throws -> PostgresTestServer {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let dir = parent.appendingPathComponent("pg")
        let (status, out) = try Self.shell([script, "start", dir.path] + (tls ? ["tls"] : []))
        if status == 3 { throw TestEnvironment.missing("PostgreSQL (apt-get install postgresql): \(out)") }
        guard status == 0, let port = Int(out.split(separator: "\n").last.map(String.init) ?? "") else {
            throw MissingTestInput(what: "a running test PostgreSQL server: postgres.sh start failed (\(status)): \(out)")
        }
        return PostgresTestServer(directory: dir, port: port)
    }

    /// A new empty database; returns its `postgres://` URL (with the password).
    public func newDatabase() throws -> String {
        let name = Self.lock.withLock { Self.databases += 1; return "t\(Self.databases)_\(UInt32.random(in: 0...UInt32.max))" }
        try run("createdb", name)
        return url(database: name)
    }

    public func url(database: String, password: String? = PostgresTestServer.password) -> String {
        "postgres://\(Self.user)\(password.map { ":" + $0 } ?? "")@127.0.0.1:\(port)/\(database)"
    }

    /// Runs SQL in a database through psql; returns its unaligned output.
    @discardableResult
    public func psql(_ database: String, _ sql: String) throws -> String {
        try run("psql", database, "-c", sql)
    }

    public func stop() throws { try run("stop") }
    public func restart() throws { try run("restart") }

    @discardableResult
    private func run(_ args: String...) throws -> String {
        let (status, out) = try Self.shell([Self.script] + args.prefix(1) + [directory.path] + args.dropFirst())
        guard status == 0 else { throw MissingTestInput(what: "postgres.sh \(args.joined(separator: " ")) succeeding: \(out)") }
        return out
    }

    private static func shell(_ args: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = args
        // A file, not a pipe: the server started in the background must not hold our read end.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pg-out-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let handle = try FileHandle(forWritingTo: out)
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        p.waitUntilExit()
        try? handle.close()
        let data = (try? Data(contentsOf: out)) ?? Data()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
