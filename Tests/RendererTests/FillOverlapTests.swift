import XCTest
import Geo
import JSON
import Raster
import StyleSpec
@testable import Renderer

/// Overlapping features of one translucent fill layer composite one after the other, as
/// MapLibre blends each feature's triangles: the overlap is darker. Opaque fills keep the
/// single path.
final class FillOverlapTests: XCTestCase {
    /// Two 30° squares overlapping on [-10, 10]², black, in one layer, on white.
    func render(paint: String) throws -> Pixmap {
        func square(_ x0: Int, _ y0: Int) -> String {
            let x1 = x0 + 30, y1 = y0 + 30
            return #"{"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[\#(x0), \#(y0)], [\#(x1), \#(y0)], [\#(x1), \#(y1)], [\#(x0), \#(y1)], [\#(x0), \#(y0)]]]}}"#
        }
        let style = try PatternRenderingTests.style("""
        {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection",
                                          "features": [\(square(-20, -20)), \(square(-10, -10))]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "f", "type": "fill", "source": "g", "paint": \(paint)}]}
        """)
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 0, width: 64, height: 64)
        return try MapRenderer(resources: RenderResources(dataDirectory: nil)).render(style, camera: camera)
    }

    /// `v` blended under black at alpha `a` (straight source-over on an opaque pixel).
    func over(_ v: Double, _ a: Double) -> Double { v * (1 - a) }

    func assertOverlapDarkens(_ paint: String, alpha a: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try render(paint: paint)
        // (32, 32) is lon/lat 0: both squares. 21 px ≈ 15° left and below: the first only;
        // 21 px right and up: the second only.
        let once = Double(image.pixel(11, 52).r), twice = Double(image.pixel(32, 32).r)
        XCTAssertEqual(once, over(255, a), accuracy: 1, "one blend outside the overlap", file: file, line: line)
        XCTAssertEqual(Double(image.pixel(52, 11).r), once, "the second square alone: one blend", file: file, line: line)
        XCTAssertEqual(twice, over(once, a), accuracy: 1, "two source-over blends in the overlap", file: file, line: line)
        XCTAssertEqual(image.pixel(2, 2).r, 255, "outside both: background", file: file, line: line)
    }

    func testTranslucentOpacityOverlapsBlendTwice() throws {
        try assertOverlapDarkens(##"{"fill-color": "#000000", "fill-opacity": 0.3, "fill-antialias": false}"##, alpha: 0.3)
        try assertOverlapDarkens(##"{"fill-color": "#000000", "fill-opacity": 0.3}"##, alpha: 0.3)
    }

    func testTranslucentColourOverlapsBlendTwice() throws {
        try assertOverlapDarkens(#"{"fill-color": "rgba(0, 0, 0, 0.3)", "fill-antialias": false}"#, alpha: 0.3)
    }

    func testOpaqueOverlapIsOpaque() throws {
        let image = try render(paint: ##"{"fill-color": "#000000"}"##)
        XCTAssertEqual(image.pixel(32, 32).r, 0)
        XCTAssertEqual(image.pixel(11, 52).r, 0)
    }
}
