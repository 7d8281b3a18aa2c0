import Geo
import Raster
import StyleSpec
import XCTest
@testable import Renderer

/// `graticule`: lines where the projection puts the meridians and parallels, parallels
/// straight, meridians ending where the Mercator world ends.
final class GraticuleRenderingTests: XCTestCase {
    let f = CustomLayerFixture()

    func style(_ options: String) throws -> Style {
        try f.style(#"{"id": "g", "type": "custom", "renderer": "graticule", "options": \#(options)}"#)
    }

    func testLinesWhereTheProjectionPutsThem() throws {
        let s = try style(#"{"step": 30, "color": "rgb(136, 136, 136)", "width": 2}"#)
        let camera = Camera.view(lon: 0, lat: 0, zoom: 2, cssWidth: 512, cssHeight: 512)
        let px = try f.render(s, camera)
        let gray = SIMD4(136, 136, 136, 255)
        // Equator at y = 256 and the prime meridian at x = 256: 2 px wide, rows/columns 255 and 256.
        XCTAssertEqual(px.premul(100, 255), gray); XCTAssertEqual(px.premul(100, 256), gray)
        XCTAssertEqual(px.premul(255, 100), gray); XCTAssertEqual(px.premul(256, 100), gray)
        XCTAssertEqual(px.premul(100, 250), .zero)
        // 30°E: x = 256 + 2048·30/360.
        let x30 = 256 + 2048.0 * 30 / 360
        XCTAssertEqual(px.premul(Int(x30), 40), gray)
        XCTAssertEqual(px.premul(Int(x30) + 5, 40), .zero)
        // Parallels are straight: the row of 30°N is the same across the whole view.
        let y30 = 256 + (WebMercator.project(lon: 0, lat: 30).y - 0.5) * 2048
        let row = Int(y30.rounded(.down))
        let first = px.premul(3, row)
        XCTAssertGreaterThan(first.w, 100)
        for x in stride(from: 3, to: 512, by: 7) where abs(Double(x) - 256) > 3 && abs(Double(x) - x30) > 3 && abs(Double(x) - (512 - x30)) > 3 {
            XCTAssertEqual(px.premul(x, row), first, "x \(x)")
            XCTAssertEqual(px.premul(x, row + 4), .zero, "x \(x)")
        }
    }

    func testMeridiansEndAtTheMercatorLimit() throws {
        let s = try style(#"{"step": 10, "width": 2}"#)
        let camera = Camera.view(lon: 0, lat: 85, zoom: 4, cssWidth: 256, cssHeight: 256)
        let px = try f.render(s, camera)
        let t = camera.projection()
        let top = t.apply(WorldPoint(0.5, 0))
        XCTAssertGreaterThan(top.y, 20, "the world's top edge is in the view")
        let x = Int(top.x.rounded(.down))
        XCTAssertEqual(px.premul(x, Int(top.y) - 6), .zero, "nothing north of 85.0511°")
        XCTAssertGreaterThan(px.premul(x, Int(top.y) + 6).w, 200)
    }

    func testRotatedRetinaAndDegenerateOptions() throws {
        let s = try style(#"{"step": 15, "width": 1, "opacity": 0.5}"#)
        let camera = Camera.view(lon: 7, lat: 40, zoom: 3, bearing: 45, cssWidth: 200, cssHeight: 200, pixelRatio: 2)
        let px = try f.render(s, camera)
        XCTAssertGreaterThan(px.data.filter { $0 != 0 }.count, 100)
        XCTAssertLessThanOrEqual(px.data.enumerated().filter { $0.offset % 4 == 3 }.map(\.element).max() ?? 0, 128)
        // Width 0 draws nothing; a tiny step at zoom 0 is capped, not a hang.
        let none = try f.render(try style(#"{"width": 0}"#), camera)
        XCTAssertEqual(none.data.filter { $0 != 0 }.count, 0)
        _ = try f.render(try style(#"{"step": 0.0001}"#), .view(lon: 0, lat: 0, zoom: 0, cssWidth: 256, cssHeight: 256))
    }
}
