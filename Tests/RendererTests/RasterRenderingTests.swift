import XCTest
import Geo
import JSON
import Raster
import StyleSpec
@testable import Renderer

/// Raster tiles (placement, parent fallback, empty tiles), the colour pipeline and image
/// sources.
final class RasterRenderingTests: XCTestCase {
    var fixture: TileFixture!

    override func setUpWithError() throws { fixture = try TileFixture() }
    override func tearDown() { fixture = nil }

    let quadrants = Camera(center: WorldPoint(0.5, 0.5), zoom: 1, width: 512, height: 512)

    func rasterStyle(_ paint: String = "", tileSize: Int = 512) -> String {
        "{\"version\": 8, \"sources\": {\"r\": {\"type\": \"raster\", \"tiles\": [\"r/{z}/{x}/{y}.png\"], \"tileSize\": \(tileSize)}}, \"layers\": [{\"id\": \"r\", \"type\": \"raster\", \"source\": \"r\", \"paint\": {\(paint)}}]}"
    }

    func testTilesLandOnTheirSquaresAndMissingOnesFallBackToParents() throws {
        try fixture.writePNG("r/1/0/0.png", rgba: (255, 0, 0, 255))
        try fixture.writePNG("r/1/1/0.png", rgba: (0, 255, 0, 255))
        try fixture.write([], "r/1/0/1.png")                                // empty: nothing, no fallback
        try fixture.writePNG("r/0/0/0.png", rgba: (0, 0, 255, 255))          // stands in for the missing 1/1/1
        let px = try fixture.render(rasterStyle(), quadrants)
        XCTAssertEqual(px.rgba(10, 10), [255, 0, 0, 255])
        XCTAssertEqual(px.rgba(255, 255), [255, 0, 0, 255])
        XCTAssertEqual(px.rgba(256, 10), [0, 255, 0, 255], "tiles meet without a seam")
        XCTAssertEqual(px.rgba(100, 400), [0, 0, 0, 0])
        XCTAssertEqual(px.rgba(400, 400), [0, 0, 255, 255])
    }

    func testCorruptJPEGAndWebPTilesAreSkippedWithAWarning() throws {
        // The signatures only: each decoder refuses the rest, and the tile draws as nothing.
        try fixture.write([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8), "r/1/0/0.png")
        try fixture.write(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), "r/1/1/0.png")
        try fixture.write(Array("GIF89a".utf8), "r/1/0/1.png")
        let renderer = try fixture.renderer()
        let json = try JSONParser.parse(rasterStyle())
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else { return XCTFail() }
        let px = try renderer.render(parsed.0, camera: quadrants)
        XCTAssertEqual(px.rgba(10, 10), [0, 0, 0, 0])
        let warnings = renderer.resources.tiles.warnings.all
        XCTAssertTrue(warnings.contains { $0.contains("1/0/0") && $0.contains("JPEG error") }, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.contains("1/1/0") && $0.contains("WebP error") }, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.contains("1/0/1") && $0.contains("not a PNG, JPEG or WebP image") }, "\(warnings)")
        XCTAssertFalse(warnings.contains { $0.contains("only PNG") }, "\(warnings)")
    }

    func testTileSize256PicksTheNextZoom() throws {
        // Zoom 0 with 256 px tiles reads z1 tiles (rounded zoom + 1).
        try fixture.writePNG("r/1/0/0.png", rgba: (255, 0, 0, 255))
        let px = try fixture.render(rasterStyle(tileSize: 256), Camera(center: WorldPoint(0.5, 0.5), zoom: 0, width: 512, height: 512))
        XCTAssertEqual(px.rgba(10, 10), [255, 0, 0, 255])
    }

    func testPaintPropertiesChangeColours() throws {
        try fixture.writePNG("r/1/0/0.png", rgba: (200, 100, 50, 255))
        func pixel(_ paint: String) throws -> [UInt8] { try fixture.render(rasterStyle(paint), quadrants).rgba(100, 100) }
        XCTAssertEqual(try pixel(""), [200, 100, 50, 255])
        XCTAssertEqual(try pixel("\"raster-opacity\": 0.5"), [100, 50, 25, 128])
        XCTAssertEqual(try pixel("\"raster-brightness-max\": 0"), [0, 0, 0, 255])
        XCTAssertEqual(try pixel("\"raster-brightness-min\": 1"), [255, 255, 255, 255])
        let grey = try pixel("\"raster-saturation\": -1")
        XCTAssertEqual(Set(grey.prefix(3)).count, 1, "fully desaturated: r = g = b")
        XCTAssertEqual(Int(grey[0]), (200 + 100 + 50) / 3, accuracy: 1)
        let spun = try pixel("\"raster-hue-rotate\": 360")
        for k in 0..<3 { XCTAssertEqual(Int(spun[k]), Int([200, 100, 50][k]), accuracy: 1) }
        XCTAssertEqual(try pixel("\"raster-contrast\": -1"), [128, 128, 128, 255], "no contrast: mid grey")
        XCTAssertEqual(try pixel("\"raster-opacity\": 0"), [0, 0, 0, 0])
    }

    func testColourPipelineMatchesMapLibresShader() {
        let a = RasterColorAdjustment(hueRotate: 120, saturation: 0.3, contrast: 0.2, brightnessMin: 0.1, brightnessMax: 0.9)
        // The shader, written out: spin, saturation toward the mean of the input, contrast, brightness.
        let rgb = SIMD3<Double>(0.8, 0.4, 0.2)
        let angle = 120.0 * .pi / 180
        let w = SIMD3((2 * cos(angle) + 1) / 3, (-sqrt(3) * sin(angle) - cos(angle) + 1) / 3, (sqrt(3) * sin(angle) - cos(angle) + 1) / 3)
        var out = SIMD3((rgb * w).sum(), (rgb * SIMD3(w.z, w.x, w.y)).sum(), (rgb * SIMD3(w.y, w.z, w.x)).sum())
        let mean = rgb.sum() / 3
        out += (SIMD3(repeating: mean) - out) * (1 - 1 / (1.001 - 0.3))
        out = (out - SIMD3(repeating: 0.5)) * (1 / (1 - 0.2)) + SIMD3(repeating: 0.5)
        out = SIMD3(repeating: 0.1) + (0.9 - 0.1) * out
        let got = a.adjusted(rgb)
        for k in 0..<3 { XCTAssertEqual(got[k], min(1, max(0, out[k])), accuracy: 1e-12) }
        XCTAssertTrue(RasterColorAdjustment(hueRotate: 0, saturation: 0, contrast: 0, brightnessMin: 0, brightnessMax: 1).isIdentity)
        XCTAssertFalse(a.isIdentity)
    }

    func testImageQuadMapsTheUnitSquareOntoItsCorners() throws {
        let corners = [WorldPoint(0.1, 0.1), WorldPoint(0.5, 0.12), WorldPoint(0.6, 0.4), WorldPoint(0.05, 0.35)]
        let quad = try XCTUnwrap(ImageQuad(corners: corners))
        XCTAssertFalse(quad.isAffine)
        for (k, (u, v)) in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].enumerated() {
            let p = quad.world(u: u, v: v)
            XCTAssertEqual(p.x, corners[k].x, accuracy: 1e-12); XCTAssertEqual(p.y, corners[k].y, accuracy: 1e-12)
        }
        // The inverse takes a point back to its (u, v).
        let m = quad.inverse, p = quad.world(u: 0.3, v: 0.7)
        let w = m[6] * p.x + m[7] * p.y + m[8]
        XCTAssertEqual((m[0] * p.x + m[1] * p.y + m[2]) / w, 0.3, accuracy: 1e-9)
        XCTAssertEqual((m[3] * p.x + m[4] * p.y + m[5]) / w, 0.7, accuracy: 1e-9)
        XCTAssertTrue(try XCTUnwrap(ImageQuad(corners: [WorldPoint(0, 0), WorldPoint(1, 0), WorldPoint(1, 1), WorldPoint(0, 1)])).isAffine)
        XCTAssertNil(ImageQuad(corners: [WorldPoint(0, 0), WorldPoint(1, 1), WorldPoint(1, 0), WorldPoint(0, 1)]), "self-crossing")
        XCTAssertNil(ImageQuad(coordinates: [[0, 0], [1, 1]]))
        XCTAssertNil(ImageQuad(coordinates: [[0, 0], [1, .nan], [1, 1], [0, 1]]))
    }

    func imageStyle(_ coordinates: String) -> String {
        "{\"version\": 8, \"sources\": {\"i\": {\"type\": \"image\", \"url\": \"img.png\", \"coordinates\": \(coordinates)}}, \"layers\": [{\"id\": \"i\", \"type\": \"raster\", \"source\": \"i\"}]}"
    }

    func testImageSourcesArePlacedByTheirCorners() throws {
        try fixture.writePNG("img.png", size: 8, rgba: (0, 0, 255, 255))
        // The north-west quadrant of the world (lat 0…85.05).
        let rect = try fixture.render(imageStyle("[[-180, 85.0511], [0, 85.0511], [0, 0], [-180, 0]]"), quadrants)
        XCTAssertEqual(rect.rgba(10, 10), [0, 0, 255, 255])
        XCTAssertEqual(rect.rgba(250, 250), [0, 0, 255, 255])
        XCTAssertEqual(rect.rgba(262, 250), [0, 0, 0, 0])
        XCTAssertEqual(rect.rgba(250, 262), [0, 0, 0, 0])
        // A trapezoid (narrower at the top) goes through the projective path.
        let trap = try fixture.render(imageStyle("[[-120, 60], [-60, 60], [0, 0], [-180, 0]]"), quadrants)
        // Device corners: top (−85, 41)…(85, 41), bottom (−256, 256)…(256, 256).
        XCTAssertEqual(trap.rgba(128, 240), [0, 0, 255, 255])
        XCTAssertEqual(trap.rgba(20, 150), [0, 0, 255, 255])
        XCTAssertEqual(trap.rgba(200, 150), [0, 0, 0, 0], "outside the slanted right edge")
        XCTAssertEqual(trap.rgba(0, 30), [0, 0, 0, 0], "above the top edge")
        XCTAssertEqual(trap.rgba(0, 50), [0, 0, 255, 255])
        XCTAssertEqual(try fixture.render(imageStyle("[[-120, 60], [-60, 60], [-180, 0], [0, 0]]"), quadrants).rgba(128, 240), [0, 0, 0, 0],
                       "a self-crossing quad draws nothing")
    }
}
