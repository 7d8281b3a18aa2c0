import Geo
import Raster
import XCTest
@testable import Renderer

/// MapLibre's opaque pass: opaque backgrounds and fills above a heatmap end up under it, and
/// hide the translucent layers between them.
final class HeatmapOverlayTests: XCTestCase {
    var fixture: TileFixture!

    override func setUpWithError() throws { fixture = try TileFixture() }
    override func tearDown() { fixture = nil }

    let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 3, width: 64, height: 64)
    let heatmap = ##"{"id": "h", "type": "heatmap", "source": "p", "paint": {"heatmap-opacity": 0.7, "heatmap-radius": 20}}"##
    let circle = ##"{"id": "c", "type": "circle", "source": "p", "paint": {"circle-radius": 30, "circle-color": "#ff00ff", "circle-opacity": 0.5}}"##

    func style(_ layers: String...) -> String {
        """
        {"version": 8, "sources": {
           "p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}},
           "sq": {"type": "geojson", "data": {"type": "Polygon", "coordinates": [[[-2, -2], [2, -2], [2, 2], [-2, 2], [-2, -2]]]}}},
         "layers": [\(layers.joined(separator: ","))]}
        """
    }

    func testAnOpaqueBackgroundAboveAHeatmapLiesUnderIt() throws {
        let bg = ##"{"id": "b", "type": "background", "paint": {"background-color": "#0000ff"}}"##
        let over = try fixture.render(style(heatmap, circle, bg), camera)
        let under = try fixture.render(style(bg, heatmap), camera)
        // The same picture as the background drawn first; the circle between is hidden.
        XCTAssertEqual(over.data, under.data)
        XCTAssertNotEqual(over.rgba(32, 32), [0, 0, 255, 255], "the heatmap shows at its point")
        XCTAssertEqual(over.rgba(0, 0), [0, 0, 255, 255])
        // A translucent background is drawn in order, over the heatmap.
        let translucent = ##"{"id": "b", "type": "background", "paint": {"background-color": "#0000ff", "background-opacity": 0.5}}"##
        XCTAssertNotEqual(try fixture.render(style(heatmap, translucent), camera).rgba(32, 32), under.rgba(32, 32))
    }

    func testAnOpaqueFillAboveAHeatmapLiesUnderItWithItsOutlineOutside() throws {
        let fill = ##"{"id": "f", "type": "fill", "source": "sq", "paint": {"fill-color": "#0000ff"}}"##
        let over = try fixture.render(style(heatmap, circle, fill), camera)
        let under = try fixture.render(style(fill, heatmap), camera)
        // Inside the square (±2° = ±11 px at zoom 3): the heatmap over the fill, as if drawn first.
        for (x, y) in [(32, 32), (25, 30), (40, 38)] {
            XCTAssertEqual(over.rgba(x, y), under.rgba(x, y), "(\(x), \(y))")
        }
        XCTAssertNotEqual(over.rgba(32, 32), [0, 0, 255, 255])
        // Outside it, the circle above the heatmap still shows.
        XCTAssertNotEqual(over.rgba(32, 6), try fixture.render(style(heatmap), camera).rgba(32, 6))
        // A translucent fill keeps the stack order: the heatmap stays under it.
        let translucent = ##"{"id": "f", "type": "fill", "source": "sq", "paint": {"fill-color": "#0000ff", "fill-opacity": 0.5}}"##
        let ordered = try fixture.render(style(heatmap, translucent), camera)
        XCTAssertNotEqual(ordered.rgba(32, 32), try fixture.render(style(translucent, heatmap), camera).rgba(32, 32))
    }
}
