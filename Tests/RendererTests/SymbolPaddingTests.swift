import XCTest
import Foundation
import Geo
import JSON
import Raster
import StyleSpec
import StrataTestSupport
@testable import Renderer

/// `icon-padding` and `text-padding` grow the collision boxes as MapLibre's CollisionFeature
/// does: every box of a pair is padded, so two 19 px icons with the default 2 px need more
/// than 19 + 2 + 2 = 23 px between their centres, and `icon-padding: 8` more than 35 px.
/// Rendered at zoom 0 (512 px world) through the greedy placement of a view.
final class SymbolPaddingTests: XCTestCase {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let width = 160, height = 96

    /// Longitude and latitude of the device pixel `(x, y)` of the 160×96 view at zoom 0.
    static func lonLat(_ x: Double, _ y: Double) -> (Double, Double) {
        let wx = 0.5 + (x - Double(width) / 2) / 512, wy = 0.5 + (y - Double(height) / 2) / 512
        return (wx * 360 - 180, atan(sinh(.pi * (1 - 2 * wy))) * 180 / .pi)
    }

    /// Two points `dx` px apart horizontally (or `dy` vertically) from (50, 40).
    static func points(dx: Double = 0, dy: Double = 0) -> String {
        let a = lonLat(50, 40), b = lonLat(50 + dx, 40 + dy)
        return #"{"type": "MultiPoint", "coordinates": [[\#(a.0), \#(a.1)], [\#(b.0), \#(b.1)]]}"#
    }

    static func style(_ text: String, images: [String: StyleImage] = [:]) throws -> Style {
        try PatternRenderingTests.style(text, images: images)
    }

    /// Whether the icon whose centre is `dx` px right of the first shows, with `layout` added.
    func secondIconShows(dx: Double, layout: String = "") throws -> Bool {
        let dot = StyleImage(png: try PatternRenderingTests.png(Pixmap(width: 19, height: 19, fill: Self.red)))
        let style = try Self.style("""
        {"version": 8, "sources": {"p": {"type": "geojson", "data": \(Self.points(dx: dx))}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "s", "type": "symbol", "source": "p", "layout": {"icon-image": "dot"\(layout)}}]}
        """, images: ["dot": dot])
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 0, width: Self.width, height: Self.height)
        let image = try MapRenderer(resources: RenderResources(dataDirectory: nil)).render(style, camera: camera)
        XCTAssertEqual(image.pixel(50, 40), Self.red, "the first icon always shows")
        // The right half of the second icon, clear of the first.
        return image.pixel(Int(50 + dx + 7), 40) == Self.red
    }

    func testDefaultIconPaddingKeepsIconsApart() throws {
        XCTAssertFalse(try secondIconShows(dx: 20), "19 + 2·2 px of boxes: 20 px apart collide")
        XCTAssertTrue(try secondIconShows(dx: 26), "26 px apart: both show")
    }

    func testIconPaddingGrowsBothBoxes() throws {
        XCTAssertFalse(try secondIconShows(dx: 28, layout: #", "icon-padding": 8"#), "19 + 2·8 px: 28 px apart collide")
        XCTAssertTrue(try secondIconShows(dx: 36, layout: #", "icon-padding": 8"#))
        XCTAssertTrue(try secondIconShows(dx: 20, layout: #", "icon-padding": 0"#), "no padding: 19 px boxes do not meet")
    }

    /// `[top, right, bottom, left]`: only the right side of the first box and the left side
    /// of the second stand between them (8 + 0).
    func testIconPaddingSidesFollowCSSOrder() throws {
        XCTAssertFalse(try secondIconShows(dx: 26, layout: #", "icon-padding": [0, 8, 0, 0]"#), "19 + 8 > 26")
        XCTAssertTrue(try secondIconShows(dx: 28, layout: #", "icon-padding": [0, 8, 0, 0]"#))
        XCTAssertTrue(try secondIconShows(dx: 22, layout: #", "icon-padding": [8, 0, 8, 0]"#), "vertical padding only")
    }

    /// Whether the second of two labels, the second `dy` px below the first, shows. At
    /// text-size 20 a line's box is 1.2 em = 24 px high.
    func secondLabelShows(dy: Double, layout: String = "") throws -> Bool {
        let noto = try TestEnvironment.file("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", installedBy: "fonts-noto-core")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-padding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/NotoSans-Regular.ttf", withDestinationPath: noto)
        let style = try Self.style("""
        {"version": 8, "sources": {"p": {"type": "geojson", "data": \(Self.points(dy: dy))}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "s", "type": "symbol", "source": "p",
                     "layout": {"text-field": "HHH", "text-font": ["Noto Sans Regular"], "text-size": 20\(layout)}}]}
        """)
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 0, width: Self.width, height: Self.height)
        let resources = RenderResources(dataDirectory: nil, fontsDirectory: dir.path)
        let image = try MapRenderer(resources: resources).render(style, camera: camera)
        func ink(_ y0: Int) -> Int {
            (y0 - 6...y0 + 6).reduce(0) { n, y in n + (30...70).filter { image.pixel($0, y).r < 128 }.count }
        }
        XCTAssertGreaterThan(ink(40), 20, "the first label always shows")
        return ink(40 + Int(dy)) > 20
    }

    func testTextPaddingGrowsBothBoxes() throws {
        XCTAssertTrue(try secondLabelShows(dy: 27, layout: #", "text-padding": 0"#), "24 px boxes 27 px apart")
        XCTAssertFalse(try secondLabelShows(dy: 27), "24 + 2·2 px > 27")
        XCTAssertTrue(try secondLabelShows(dy: 30), "24 + 2·2 px < 30")
        XCTAssertFalse(try secondLabelShows(dy: 30, layout: #", "text-padding": 4"#), "24 + 2·4 px > 30")
    }
}
