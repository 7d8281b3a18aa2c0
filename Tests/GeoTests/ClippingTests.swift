import SplitMix
import XCTest
@testable import Geo

final class ClippingTests: XCTestCase {
    let unit = WorldRect(minX: 0, minY: 0, maxX: 1, maxY: 1)

    func square(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [WorldPoint] {
        [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]
    }

    func area(_ ring: [WorldPoint]) -> Double { Winding.signedArea(ring) }

    func testRingFullyInsideIsUnchanged() {
        let ring = square(0.2, 0.2, 0.8, 0.8)
        XCTAssertEqual(RingClipping.clip(ring, to: unit), ring)
    }

    func testRingFullyOutsideVanishes() {
        XCTAssertEqual(RingClipping.clip(square(2, 2, 3, 3), to: unit), [])
        XCTAssertEqual(RingClipping.clip(square(-3, 0.2, -2, 0.8), to: unit), [])
    }

    func testRingAroundTheRectBecomesTheRect() {
        let out = RingClipping.clip(square(-5, -5, 5, 5), to: unit)
        XCTAssertEqual(out.first, out.last, "closed")
        XCTAssertEqual(area(out), 1, accuracy: 1e-12)
        XCTAssertEqual(WorldRect(covering: out), unit)
    }

    func testPartialOverlapAndOrientationKept() {
        let out = RingClipping.clip(square(0.5, 0.5, 1.5, 1.5), to: unit)
        XCTAssertEqual(area(out), 0.25, accuracy: 1e-12)
        let rev = RingClipping.clip(Array(square(0.5, 0.5, 1.5, 1.5).reversed()), to: unit)
        XCTAssertEqual(area(rev), -0.25, accuracy: 1e-12)
    }

    func testConcaveRingAcrossAnEdgeKeepsArea() {
        // A U shape crossing the top edge: both arms stick out above the rect.
        let u: [WorldPoint] = [[0.1, -0.5], [0.4, -0.5], [0.4, 0.5], [0.6, 0.5], [0.6, -0.5], [0.9, -0.5], [0.9, 0.8], [0.1, 0.8], [0.1, -0.5]]
        let out = RingClipping.clip(u, to: unit)
        // Inside part: the 0.8×0.8 block minus the 0.2×0.5 notch.
        XCTAssertEqual(abs(area(out)), 0.8 * 0.8 - 0.2 * 0.5, accuracy: 1e-12)
        for p in out { XCTAssertTrue(unit.contains(p), "\(p)") }
    }

    func testRingPassingAroundACornerOutsideVanishes() {
        // An L-shaped ring around the top-left corner that never enters the rect.
        let l: [WorldPoint] = [[-1, -1], [2, -1], [2, -0.5], [-0.5, -0.5], [-0.5, 2], [-1, 2], [-1, -1]]
        XCTAssertEqual(RingClipping.clip(l, to: unit), [])
    }

    func testDegenerateRings() {
        XCTAssertEqual(RingClipping.clip([], to: unit), [])
        XCTAssertEqual(RingClipping.clip([[0.5, 0.5]], to: unit), [])
        XCTAssertEqual(RingClipping.clip([[0.1, 0.1], [0.9, 0.9], [0.1, 0.1]], to: unit), [])
        XCTAssertEqual(RingClipping.clip([[0.1, 0.1], [0.5, 0.5], [0.9, 0.9], [0.1, 0.1]], to: unit), [], "collinear")
        XCTAssertEqual(RingClipping.clip(square(0.2, 0.2, 0.8, 0.8), to: .empty), [])
        // Unclosed input comes out closed.
        let open = Array(square(0.2, 0.2, 0.8, 0.8).dropLast())
        XCTAssertEqual(RingClipping.clip(open, to: unit), square(0.2, 0.2, 0.8, 0.8))
    }

    func testNaNAndHugeCoordinatesDoNotCrash() {
        let nasty: [WorldPoint] = [[0.2, 0.2], [.nan, 0.5], [0.8, 0.2], [1e300, 1e300], [-.infinity, 0.5], [0.2, 0.8], [-1e308, 1e308], [0.2, 0.2]]
        let out = RingClipping.clip(nasty, to: unit)
        for p in out { XCTAssertTrue(p.x.isFinite && p.y.isFinite && unit.contains(p)) }
        let big = RingClipping.clip(square(-1e308, -1e308, 1e308, 1e308), to: unit)
        XCTAssertEqual(area(big), 1, accuracy: 1e-9)
        let line = LineClipping.clip([[0.5, 0.5], [.nan, .nan], [0.6, 0.6], [1e308, -1e308], [0.7, 0.7]], to: unit)
        for p in line.points { XCTAssertTrue(p.x.isFinite && p.y.isFinite) }
        XCTAssertEqual(WorldRect(minX: .nan, minY: 0, maxX: 1, maxY: 1).isEmpty, true)
        XCTAssertEqual(RingClipping.clip(square(0, 0, 1, 1), to: WorldRect(minX: .nan, minY: 0, maxX: 1, maxY: 1)), [])
    }

    func testLineSplitsIntoParts() {
        // In, out through the right edge, back in, out again.
        let line: [WorldPoint] = [[0.5, 0.5], [1.5, 0.5], [1.5, 0.7], [0.5, 0.7], [0.5, 2]]
        var spans: [(LinePosition, LinePosition)] = []
        var g = FeatureGeometry(type: .lineString)
        let n = line.withUnsafeBufferPointer { LineClipping.clip($0, to: unit, into: &g) { spans.append(($0, $1)) } }
        XCTAssertEqual(n, 2)
        XCTAssertEqual(g.partEnds, [2, 5])
        XCTAssertEqual(g.points, [[0.5, 0.5], [1, 0.5], [1, 0.7], [0.5, 0.7], [0.5, 1]])
        XCTAssertEqual(spans[0].0, LinePosition(segment: 0, t: 0))
        XCTAssertEqual(spans[0].1, LinePosition(segment: 0, t: 0.5))
        XCTAssertEqual(spans[1].0, LinePosition(segment: 2, t: 0.5))
        XCTAssertEqual(spans[1].1.segment, 3)
        XCTAssertEqual(spans[1].1.t, 0.3 / 1.3, accuracy: 1e-12)
    }

    func testLineCrossingWithoutVertexInside() {
        let g = LineClipping.clip([[-1, 0.5], [2, 0.5]], to: unit)
        XCTAssertEqual(g.points, [[0, 0.5], [1, 0.5]])
        XCTAssertEqual(g.partEnds, [2])
    }

    func testLineTouchingACornerIsDropped() {
        let g = LineClipping.clip([[-1, 1], [1, -1]].map { $0 + WorldPoint(0, 0) }, to: WorldRect(minX: 0, minY: 0, maxX: 1, maxY: 1))
        XCTAssertEqual(g.partEnds, [], "a line meeting the rect in one point draws nothing")
        XCTAssertEqual(g.points, [])
        XCTAssertEqual(LineClipping.clip([[5, 5], [6, 6]], to: unit).points, [])
        XCTAssertEqual(LineClipping.clip([[0.5, 0.5]], to: unit).points, [])
    }

    func testPointsAreFiltered() {
        let g = FeatureGeometry(type: .point, points: [[0.5, 0.5], [2, 2], [1, 1], [.nan, 0.5]], partEnds: [4]).clipped(to: unit)
        XCTAssertEqual(g.points, [[0.5, 0.5], [1, 1]])
        XCTAssertEqual(g.partEnds, [2])
        XCTAssertEqual(FeatureGeometry(type: .point, points: [[3, 3]], partEnds: [1]).clipped(to: unit).partEnds, [])
    }

    func testPolygonClipDropsHolesOfVanishedOuters() {
        let outer1 = square(0.1, 0.1, 0.9, 0.9), hole1 = Array(square(0.3, 0.3, 0.6, 0.6).reversed())
        let outer2 = square(3, 3, 4, 4), hole2 = Array(square(3.2, 3.2, 3.5, 3.5).reversed())
        let g = FeatureGeometry(type: .polygon, points: outer1 + hole1 + outer2 + hole2, partEnds: [5, 10, 15, 20], polygonEnds: [2, 4])
        let c = g.clipped(to: unit)
        XCTAssertEqual(c.polygonEnds, [2])
        XCTAssertEqual(c.partEnds, [5, 10])
        XCTAssertEqual(c.points, outer1 + hole1)
        // A hole that vanishes leaves its outer.
        let c2 = g.clipped(to: WorldRect(minX: 0, minY: 0, maxX: 0.25, maxY: 1))
        XCTAssertEqual(c2.polygonEnds, [1])
        XCTAssertEqual(area(c2.points), 0.15 * 0.8, accuracy: 1e-12)
    }

    func testClipMatchesBruteForceCoverage() {
        // Random star polygons: the clipped ring's area equals the area of ring ∩ rect,
        // estimated by point sampling.
        var rng = SplitMix64(seed: 11)
        for _ in 0..<20 {
            let c = WorldPoint(Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng))
            let n = Int.random(in: 5...30, using: &rng)
            var ring: [WorldPoint] = (0..<n).map { i in
                let a = Double(i) / Double(n) * 2 * .pi, r = Double.random(in: 0.2...0.9, using: &rng)
                return c + WorldPoint(cos(a), sin(a)) * r
            }
            ring.append(ring[0])
            let out = RingClipping.clip(ring, to: unit)
            var inside = 0
            let steps = 200
            for i in 0..<steps { for j in 0..<steps {
                let p = WorldPoint((Double(i) + 0.5) / Double(steps), (Double(j) + 0.5) / Double(steps))
                if pointInRing(p, ring) { inside += 1 }
            } }
            let expected = Double(inside) / Double(steps * steps)
            XCTAssertEqual(abs(area(out)), expected, accuracy: 0.01)
        }
    }

    func pointInRing(_ p: WorldPoint, _ ring: [WorldPoint]) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in 0..<ring.count {
            let a = ring[i], b = ring[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }
}
