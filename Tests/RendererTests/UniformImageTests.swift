import XCTest
import Geo
import JSON
import Raster
import SourceData
import StyleSpec
@testable import Renderer

/// The renderer reports an image as uniform (the server then skips the PNG scan) only when
/// nothing but backgrounds drew — never when a source of any kind put pixels down.
final class UniformImageTests: XCTestCase {
    func draw(_ style: String, _ camera: Camera, _ fixture: TileFixture) throws -> MapRenderer.Result {
        guard case .success(let parsed) = Style.parse(try JSONParser.parse(style), supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            throw TileSourceError("style does not parse")
        }
        return try fixture.renderer().draw(parsed.0, camera: camera, into: Canvas(width: 1, height: 1))
    }

    func testBackgroundOnlyAndEmptyViewsAreUniform() throws {
        let fixture = try TileFixture()
        let bg = "{\"id\": \"bg\", \"type\": \"background\", \"paint\": {\"background-color\": \"#336699\"}}"
        let empty = "{\"id\": \"p\", \"type\": \"circle\", \"source\": \"g\"}"
        let style = "{\"version\": 8, \"sources\": {\"g\": {\"type\": \"geojson\", \"data\": {\"type\": \"Point\", \"coordinates\": [100, 10]}}}, \"layers\": [\(bg), \(empty)]}"
        let r = try draw(style, Camera(center: WebMercator.project(lon: -60, lat: -10), zoom: 4, width: 64, height: 64), fixture)
        XCTAssertEqual(r.uniformColor, Color(rgb8: 0x33, 0x66, 0x99).premultipliedRGBA8)
    }

    func testBackgroundCoversTheWorldOnly() throws {
        let fixture = try TileFixture()
        let style = "{\"version\": 8, \"sources\": {}, \"layers\": [{\"id\": \"bg\", \"type\": \"background\", \"paint\": {\"background-color\": \"#336699\"}}]}"
        // Tiles of the top row end at the pole: still one colour.
        XCTAssertNotNil(try draw(style, .tile(TileID(z: 2, x: 1, y: 0)!), fixture).uniformColor)
        // A turned view past the pole: the background stops at the world's edge.
        var camera = Camera(center: WebMercator.project(lon: 0, lat: 80), zoom: 0, bearing: 45, width: 256, height: 256)
        camera.isTile = false
        XCTAssertNil(try draw(style, camera, fixture).uniformColor)
        guard case .success(let parsed) = Style.parse(try JSONParser.parse(style), supportedLayerTypes: MapRenderer.supportedLayerTypes)
        else { return XCTFail("style does not parse") }
        let canvas = Canvas(width: 1, height: 1)
        try fixture.renderer().render(parsed.0, camera: camera, into: canvas)
        XCTAssertEqual(canvas.pixmap.pixel(128, 0), .transparent, "beyond the pole")
        XCTAssertEqual(canvas.pixmap.pixel(128, 255), Color(rgb8: 0x33, 0x66, 0x99).premultipliedRGBA8)
    }

    func testGeoJSONAndVectorFeaturesAreNotUniform() throws {
        let fixture = try TileFixture()
        let geojson = "{\"version\": 8, \"sources\": {\"g\": {\"type\": \"geojson\", \"data\": {\"type\": \"Point\", \"coordinates\": [0, 0]}}}, \"layers\": [{\"id\": \"p\", \"type\": \"circle\", \"source\": \"g\"}]}"
        XCTAssertNil(try draw(geojson, Camera(center: WorldPoint(0.5, 0.5), zoom: 1, width: 64, height: 64), fixture).uniformColor)

        try fixture.write(MiniMVT.tile(layer: "water", features: [(3, [MiniMVT.square(1000, 7000)])]), "tiles/1/0/0.mvt")
        let vector = "{\"version\": 8, \"sources\": {\"v\": {\"type\": \"vector\", \"tiles\": [\"tiles/{z}/{x}/{y}.mvt\"]}}, \"layers\": [{\"id\": \"w\", \"type\": \"line\", \"source\": \"v\", \"source-layer\": \"water\"}]}"
        let r = try draw(vector, Camera(center: WorldPoint(0.5, 0.5), zoom: 1, width: 512, height: 512), fixture)
        XCTAssertNil(r.uniformColor, "a vector tile's features drew: the image is not one colour")
    }
}
