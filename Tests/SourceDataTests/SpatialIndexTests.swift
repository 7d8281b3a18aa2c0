import SplitMix
import XCTest
import Geo
import JSON
@testable import SourceData

final class SpatialIndexTests: XCTestCase {
    func randomRect(_ rng: inout SplitMix64, maxSize: Double) -> WorldRect {
        let x = Double.random(in: -0.1...1.1, using: &rng), y = Double.random(in: -0.1...1.1, using: &rng)
        return WorldRect(minX: x, minY: y, maxX: x + Double.random(in: 0...maxSize, using: &rng), maxY: y + Double.random(in: 0...maxSize, using: &rng))
    }

    func testRTreeMatchesBruteForce() {
        var rng = SplitMix64(seed: 3)
        for n in [0, 1, 15, 16, 17, 300, 5000] {
            var boxes = (0..<n).map { _ in randomRect(&rng, maxSize: 0.05) }
            if n > 10 { boxes[3] = .empty; boxes[4] = WorldRect(minX: .nan, minY: 0, maxX: 1, maxY: 1) }
            let tree = PackedRTree(boxes)
            for _ in 0..<200 {
                let q = randomRect(&rng, maxSize: 0.3)
                var got: [Int32] = []
                tree.search(q) { got.append($0) }
                let expected = boxes.indices.filter { boxes[$0].intersects(q) }.map(Int32.init)
                XCTAssertEqual(got.sorted(), expected, "n=\(n) q=\(q)")
            }
        }
    }

    func testHilbertCurveIsABijectionOnASmallGrid() {
        // The 16-bit curve restricted to the top-left 4×4 block visits 16 distinct cells.
        var seen = Set<UInt32>()
        for x in 0..<256 { for y in 0..<256 { seen.insert(PackedRTree.hilbert(UInt32(x), UInt32(y))) } }
        XCTAssertEqual(seen.count, 256 * 256)
        XCTAssertEqual(PackedRTree.hilbert(0, 0), 0)
    }

    func testSourceQueryIsSortedAndMatchesBruteForce() throws {
        var rng = SplitMix64(seed: 5)
        var features: [String] = []
        for i in 0..<2000 {
            let lon = Double.random(in: -170...170, using: &rng), lat = Double.random(in: -80...80, using: &rng)
            switch i % 3 {
            case 0: features.append(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]}}"#)
            case 1: features.append(#"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[\#(lon),\#(lat)],[\#(lon + 3),\#(lat + 1)]]}}"#)
            default: features.append(#"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[\#(lon),\#(lat)],[\#(lon + 2),\#(lat)],[\#(lon + 2),\#(lat + 2)],[\#(lon),\#(lat)]]]}}"#)
            }
        }
        let s = try parse(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#)
        XCTAssertEqual(s.features.count, 2000)
        for _ in 0..<300 {
            let q = randomRect(&rng, maxSize: 0.2)
            let expected = s.features.indices.filter { s.features[$0].bounds.intersects(q) }.map(Int32.init)
            XCTAssertEqual(s.query(q), expected)
        }
    }

    func testWorldCopies() throws {
        let s = try parse(#"{"type": "LineString", "coordinates": [[170, 0], [200, 10]]}"#)   // x 0.97...1.06
        XCTAssertEqual(s.worldCopies(intersecting: WorldRect(minX: 0.4, minY: 0.4, maxX: 0.6, maxY: 0.6)), nil)
        XCTAssertEqual(s.worldCopies(intersecting: WorldRect(minX: 0, minY: 0.4, maxX: 0.1, maxY: 0.6)), -1...(-1))
        XCTAssertEqual(s.worldCopies(intersecting: WorldRect(minX: -3, minY: 0, maxX: 3, maxY: 1)), -4...2)
        XCTAssertEqual(s.worldCopies(intersecting: WorldRect(minX: 0, minY: 2, maxX: 1, maxY: 3)), nil, "rows do not repeat")
        let huge = try XCTUnwrap(s.worldCopies(intersecting: WorldRect(minX: -1e12, minY: 0, maxX: 1e12, maxY: 1)))
        XCTAssertEqual(huge.count, GeoJSONSource.maxWorldCopies)
        XCTAssertNil(s.worldCopies(intersecting: WorldRect(minX: -.infinity, minY: 0, maxX: .infinity, maxY: 1)))
        XCTAssertNil(GeoJSONSource.empty().worldCopies(intersecting: .world))

        // The part east of the antimeridian shows at the west edge of the main world.
        var scratch = GeometryScratch()
        var drawn: [WorldPoint] = []
        s.forEachFeature(in: WorldRect(minX: 0, minY: 0, maxX: 0.1, maxY: 1), zoom: 18, scratch: &scratch) { _, g, _ in drawn += g.points }
        XCTAssertEqual(drawn.count, 2)
        XCTAssertEqual(drawn[0].x, 0, accuracy: 1e-12)
        XCTAssertEqual(drawn[1].x, WebMercator.project(lon: 200, lat: 10).x - 1, accuracy: 1e-12)
    }
}
