import Foundation
import JSON
import NIOHTTP1
import SplitMix
import StrataTestSupport
import XCTest
@testable import TileServer

/// Corrupted bodies on every layer and source route, through the real responder: each
/// answer is a 2xx whose revision is exactly one more, or a 4xx error JSON (code, message,
/// a path into the body) that changes nothing. Never a 5xx, never a trap.
extension AppTests {
    static let junk: [JSONValue] = [
        .null, true, 0, -1, 1e308, 0.5, "", "x", "#zzz", "$type", "slot", "mid", "fill", "pts", "bg", [], [[]], ["get"],
        ["literal"], ["==", "$type", 5], ["all", ["has"]], ["interpolate", ["linear"], ["zoom"]], ["case"], [:],
        ["stops": []], ["stops": [[0]]], ["id": "bg", "type": "background"], ["type": "geojson"], ["above": "ghost"],
        ["at": -3], ["below": "mid"], ["circle-radius": 1e7], ["background-color": "red"],
    ]

    static func corrupt(_ value: JSONValue, _ rng: inout SplitMix64) -> JSONValue {
        JSONCorruption.corrupt(value, junk: junk, keys: ["paint", "layout", "filter", "slot", "source", "type", "id", "minzoom", "position"], &rng)
    }

    func testCorruptedRouteBodiesGiveOneRevisionOrAPointedError() throws {
        var rng = SplitMix64(seed: 99)
        let seed: JSONValue = try JSONParser.parse(##"{"layer": {"id": "x", "type": "circle", "source": "pts", "slot": "mid", "paint": {"circle-color": "red"}}, "position": {"below": "mid"}, "paint": {"background-color": "#00f"}, "layout": {"visibility": "none"}, "id": "y", "minzoom": 2, "source": {"type": "geojson", "data": {"type": "Point", "coordinates": [1, 2]}}}"##)
        let routes: [(HTTPMethod, String)] = [
            (.POST, "/layers"), (.PATCH, "/layers/bg"), (.PATCH, "/layers/ghost"), (.PUT, "/layers/bg"),
            (.POST, "/layers/bg/move"), (.POST, "/layers/bg/copy"), (.POST, "/sources"), (.POST, "/style/operations"),
        ]
        var changes = 0, errors = 0
        for i in 0..<600 {
            var body = seed
            for _ in 0..<(1 + rng.int(2)) { body = Self.corrupt(body, &rng) }
            let (method, path) = routes[i % routes.count]
            if path == "/style/operations" {
                body = .array([.array(["setPaintProperty", "bg", "background-color", body["paint"]?["background-color"] ?? .null]),
                               .array(["setLayerZoomRange", "bg", body["minzoom"] ?? .null, 20])])
            } else if method == .PUT {
                body = body["layer"] ?? body
            }
            let before = try app.sessions.session(nil).current.number
            let r = try send(method, path, body.serialized())
            let after = try app.sessions.session(nil).current.number
            let code = Int(r.status.code)
            XCTAssertLessThan(code, 500, "\(method) \(path) \(body.serialized()) → \(code)")
            if (200..<300).contains(code) {
                changes += 1
                XCTAssertEqual(after, before + 1, "a 2xx makes exactly one revision")
                XCTAssertEqual(r.headers.first(name: "ETag"), "\"\(after)\"")
            } else {
                errors += 1
                XCTAssertEqual(after, before, "\(code) for \(method) \(path) changed the style")
                let e = try json(r)["error"]
                XCTAssertEqual(e?["status"]?.numberValue, Double(code))
                XCTAssertFalse((e?["code"]?.stringValue ?? "").isEmpty)
                XCTAssertFalse((e?["message"]?.stringValue ?? "").isEmpty)
                if let p = e?["path"]?.stringValue, !p.isEmpty, let pointer = JSONPointer(parsing: p) {
                    let parent = JSONPointer(Array(pointer.tokens.dropLast()))
                    XCTAssertTrue(body.resolve(pointer) != nil || body.resolve(parent) != nil,
                                  "\(e?["code"] ?? .null) at \(p) points outside \(body.serialized())")
                }
            }
        }
        XCTAssertGreaterThan(changes, 20, "some corrupted bodies stay valid")
        XCTAssertGreaterThan(errors, 200)
    }
}
