import SplitMix
import XCTest
import Geo
import JSON
@testable import SourceData

final class SyntheticWorkloadTests: XCTestCase {
    func testGeneratorIsDeterministicAndSourceKeepsGeometry() {
        let w = SyntheticWorkload(count: 3000, seed: 4)
        var input: [FeatureGeometry] = []
        w.forEachFeature { g, _, _ in input.append(g) }
        var again = 0
        w.forEachFeature { g, i, _ in if g == input[i] { again += 1 } }
        XCTAssertEqual(again, input.count)
        XCTAssertEqual(input.count, 3000 + SyntheticWorkload.rivers + SyntheticWorkload.regions)

        let s = w.makeSource()
        XCTAssertEqual(s.features.count, input.count)
        XCTAssertEqual(s.warnings, [])
        for (i, g) in input.enumerated() {
            let stored = s.geometry(i)
            XCTAssertEqual(stored.type, g.type)
            XCTAssertEqual(stored.partEnds, g.partEnds, "feature \(i)")
            if g.type == .polygon {
                // Rings may come back reversed (wound), never changed otherwise.
                XCTAssertEqual(Set(stored.points.map { [$0.x, $0.y] }), Set(g.points.map { [$0.x, $0.y] }), "feature \(i)")
                XCTAssertGreaterThan(Winding.signedArea(stored.points), 0)
            } else {
                XCTAssertEqual(stored.points, g.points, "feature \(i)")
            }
            XCTAssertEqual(s.features[i].id, .number(Double(i)))
        }
    }

    func testTileQueriesMatchClippingTheFullGeometry() {
        let w = SyntheticWorkload(count: 1000, seed: 9)
        let s = w.makeSource()
        let (side, _) = w.tileSide(featuresPerTile: 50)
        var rng = SplitMix64(seed: 1)
        var scratch = GeometryScratch()
        for _ in 0..<20 {
            let a = SyntheticWorkload.area
            let x = a.minX + Double.random(in: 0...1, using: &rng) * a.width, y = a.minY + Double.random(in: 0...1, using: &rng) * a.height
            let rect = WorldRect(minX: x, minY: y, maxX: x + side, maxY: y + side)
            var got: [Int: FeatureGeometry] = [:]
            s.forEachFeature(in: rect, zoom: 18, scratch: &scratch) { i, g, _ in got[i] = g }
            for i in s.features.indices {
                let reference = s.geometry(i).clipped(to: rect)
                let expectHit = !reference.partEnds.isEmpty
                XCTAssertEqual(got[i] != nil, expectHit, "feature \(i)")
                guard let g = got[i], expectHit else { continue }
                switch g.type {
                case .polygon: XCTAssertEqual(polygonArea(g), polygonArea(reference), accuracy: side * side * 1e-9)
                case .lineString, .point: XCTAssertEqual(g.points.count, reference.points.count, "feature \(i)")
                }
            }
        }
    }
}
