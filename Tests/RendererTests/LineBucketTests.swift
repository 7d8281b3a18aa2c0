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
        let json = try JSONParser.parse(##"""
        {"version": 8, "sources": {"v": {"type": "vector", "maxzoom": 14, "tiles": ["tiles/{z}-{x}-{y}.mvt"]}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "roads", "type": "line", "source": "v", "source-layer": "road",
                     "filter": ["match", ["get", "class"], ["street", "main", "street_limited"], true, false],
                     "layout": {"line-join": "round", "line-cap": "round"},
                     "paint": {"line-color": "\##(color)", "line-width": \##(width)}}]}
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
}
