import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import Renderer
import XCTest
@testable import TileServer

/// The configured annotation limits through every mutation path (POST, PATCH, batches): a 4xx
/// with a path into the body, and nothing changed.
final class AnnotationRouteTests: XCTestCase {
    var group: MultiThreadedEventLoopGroup!
    var app: StrataApp!
    var dir: URL!

    override func setUpWithError() throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-annotations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("styles"), withIntermediateDirectories: true)
        try Data(#"{"version": 8, "sources": {}, "layers": []}"#.utf8).write(to: dir.appendingPathComponent("styles/default.json"))
        var config = ServerConfig()
        config.defaultSessionReadOnly = false   // these tests restyle the default session
        config.dataDir = dir.path
        config.stylesDir = dir.appendingPathComponent("styles").path
        config.renderThreads = 1
        config.maxAnnotations = 2
        config.maxAnnotationTextLength = 5
        app = StrataApp(config: config, store: MemorySessionStore(),
                        renderer: StyleTileRenderer(renderer: MapRenderer(resources: RenderResources(dataDirectory: dir.path))))
        try app.start()
    }

    override func tearDownWithError() throws {
        app.shutdown()
        try group.syncShutdownGracefully()
        try? FileManager.default.removeItem(at: dir)
    }

    func send(_ method: HTTPMethod, _ uri: String, _ body: String? = nil) throws -> (Int, JSONValue?) {
        let req = HTTPRequest(method: method, uri: uri, headers: [:], body: body.map { Array($0.utf8) } ?? [])
        let r = try app.respond(to: req, on: group.next()).wait()
        return (Int(r.status.code), r.body.isEmpty ? nil : try JSONParser.parse(r.body))
    }

    func expectError(_ r: (Int, JSONValue?), _ status: Int, _ code: String, _ path: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.0, status, file: file, line: line)
        XCTAssertEqual(r.1?["error"]?["code"], .string(code), file: file, line: line)
        XCTAssertEqual(r.1?["error"]?["path"], .string(path), file: file, line: line)
    }

    func testLimitsHoldOnEveryPath() throws {
        let rev0 = try app.sessions.session(nil).current.number
        expectError(try send(.POST, "/annotations", #"{"coordinate": [0, 0], "text": "toolong"}"#), 400, "invalid_annotation", "/text")
        expectError(try send(.POST, "/style/operations", #"[["addAnnotation", {"coordinate": [0, 0], "text": "ok"}], ["addAnnotation", {"coordinate": [0, 0], "text": "toolong"}]]"#),
                    400, "invalid_annotation", "/1/1/text")
        XCTAssertEqual(try app.sessions.session(nil).current.number, rev0, "refused requests change nothing")

        XCTAssertEqual(try send(.POST, "/annotations", #"{"coordinate": [0, 0], "text": "a"}"#).0, 201)
        XCTAssertEqual(try send(.POST, "/annotations", #"{"id": "b", "coordinate": [1, 1], "text": "b"}"#).0, 201)
        expectError(try send(.POST, "/annotations", #"{"coordinate": [2, 2], "text": "c"}"#), 409, "too_many_annotations", "")
        expectError(try send(.POST, "/style/operations", #"[["removeAnnotation", "b"], ["addAnnotation", {"coordinate": [0, 0], "text": "x"}], ["addAnnotation", {"coordinate": [0, 0], "text": "y"}]]"#),
                    409, "too_many_annotations", "/2")
        XCTAssertEqual(try send(.POST, "/style/operations", #"[["removeAnnotation", "b"], ["addAnnotation", {"coordinate": [0, 0], "text": "x"}]]"#).0, 200,
                       "a batch that stays within the limit passes")
        expectError(try send(.PATCH, "/annotations/annotation-1", #"{"text": "muchtoolong"}"#), 400, "invalid_annotation", "/text")
        let (status, list) = try send(.GET, "/annotations")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(list?.arrayValue?.compactMap { $0["text"]?.stringValue }, ["a", "x"])
        expectError(try send(.POST, "/annotations", #"{"id": "annotation-1", "coordinate": [0, 0], "text": "d"}"#), 409, "duplicate_annotation", "/id")
        XCTAssertEqual(try send(.GET, "/annotations/nope").0, 404)
    }
}
