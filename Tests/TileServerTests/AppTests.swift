import Renderer
import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import StyleSpec
import XCTest
@testable import TileServer

/// The responder end to end without sockets: routing, errors, conditional requests, one
/// mutation path and error relocation into the request body.
final class AppTests: XCTestCase {
    var group: MultiThreadedEventLoopGroup!
    var app: StrataApp!
    var dir: URL!

    override func setUpWithError() throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("styles"), withIntermediateDirectories: true)
        let style = ##"{"version": 8, "sources": {"pts": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ff0000"}}, {"id": "mid", "type": "slot"}]}"##
        try Data(style.utf8).write(to: dir.appendingPathComponent("styles/default.json"))
        var config = ServerConfig()
        config.defaultSessionReadOnly = false   // these tests restyle the default session
        config.dataDir = dir.path
        config.stylesDir = dir.appendingPathComponent("styles").path
        config.renderThreads = 1
        app = StrataApp(config: config, store: MemorySessionStore(), renderer: OnePixelRenderer())
        try app.start()
    }

    override func tearDownWithError() throws {
        app.shutdown()
        try group.syncShutdownGracefully()
        try? FileManager.default.removeItem(at: dir)
    }

    func send(_ method: HTTPMethod, _ uri: String, _ body: String? = nil, headers: HTTPHeaders = [:]) throws -> HTTPResponse {
        let req = HTTPRequest(method: method, uri: uri, headers: headers, body: body.map { Array($0.utf8) } ?? [])
        return try app.respond(to: req, on: group.next()).wait()
    }

    func json(_ r: HTTPResponse) throws -> JSONValue { try JSONParser.parse(r.body) }

    func testTileConditionalAndCacheHeaders() throws {
        let r = try send(.GET, "/tiles/1/0/0.png")
        XCTAssertEqual(r.status, .ok)
        XCTAssertEqual(Array(r.bodyBytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let etag = try XCTUnwrap(r.headers.first(name: "ETag"))
        XCTAssertEqual(r.headers.first(name: "Cache-Control"), "no-cache")
        XCTAssertEqual(try send(.GET, "/tiles/1/0/0.png", headers: ["If-None-Match": etag]).status, .notModified)
        let hash = try app.sessions.session(nil).current.style.renderHash
        XCTAssertEqual(try send(.GET, "/tiles/1/0/0.png?v=\(hash)").headers.first(name: "Cache-Control"),
                       "public, max-age=31536000, immutable")
    }

    func testRoutingErrors() throws {
        XCTAssertEqual(try send(.GET, "/nope").status, .notFound)
        let r = try send(.DELETE, "/tiles.json")
        XCTAssertEqual(r.status, .methodNotAllowed)
        XCTAssertEqual(r.headers.first(name: "Allow"), "GET")
        let bad = try send(.POST, "/layers", "{\"layer\": ")
        XCTAssertEqual(bad.status, .badRequest)
        XCTAssertEqual(try json(bad)["error"]?["code"], "malformed_json")
    }

    func testMutationErrorsPointIntoTheBody() throws {
        let r = try send(.PATCH, "/layers/bg", ##"{"paint": {"background-opacity": 2, "background-color": "#00ff00"}}"##)
        XCTAssertEqual(r.status, .badRequest)
        XCTAssertEqual(try json(r)["error"]?["path"], "/paint/background-opacity")
        XCTAssertEqual(try app.sessions.session(nil).current.number, 0, "nothing applied")
        let ok = try send(.PATCH, "/layers/bg", ##"{"paint": {"background-color": "#00ff00"}}"##)
        XCTAssertEqual(ok.status, .ok)
        XCTAssertEqual(try json(ok)["revision"], 1)
        XCTAssertEqual(ok.headers.first(name: "ETag"), "\"1\"")
        let add = try send(.POST, "/layers", ##"{"layer": {"id": "c", "type": "circle", "source": "pts", "slot": "mid"}}"##)
        XCTAssertEqual(add.status, .created)
        XCTAssertEqual(try json(add)["index"], 2)
        let dup = try send(.POST, "/layers/c/copy", ##"{"id": "bg"}"##)
        XCTAssertEqual(dup.status, .conflict)
        XCTAssertEqual(try json(dup)["error"]?["path"], "/id")
    }

    /// With the default config the default session refuses every change (403 read_only) and
    /// stays as it was; a session of one's own is writable.
    func testDefaultSessionIsReadOnlyByDefault() throws {
        var config = ServerConfig()
        config.dataDir = dir.path
        config.stylesDir = dir.appendingPathComponent("styles").path
        config.renderThreads = 1
        let readOnly = StrataApp(config: config, store: MemorySessionStore(), renderer: OnePixelRenderer())
        try readOnly.start()
        defer { readOnly.shutdown() }
        func send(_ method: HTTPMethod, _ uri: String, _ body: String) throws -> HTTPResponse {
            try readOnly.respond(to: HTTPRequest(method: method, uri: uri, headers: [:], body: Array(body.utf8)), on: group.next()).wait()
        }
        for (method, uri, body) in [(HTTPMethod.PATCH, "/layers/bg", ##"{"paint": {"background-color": "#00ff00"}}"##),
                                    (.POST, "/layers", ##"{"layer": {"id": "c", "type": "background"}}"##),
                                    (.PUT, "/style", ##"{"version": 8, "sources": {}, "layers": []}"##)] {
            let r = try send(method, uri, body)
            XCTAssertEqual(r.status, .forbidden, "\(method) \(uri)")
            XCTAssertEqual(try json(r)["error"]?["code"], "read_only")
        }
        XCTAssertEqual(try readOnly.sessions.session(nil).current.number, 0, "nothing applied")
        let created = try json(try send(.POST, "/sessions", "{}"))
        let id = try XCTUnwrap(created["id"]?.stringValue)
        XCTAssertEqual(try send(.PATCH, "/layers/bg?session=\(id)", ##"{"paint": {"background-color": "#00ff00"}}"##).status, .ok)
    }

    func testRelocateMapsBatchPathsToBodyPaths() {
        var plan = MutationPlan([
            .init(command: .removeLayer("a"), bodyPath: JSONPointer(["x"]), valueArgument: nil),
            .init(command: .setPaintProperty(layer: "a", name: "p", value: 1), bodyPath: JSONPointer(["paint", "p"]), valueArgument: 3),
        ])
        XCTAssertEqual(plan.relocate(StyleError(path: JSONPointer(["1", "3", "stops", "0"]), message: "m")).path.description, "/paint/p/stops/0")
        XCTAssertEqual(plan.relocate(StyleError(path: JSONPointer(["1", "1"]), message: "m")).path.description, "/paint/p")
        XCTAssertEqual(plan.relocate(StyleError(path: JSONPointer(["0"]), message: "m")).path.description, "/x")
        plan.batchPaths = true
        XCTAssertEqual(plan.relocate(StyleError(path: JSONPointer(["1", "3"]), message: "m")).path.description, "/1/3")
    }
}

/// A renderer for responder tests: a fixed 1×1 PNG, so tests exercise the HTTP side only.
struct OnePixelRenderer: TileRenderer {
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
        0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
    func renderTile(style: LiveStyle, tile: TileRequest, budget: Deadline) throws -> [UInt8] { Self.png }
    func renderStatic(style: LiveStyle, view: StaticView, budget: Deadline) throws -> [UInt8] { Self.png }
}
