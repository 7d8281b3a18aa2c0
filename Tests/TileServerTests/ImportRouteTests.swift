import Foundation
import JSON
import NIOHTTP1
import SplitMix
import StrataTestSupport
import XCTest
@testable import TileServer

/// The import routes through the real responder: a session whose style imports the published
/// style `base` by id; each answer is a 2xx whose revision is exactly one more, or an error JSON
/// with a pointer into the body that changes nothing, for intact and corrupted bodies alike.
final class ImportRouteTests: AppHarnessTestCase {
    static let base = """
    {"version": 8, "name": "Base",
     "schema": {"land": {"default": "#ffffff", "type": "color"}, "labels": {"default": true, "type": "boolean"},
                "density": {"default": "low", "type": "string", "values": ["low", "high"]},
                "width": {"default": 2, "type": "number", "minValue": 1, "maxValue": 5, "stepValue": 0.5}},
     "sources": {"pts": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
     "layers": [{"id": "bg", "type": "background", "paint": {"background-color": ["config", "land"]}},
                {"id": "middle", "type": "slot"},
                {"id": "dots", "type": "circle", "source": "pts", "filter": ["config", "labels"],
                 "paint": {"circle-radius": ["config", "width"]}}]}
    """
    var session = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(Self.base, to: "styles/base.json")
        try write(#"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#, to: "styles/default.json")
        try startApp()
        let r = try request(.POST, "/sessions", body: """
            {"style": {"version": 8, "imports": [{"id": "base", "url": "base", "config": {"density": "high"}}],
             "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [1, 1]}}},
             "layers": [{"id": "x", "type": "circle", "source": "p", "slot": "middle"}]}}
            """)
        XCTAssertEqual(r.status, .created)
        session = try JSONParser.parse(r.body)["id"]?.stringValue ?? ""
    }

    func send(_ method: HTTPMethod, _ path: String, _ body: String? = nil) throws -> (HTTPResponse, JSONValue?) {
        let r = try request(method, path + "?session=" + session, body: body)
        return (r, r.body.isEmpty ? nil : try? JSONParser.parse(r.body))
    }

    var revision: Int { (try? app.sessions.session(session).current.number) ?? -1 }

    func testRoutesAnswerAndErrorsPointIntoTheBody() throws {
        var (r, j) = try send(.GET, "/imports")
        XCTAssertEqual(j?[0]?["id"], "base")
        XCTAssertEqual(j?[0]?["effectiveConfig"]?["density"], "high")
        (r, j) = try send(.PATCH, "/imports/base/config", #"{"width": 3.5, "labels": false}"#)
        XCTAssertEqual(r.status, .ok)
        XCTAssertEqual(j?["revision"], 1)
        XCTAssertEqual(j?["config"]?["width"], 3.5)
        let refused: [(HTTPMethod, String, String, HTTPResponseStatus, String)] = [
            (.PATCH, "/imports/base/config", #"{"width": 3.2}"#, .badRequest, "/width"),
            (.PATCH, "/imports/base/config", #"{"density": "mid"}"#, .badRequest, "/density"),
            (.PATCH, "/imports/base/config", #"[1]"#, .badRequest, ""),
            (.PATCH, "/imports/nope/config", #"{"width": 2}"#, .notFound, ""),
            (.POST, "/imports", #"{"import": {"id": "base", "url": "base"}}"#, .conflict, "/import/id"),
            (.POST, "/imports", #"{"import": {"id": "n", "url": "ghost"}}"#, .badRequest, "/import/url"),
            (.POST, "/imports", #"{"import": {"id": "n", "data": {"version": 8, "sources": {}, "layers": [{"id": "l", "type": "line", "source": "s"}]}}}"#, .badRequest, "/import/data/layers/0"),
            (.POST, "/imports", #"{"import": {"id": "n", "url": "base", "config": {"width": 9}}}"#, .badRequest, "/import/config/width"),
            (.PUT, "/imports/base", #"{"id": "other", "url": "base"}"#, .badRequest, "/id"),
            (.POST, "/imports/base/move", #"{"before": 3}"#, .badRequest, "/before"),
            (.DELETE, "/imports/base", "", .conflict, ""),
        ]
        for (method, path, body, status, pointer) in refused {
            (r, j) = try send(method, path, body.isEmpty ? nil : body)
            XCTAssertEqual(r.status, status, "\(method) \(path) \(body)")
            if status != .notFound { XCTAssertEqual(j?["error"]?["path"]?.stringValue, pointer, "\(method) \(path) \(body)") }
            XCTAssertEqual(revision, 1, "\(method) \(path) changed nothing")
        }
    }

    func testCorruptedBodiesGiveOneRevisionOrAPointedError() throws {
        var rng = SplitMix64(seed: 30)
        let small: JSONValue = ["version": 8, "sources": [:], "layers": [["id": "t", "type": "background"]]]
        let seeds: [(HTTPMethod, String, JSONValue)] = [
            (.PATCH, "/imports/base/config", ["land": "#123456", "labels": false, "density": "low", "width": 4.5]),
            (.POST, "/imports", ["import": ["id": "extra", "data": small, "config": [:]], "before": "base"]),
            (.PUT, "/imports/base", ["url": "base", "config": ["width": 1.5]]),
            (.POST, "/imports/base/move", ["before": .null]),
            (.POST, "/style/operations", [["setConfigProperty", "base", "width", 2.5], ["moveImport", "base", .null]]),
        ]
        let junk: [JSONValue] = [.null, true, 0, -1, 1e308, 0.5, "", "x", "#zzz", "base", "middle", "ghost", [], [:],
                                 ["config", "land"], ["id": "base"], ["version": 8], "high", 5, 2.25]
        var changes = 0, errors = 0
        for i in 0..<300 {
            let (method, path, seed) = seeds[i % seeds.count]
            var body = seed
            for _ in 0..<(1 + rng.int(2)) {
                body = JSONCorruption.corrupt(body, junk: junk, keys: ["id", "url", "data", "config", "before", "import", "land"], &rng)
            }
            let before = revision
            let (r, j) = try send(method, path, body.serialized())
            let code = Int(r.status.code)
            XCTAssertLessThan(code, 500, "\(method) \(path) \(body.serialized()) → \(code)")
            if (200..<300).contains(code) {
                changes += 1
                // An empty batch is a 200 that changes nothing (as on every session).
                let made = body == .array([]) ? 0 : 1
                XCTAssertEqual(revision, before + made, "a 2xx makes exactly one revision: \(method) \(path) \(body.serialized()) → \(code)")
                // Keep the import set stable for the next bodies.
                if path == "/imports" { _ = try send(.DELETE, "/imports/extra") }
            } else {
                errors += 1
                XCTAssertEqual(revision, before, "\(code) for \(method) \(path) \(body.serialized()) changed the style")
                let e = j?["error"]
                XCTAssertEqual(e?["status"]?.numberValue, Double(code))
                XCTAssertFalse((e?["message"]?.stringValue ?? "").isEmpty)
                if let p = e?["path"]?.stringValue, !p.isEmpty, let pointer = JSONPointer(parsing: p) {
                    let parent = JSONPointer(Array(pointer.tokens.dropLast()))
                    XCTAssertTrue(body.resolve(pointer) != nil || body.resolve(parent) != nil,
                                  "\(e?["code"] ?? .null) at \(p) points outside \(body.serialized())")
                }
            }
        }
        XCTAssertGreaterThan(changes, 10, "some corrupted bodies stay valid")
        XCTAssertGreaterThan(errors, 50)
    }
}
