import Foundation
import GRDB
import SourceData
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import XCTest
@testable import TileServer

/// The data directory's archives for GL clients: `/data/{id}/{z}/{x}/{y}.pbf` as stored,
/// `/data/{id}.json`, `/data.json`, `/index.json`'s data entries and `/fonts.json`.
final class PublishedDataTests: AppHarnessTestCase {
    /// A gzip member header and some bytes: served as stored, never inflated by the route.
    static let gzipped: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(##"{"version": 8, "sources": {}, "layers": []}"##, to: "styles/default.json")
        try makeMBTiles(dir.appendingPathComponent("city.mbtiles").path)
        try write("not sqlite", to: "broken.mbtiles")
        try startApp()
    }

    func makeMBTiles(_ path: String, credit: [(String, String)] = [("attribution", "© OpenStreetMap contributors")]) throws {
        let db = try DatabaseQueue(path: path)
        try db.write { db in
            try db.execute(sql: "CREATE TABLE metadata (name text, value text)")
            try db.execute(sql: "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)")
            let json = ##"{"vector_layers": [{"id": "water", "fields": {"class": "String"}, "minzoom": 0, "maxzoom": 14}]}"##
            for (k, v) in [("name", "City"), ("format", "pbf"),
                           ("minzoom", "0"), ("maxzoom", "14"), ("bounds", "13,53,14,54"), ("json", json)] + credit {
                try db.execute(sql: "INSERT INTO metadata VALUES (?, ?)", arguments: [k, v])
            }
            try db.execute(sql: "INSERT INTO tiles VALUES (0, 0, 0, ?)", arguments: [Data(Self.gzipped)])
            try db.execute(sql: "INSERT INTO tiles VALUES (1, 1, 0, ?)", arguments: [Data([9, 8, 7])])   // TMS row 0 = XYZ y 1
        }
        try db.close()
    }

    func send(_ uri: String, method: HTTPMethod = .GET) throws -> HTTPResponse { try request(method, uri) }

    func json(_ r: HTTPResponse) throws -> JSONValue { try JSONParser.parse(r.body) }

    func testTilesAsStored() throws {
        let gz = try send("/data/city/0/0/0.pbf")
        XCTAssertEqual(gz.status, .ok)
        XCTAssertEqual(Array(gz.bodyBytes), Self.gzipped)
        XCTAssertEqual(gz.headers.first(name: "Content-Type"), "application/x-protobuf")
        XCTAssertEqual(gz.headers.first(name: "Content-Encoding"), "gzip")
        XCTAssertNil(gz.headers.first(name: "Vary"))
        let plain = try send("/data/city/1/1/1.pbf")
        XCTAssertEqual(Array(plain.bodyBytes), [9, 8, 7])
        XCTAssertNil(plain.headers.first(name: "Content-Encoding"))
        let missing = try send("/data/city/1/0/0.pbf")
        XCTAssertEqual(missing.status, .noContent, "a tile the archive lacks, as tileserver-gl answers")
        XCTAssertTrue(missing.bodyBytes.isEmpty)
    }

    func testTileErrors() throws {
        XCTAssertEqual(try json(send("/data/nope/0/0/0.pbf"))["error"]?["code"], "unknown_data")
        XCTAssertEqual(try send("/data/broken/0/0/0.pbf").status, .notFound, "an archive that does not open is not published")
        XCTAssertEqual(try json(send("/data/city/0/0/0.png"))["error"]?["code"], "invalid_format")
        XCTAssertEqual(try json(send("/data/city/0/0/0"))["error"]?["code"], "invalid_format")
        for path in ["/data/city/1/2/0.pbf", "/data/city/x/0/0.pbf", "/data/city/99/0/0.pbf", "/data/city/0/0/-1.pbf"] {
            let r = try send(path)
            XCTAssertEqual(r.status, .badRequest, path)
            XCTAssertEqual(try json(r)["error"]?["code"], "invalid_tile", path)
        }
        let deep = try send("/data/city/15/0/0.pbf")
        XCTAssertEqual(deep.status, .notFound, "beyond the archive's maxzoom, as tileserver-gl answers")
        XCTAssertEqual(try json(deep)["error"]?["code"], "out_of_bounds")
        XCTAssertEqual(try send("/data/city/0/0/0.pbf", method: .PUT).status, .methodNotAllowed)
    }

    func testTileJSONAndCatalogs() throws {
        let t = try json(send("/data/city.json"))
        XCTAssertEqual(t["tiles"], ["http://maps.example/data/city/{z}/{x}/{y}.pbf"])
        XCTAssertEqual(t["name"], "City")
        XCTAssertEqual(t["attribution"], "© OpenStreetMap contributors")
        XCTAssertEqual(t["format"], "pbf")
        XCTAssertEqual(t["bounds"], [13, 53, 14, 54])
        XCTAssertEqual(t["minzoom"], 0)
        XCTAssertEqual(t["maxzoom"], 14)
        XCTAssertEqual(t["vector_layers"], [["id": "water", "fields": ["class": "String"], "minzoom": 0, "maxzoom": 14]])
        XCTAssertEqual(t["center"], [13.5, 53.5, 0], "the middle of the bounds without a center row")
        XCTAssertEqual(PublishedData.center("13.4, 52.5, 12", bounds: [0, 0, 1, 1], minzoom: 0), [13.4, 52.5, 12])
        XCTAssertEqual(PublishedData.center([1, 2, 3], bounds: [0, 0, 1, 1], minzoom: 0), [1, 2, 3])
        XCTAssertEqual(PublishedData.center("1,2", bounds: [0, 0, 2, 4], minzoom: 5), [1, 2, 5])
        XCTAssertEqual(try json(send("/data/nope.json"))["error"]?["code"], "unknown_data")
        XCTAssertEqual(try json(send("/data.json")).arrayValue?.map { $0["id"] }, ["city"])
        XCTAssertEqual(try json(send("/index.json")).arrayValue?.map { $0["id"] }, ["default", "city"], "rendered, then data")
        XCTAssertEqual(try json(send("/rendered.json")).arrayValue?.map { $0["id"] }, ["default"])
        XCTAssertEqual(try send("/fonts.json").status, .ok)
    }

    /// A source's attribution as a GL client shows it: its own, else its archive's.
    func testSourceAttributionFallsBackToTheArchive() throws {
        let data = app.publishedData
        XCTAssertEqual(data.attribution(ofSource: ["type": "vector", "url": "mbtiles://city"]), "© OpenStreetMap contributors")
        XCTAssertEqual(data.attribution(ofSource: ["type": "vector", "url": "mbtiles://city", "attribution": "Mine"]), "Mine")
        XCTAssertEqual(data.attribution(ofSource: ["type": "vector", "url": "mbtiles://city", "attribution": ""]), "",
                       "an empty attribution of the style's own is kept")
        XCTAssertNil(data.attribution(ofSource: ["type": "vector", "url": "mbtiles://nope"]))
        XCTAssertNil(data.attribution(ofSource: ["type": "vector", "url": "https://example.com/tiles.json"]))
        let tileJSON = PublishedTileJSON.rendered(id: "s", style: ["version": 8, "sources": ["a": ["type": "vector", "url": "mbtiles://city"],
                                                                                         "b": ["type": "geojson", "attribution": "NE"]]],
                                                  renderHash: "h", baseURL: "http://x", tileSize: 256,
                                                  sourceAttribution: data.attribution(ofSource:))
        XCTAssertEqual(tileJSON["attribution"], "© OpenStreetMap contributors | NE")
    }

    /// An archive without an attribution (tilemaker's OpenMapTiles archives) keeps the credit
    /// its description gives, so an OSM map still shows "© OpenStreetMap contributors".
    func testArchiveCreditFromItsDescription() throws {
        func credit(_ metadata: [(String, String)]) throws -> String? {
            let path = dir.appendingPathComponent("credit-\(UUID().uuidString).mbtiles").path
            try makeMBTiles(path, credit: metadata)
            return PublishedData.attribution(of: try MBTilesArchive(path: path))
        }
        XCTAssertEqual(try credit([("attribution", ""), ("description", "© OpenStreetMap contributors (ODbL)")]),
                       "© OpenStreetMap contributors (ODbL)")
        XCTAssertEqual(try credit([("description", "Town from OpenStreetMap data")]), "Town from OpenStreetMap data")
        XCTAssertEqual(try credit([("attribution", "© Mine"), ("description", "© OpenStreetMap")]), "© Mine")
        XCTAssertNil(try credit([("description", "Just some tiles")]))
        XCTAssertNil(try credit([]))
    }
}
