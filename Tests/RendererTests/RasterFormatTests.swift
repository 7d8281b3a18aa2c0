import Foundation
import Geo
import JSON
import Raster
import StyleSpec
import XCTest
@testable import Renderer

/// JPEG and WebP raster tiles, raster-dem tiles and image sources draw like their PNG twins
/// (fixtures from Scripts/make-image-fixtures.py: a smooth 64 px picture and a 64 px
/// Terrain-RGB hill), and decoding them leaves no warning.
final class RasterFormatTests: XCTestCase {
    var fixture: TileFixture!

    override func setUpWithError() throws { fixture = try TileFixture() }
    override func tearDown() { fixture = nil }

    let quadrants = Camera(center: WorldPoint(0.5, 0.5), zoom: 1, width: 512, height: 512)

    func asset(_ name: String) throws -> [UInt8] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "ImageFixtures/" + name, withExtension: nil))
        return [UInt8](try Data(contentsOf: url))
    }

    /// Renders `style` with every z1 tile of `dir` being the fixture `file`; returns the
    /// pixels and the renderer's warnings.
    func render(_ style: String, tiles file: String, into dir: String) throws -> (Pixmap, [String]) {
        let bytes = try asset(file)
        for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] { try fixture.write(bytes, "\(dir)/1/\(x)/\(y).img") }
        let renderer = try fixture.renderer()
        guard case .success(let parsed) = Style.parse(try JSONParser.parse(style), supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            throw XCTSkip("style does not parse")
        }
        let px = try renderer.render(parsed.0, camera: quadrants)
        return (px, renderer.resources.tiles.warnings.all)
    }

    func rasterStyle(_ dir: String) -> String {
        ##"{"version": 8, "sources": {"r": {"type": "raster", "tiles": ["\##(dir)/{z}/{x}/{y}.img"], "tileSize": 512}}, "layers": [{"id": "r", "type": "raster", "source": "r"}]}"##
    }

    func hillshadeStyle(_ dir: String) -> String {
        ##"{"version": 8, "sources": {"d": {"type": "raster-dem", "tiles": ["\##(dir)/{z}/{x}/{y}.img"], "tileSize": 512, "encoding": "mapbox"}}, "layers": [{"id": "h", "type": "hillshade", "source": "d", "paint": {"hillshade-exaggeration": 1}}]}"##
    }

    func testJPEGAndWebPRasterTilesDrawLikeTheirPNGTwin() throws {
        let (png, pngWarnings) = try render(rasterStyle("png"), tiles: "photo.png", into: "png")
        XCTAssertEqual(pngWarnings, [])
        XCTAssertNotEqual(png.rgba(100, 100), [0, 0, 0, 0], "the PNG twin draws")
        for file in ["photo.jpg", "photo.webp"] {
            let dir = file.replacingOccurrences(of: ".", with: "-")
            let (px, warnings) = try render(rasterStyle(dir), tiles: file, into: dir)
            XCTAssertEqual(warnings, [], "\(file) decodes without a warning")
            var worst = 0, sum = 0
            for i in png.data.indices {
                let d = abs(Int(px.data[i]) - Int(png.data[i]))
                worst = max(worst, d); sum += d
            }
            XCTAssertLessThanOrEqual(worst, 16, "\(file): largest channel difference to the PNG render")
            XCTAssertLessThanOrEqual(Double(sum) / Double(png.data.count), 2, "\(file): mean channel difference")
        }
    }

    func testLosslessWebPRasterDEMShadesExactlyLikeItsPNGTwin() throws {
        let (png, pngWarnings) = try render(hillshadeStyle("dem-png"), tiles: "dem.png", into: "dem-png")
        let (webp, webpWarnings) = try render(hillshadeStyle("dem-webp"), tiles: "dem.webp", into: "dem-webp")
        XCTAssertEqual(pngWarnings, [])
        XCTAssertEqual(webpWarnings, [])
        XCTAssertTrue(Set(png.data).count > 8, "the hill is shaded, not flat")
        XCTAssertEqual(webp.data, png.data, "identical elevations give identical hillshade")
    }

    func testJPEGImageSourceDrawsLikeItsPNGTwin() throws {
        func style(_ url: String) -> String {
            ##"{"version": 8, "sources": {"i": {"type": "image", "url": "\##(url)", "coordinates": [[-180, 85.0511], [0, 85.0511], [0, 0], [-180, 0]]}}, "layers": [{"id": "i", "type": "raster", "source": "i"}]}"##
        }
        try fixture.write(try asset("photo.png"), "photo.png")
        try fixture.write(try asset("photo.jpg"), "photo.jpg")
        let png = try fixture.render(style("photo.png"), quadrants)
        let jpeg = try fixture.render(style("photo.jpg"), quadrants)
        XCTAssertNotEqual(jpeg.rgba(100, 100), [0, 0, 0, 0])
        for (x, y) in [(20, 20), (100, 100), (200, 60), (240, 240)] {
            for (a, b) in zip(jpeg.rgba(x, y), png.rgba(x, y)) { XCTAssertEqual(Int(a), Int(b), accuracy: 16, "pixel (\(x), \(y))") }
        }
    }
}
