import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import Renderer
import StyleSpec
import XCTest
@testable import TileServer

/// Custom layers through the routes: every way of adding one validates it against the
/// registry (400 with a path into the body, nothing changed), and every committed change —
/// add, patch, delete, undo, whole-style replace, session end — drives added/removed once.
final class CustomLayerRouteTests: XCTestCase {
    var group: MultiThreadedEventLoopGroup!
    var app: StrataApp!
    var dir: URL!
    let counts = RouteCallCounts()

    override func setUpWithError() throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        try startApp(defaultStyle: Self.baseStyle)
    }

    func startApp(defaultStyle: String) throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-custom-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("styles"), withIntermediateDirectories: true)
        try Data(defaultStyle.utf8).write(to: dir.appendingPathComponent("styles/default.json"))
        var config = ServerConfig()
        config.defaultSessionReadOnly = false   // these tests restyle the default session
        config.dataDir = dir.path
        config.stylesDir = dir.appendingPathComponent("styles").path
        config.renderThreads = 1
        let registry = CustomLayerRegistry.standard()
        registry.register("counting", RouteCountingRenderer(counts: counts))
        let renderer = StyleTileRenderer(renderer: MapRenderer(resources: RenderResources(dataDirectory: dir.path), customLayers: registry))
        app = StrataApp(config: config, store: MemorySessionStore(), renderer: renderer)
        try app.start()
    }

    override func tearDownWithError() throws {
        app.shutdown()
        try group.syncShutdownGracefully()
        try? FileManager.default.removeItem(at: dir)
    }

    static let baseStyle = #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "white"}}]}"#
    static let triangle = #"{"id": "tri", "type": "custom", "renderer": "triangles", "options": {"vertices": [[12.5, 25, "red"], [0, 0, "lime"], [25, 0, "blue"]]}}"#

    func send(_ method: HTTPMethod, _ uri: String, _ body: String? = nil) throws -> HTTPResponse {
        let req = HTTPRequest(method: method, uri: uri, headers: [:], body: body.map { Array($0.utf8) } ?? [])
        return try app.respond(to: req, on: group.next()).wait()
    }

    func json(_ r: HTTPResponse) throws -> JSONValue { try JSONParser.parse(r.body) }

    func revision() throws -> Int { try app.sessions.session(nil).current.number }

    /// Status, error code and path of a refused request, and that it changed nothing.
    func expectRefused(_ method: HTTPMethod, _ uri: String, _ body: String, code: String, path: String,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try revision()
        let r = try send(method, uri, body)
        XCTAssertEqual(r.status, .badRequest, file: file, line: line)
        let e = try json(r)["error"]
        XCTAssertEqual(e?["code"]?.stringValue, code, "\(e ?? .null)", file: file, line: line)
        XCTAssertEqual(e?["path"]?.stringValue, path, "\(e ?? .null)", file: file, line: line)
        XCTAssertEqual(try revision(), before, "nothing changed", file: file, line: line)
    }

    func testBadCustomLayersAreRefusedWithAPathAndChangeNothing() throws {
        try expectRefused(.POST, "/layers", #"{"layer": {"id": "x", "type": "custom", "renderer": "nope"}}"#,
                          code: "unknown_renderer", path: "/layer/renderer")
        try expectRefused(.POST, "/layers", #"{"layer": {"id": "x", "type": "custom", "renderer": "triangles", "options": {"vertices": [[0, 0, "red"], [1, 0, "red"], [0, 1, "bad"]]}}}"#,
                          code: "invalid_options", path: "/layer/options/vertices/2/2")
        try expectRefused(.POST, "/layers", #"{"layer": {"id": "x", "type": "custom", "renderer": "triangles", "options": {"vertices": [[0, 0, "red"]]}}}"#,
                          code: "invalid_options", path: "/layer/options/vertices")
        try expectRefused(.POST, "/style/operations", #"[["addLayer", {"id": "x", "type": "custom", "renderer": "nope"}]]"#,
                          code: "unknown_renderer", path: "/0/1/renderer")
        try expectRefused(.PUT, "/style", #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}, {"id": "g", "type": "custom", "renderer": "graticule", "options": {"step": 0}}]}"#,
                          code: "invalid_options", path: "/layers/1/options/step")
        XCTAssertEqual(try send(.POST, "/layers", #"{"layer": \#(Self.triangle)}"#).status, .created)
        try expectRefused(.PATCH, "/layers/tri", #"{"options": {"vertices": [[0, "x", "red"], [1, 0, "red"], [0, 1, "red"]]}}"#,
                          code: "invalid_options", path: "/options/vertices/0/1")
        try expectRefused(.PATCH, "/layers/tri", #"{"renderer": "nope"}"#, code: "unknown_renderer", path: "/renderer")
        try expectRefused(.PATCH, "/layers/bg", #"{"options": {}}"#, code: "invalid_property", path: "/options")
        try expectRefused(.PUT, "/layers/tri", #"{"type": "custom", "renderer": "triangles", "options": {"opacity": 3, "vertices": []}}"#,
                          code: "invalid_options", path: "/options/opacity")
        let s = try send(.POST, "/sessions", #"{"style": {"version": 8, "sources": {}, "layers": [{"id": "c", "type": "custom", "renderer": "nope"}]}}"#)
        XCTAssertEqual(s.status, .badRequest)
        XCTAssertEqual(try json(s)["error"]?["path"], "/style/layers/0/renderer")
    }

    func testCommittedChangesDriveAddedAndRemovedOnce() throws {
        XCTAssertEqual(try send(.POST, "/layers", #"{"layer": {"id": "c", "type": "custom", "renderer": "counting"}}"#).status, .created)
        XCTAssertEqual(counts["added"], 1)
        XCTAssertEqual(counts["prepare"], 1)
        XCTAssertEqual(try send(.GET, "/tiles/1/0/0.png").status, .ok)
        XCTAssertEqual(try send(.GET, "/tiles/1/1/0.png").status, .ok)
        XCTAssertEqual(counts["draw"], 2)
        XCTAssertEqual(counts["prepare"], 1, "options are not decoded per tile")
        XCTAssertEqual(try send(.PATCH, "/layers/c", #"{"layout": {"visibility": "none"}, "minzoom": 1}"#).status, .ok)
        XCTAssertEqual(counts["prepare"], 1); XCTAssertEqual(counts["added"], 1); XCTAssertEqual(counts["removed"], 0)
        XCTAssertEqual(try send(.PATCH, "/layers/c", #"{"options": {"size": 3}}"#).status, .ok)
        XCTAssertEqual(counts["added"], 2); XCTAssertEqual(counts["removed"], 1)
        let layer = try json(try send(.GET, "/layers/c"))
        XCTAssertEqual(layer["options"]?["size"], 3)
        XCTAssertEqual(layer["layout"]?["visibility"], "none", "a patch of options keeps the rest of the layer")
        XCTAssertEqual(try send(.DELETE, "/layers/c").status, .noContent)
        XCTAssertEqual(counts["removed"], 2)
        XCTAssertEqual(try send(.POST, "/style/undo").status, .ok)
        XCTAssertEqual(counts["added"], 3)
        XCTAssertEqual(try send(.PUT, "/style", Self.baseStyle).status, .ok)
        XCTAssertEqual(counts["removed"], 3)
        let withLayer = #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "white"}}, {"id": "c", "type": "custom", "renderer": "counting"}]}"#
        XCTAssertEqual(try send(.PUT, "/style", withLayer).status, .ok)
        XCTAssertEqual(counts["added"], 4)
        XCTAssertEqual(try send(.PUT, "/style", withLayer).status, .ok, "unchanged: no new version")
        XCTAssertEqual(counts["added"], 4); XCTAssertEqual(counts["removed"], 3)
        XCTAssertEqual(try send(.POST, "/layers/c/copy", #"{"id": "c2"}"#).status, .created)
        XCTAssertEqual(counts["added"], 5)

        // A session of its own: its layers are removed when it ends.
        let created = try json(try send(.POST, "/sessions", #"{"style": \#(withLayer)}"#))
        let id = try XCTUnwrap(created["id"]?.stringValue)
        XCTAssertEqual(counts["added"], 6)
        XCTAssertEqual(try send(.DELETE, "/sessions/\(id)").status, .noContent)
        XCTAssertEqual(counts["removed"], 4)
        // A one-off static render holds its style for the render only.
        let r = try send(.POST, "/static", #"{"center": [0, 0], "zoom": 1, "width": 64, "height": 64, "style": \#(withLayer)}"#)
        XCTAssertEqual(r.status, .ok)
        XCTAssertEqual(counts["added"], 7); XCTAssertEqual(counts["removed"], 5)
        // Shutdown releases what live sessions still hold (c and c2 of the default session).
        app.sessions.releaseCustomLayers()
        XCTAssertEqual(counts["removed"], 7)
    }

    /// The configured default style's custom layers are held once from start to shutdown.
    func testDefaultStyleLayersAreAddedAtStartAndRemovedAtShutdown() throws {
        app.shutdown()
        try? FileManager.default.removeItem(at: dir)
        let before = (counts["added"], counts["removed"])
        try startApp(defaultStyle: #"{"version": 8, "sources": {}, "layers": [{"id": "c", "type": "custom", "renderer": "counting"}]}"#)
        XCTAssertEqual(counts["added"], before.0 + 1)
        let s = try json(try send(.POST, "/sessions", "{}"))
        XCTAssertNotNil(s["id"]?.stringValue)
        XCTAssertEqual(counts["added"], before.0 + 1, "a session made from the default style shares its layer")
        app.shutdown()
        XCTAssertEqual(counts["removed"], before.1 + 1)
    }

    func testTrianglesShowInTiles() throws {
        XCTAssertEqual(try send(.POST, "/layers", #"{"layer": \#(Self.triangle)}"#).status, .created)
        let r = try send(.GET, "/tiles/3/4/3.png")
        XCTAssertEqual(r.status, .ok)
        XCTAssertEqual(try json(try send(.GET, "/layers"))[1]?["type"], "custom")
    }
}

final class RouteCallCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Int] = [:]
    func bump(_ key: String) { lock.lock(); values[key, default: 0] += 1; lock.unlock() }
    subscript(_ key: String) -> Int { lock.lock(); defer { lock.unlock() }; return values[key, default: 0] }
}

struct RouteCountingRenderer: CustomLayerRenderer {
    let counts: RouteCallCounts
    func prepare(options: JSONObject, layerID: String) throws -> any PreparedCustomLayer {
        counts.bump("prepare")
        _ = try CustomLayerOptions(options, allowed: ["size"]).number("size", default: 1)
        return RouteCountingLayer(counts: counts)
    }
}

final class RouteCountingLayer: PreparedCustomLayer {
    let counts: RouteCallCounts
    init(counts: RouteCallCounts) { self.counts = counts }
    func added() { counts.bump("added") }
    func removed() { counts.bump("removed") }
    func draw(in context: CustomLayerContext) throws { counts.bump("draw") }
}
