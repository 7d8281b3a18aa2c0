import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import XCTest
@testable import TileServer

/// A `StrataApp` over a fresh temporary data directory (with `styles/`), answering requests in
/// process (no socket): the set-up the route tests share. A subclass writes its files with
/// `write(_:to:)`, starts the app with `startApp`, and sends with `request`.
class AppHarnessTestCase: XCTestCase {
    var group: MultiThreadedEventLoopGroup!
    var app: StrataApp!
    var dir: URL!

    override func setUpWithError() throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(type(of: self))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("styles"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        app?.shutdown()
        try group.syncShutdownGracefully()
        try? FileManager.default.removeItem(at: dir)
    }

    /// Writes `text` to `relative` in the data directory (folders made as needed).
    func write(_ text: String, to relative: String) throws { try write(Array(text.utf8), to: relative) }

    func write(_ bytes: [UInt8], to relative: String) throws {
        let url = dir.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Starts the app on the data directory (its `styles/` published), one render thread,
    /// sessions in memory, a one-pixel renderer; `edit` changes the config first.
    @discardableResult
    func startApp(_ edit: (inout ServerConfig) -> Void = { _ in }) throws -> StrataApp {
        var config = ServerConfig()
        config.dataDir = dir.path
        config.stylesDir = dir.appendingPathComponent("styles").path
        config.renderThreads = 1
        edit(&config)
        let started = StrataApp(config: config, store: MemorySessionStore(), renderer: OnePixelRenderer())
        try started.start()
        app = started
        return started
    }

    /// One request answered by the app (`Host: maps.example` unless `headers` say otherwise).
    func request(_ method: HTTPMethod = .GET, _ uri: String, body: String? = nil,
                 headers: HTTPHeaders = ["Host": "maps.example"]) throws -> HTTPResponse {
        let req = HTTPRequest(method: method, uri: uri, headers: headers, body: body.map { Array($0.utf8) } ?? [])
        return try app.respond(to: req, on: group.next()).wait()
    }
}
