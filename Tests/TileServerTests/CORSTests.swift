import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import XCTest
@testable import TileServer

/// CORS headers on reads and mutations, and preflight answers, through the whole responder.
final class CORSTests: XCTestCase {
    var group: MultiThreadedEventLoopGroup!
    var dir: URL!
    var apps: [StrataApp] = []

    override func setUpWithError() throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("styles"), withIntermediateDirectories: true)
        let style = ##"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ff0000"}}]}"##
        try Data(style.utf8).write(to: dir.appendingPathComponent("styles/default.json"))
    }

    override func tearDownWithError() throws {
        apps.forEach { $0.shutdown() }
        try group.syncShutdownGracefully()
        try? FileManager.default.removeItem(at: dir)
    }

    func makeApp(_ cors: CORSPolicy) throws -> StrataApp {
        var config = ServerConfig()
        config.defaultSessionReadOnly = false   // these tests restyle the default session
        config.dataDir = dir.path
        config.stylesDir = dir.appendingPathComponent("styles").path
        config.renderThreads = 1
        config.cors = cors
        let app = StrataApp(config: config, store: MemorySessionStore(), renderer: OnePixelRenderer())
        try app.start()
        apps.append(app)
        return app
    }

    func send(_ app: StrataApp, _ method: HTTPMethod, _ uri: String, origin: String?, body: String? = nil,
              headers extra: HTTPHeaders = [:]) throws -> HTTPResponse {
        var headers = extra
        if let origin { headers.add(name: "Origin", value: origin) }
        let req = HTTPRequest(method: method, uri: uri, headers: headers, body: body.map { Array($0.utf8) } ?? [])
        return try app.respond(to: req, on: group.next()).wait()
    }

    func testReadsAreOpenToAnyOriginByDefault() throws {
        let app = try makeApp(CORSPolicy())
        for uri in ["/tiles/1/0/0.png", "/tiles.json", "/style", "/fonts", "/static/0,0,1/10x10.png", "/nope"] {
            let r = try send(app, .GET, uri, origin: "https://a.example")
            XCTAssertEqual(r.headers.first(name: "Access-Control-Allow-Origin"), "*", uri)
        }
    }

    func testMutationsGetNoCORSUnlessTheOriginIsListed() throws {
        let app = try makeApp(CORSPolicy(mutationOrigins: ["https://editor.example"]))
        let body = ##"{"paint": {"background-color": "#00ff00"}}"##
        let stranger = try send(app, .PATCH, "/layers/bg", origin: "https://evil.example", body: body)
        XCTAssertNil(stranger.headers.first(name: "Access-Control-Allow-Origin"))
        XCTAssertTrue(stranger.headers[canonicalForm: "Vary"].contains("Origin"))
        let listed = try send(app, .PATCH, "/layers/bg", origin: "https://editor.example", body: body)
        XCTAssertEqual(listed.headers.first(name: "Access-Control-Allow-Origin"), "https://editor.example")
        XCTAssertTrue(listed.headers[canonicalForm: "Vary"].contains("Origin"))
        XCTAssertNil(try send(app, .POST, "/sessions", origin: nil, body: "{}").headers.first(name: "Access-Control-Allow-Origin"))
    }

    func testListedReadOriginsAreEchoedAndOthersGetNothing() throws {
        let app = try makeApp(CORSPolicy(readOrigins: ["https://maps.example"]))
        let ok = try send(app, .GET, "/tiles.json", origin: "https://maps.example")
        XCTAssertEqual(ok.headers.first(name: "Access-Control-Allow-Origin"), "https://maps.example")
        XCTAssertEqual(ok.headers.first(name: "Vary"), "X-Session-ID, Origin")
        XCTAssertNil(try send(app, .GET, "/tiles.json", origin: "https://other.example").headers.first(name: "Access-Control-Allow-Origin"))
    }

    func testPreflight() throws {
        let app = try makeApp(CORSPolicy(mutationOrigins: ["https://editor.example"]))
        let read = try send(app, .OPTIONS, "/tiles/1/0/0.png", origin: "https://a.example",
                            headers: ["Access-Control-Request-Method": "GET"])
        XCTAssertEqual(read.status, .noContent)
        XCTAssertEqual(read.headers.first(name: "Access-Control-Allow-Origin"), "*")
        XCTAssertEqual(read.headers.first(name: "Access-Control-Allow-Methods"), "GET, HEAD, OPTIONS")
        XCTAssertEqual(read.headers.first(name: "Access-Control-Max-Age"), "86400")
        XCTAssertEqual(read.headers.first(name: "Vary"), "Origin", "a preflight does not depend on the session")
        XCTAssertTrue(read.headers.first(name: "Access-Control-Allow-Headers")?.contains("X-Session-ID") == true)
        let refused = try send(app, .OPTIONS, "/layers/bg", origin: "https://evil.example",
                               headers: ["Access-Control-Request-Method": "PATCH"])
        XCTAssertEqual(refused.status, .noContent)
        XCTAssertNil(refused.headers.first(name: "Access-Control-Allow-Origin"))
        let editor = try send(app, .OPTIONS, "/layers/bg", origin: "https://editor.example",
                              headers: ["Access-Control-Request-Method": "PATCH"])
        XCTAssertEqual(editor.headers.first(name: "Access-Control-Allow-Origin"), "https://editor.example")
        XCTAssertTrue(editor.headers.first(name: "Access-Control-Allow-Methods")?.contains("PATCH") == true)
        XCTAssertEqual(try send(app, .OPTIONS, "/nope", origin: "https://a.example").status, .notFound)
    }

    func testConfigKeys() throws {
        let c = try ServerConfig(json: ["corsOrigins": ["https://a.example"], "corsMutationOrigins": ["https://b.example"]], file: "x.json")
        XCTAssertEqual(c.cors, CORSPolicy(readOrigins: ["https://a.example"], mutationOrigins: ["https://b.example"]))
        XCTAssertEqual(try ServerConfig(json: [:], file: "x.json").cors, CORSPolicy(readOrigins: ["*"], mutationOrigins: []))
        XCTAssertThrowsError(try ServerConfig(json: ["corsOrigins": "*"], file: "x.json")) { XCTAssertTrue("\($0)".contains("/corsOrigins")) }
    }
}
