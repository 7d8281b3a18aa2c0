import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import XCTest
@testable import TileServer

/// Published styles at tileserver-gl's URLs: the TileJSON and catalog documents, and the
/// routes end to end through the responder (tiles shared with sessions, read-only, 404/400).
final class PublishedStyleTests: AppHarnessTestCase {

    static let bright = ##"""
    {"version": 8, "name": "Bright", "center": [10, 50], "zoom": 3,
     "sources": {"a": {"type": "raster", "tiles": ["r/{z}/{x}/{y}.png"],
                       "attribution": "© OpenStreetMap contributors", "bounds": [0, 40, 20, 60], "minzoom": 2},
                 "b": {"type": "raster", "tiles": ["r/{z}/{x}/{y}.png"],
                       "attribution": "© Natural Earth", "bounds": [-10, 45, 5, 55], "minzoom": 1},
                 "c": {"type": "raster", "tiles": ["r/{z}/{x}/{y}.png"],
                       "attribution": "© OpenStreetMap contributors", "bounds": [0, 40, 1, 41], "minzoom": 4}},
     "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#0000ff"}}]}
    """##

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(##"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ff0000"}}]}"##,
                  to: "styles/default.json")
        try write(Self.bright, to: "styles/bright.json")
        try write("{\"version\": 8, \"layers\": [", to: "styles/broken.json")
        try write("{}", to: "styles/notes.txt")
        try startApp { $0.defaultSessionReadOnly = false }   // these tests restyle the default session
    }

    func send(_ method: HTTPMethod, _ uri: String, _ body: String? = nil, headers: HTTPHeaders = ["Host": "maps.example:8080"]) throws -> HTTPResponse {
        try request(method, uri, body: body, headers: headers)
    }

    func json(_ r: HTTPResponse) throws -> JSONValue { try JSONParser.parse(r.body) }

    func testRenderedTileJSONFromTheSources() throws {
        let style = try JSONParser.parse(Self.bright)
        let t = PublishedTileJSON.rendered(id: "bright", style: style, renderHash: "h1", baseURL: "http://x:1", tileSize: 256)
        XCTAssertEqual(t["tiles"], ["http://x:1/styles/bright/{z}/{x}/{y}.png?v=h1"])
        XCTAssertEqual(t["attribution"], "© OpenStreetMap contributors | © Natural Earth")
        XCTAssertEqual(t["bounds"], [-10, 40, 20, 60])
        XCTAssertEqual(t["minzoom"], 1)
        XCTAssertEqual(t["maxzoom"], .number(Double(TileRequest.maxZoom)))
        XCTAssertEqual(t["center"], [10, 50, 4], "a 256 px tile level is MapLibre's zoom + 1")
        XCTAssertEqual(t["format"], "png")
        XCTAssertEqual(t["name"], "Bright")
        let big = PublishedTileJSON.rendered(id: "bright", style: style, renderHash: "h1", baseURL: "http://x:1", tileSize: 512,
                                             fileExtension: "webp", quality: "80")
        XCTAssertEqual(big["tiles"], ["http://x:1/styles/bright/512/{z}/{x}/{y}.webp?v=h1&quality=80"])
        XCTAssertEqual(big["center"], [10, 50, 3])
        XCTAssertEqual(big["format"], "webp")
    }

    func testASourceWithoutBoundsMeansTheWorld() throws {
        let style: JSONValue = ["version": 8, "sources": ["a": ["type": "geojson", "bounds": [0, 0, 1, 1]], "b": ["type": "geojson"]],
                                "layers": []]
        let t = PublishedTileJSON.rendered(id: "s", style: style, renderHash: "h", baseURL: "http://x", tileSize: 256)
        XCTAssertEqual(t["bounds"], .array(PublishedTileJSON.worldBounds.map { .number($0) }))
        XCTAssertEqual(t["center"], [0, 0, 1])
        XCTAssertEqual(t["attribution"], "")
        XCTAssertEqual(t["minzoom"], 0)
    }

    func testCatalogs() throws {
        let styles = try send(.GET, "/styles.json")
        XCTAssertEqual(styles.status, .ok)
        XCTAssertEqual(try json(styles), [
            ["version": 8, "name": "Bright", "id": "bright", "url": "http://maps.example:8080/styles/bright/style.json"],
            ["version": 8, "name": "default", "id": "default", "url": "http://maps.example:8080/styles/default/style.json"],
        ], "broken.json and notes.txt are not published")
        XCTAssertNil(styles.headers.first(name: "Vary"), "published answers do not depend on a session")
        XCTAssertEqual(try send(.GET, "/styles.json?session=unknown").status, .ok, "nor read one")
        XCTAssertEqual(try send(.GET, "/styles/default/1/0/0.png?session=unknown").status, .ok)
        for path in ["/rendered.json", "/index.json"] {
            let list = try json(send(.GET, path)).arrayValue ?? []
            XCTAssertEqual(list.map { $0["id"] }, ["bright", "default"], path)
            XCTAssertEqual(list.first?["attribution"], "© OpenStreetMap contributors | © Natural Earth", path)
        }
        let big = try json(send(.GET, "/512/rendered.json")).arrayValue ?? []
        XCTAssertEqual(big.map { $0["tileSize"] }, [512, 512])
        XCTAssertEqual(try json(send(.GET, "/256/index.json")).arrayValue?.count, 2)
        XCTAssertEqual(try json(send(.GET, "/100/index.json"))["error"]?["code"], "invalid_tile_size")
        XCTAssertEqual(try send(.GET, "/js/index.json").status, .notFound, "the viewer's files still win")
    }

    func testTileJSONRoutes() throws {
        let hash = try XCTUnwrap(app.published.style("bright")).renderHash
        let t = try json(send(.GET, "/styles/bright.json"))
        XCTAssertEqual(t["tiles"], .array([.string("http://maps.example:8080/styles/bright/{z}/{x}/{y}.png?v=\(hash)")]))
        let t512 = try json(send(.GET, "/styles/512/bright.json?format=jpg"))
        XCTAssertEqual(t512["tiles"], .array([.string("http://maps.example:8080/styles/bright/512/{z}/{x}/{y}.jpg?v=\(hash)")]))
        XCTAssertEqual(try json(send(.GET, "/styles/256/bright.json"))["tileSize"], 256)
        let missing = try send(.GET, "/styles/nope.json")
        XCTAssertEqual(missing.status, .notFound)
        XCTAssertEqual(try json(missing)["error"]?["code"], "unknown_style")
        XCTAssertEqual(try send(.GET, "/styles/broken.json").status, .notFound)
        XCTAssertEqual(try json(send(.GET, "/styles/300/bright.json"))["error"]?["code"], "invalid_tile_size")
        XCTAssertEqual(try json(send(.GET, "/styles/bright.json?format=gif"))["error"]?["code"], "invalid_format")
    }

    func testTilesRenderAsSessionTilesOfTheSameStyle() throws {
        let session = try send(.GET, "/tiles/1/0/0.png")
        let published = try send(.GET, "/styles/default/1/0/0.png")
        XCTAssertEqual(published.status, .ok)
        XCTAssertEqual(Array(published.bodyBytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(published.headers.first(name: "ETag"), session.headers.first(name: "ETag"), "same style, same cached tile")
        XCTAssertEqual(try send(.GET, "/styles/default/512/1/0/0@2x.webp").headers.first(name: "Content-Type"), "image/webp")
        XCTAssertEqual(try send(.GET, "/styles/default/256/1/0/0.jpg").headers.first(name: "Content-Type"), "image/jpeg")
        XCTAssertEqual(try send(.GET, "/styles/bright/1/0/0.png").status, .ok)
        // Restyling the default session leaves the published style alone.
        XCTAssertEqual(try send(.PATCH, "/layers/bg", ##"{"paint": {"background-color": "#00ff00"}}"##).status, .ok)
        XCTAssertNotEqual(try send(.GET, "/tiles/1/0/0.png").headers.first(name: "ETag"), session.headers.first(name: "ETag"))
        XCTAssertEqual(try send(.GET, "/styles/default/1/0/0.png").headers.first(name: "ETag"), published.headers.first(name: "ETag"))
    }

    func testTileErrorsAndReadOnly() throws {
        let unknown = try send(.GET, "/styles/nope/1/0/0.png")
        XCTAssertEqual(unknown.status, .notFound)
        XCTAssertEqual(try json(unknown)["error"]?["code"], "unknown_style")
        for path in ["/styles/default/1/2/0.png", "/styles/default/a/0/0.png", "/styles/default/1/0/0.gif", "/styles/default/1/0/0@9x.png"] {
            let r = try send(.GET, path)
            XCTAssertEqual(r.status, .badRequest, path)
            XCTAssertEqual(try json(r)["error"]?["code"], "invalid_tile", path)
        }
        XCTAssertEqual(try json(send(.GET, "/styles/default/128/1/0/0.png"))["error"]?["code"], "invalid_tile_size")
        for method in [HTTPMethod.PUT, .POST, .PATCH, .DELETE] {
            XCTAssertEqual(try send(method, "/styles/default/1/0/0.png", "{}").status, .methodNotAllowed)
            XCTAssertEqual(try send(method, "/styles/default.json", "{}").status, .methodNotAllowed)
        }
    }
}
