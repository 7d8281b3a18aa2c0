import XCTest
@testable import Renderer

/// Point labels on polygons go to the point farthest from the outline (MapLibre's polylabel).
final class PoleOfInaccessibilityTests: XCTestCase {
    func ring(_ points: [(Double, Double)]) -> [SIMD2<Double>] { points.map { SIMD2($0.0, $0.1) } }

    func testSquareGivesItsCentre() {
        let p = PoleOfInaccessibility.find([ring([(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)])], precision: 0.01)
        XCTAssertEqual(p.x, 5, accuracy: 0.02); XCTAssertEqual(p.y, 5, accuracy: 0.02)
    }

    func testLShapeLabelsItsThickPartNotItsBoundingBoxCentre() {
        // An L: a 10×2 bar along the bottom and a 2×10 bar up the left side. The bounding box
        // centre (5, 5) lies outside it; the pole is 1 from the outline (half a bar's width).
        let l = ring([(0, 0), (10, 0), (10, 2), (2, 2), (2, 10), (0, 10), (0, 0)])
        let p = PoleOfInaccessibility.find([l], precision: 0.001)
        XCTAssertGreaterThan(PoleOfInaccessibility.signedDistance(p, [l]), 0.99, "inside, about 1 from the outline")
        XCTAssertLessThan(PoleOfInaccessibility.signedDistance(SIMD2(5, 5), [l]), 0, "the box centre is outside")
    }

    func testHolesPushThePoleAway() {
        let outer = ring([(0, 0), (20, 0), (20, 10), (0, 10), (0, 0)])
        let hole = ring([(2, 2), (12, 2), (12, 8), (2, 8), (2, 2)])
        let p = PoleOfInaccessibility.find([outer, hole], precision: 0.001)
        XCTAssertGreaterThan(p.x, 12, "the pole sits in the solid part right of the hole")
        XCTAssertEqual(PoleOfInaccessibility.signedDistance(p, [outer, hole]), 4, accuracy: 0.01)
    }

    func testDegenerateInputStaysFinite() {
        XCTAssertEqual(PoleOfInaccessibility.find([], precision: 1), .zero)
        XCTAssertEqual(PoleOfInaccessibility.find([ring([(3, 4), (3, 4), (3, 4)])], precision: 1), SIMD2(3, 4))
        XCTAssertEqual(PoleOfInaccessibility.find([ring([(0, 0), (5, 0), (10, 0)])], precision: 1), SIMD2(0, 0), "no area")
    }
}
