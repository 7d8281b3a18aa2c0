import XCTest
import Foundation
import Geo
import Raster
import StyleSpec
@testable import Renderer

/// Line anchors are spaced with `text-size` as MapLibre Native takes it: a size by zoom alone
/// at the tile's zoom (Native's layout is evaluated there before it asks for zoom 18), a size
/// that reads the feature at zoom 18. The first anchor of a line that starts inside the tile
/// sits (label / 2 + 2 ems) × size / 24 px from its start, so the size moves it along the line.
final class SymbolLineAnchorSizeTests: XCTestCase {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let width = 512, height = 80
    /// The view: zoom 1, tile 0/0 (512 px) under it, the line at y 40 from x 20 to 480.
    static let camera = Camera(center: WorldPoint(0.25, 0.4), zoom: 1, width: width, height: height)

    static func lonLat(_ x: Double, _ y: Double) -> (Double, Double) {
        let wx = 0.25 + (x - Double(width) / 2) / 1024, wy = 0.4 + (y - Double(height) / 2) / 1024
        return (wx * 360 - 180, atan(sinh(.pi * (1 - 2 * wy))) * 180 / .pi)
    }

    /// Rendered with a 19 px red icon placed along the line and `textSize` as text-size.
    func render(textSize: String) throws -> Pixmap {
        let a = Self.lonLat(20, 40), b = Self.lonLat(480, 40)
        let line = #"{"type": "Feature", "properties": {"s0": 10, "s18": 46}, "geometry": {"type": "LineString", "coordinates": [[\#(a.0), \#(a.1)], [\#(b.0), \#(b.1)]]}}"#
        let dot = StyleImage(png: try PatternRenderingTests.png(Pixmap(width: 19, height: 19, fill: Self.red)))
        let style = try PatternRenderingTests.style("""
        {"version": 8, "sources": {"l": {"type": "geojson", "data": \(line)}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "s", "type": "symbol", "source": "l",
                     "layout": {"symbol-placement": "line", "icon-image": "dot", "text-size": \(textSize)}}]}
        """, images: ["dot": dot])
        return try MapRenderer(resources: RenderResources(dataDirectory: nil)).render(style, camera: Self.camera)
    }

    func testZoomOnlyTextSizeSpacesAnchorsAtTheTileZoom() throws {
        // Size 12 at zoom 1: (19 / 2 + 48) × 12 / 24 = 28.75 px in, then every 250 px.
        let image = try render(textSize: #"["interpolate", ["linear"], ["zoom"], 0, 10, 18, 46]"#)
        XCTAssertEqual(image.pixel(49, 40), Self.red, "first icon 28.75 px from the line's start")
        XCTAssertEqual(image.pixel(299, 40), Self.red, "second icon a spacing further")
        XCTAssertNotEqual(image.pixel(130, 40), Self.red, "not where the size at zoom 18 (46) would put it")
    }

    func testFeatureTextSizeSpacesAnchorsAtZoom18() throws {
        // Size 46 at zoom 18: (19 / 2 + 48) × 46 / 24 = 110.2 px in.
        let image = try render(textSize: #"["interpolate", ["linear"], ["zoom"], 0, ["get", "s0"], 18, ["get", "s18"]]"#)
        XCTAssertEqual(image.pixel(130, 40), Self.red)
        XCTAssertNotEqual(image.pixel(49, 40), Self.red)
    }
}
