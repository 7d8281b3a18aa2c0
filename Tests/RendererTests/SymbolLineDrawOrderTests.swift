import XCTest
import Foundation
import Geo
import Raster
import StyleSpec
@testable import Renderer

/// Line labels that may overlap are drawn as MapLibre draws a tile's symbols with
/// `symbol-z-order: auto`: by their anchors' height on screen, the lowest on top, whatever the
/// order of their features.
final class SymbolLineDrawOrderTests: XCTestCase {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)

    /// A line from x 20 to 480 at height `y` of `SymbolLineAnchorSizeTests`' view, its icon named.
    static func line(y: Double, icon: String) -> String {
        let a = SymbolLineAnchorSizeTests.lonLat(20, y), b = SymbolLineAnchorSizeTests.lonLat(480, y)
        return #"{"type": "Feature", "properties": {"icon": "\#(icon)"}, "geometry": {"type": "LineString", "coordinates": [[\#(a.0), \#(a.1)], [\#(b.0), \#(b.1)]]}}"#
    }

    func testTheLowerOfTwoOverlappingLineIconsIsDrawnOnTop() throws {
        // The first feature is the lower line (y 44), the second 4 px above it: their 19 px
        // icons overlap around y 42, both 28.75 px from the lines' start (x 48.75).
        let data = #"{"type": "FeatureCollection", "features": [\#(Self.line(y: 44, icon: "b")), \#(Self.line(y: 40, icon: "r"))]}"#
        let png = { (c: PremultipliedRGBA8) in StyleImage(png: try PatternRenderingTests.png(Pixmap(width: 19, height: 19, fill: c))) }
        let style = try PatternRenderingTests.style("""
        {"version": 8, "sources": {"l": {"type": "geojson", "data": \(data)}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "s", "type": "symbol", "source": "l",
                     "layout": {"symbol-placement": "line", "icon-image": ["get", "icon"], "text-size": 12,
                                "icon-allow-overlap": true}}]}
        """, images: ["r": try png(Self.red), "b": try png(Self.blue)])
        let image = try MapRenderer(resources: RenderResources(dataDirectory: nil)).render(style, camera: SymbolLineAnchorSizeTests.camera)
        XCTAssertEqual(image.pixel(49, 33), Self.red, "the upper icon shows above the lower one")
        XCTAssertEqual(image.pixel(49, 42), Self.blue, "the lower icon is drawn last")
    }
}
