import XCTest
import Foundation
import Geo
import JSON
import Raster
import StyleSpec
import StrataTestSupport
@testable import Renderer

/// Kept line buckets: a render that reuses them draws exactly what a render from scratch
/// draws, and styles (paint, feature state) still follow every change.
final class LineBucketTests: XCTestCase {
    func style(_ color: String, width: Double) throws -> Style {
        try style(paint: #"{"line-color": "\#(color)", "line-width": \#(width)}"#)
    }

    func style(paint: String) throws -> Style {
        let json = try JSONParser.parse(##"""
        {"version": 8, "sources": {"v": {"type": "vector", "maxzoom": 14, "tiles": ["tiles/{z}-{x}-{y}.mvt"]}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "roads", "type": "line", "source": "v", "source-layer": "road",
                     "filter": ["match", ["get", "class"], ["street", "main", "street_limited"], true, false],
                     "layout": {"line-join": "round", "line-cap": "round"},
                     "paint": \##(paint)}]}
        """##)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            struct NotParsed: Error {}
            throw NotParsed()
        }
        return parsed.0
    }

    func testReusedBucketsDrawWhatAFreshRenderDraws() throws {
        let assets = try TestEnvironment.shared("render-tests/assets")
        let cached = MapRenderer(resources: RenderResources(dataDirectory: assets.path))
        // Two output tiles of the same z14 source tile (over-zoomed), then a paint change.
        let cameras = [Camera(center: WebMercator.project(lon: 13.418, lat: 52.499), zoom: 15, width: 256, height: 256),
                       Camera(center: WebMercator.project(lon: 13.421, lat: 52.498), zoom: 15.5, width: 256, height: 256)]
        for (color, width) in [("#336699", 2.0), ("#993300", 5.0)] {
            let s = try style(color, width: width)
            for camera in cameras {
                let again = try cached.render(s, camera: camera)
                let fresh = try MapRenderer(resources: RenderResources(dataDirectory: assets.path)).render(s, camera: camera)
                XCTAssertEqual(again.data, fresh.data, "\(color) at z\(camera.zoom): kept buckets draw what a fresh render draws")
                let inked = (0..<256).contains { y in (0..<256).contains { again.pixel($0, y).r != 255 } }
                XCTAssertTrue(inked, "the roads are drawn")
            }
        }
    }

    /// Data-driven styles are kept per bucket, style and zoom (`LineStyleTables`): a render
    /// that reuses them draws what a fresh one draws, and another style or zoom misses.
    func testKeptDataDrivenStylesFollowStyleAndZoom() throws {
        let assets = try TestEnvironment.shared("render-tests/assets")
        let cached = MapRenderer(resources: RenderResources(dataDirectory: assets.path))
        let camera = Camera(center: WebMercator.project(lon: 13.418, lat: 52.499), zoom: 15, width: 256, height: 256)
        let a = try style(paint: ##"{"line-color": ["match", ["get", "class"], "main", "#cc0000", "#0000cc"], "line-width": ["interpolate", ["linear"], ["zoom"], 14, ["match", ["get", "class"], "main", 2, 1], 16, ["match", ["get", "class"], "main", 8, 3]]}"##)
        let b = try style(paint: ##"{"line-color": ["match", ["get", "class"], "main", "#00cc00", "#cc00cc"], "line-width": ["match", ["get", "class"], "main", 6, 2]}"##)
        var zoomed = camera
        zoomed.zoom = 15.5
        var outputs: [[UInt8]] = []
        for (s, cam) in [(a, camera), (b, camera), (a, zoomed), (a, camera)] {
            let again = try cached.render(s, camera: cam)
            let fresh = try MapRenderer(resources: RenderResources(dataDirectory: assets.path)).render(s, camera: cam)
            XCTAssertEqual(again.data, fresh.data, "kept styles draw what a fresh render draws (z\(cam.zoom))")
            outputs.append(again.data)
        }
        XCTAssertNotEqual(outputs[0], outputs[1], "another style is drawn with its own values")
        XCTAssertNotEqual(outputs[0], outputs[2], "another zoom is drawn with its own widths")
        XCTAssertEqual(outputs[0], outputs[3])
    }
}
