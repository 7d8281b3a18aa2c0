import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import XCTest
@testable import TileServer

/// `/styles/{id}/style.json` for GL clients (URLs made absolute to this server) and the
/// sprite files at `/styles/{id}/sprite[@2x].{json,png}`.
final class GLStyleTests: AppHarnessTestCase {

    static let style = ##"""
    {"version": 8, "name": "GL", "sprite": "sprites/s?v=1", "glyphs": "fonts/{fontstack}/{range}.pbf",
     "sources": {"city": {"type": "vector", "url": "mbtiles://city"},
                 "pts": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
     "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#0000ff"}}]}
    """##

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(##"{"version": 8, "sources": {}, "layers": []}"##, to: "styles/default.json")
        try write(Self.style, to: "styles/gl.json")
        try write(##"{"version": 8, "sprite": [{"id": "base", "url": "sprites/s"}, {"id": "a b", "url": "sprites/s"}], "sources": {}, "layers": []}"##,
                  to: "styles/multi.json")
        try write(##"{"version": 8, "name": "Index", "sources": {}, "layers": []}"##, to: "styles/index.json")
        try write(##"{"a": {"x": 0, "y": 0, "width": 1, "height": 1, "pixelRatio": 1}}"##, to: "sprites/s.json")
        try write([0x89, 0x50, 0x4E, 0x47, 1], to: "sprites/s.png")
        try write([0x89, 0x50, 0x4E, 0x47, 2], to: "sprites/s@2x.png")
        let archive = dir.appendingPathComponent("city.mbtiles").path
        try startApp { $0.archives = ["city": archive] }
    }

    func send(_ uri: String) throws -> HTTPResponse { try request(.GET, uri) }

    func testRewriteMakesServedURLsAbsolute() throws {
        let style = try JSONParser.parse(Self.style)
        let out = GLStyleDocument.rewrite(style, id: "gl", baseURL: "http://h", publishedID: { $0 == "city" || $0 == "{city}" ? "city" : nil }, hasFonts: true)
        XCTAssertEqual(out["sources"]?["city"]?["url"], "http://h/data/city.json")
        XCTAssertEqual(out["sources"]?["pts"], style["sources"]?["pts"], "inline data is kept")
        XCTAssertEqual(out["glyphs"], "http://h/fonts/{fontstack}/{range}.pbf")
        XCTAssertEqual(out["sprite"], "http://h/styles/gl/sprite")
        XCTAssertEqual(out["layers"], style["layers"])
        let unpublished = GLStyleDocument.rewrite(style, id: "gl", baseURL: "http://h", publishedID: { _ in nil }, hasFonts: false)
        XCTAssertEqual(unpublished["sources"]?["city"]?["url"], "mbtiles://city", "an archive not published stays as it was")
        XCTAssertEqual(unpublished["glyphs"], "fonts/{fontstack}/{range}.pbf")
        XCTAssertNil(GLStyleDocument.archiveName("pmtiles://https://example.com/a.pmtiles"))
        XCTAssertEqual(GLStyleDocument.archiveName("pmtiles://world"), "world")
        XCTAssertNil(GLStyleDocument.archiveName("tiles/city.json"))
    }

    func testStyleJSONRoute() throws {
        let r = try send("/styles/gl/style.json")
        XCTAssertEqual(r.status, .ok)
        let doc = try JSONParser.parse(r.body)
        XCTAssertEqual(doc["sprite"], "http://maps.example/styles/gl/sprite")
        XCTAssertEqual(doc["name"], "GL")
        XCTAssertNil(r.headers.first(name: "Vary"))
        XCTAssertEqual(try JSONParser.parse(send("/styles/nope/style.json").body)["error"]?["code"], "unknown_style")
    }

    func testSpriteFiles() throws {
        let json = try send("/styles/gl/sprite.json")
        XCTAssertEqual(json.status, .ok)
        XCTAssertEqual(json.headers.first(name: "Content-Type"), "application/json")
        XCTAssertEqual(try JSONParser.parse(json.body)["a"]?["width"], 1)
        XCTAssertEqual(Array(try send("/styles/gl/sprite.png").bodyBytes), [0x89, 0x50, 0x4E, 0x47, 1])
        XCTAssertEqual(Array(try send("/styles/gl/sprite@2x.png").bodyBytes), [0x89, 0x50, 0x4E, 0x47, 2])
        XCTAssertEqual(try send("/styles/gl/sprite@2x.json").status, .ok, "falls back to the plain index")
        let none = try send("/styles/default/sprite.json")
        XCTAssertEqual(none.status, .notFound)
        XCTAssertEqual(try JSONParser.parse(none.body)["error"]?["code"], "no_sprite")
        XCTAssertEqual(try send("/styles/nope/sprite.png").status, .notFound)
    }

    func testStylesNamedLikeCatalogsKeepTheirURLs() throws {
        XCTAssertEqual(try JSONParser.parse(send("/styles/index.json").body)["name"], "Index")
        XCTAssertEqual(try JSONParser.parse(send("/styles/index/style.json").body)["name"], "Index")
        XCTAssertEqual(try JSONParser.parse(send("/512/index.json").body).arrayValue?.first?["tileSize"], 512)
        XCTAssertEqual(try JSONParser.parse(send("/layers/index.json").body)["error"]?["code"], "unknown_layer")
    }

    func testSpriteArrays() throws {
        let doc = try JSONParser.parse(send("/styles/multi/style.json").body)
        XCTAssertEqual(doc["sprite"], [["id": "base", "url": "http://maps.example/styles/multi/sprite/base"],
                                       ["id": "a b", "url": "sprites/s"]], "an id unfit for a URL is kept as written")
        XCTAssertEqual(Array(try send("/styles/multi/sprite/base@2x.png").bodyBytes), [0x89, 0x50, 0x4E, 0x47, 2])
        XCTAssertEqual(try JSONParser.parse(send("/styles/multi/sprite/base.json").body)["a"]?["height"], 1)
        XCTAssertEqual(try JSONParser.parse(send("/styles/multi/sprite/other.png").body)["error"]?["code"], "no_sprite")
        XCTAssertEqual(try send("/styles/multi/sprite/base.gif").status, .notFound)
        XCTAssertEqual(try JSONParser.parse(send("/styles/multi/sprite.json").body)["error"]?["code"], "no_sprite")
        XCTAssertEqual(try send("/styles/gl/sprite/base.png").status, .notFound, "a single sprite has no ids")
    }
}
