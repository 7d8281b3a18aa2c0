import XCTest
import Foundation
import Geo
import JSON
import Raster
import StyleSpec
@testable import Renderer

/// GeoJSON lines drawn whole keep their tessellated view (`GeoJSONLineBucketDrawing`): what
/// they draw equals the uncached path's pixels, and paint, feature state, filters and the
/// view still change what is drawn.
final class GeoJSONLineBucketTests: XCTestCase {
    /// A zigzag with sub-pixel steps at low zoom, a ring and a second class of line.
    static let data: String = {
        var zig: [String] = []
        for i in 0..<400 {
            let x = -120 + Double(i) * 0.6, y = 10 + (i % 2 == 0 ? 0 : 1.5) + sin(Double(i) / 9) * 12
            zig.append("[\(x), \(y)]")
        }
        let ring = "[[-40, -30], [30, -35], [45, 20], [-10, 40], [-50, 5], [-40, -30]]"
        return """
        {"type": "FeatureCollection", "features": [
         {"type": "Feature", "id": 1, "properties": {"kind": "a"}, "geometry": {"type": "LineString", "coordinates": [\(zig.joined(separator: ","))]}},
         {"type": "Feature", "id": 2, "properties": {"kind": "b"}, "geometry": {"type": "Polygon", "coordinates": [\(ring)]}},
         {"type": "Feature", "id": 3, "properties": {"kind": "c"}, "geometry": {"type": "LineString", "coordinates": [[-170, -60], [170, 60]]}}]}
        """
    }()

    func style(filter: String, paint: String) throws -> Style {
        try geoJSONTestStyle(data: Self.data, layer: ##"""
            {"id": "lines", "type": "line", "source": "g", "filter": \##(filter),
             "layout": {"line-join": "round", "line-cap": "round"}, "paint": \##(paint)}
            """##)
    }

    func testKeptGeoJSONLinesDrawWhatTheUncachedPathDraws() throws {
        // The same filter twice: plain (kept buckets) and with a zoom test that is always true
        // (filters that read the zoom are never kept, so that style takes the uncached path).
        let filter = #"["match", ["get", "kind"], ["a", "b"], true, false]"#
        let zoomFilter = #"["all", \#(filter), [">=", ["zoom"], -5]]"#
        let paints = [##"{"line-color": "#336699", "line-width": 1.5, "line-opacity": 0.8}"##,
                      ##"{"line-color": ["match", ["get", "kind"], "a", "#cc0000", "#0000cc"], "line-width": ["interpolate", ["linear"], ["zoom"], 0, 1, 4, 6]}"##]
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: nil))
        let cameras = [Camera(center: WorldPoint(0.5, 0.5), zoom: -1, width: 256, height: 256),
                       Camera(center: WorldPoint(0.45, 0.45), zoom: 1.5, width: 256, height: 256),
                       Camera(center: WorldPoint(0.3, 0.42), zoom: 3, width: 300, height: 200)]
        let pairs = try paints.map { (kept: try style(filter: filter, paint: $0), plain: try style(filter: zoomFilter, paint: $0)) }
        let drawn = try assertKeptDrawsTheUncached(renderer, pairs: pairs, cameras: cameras, what: "kept GeoJSON lines")
        XCTAssertNotEqual(drawn[0], drawn[6], "a paint change is drawn over the kept mesh")
        let stats = renderer.resources.lineBuckets.statistics
        // The query rectangle grows with the line's reach, so each paint (another width)
        // keeps its own buckets: one build per view and paint, then reuse.
        XCTAssertEqual(stats.misses, cameras.count * paints.count, "one bucket per view and reach, built once")
        XCTAssertEqual(stats.hits, cameras.count * paints.count, "the second render of a view reuses its bucket")
    }

    func testFeatureStateAndFilterChangesFollowTheKeptMesh() throws {
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: nil))
        let camera = Camera(center: WorldPoint(0.45, 0.45), zoom: 1.5, width: 256, height: 256)
        let paint = ##"{"line-color": ["case", ["boolean", ["feature-state", "hot"], false], "#ff0000", "#000000"], "line-width": 3}"##
        let s = try style(filter: #"["==", ["get", "kind"], "a"]"#, paint: paint)
        let before = try renderer.render(s, camera: camera)
        let command = try StyleCommand(json: ["setFeatureState", ["source": "g", "id": 1], ["hot": true]])
        guard case .success(let hotStyle) = s.applying(command) else { return XCTFail("setFeatureState applies") }
        let hot = try renderer.render(hotStyle, camera: camera)
        XCTAssertNotEqual(before.data, hot.data, "feature state recolours the kept line")
        let other = try renderer.render(try style(filter: #"["==", ["get", "kind"], "b"]"#, paint: paint), camera: camera)
        XCTAssertNotEqual(before.data, other.data, "another filter keeps another bucket")
    }
}
