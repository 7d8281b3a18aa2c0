import XCTest
@testable import Raster

/// The warp that draws a pitched view's ground: mip levels are 2×2 means, an identity map
/// copies the image, a projective map lands each image pixel where the map sends it, and
/// pixels outside the image or behind the eye are left alone.
final class ProjectiveWarpTests: XCTestCase {
    private func checker(_ w: Int, _ h: Int) -> Pixmap {
        var p = Pixmap(width: w, height: h)
        for y in 0..<h { for x in 0..<w {
            p.setPixel(x, y, (x + y) % 2 == 0 ? PremultipliedRGBA8(r: 200, g: 100, b: 0, a: 255) : PremultipliedRGBA8(r: 0, g: 50, b: 100, a: 255))
        } }
        return p
    }

    func testMipLevelsAreMeansOfFour() {
        let chain = MipChain(checker(4, 4))
        XCTAssertEqual(chain.levels.map(\.width), [4, 2, 1])
        XCTAssertEqual(chain.levels[1].pixel(0, 0), PremultipliedRGBA8(r: 100, g: 75, b: 50, a: 255))
        XCTAssertEqual(MipChain.mean(0xFF00_00FF, 0xFF00_00FF, 0xFF00_0000, 0xFF00_0001), 0xFF00_0080)
    }

    func testIdentityCopiesTheImage() {
        let image = checker(8, 6)
        let canvas = Canvas(width: 8, height: 6)
        ProjectiveWarp(chain: MipChain(image), map: .identity).draw(on: canvas, rows: 0..<6)
        XCTAssertEqual(canvas.pixmap.data, image.data)
    }

    func testRowsAndImageBoundsLimitTheWarp() {
        let image = Pixmap(width: 4, height: 4, fill: PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        let canvas = Canvas(width: 8, height: 8)
        ProjectiveWarp(chain: MipChain(image), map: .identity).draw(on: canvas, rows: 1..<8)
        XCTAssertEqual(canvas.pixmap.pixel(1, 0).a, 0, "row 0 is outside the rows")
        XCTAssertEqual(canvas.pixmap.pixel(1, 1).r, 255)
        XCTAssertEqual(canvas.pixmap.pixel(6, 6).a, 0, "outside the image")
    }

    func testProjectiveMapSendsPixelsWhereItSays() {
        // view → image: u = 2x / (1 + y/16), v = y / (1 + y/16): the image's column 8 is seen
        // at x = 4·(1 + y/16); behind the eye (W ≤ 0) nothing is drawn.
        var image = Pixmap(width: 32, height: 32)
        for y in 0..<32 { image.setPixel(8, y, PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)) }
        let map = Homography(2, 0, 0, 0, 1, 0, 0, 1.0 / 16, 1)
        let canvas = Canvas(width: 16, height: 16)
        ProjectiveWarp(chain: MipChain(image), map: map, lodBias: -2).draw(on: canvas, rows: 0..<16)
        for y in [0, 8, 15] {
            let expected = 4 * (1 + (Double(y) + 0.5) / 16)
            let brightest = (0..<16).max { canvas.pixmap.pixel($0, y).b < canvas.pixmap.pixel($1, y).b }!
            XCTAssertEqual(Double(brightest) + 0.5, expected, accuracy: 1, "row \(y)")
        }
        let behind = Canvas(width: 4, height: 4)
        ProjectiveWarp(chain: MipChain(image), map: Homography(1, 0, 0, 0, 1, 0, 0, 0, -1)).draw(on: behind, rows: 0..<4)
        XCTAssertTrue(behind.pixmap.data.allSatisfy { $0 == 0 })
    }
}
