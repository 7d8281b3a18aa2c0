import XCTest
import Foundation
import Geo
import JSON
@testable import SourceData

final class TileJSONTests: XCTestCase {
    var base: URL!
    var dir: DataDirectory!

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tilejson-\(UUID().uuidString)")
        let root = base.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tilesets"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tiles"), withIntermediateDirectories: true)
        try Data("{\"tiles\": [\"tiles/{z}-{x}-{y}.mvt\"], \"minzoom\": 2, \"maxzoom\": 12, \"bounds\": [-10, -5, 10, 5], \"vector_layers\": [{\"id\": \"road\"}]}".utf8)
            .write(to: root.appendingPathComponent("tilesets/vector.json"))
        try Data("{\"tiles\": [\"../outside/{z}/{x}/{y}.png\"]}".utf8).write(to: root.appendingPathComponent("tilesets/hostile.json"))
        try Data("{\"tiles\": \"tiles/{z}.png\"}".utf8).write(to: root.appendingPathComponent("tilesets/badtype.json"))
        try Data("{\"tiles\": [\"https://evil.example.com/{z}/{x}/{y}.png\"]}".utf8).write(to: root.appendingPathComponent("tilesets/remote.json"))
        try Data([1, 2, 3]).write(to: root.appendingPathComponent("tiles/3-1-2.mvt"))
        try Data().write(to: root.appendingPathComponent("tiles/3-1-5.mvt"))
        dir = try DataDirectory(root: root.path)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    func source(_ json: String) throws -> JSONObject { try XCTUnwrap(JSONParser.parse(json).objectValue) }

    func testParseReadsTheFieldsAndPointsAtBadOnes() throws {
        let t = try TileJSON.parse(JSONParser.parse("{\"tiles\": [\"a\", \"b\"], \"minzoom\": 1, \"maxzoom\": 9, \"scheme\": \"tms\", \"tileSize\": 256, \"bounds\": [1, 2, 3, 4]}"))
        XCTAssertEqual(t.tiles, ["a", "b"]); XCTAssertEqual(t.minzoom, 1); XCTAssertEqual(t.maxzoom, 9)
        XCTAssertEqual(t.scheme, .tms); XCTAssertEqual(t.tileSize, 256); XCTAssertEqual(t.bounds, [1, 2, 3, 4])
        for (json, pointer) in [("{\"tiles\": [1]}", "/tiles/0"), ("{\"minzoom\": \"2\"}", "/minzoom"), ("{\"bounds\": [1, 2]}", "/bounds"),
                                ("{\"scheme\": \"zxy\"}", "/scheme"), ("{\"tileSize\": 0.5}", "/tileSize")] {
            XCTAssertThrowsError(try TileJSON.parse(JSONParser.parse(json)), json) { e in
                XCTAssertEqual((e as? TileSourceError)?.path.description, pointer, "\(e)")
            }
        }
        XCTAssertThrowsError(try TileJSON.parse(.array([])))
    }

    func testStyleValuesOverrideTheTileJSON() throws {
        let s = try TiledSource.resolve(source("{\"type\": \"vector\", \"url\": \"tilesets/vector.json\", \"maxzoom\": 14, \"bounds\": [0, 0, 1, 1]}"),
                                        directory: dir, archives: TileArchiveRegistry())
        XCTAssertEqual(s.minzoom, 2, "from the TileJSON")
        XCTAssertEqual(s.maxzoom, 14, "the style's own maxzoom wins")
        XCTAssertEqual(s.bounds, [0, 0, 1, 1], "the style's own bounds win")
        XCTAssertEqual(s.vectorLayers, ["road"])
        XCTAssertEqual(s.tileSize, 512)
        guard case .templates(let t) = s.origin else { return XCTFail() }
        XCTAssertEqual(t, ["tiles/{z}-{x}-{y}.mvt"])
    }

    func testTileJSONTilesResolveAgainstTheDataDirectoryRoot() throws {
        let s = try TiledSource.resolve(source("{\"type\": \"vector\", \"url\": \"tilesets/vector.json\"}"), directory: dir, archives: TileArchiveRegistry())
        XCTAssertEqual(try s.tileBytes(TileID(z: 3, x: 1, y: 2)!, directory: dir), [1, 2, 3])
        XCTAssertEqual(try s.tileBytes(TileID(z: 3, x: 1, y: 5)!, directory: dir), [], "zero-length file: empty tile")
        XCTAssertNil(try s.tileBytes(TileID(z: 3, x: 1, y: 3)!, directory: dir), "no file: missing tile")
    }

    func testTMSFlipsTemplateRows() throws {
        let s = try TiledSource.resolve(source("{\"type\": \"vector\", \"tiles\": [\"tiles/{z}-{x}-{y}.mvt\"], \"scheme\": \"tms\"}"),
                                        directory: dir, archives: TileArchiveRegistry())
        XCTAssertEqual(try s.tileBytes(TileID(z: 3, x: 1, y: 5)!, directory: dir), [1, 2, 3], "XYZ row 5 is TMS row 2")
    }

    func testHostileTilesAreRefused() throws {
        let reg = TileArchiveRegistry()
        for json in ["{\"tiles\": [\"/etc/{z}/{x}/{y}.png\"]}", "{\"tiles\": [\"tiles/../../{z}.png\"]}", "{\"url\": \"tilesets/hostile.json\"}",
                     "{\"tiles\": [\"file:///etc/passwd\"]}", "{\"url\": \"../tilesets/vector.json\"}"] {
            XCTAssertThrowsError(try TiledSource.resolve(source(json), directory: dir, archives: reg), json) { e in
                XCTAssertEqual((e as? DataPathError)?.code, "forbidden_path", "\(json): \(e)")
            }
        }
        XCTAssertThrowsError(try TiledSource.resolve(source("{\"url\": \"tilesets/remote.json\"}"), directory: dir, archives: reg)) { e in
            XCTAssertEqual((e as? DataPathError)?.code, "forbidden_remote", "\(e)")
        }
        XCTAssertThrowsError(try TiledSource.resolve(source("{\"url\": \"tilesets/badtype.json\"}"), directory: dir, archives: reg)) { e in
            XCTAssertTrue("\(e)".contains("/tiles"), "\(e)")
        }
        XCTAssertThrowsError(try TiledSource.resolve(source("{\"url\": \"tilesets/missing.json\"}"), directory: dir, archives: reg))
        XCTAssertThrowsError(try TiledSource.resolve(source("{\"type\": \"vector\"}"), directory: dir, archives: reg))
        XCTAssertThrowsError(try TiledSource.resolve(source("{\"url\": \"mbtiles://nope\"}"), directory: dir, archives: reg)) { e in
            XCTAssertEqual((e as? DataPathError)?.code, "unknown_archive", "\(e)")
        }
    }

    func testBoundsLimitTilesLikeMapLibre() throws {
        let s = try TiledSource.resolve(source("{\"tiles\": [\"tiles/{z}-{x}-{y}.mvt\"], \"bounds\": [13.4043671, 52.4959407, 13.425247606101294, 52.5033795378269]}"),
                                        directory: dir, archives: TileArchiveRegistry())
        let inside = TileID.containing(WebMercator.project(lon: 13.41, lat: 52.5), zoom: 14)
        XCTAssertTrue(s.covers(inside))
        XCTAssertFalse(s.covers(TileID(z: 14, x: inside.x + 3, y: inside.y)!))
        XCTAssertTrue(s.covers(TileID(z: 0, x: 0, y: 0)!))
        let world = try TiledSource.resolve(source("{\"tiles\": [\"t/{z}\"]}"), directory: dir, archives: TileArchiveRegistry())
        XCTAssertTrue(world.covers(TileID(z: 5, x: 31, y: 0)!))
    }

    func testArchiveURLsUseArchiveMetadata() throws {
        var w = PMTilesWriter()
        w.tiles = [(0, 0, 0, [9])]
        let path = base.appendingPathComponent("p.pmtiles")
        try Data(w.encode()).write(to: path)
        let d = try DataDirectory(root: dir.root, archives: ["p": path.path])
        let s = try TiledSource.resolve(source("{\"type\": \"vector\", \"url\": \"pmtiles://p\", \"minzoom\": 1}"), directory: d, archives: TileArchiveRegistry())
        XCTAssertEqual(s.minzoom, 1); XCTAssertEqual(s.maxzoom, 14)
        XCTAssertEqual(s.format, "pbf")
        XCTAssertEqual(try s.tileBytes(TileID(z: 0, x: 0, y: 0)!, directory: d), [9])
    }
}
