import Foundation
import Geo
import JSON
import Raster
import StrataTestSupport
import StyleSpec
import XCTest
@testable import Renderer

/// The attribution a static image may carry (`MapRenderer.draw(…, attribution:)`): only the
/// bottom-right corner changes, a box one 12 px line high holding dark text on a lightened map,
/// at the same CSS size on an @2x image, and an image with it is never reported uniform.
final class AttributionRenderingTests: XCTestCase {
    static let text = "© OpenMapTiles © OpenStreetMap contributors"

    func render(ratio: Double, attribution: String?) throws -> (Pixmap, MapRenderer.Result) {
        _ = try TestEnvironment.file("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", installedBy: "fonts-noto-core")
        let json = try JSONParser.parse(#"""
        {"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#4a7ab0"}}]}
        """#)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            XCTFail("the test style does not parse")
            throw CocoaError(.featureUnsupported)
        }
        let camera = Camera.view(lon: 10, lat: 50, zoom: 3, cssWidth: 400, cssHeight: 300, pixelRatio: ratio)
        let canvas = Canvas(width: camera.width, height: camera.height)
        let result = try AnnotationRenderingTests.shared.draw(parsed.0, camera: camera, into: canvas, attribution: attribution)
        return (canvas.pixmap, result)
    }

    func testOnlyTheBottomRightCornerChanges() throws {
        for ratio in [1.0, 2.0] {
            let (plain, plainResult) = try render(ratio: ratio, attribution: nil)
            let (marked, result) = try render(ratio: ratio, attribution: Self.text)
            XCTAssertNotNil(plainResult.uniformColor)
            XCTAssertNil(result.uniformColor, "an image with attribution is not one colour")
            var box = (x0: Int.max, y0: Int.max, x1: 0, y1: 0), dark = 0
            for y in 0..<plain.height {
                for x in 0..<plain.width where plain.pixel(x, y) != marked.pixel(x, y) {
                    box = (min(box.x0, x), min(box.y0, y), max(box.x1, x + 1), max(box.y1, y + 1))
                    let p = marked.pixel(x, y)
                    if Int(p.r) + Int(p.g) + Int(p.b) < 3 * 100 { dark += 1 }
                }
            }
            let r = Int(ratio)
            XCTAssertEqual(box.x1, 400 * r, "@\(r)x: flush with the right edge")
            XCTAssertEqual(box.y1, 300 * r, "@\(r)x: flush with the bottom edge")
            XCTAssertGreaterThanOrEqual(box.y0, (300 - 26) * r, "@\(r)x: one 12 px line high")
            XCTAssertLessThan(box.x0, (400 - 200) * r, "@\(r)x: as wide as the text, not wrapped")
            XCTAssertGreaterThan(box.x0, (400 - 320) * r, "@\(r)x: fitted to the text")
            XCTAssertGreaterThan(dark, 60 * r * r, "@\(r)x: dark text pixels (\(dark))")
            let corner = marked.pixel(400 * r - 1, 300 * r - 1), under = plain.pixel(400 * r - 1, 300 * r - 1)
            XCTAssertGreaterThan(Int(corner.r) + Int(corner.g) + Int(corner.b), Int(under.r) + Int(under.g) + Int(under.b) + 100,
                                 "@\(r)x: the translucent white box lightens the map")
        }
    }

    func testEmptyTextDrawsNothing() throws {
        let (plain, _) = try render(ratio: 1, attribution: nil)
        let (marked, result) = try render(ratio: 1, attribution: "")
        XCTAssertEqual(plain.data, marked.data)
        XCTAssertNotNil(result.uniformColor)
    }
}
