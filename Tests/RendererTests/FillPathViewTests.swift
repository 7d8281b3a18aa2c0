import XCTest
import Foundation
import Geo
import JSON
import Raster
import StyleSpec
@testable import Renderer

/// GeoJSON fills drawn whole keep their projected path per view (`FillPathViews`): what they
/// draw equals the uncached path's pixels, a second render of a view reuses the path, and
/// paint, filters, data and the view still change what is drawn.
final class FillPathViewTests: XCTestCase {
    /// Two polygons (one with a hole, one of many sub-pixel steps at low zoom) and a line.
    static func data(shift: Double = 0) -> String {
        var wiggle: [String] = []
        for i in 0...300 {
            let a = Double(i) / 300 * 2 * Double.pi
            let r = 25 + sin(a * 40) * 1.2
            wiggle.append("[\(60 + shift + r * cos(a)), \(-10 + r * sin(a) * 0.8)]")
        }
        return """
        {"type": "FeatureCollection", "features": [
         {"type": "Feature", "id": 1, "properties": {"kind": "a"}, "geometry": {"type": "Polygon", "coordinates": [[[-120, -40], [-20, -45], [-10, 50], [-110, 45], [-120, -40]], [[-90, -10], [-40, -10], [-40, 20], [-90, 20], [-90, -10]]]}},
         {"type": "Feature", "id": 2, "properties": {"kind": "b"}, "geometry": {"type": "Polygon", "coordinates": [[\(wiggle.joined(separator: ","))]]}},
         {"type": "Feature", "id": 3, "properties": {"kind": "c"}, "geometry": {"type": "LineString", "coordinates": [[-170, -60], [170, 60]]}}]}
        """
    }

    func style(filter: String, paint: String, data: String = FillPathViewTests.data()) throws -> Style {
        try geoJSONTestStyle(data: data, layer: ##"{"id": "fills", "type": "fill", "source": "g", "filter": \##(filter), "paint": \##(paint)}"##)
    }

    func testKeptFillPathsDrawWhatTheUncachedPathDraws() throws {
        // A filter that reads the zoom is never kept: that style takes the uncached path.
        let filter = #"["match", ["get", "kind"], ["a", "b"], true, false]"#
        let zoomFilter = #"["all", \#(filter), [">=", ["zoom"], -5]]"#
        let paints = [##"{"fill-color": "#336699", "fill-opacity": 0.7}"##,
                      ##"{"fill-color": "#cc3300", "fill-outline-color": "#000000", "fill-translate": [3, -2]}"##]
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: nil))
        let cameras = [Camera(center: WorldPoint(0.5, 0.5), zoom: -1, width: 256, height: 256),
                       Camera(center: WorldPoint(0.45, 0.5), zoom: 1.5, width: 256, height: 256),
                       Camera(center: WorldPoint(0.62, 0.52), zoom: 3, bearing: 30, width: 300, height: 200)]
        let pairs = try paints.map { (kept: try style(filter: filter, paint: $0), plain: try style(filter: zoomFilter, paint: $0)) }
        let drawn = try assertKeptDrawsTheUncached(renderer, pairs: pairs, cameras: cameras, what: "kept fill paths")
        XCTAssertNotEqual(drawn[0], drawn[6], "a paint change is drawn")
        let stats = renderer.resources.fillPaths.statistics
        // The second paint translates the fill: its own paths. One build per view, then reuse.
        XCTAssertEqual(stats.misses, cameras.count * paints.count, "one path per view and translation, built once")
        XCTAssertEqual(stats.hits, cameras.count * paints.count, "the second render of a view reuses its path")
    }

    func testFilterDataAndViewChangesAreDrawn() throws {
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: nil))
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 0.5, width: 256, height: 256)
        let paint = ##"{"fill-color": "#000000"}"##
        let a = try renderer.render(try style(filter: #"["==", ["get", "kind"], "a"]"#, paint: paint), camera: camera)
        let b = try renderer.render(try style(filter: #"["==", ["get", "kind"], "b"]"#, paint: paint), camera: camera)
        XCTAssertNotEqual(a.data, b.data, "another filter draws other features")
        let moved = try renderer.render(try style(filter: #"["==", ["get", "kind"], "b"]"#, paint: paint,
                                                  data: Self.data(shift: 20)), camera: camera)
        XCTAssertNotEqual(b.data, moved.data, "new data (another content hash) is drawn")
        let panned = try renderer.render(try style(filter: #"["==", ["get", "kind"], "b"]"#, paint: paint),
                                         camera: Camera(center: WorldPoint(0.55, 0.5), zoom: 0.5, width: 256, height: 256))
        XCTAssertNotEqual(b.data, panned.data, "another view is drawn")
        // Nothing matches: the render is a background, and nothing is kept as drawn.
        let none = try renderer.render(try style(filter: #"["==", ["get", "kind"], "zzz"]"#, paint: paint), camera: camera)
        XCTAssertFalse(none.data.enumerated().contains { $0.offset % 4 == 0 && $0.element != 255 })
    }
}
