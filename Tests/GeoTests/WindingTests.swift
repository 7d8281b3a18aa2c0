import XCTest
@testable import Geo

final class WindingTests: XCTestCase {
    /// Clockwise on screen (y down): right, down, left.
    let clockwise: [WorldPoint] = [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]

    func testSignedAreaSign() {
        XCTAssertEqual(Winding.signedArea(clockwise), 1)
        XCTAssertEqual(Winding.signedArea(Array(clockwise.reversed())), -1)
        XCTAssertEqual(Winding.signedArea(Array(clockwise.dropLast())), 1, "closing edge implied")
        XCTAssertEqual(Winding.signedArea([[0, 0], [1, 1]]), 0)
        XCTAssertEqual(Winding.signedArea([]), 0)
    }

    func testSignedAreaKeepsPrecisionFarFromOrigin() {
        // A 1e-9 world-unit square (a few cm at z24) near x = 0.9: still an exact area.
        let s = 1e-9, o = WorldPoint(0.9, 0.3)
        let ring = [o, o + [s, 0], o + [s, s], o + [0, s], o]
        XCTAssertEqual(Winding.signedArea(ring), s * s, accuracy: s * s * 1e-6)
    }

    func testRewindMakesOuterPositiveHolesNegative() {
        let hole: [WorldPoint] = [[0.25, 0.25], [0.75, 0.25], [0.75, 0.75], [0.25, 0.75], [0.25, 0.25]] // clockwise: wrong for a hole
        let outer2: [WorldPoint] = Array(clockwise.map { $0 + [2, 0] }.reversed()) // counter-clockwise: wrong for an outer
        var g = FeatureGeometry(type: .polygon, points: clockwise + hole + outer2, partEnds: [5, 10, 15], polygonEnds: [2, 3])
        g.rewind()
        XCTAssertGreaterThan(Winding.signedArea(Array(g.points[0..<5])), 0)
        XCTAssertLessThan(Winding.signedArea(Array(g.points[5..<10])), 0)
        XCTAssertGreaterThan(Winding.signedArea(Array(g.points[10..<15])), 0)
        XCTAssertEqual(g.points[5], g.points[9], "rings stay closed")
        // Idempotent.
        let once = g
        g.rewind()
        XCTAssertEqual(g, once)
    }

    func testRewindIgnoresMalformedRanges() {
        var g = FeatureGeometry(type: .polygon, points: clockwise, partEnds: [5, 3, 99], polygonEnds: [3])
        g.rewind() // must not trap
        XCTAssertEqual(g.points.count, 5)
    }
}
