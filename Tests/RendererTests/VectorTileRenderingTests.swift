import XCTest
import Geo
import JSON
import Raster
import SourceData
import StyleSpec
@testable import Renderer

/// Vector-tile layers drawn per source tile: clipped to the tile's square (buffers never
/// draw twice), over-zoomed past maxzoom, no parent for a missing vector tile.
final class VectorTileRenderingTests: XCTestCase {
    var fixture: TileFixture!

    override func setUpWithError() throws { fixture = try TileFixture() }
    override func tearDown() { fixture = nil }

    func style(_ layer: String, source: String = "\"tiles\": [\"tiles/{z}/{x}/{y}.mvt\"]") -> String {
        "{\"version\": 8, \"sources\": {\"v\": {\"type\": \"vector\", \(source)}}, \"layers\": [\(layer)]}"
    }

    /// Zoom 1 centred on the world: the inner quarter of each z1 tile (512 px) fills one 256 px
    /// quadrant of the view; tile unit (u, v) of tile 1/0/0 lands at (u/8 − 256, v/8 − 256).
    let quadrants = Camera(center: WorldPoint(0.5, 0.5), zoom: 1, width: 512, height: 512)

    func testFillsAreClippedToTheirTileSoBuffersDoNotDrawTwice() throws {
        // Both top tiles hold a square reaching 400 units (50 px) past every edge.
        let buffered = MiniMVT.tile(layer: "water", features: [(3, [MiniMVT.square(-400, 4496)])])
        try fixture.write(buffered, "tiles/1/0/0.mvt")
        try fixture.write(buffered, "tiles/1/1/0.mvt")
        let px = try fixture.render(style("{\"id\": \"w\", \"type\": \"fill\", \"source\": \"v\", \"source-layer\": \"water\", \"paint\": {\"fill-color\": \"#ff0000\", \"fill-opacity\": 0.5}}"), quadrants)
        XCTAssertEqual(px.rgba(100, 100), [128, 0, 0, 128])
        XCTAssertEqual(px.rgba(250, 100), [128, 0, 0, 128], "near the shared edge: one layer of paint, not two")
        XCTAssertEqual(px.rgba(262, 100), [128, 0, 0, 128])
        for x in 254...258 { XCTAssertEqual(px.rgba(x, 100), [128, 0, 0, 128], "x = \(x): the cut edges of both tiles' polygons stay hidden") }
        XCTAssertEqual(px.rgba(100, 257), [0, 0, 0, 0])
        XCTAssertEqual(px.rgba(100, 270), [0, 0, 0, 0], "the buffer below tile 1/0/0 stays inside its tile")
        XCTAssertEqual(px.rgba(400, 400), [0, 0, 0, 0])
    }

    func testLinesStopAtTheirTileEdge() throws {
        // A thick horizontal line in tile 1/0/0 (y = 128 px) running 400 units past its right edge.
        try fixture.write(MiniMVT.tile(layer: "road", features: [(2, [[(1000, 3072), (4496, 3072)]])]), "tiles/1/0/0.mvt")
        let px = try fixture.render(style("{\"id\": \"r\", \"type\": \"line\", \"source\": \"v\", \"source-layer\": \"road\", \"paint\": {\"line-color\": \"#0000ff\", \"line-width\": 10}}"), quadrants)
        XCTAssertEqual(px.rgba(250, 128)[3], 255)
        XCTAssertEqual(px.rgba(262, 128), [0, 0, 0, 0], "the part in the neighbour's square is the neighbour's business")
    }

    func testOverzoomUsesMaxzoomTiles() throws {
        try fixture.write(MiniMVT.tile(layer: "water", features: [(3, [MiniMVT.square(0, 2048)])]), "tiles/1/0/0.mvt")
        // Zoom 3 at world (0.2, 0.2): the square's corner (world 0.25) lands at x = 256 + 0.05·4096.
        let camera = Camera(center: WorldPoint(0.2, 0.2), zoom: 3, width: 512, height: 512)
        let px = try fixture.render(style("{\"id\": \"w\", \"type\": \"fill\", \"source\": \"v\", \"source-layer\": \"water\", \"paint\": {\"fill-color\": \"#00ff00\"}}",
                                          source: "\"tiles\": [\"tiles/{z}/{x}/{y}.mvt\"], \"maxzoom\": 1"), camera)
        XCTAssertEqual(px.rgba(100, 100), [0, 255, 0, 255])
        XCTAssertEqual(px.rgba(455, 455), [0, 255, 0, 255])
        XCTAssertEqual(px.rgba(466, 100), [0, 0, 0, 0])
    }

    func testMissingVectorTilesDrawNothingAndMinzoomHides() throws {
        try fixture.write(MiniMVT.tile(layer: "water", features: [(3, [MiniMVT.square(-10, 4106)])]), "tiles/0/0/0.mvt")
        try fixture.write([], "tiles/1/0/0.mvt")
        let layer = "{\"id\": \"w\", \"type\": \"fill\", \"source\": \"v\", \"source-layer\": \"water\", \"paint\": {\"fill-color\": \"#00ff00\"}}"
        let z1 = try fixture.render(style(layer), quadrants)
        XCTAssertEqual(z1.rgba(100, 100), [0, 0, 0, 0], "empty tile file")
        XCTAssertEqual(z1.rgba(400, 400), [0, 0, 0, 0], "missing vector tile: no parent stands in (MapLibre treats 404 as empty)")
        let z0 = try fixture.render(style(layer), Camera(center: WorldPoint(0.5, 0.5), zoom: 0, width: 256, height: 256))
        XCTAssertEqual(z0.rgba(128, 128), [0, 255, 0, 255])
        let hidden = try fixture.render(style(layer, source: "\"tiles\": [\"tiles/{z}/{x}/{y}.mvt\"], \"minzoom\": 1"),
                                        Camera(center: WorldPoint(0.5, 0.5), zoom: 0, width: 256, height: 256))
        XCTAssertEqual(hidden.rgba(128, 128), [0, 0, 0, 0], "below the source's minzoom")
    }

    func testCirclesBelongToOneTileAndAreNotClipped() throws {
        // The same point seen from both tiles: on tile 1/0/0's right edge (x = extent, outside
        // [0, extent)) and at x = 0 of tile 1/1/0.
        try fixture.write(MiniMVT.tile(layer: "poi", features: [(1, [[(4096, 3072)]])]), "tiles/1/0/0.mvt")
        try fixture.write(MiniMVT.tile(layer: "poi", features: [(1, [[(0, 3072)]])]), "tiles/1/1/0.mvt")
        let px = try fixture.render(style("{\"id\": \"p\", \"type\": \"circle\", \"source\": \"v\", \"source-layer\": \"poi\", \"paint\": {\"circle-color\": \"#ff0000\", \"circle-opacity\": 0.5, \"circle-radius\": 20}}"), quadrants)
        XCTAssertEqual(px.rgba(256, 128)[3], 128, "drawn once")
        XCTAssertEqual(px.rgba(246, 128)[3], 128, "reaches into the left tile's square")
    }

    func testTileJSONAndBoundsLimitTiles() throws {
        try fixture.write(Array("{\"tiles\": [\"tiles/{z}/{x}/{y}.mvt\"], \"bounds\": [-180, 0, 0, 85]}".utf8), "tilesets/v.json")
        let full = MiniMVT.tile(layer: "water", features: [(3, [MiniMVT.square(-10, 4106)])])
        for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] { try fixture.write(full, "tiles/1/\(x)/\(y).mvt") }
        let px = try fixture.render(style("{\"id\": \"w\", \"type\": \"fill\", \"source\": \"v\", \"source-layer\": \"water\", \"paint\": {\"fill-color\": \"#00ff00\"}}",
                                          source: "\"url\": \"tilesets/v.json\""), quadrants)
        XCTAssertEqual(px.rgba(100, 100), [0, 255, 0, 255], "the north-west tile meets the bounds")
        XCTAssertEqual(px.rgba(400, 100), [0, 0, 0, 0])
        XCTAssertEqual(px.rgba(100, 400), [0, 0, 0, 0])
    }

    func testHostileSourcesDrawNothingAndDoNotThrow() throws {
        let layer = "{\"id\": \"w\", \"type\": \"fill\", \"source\": \"v\", \"source-layer\": \"water\"}"
        for source in ["\"tiles\": [\"../../etc/{z}.mvt\"]", "\"url\": \"/etc/passwd\"", "\"url\": \"mbtiles://none\"", "\"tiles\": [\"http://x.example/{z}\"]"] {
            let px = try fixture.render(style(layer, source: source), quadrants)
            XCTAssertEqual(px.rgba(100, 100), [0, 0, 0, 0], source)
        }
    }

    func testCorruptTilesDrawNothing() throws {
        try fixture.write([0x1A, 0xFF, 0xFF, 0x01, 0x02], "tiles/1/0/0.mvt")
        try fixture.write([0x1F, 0x8B, 0x08, 0x00, 0x01], "tiles/1/1/0.mvt")
        let px = try fixture.render(style("{\"id\": \"w\", \"type\": \"fill\", \"source\": \"v\", \"source-layer\": \"water\"}"), quadrants)
        XCTAssertEqual(px.rgba(100, 100), [0, 0, 0, 0])
    }
}

final class TileSourceValidationTests: XCTestCase {
    func testValidateRefusesHostileSourcesWithTheirCode() throws {
        let fixture = try TileFixture()
        try fixture.write(Array("{\"tiles\": [\"../x/{z}.mvt\"]}".utf8), "tilesets/bad.json")
        let dir = try DataDirectory(root: fixture.root.path)
        let tiles = TileResources()
        func spec(_ type: SourceType, _ json: String) throws -> SourceSpec {
            SourceSpec(id: "s", type: type, json: try XCTUnwrap(JSONParser.parse(json).objectValue))
        }
        XCTAssertNoThrow(try tiles.validate(spec(.vector, "{\"type\": \"vector\", \"tiles\": [\"tiles/{z}/{x}/{y}.mvt\"]}"), directory: dir))
        for (type, json, code) in [(SourceType.vector, "{\"type\": \"vector\", \"url\": \"tilesets/bad.json\"}", "forbidden_path"),
                                   (.raster, "{\"type\": \"raster\", \"tiles\": [\"/abs/{z}.png\"]}", "forbidden_path"),
                                   (.raster, "{\"type\": \"raster\", \"url\": \"https://evil.example/t.json\"}", "forbidden_remote"),
                                   (.vector, "{\"type\": \"vector\", \"url\": \"mbtiles://missing\"}", "unknown_archive"),
                                   (.image, "{\"type\": \"image\", \"url\": \"../secret.png\", \"coordinates\": []}", "forbidden_path")] {
            XCTAssertThrowsError(try tiles.validate(spec(type, json), directory: dir), json) { e in
                XCTAssertEqual((e as? DataPathError)?.code, code, "\(json): \(e)")
            }
        }
        XCTAssertThrowsError(try tiles.validate(spec(.vector, "{\"type\": \"vector\", \"url\": \"tilesets/none.json\"}"), directory: dir)) { e in
            XCTAssertEqual((e as? TileSourceError)?.path.description, "/url")
        }
    }
}
