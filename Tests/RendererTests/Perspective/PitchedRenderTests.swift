import Geo
import JSON
import Raster
import StyleSpec
import XCTest
@testable import Renderer

/// A pitched static view through the whole renderer: the ground warped into the view lands
/// where MapLibre's transform projects it, the sky fills what lies above the horizon (and only
/// when the style has one), and what faces the viewer is drawn in the view.
final class PitchedRenderTests: XCTestCase {
    private let corner = (lon: 10.0, lat: 10.0)

    private func render(_ extra: String = "", layers: String, pitch: Double, lat: Double = 0) throws -> (Pixmap, CameraPerspective) {
        let polygon = #"{"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]}"#
        let json = #"{"version": 8, \#(extra) "sources": {"g": {"type": "geojson", "data": \#(polygon)}}, "layers": [\#(layers)]}"#
        guard case .success(let parsed) = Style.parse(try JSONParser.parse(json), supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            XCTFail("style does not parse"); throw CancellationError()
        }
        let camera = Camera.view(lon: 5, lat: lat, zoom: 3, bearing: 20, pitch: pitch, cssWidth: 200, cssHeight: 160)
        return (try MapRenderer(resources: RenderResources(dataDirectory: nil)).render(parsed.0, camera: camera),
                CameraPerspective(camera))
    }

    func testGroundLandsWhereTheTransformProjectsIt() throws {
        let (img, p) = try render(layers: ##"{"id": "f", "type": "fill", "source": "g", "paint": {"fill-color": "#ff0000", "fill-antialias": false}}"##,
                                  pitch: 50)
        // Points just inside and just outside the square's north-east corner, where the view sees them.
        let inside = p.project(WebMercator.project(lon: 9.6, lat: 9.6)), outside = p.project(WebMercator.project(lon: 10.4, lat: 10.4))
        XCTAssertEqual(img.pixel(Int(inside.x), Int(inside.y)).r, 255)
        XCTAssertEqual(img.pixel(Int(outside.x), Int(outside.y)).a, 0)
        let centre = p.project(WebMercator.project(lon: 5, lat: 5))
        XCTAssertEqual(img.pixel(Int(centre.x), Int(centre.y)), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        // A flat view of the same camera puts the corner elsewhere: the pitch changed the picture.
        let (flat, _) = try render(layers: ##"{"id": "f", "type": "fill", "source": "g", "paint": {"fill-color": "#ff0000"}}"##, pitch: 0)
        XCTAssertNotEqual(flat.data, img.data)
    }

    func testSkyAboveTheHorizonOnlyWithASky() throws {
        let background = ##"{"id": "b", "type": "background", "paint": {"background-color": "#00ff00"}}"##
        let (bare, p) = try render(layers: background, pitch: 80)
        let horizon = p.camera.centerPixel.y - p.horizonAboveCenter
        XCTAssertGreaterThan(horizon, 2, "at 80° the horizon is in the view")
        XCTAssertEqual(bare.pixel(100, 0).a, 0, "no sky without one in the style")
        XCTAssertEqual(bare.pixel(100, 159), PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
        let (sky, _) = try render(##""sky": {"sky-color": "#0000ff", "sky-horizon-blend": 0},"##, layers: background, pitch: 80)
        XCTAssertEqual(sky.pixel(100, 0), PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(sky.pixel(100, 159), PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
    }

    func testCirclesFacingTheViewerShrinkWithDistance() throws {
        let circles = ##"{"id": "c", "type": "circle", "source": "g", "paint": {"circle-radius": 6, "circle-color": "#0000ff"}}"##
        let (img, p) = try render(layers: circles, pitch: 60)
        func radius(lon: Double, lat: Double) -> Int {
            let c = p.project(WebMercator.project(lon: lon, lat: lat))
            let y = Int(c.y), x0 = Int(c.x)
            guard y >= 0, y < img.height else { return -1 }
            var r = 0
            while x0 + r < img.width, img.pixel(x0 + r, y).b > 127 { r += 1 }
            return r
        }
        // The near corners' circles are larger than the far ones', as D / depth says.
        let near = radius(lon: 0, lat: 0), far = radius(lon: 10, lat: 10)
        XCTAssertGreaterThan(near, far)
        XCTAssertGreaterThan(far, 0)
    }
}
