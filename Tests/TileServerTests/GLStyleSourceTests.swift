import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import XCTest
@testable import TileServer

/// A published style's local source files for GL clients: GeoJSON `data`, TileJSON `url` and
/// relative `tiles` rewritten to absolute URLs of `/styles/{id}/sources/…`, which serve them.
final class GLStyleSourceTests: AppHarnessTestCase {
    static let geojson = #"{"type": "FeatureCollection", "features": []}"#
    static let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 1, 2, 3]

    static let style = ##"""
    {"version": 8, "sources": {
       "places": {"type": "geojson", "data": "places.geojson"},
       "inline": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}},
       "shade": {"type": "raster", "url": "shade.json", "tileSize": 256},
       "photo": {"type": "raster", "tiles": ["tiles/{z}/{x}/{y}.png"], "tileSize": 256},
       "my source": {"type": "geojson", "data": "places.geojson"}},
     "layers": []}
    """##

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(Self.style, to: "styles/default.json")
        try write(Self.geojson, to: "places.geojson")
        try write(#"{"tilejson": "3.0.0", "tiles": ["tiles/{z}/{x}/{y}.png"], "minzoom": 1}"#, to: "shade.json")
        try write(Self.png, to: "tiles/1/0/1.png")
        try startApp()
    }

    func get(_ uri: String) throws -> HTTPResponse { try request(.GET, uri) }

    func testStyleJSONPointsLocalSourcesAtThisServer() throws {
        let style = try JSONParser.parse(get("/styles/default/style.json").body)
        let at = "http://maps.example/styles/default/sources/"
        XCTAssertEqual(style["sources"]?["places"]?["data"], .string(at + "places.geojson"))
        XCTAssertEqual(style["sources"]?["my source"]?["data"], .string(at + "my%20source.geojson"))
        XCTAssertEqual(style["sources"]?["inline"]?["data"]?["type"], "FeatureCollection", "inline GeoJSON stays inline")
        XCTAssertEqual(style["sources"]?["shade"]?["url"], .string(at + "shade.json"))
        XCTAssertEqual(style["sources"]?["photo"]?["tiles"], [.string(at + "photo/{z}/{x}/{y}.png")])
    }

    func testTheRoutesServeTheFiles() throws {
        let g = try get("/styles/default/sources/places.geojson")
        XCTAssertEqual(g.status, .ok)
        XCTAssertEqual(g.headers.first(name: "Content-Type"), "application/geo+json")
        XCTAssertEqual(g.body, Array(Self.geojson.utf8))
        XCTAssertEqual(try get("/styles/default/sources/my%20source.geojson").body, Array(Self.geojson.utf8))
        let tj = try JSONParser.parse(get("/styles/default/sources/shade.json").body)
        XCTAssertEqual(tj["tiles"], ["http://maps.example/styles/default/sources/shade/{z}/{x}/{y}.png"], "relative tiles absolute")
        XCTAssertEqual(tj["minzoom"], 1, "the rest as stored")
        for uri in ["/styles/default/sources/shade/1/0/1.png", "/styles/default/sources/photo/1/0/1.png"] {
            let t = try get(uri)
            XCTAssertEqual(t.status, .ok, uri)
            XCTAssertEqual(t.headers.first(name: "Content-Type"), "image/png")
            XCTAssertEqual(t.body, Self.png)
        }
        XCTAssertEqual(try get("/styles/default/sources/photo/1/1/1.png").status, .notFound, "a missing raster tile")
    }

    func testRemoteAndUnnamableSourcesAreKept() {
        let remote: JSONValue = ["type": "geojson", "data": "https://example.com/x.geojson"]
        let kept = GLStyleSources.rewrite(remote.objectValue!, name: "r", id: "s", baseURL: "http://h",
                                          isLocalFile: { !$0.contains("://") }, isLocalTemplate: { _ in true })
        XCTAssertEqual(JSONValue.object(kept), remote)
        let slash: JSONValue = ["type": "geojson", "data": "a.geojson"]
        XCTAssertEqual(JSONValue.object(GLStyleSources.rewrite(slash.objectValue!, name: "a/b", id: "s", baseURL: "http://h",
                                                               isLocalFile: { _ in true }, isLocalTemplate: { _ in true })), slash)
        XCTAssertEqual(GLStyleSources.tileTemplate("http://h/x", "t/{z}/{x}/{y}.pbf?v=2"), "http://h/x/{z}/{x}/{y}.pbf")
        XCTAssertEqual(GLStyleSources.tileTemplate("http://h/x", "t/{quadkey}"), "http://h/x/{z}/{x}/{y}")
    }

    func testErrors() throws {
        for (uri, status) in [("/styles/default/sources/inline.geojson", HTTPResponseStatus.notFound),
                              ("/styles/default/sources/nope.geojson", .notFound),
                              ("/styles/default/sources/places.txt", .notFound),
                              ("/styles/default/sources/places.json", .notFound),
                              ("/styles/nope/sources/places.geojson", .notFound),
                              ("/styles/default/sources/photo/1/2/0.png", .badRequest),
                              ("/styles/default/sources/places/0/0/0.png", .notFound)] {
            let r = try get(uri)
            XCTAssertEqual(r.status, status, uri)
            XCTAssertNotNil(try? JSONParser.parse(r.body)["error"], uri)
        }
    }
}
