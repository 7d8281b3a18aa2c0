import SplitMix
import XCTest
@testable import Geo

final class SimplificationTests: XCTestCase {
    func testEndpointsAlwaysKeptAndCollinearDropped() {
        let line: [WorldPoint] = (0...10).map { WorldPoint(Double($0), 0) }
        let imp = Simplification.importance(of: line, minSqTolerance: 0)
        XCTAssertEqual(imp.first, .infinity)
        XCTAssertEqual(imp.last, .infinity)
        XCTAssertTrue(imp.dropFirst().dropLast().allSatisfy { $0 == 0 })
        XCTAssertEqual(Simplification.simplify(line, importance: imp, sqTolerance: 1e-12), [line[0], line[10]])
    }

    func testImportanceIsDouglasPeuckerDistance() {
        // A peak of height 2 in the middle, a bump of 0.5 on the right half.
        let line: [WorldPoint] = [[0, 0], [2, 0], [4, 2], [6, 0], [7, 0.5], [8, 0]]
        let imp = Simplification.importance(of: line, minSqTolerance: 0)
        XCTAssertEqual(Double(imp[2]), 4, accuracy: 1e-6)      // distance 2 to the chord (0,0)-(8,0)
        XCTAssertEqual(Double(imp[3]), 0.8, accuracy: 1e-6)    // distance² of (6,0) to the chord (4,2)-(8,0)
        XCTAssertEqual(Double(imp[4]), 0.25, accuracy: 1e-6)   // distance² of (7,0.5) to the chord (6,0)-(8,0)
        // Threshold: tolerance 1 keeps the peak only; tolerance 0.1 keeps the bump too.
        XCTAssertEqual(Simplification.simplify(line, importance: imp, sqTolerance: 1), [[0, 0], [4, 2], [8, 0]])
        XCTAssertTrue(Simplification.simplify(line, importance: imp, sqTolerance: 0.01).contains([7, 0.5]))
        XCTAssertEqual(Simplification.simplify(line, importance: imp, sqTolerance: 0), line)
    }

    func testMatchesRecursiveReferenceOnRandomLines() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let n = Int.random(in: 3...200, using: &rng)
            var p = WorldPoint(0, 0)
            let line: [WorldPoint] = (0..<n).map { _ in
                p += WorldPoint(Double.random(in: 0...1, using: &rng), Double.random(in: -1...1, using: &rng)); return p
            }
            let imp = Simplification.importance(of: line, minSqTolerance: 0)
            for tol in [0.01, 0.1, 0.5, 2.0] {
                let kept = Simplification.simplify(line, importance: imp, sqTolerance: tol * tol)
                // Every dropped vertex lies near the kept polyline's segment over it (DP guarantees
                // the tolerance; geojson-vt's threshold test can keep a child without its parent,
                // which at most doubles it).
                var k = 0
                for (i, q) in line.enumerated() {
                    if k + 1 < kept.count, q == kept[k + 1] { k += 1; continue }
                    if q == kept[k] { continue }
                    let d = Simplification.squaredSegmentDistance(q, kept[k], kept[k + 1]).squareRoot()
                    XCTAssertLessThanOrEqual(d, 2 * tol * 1.0001 + 1e-12, "vertex \(i) of \(n)")
                }
            }
        }
    }

    func testRingWithCoincidentEndsAndDegenerateInput() {
        let ring: [WorldPoint] = [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]
        let imp = Simplification.importance(of: ring, minSqTolerance: 0)
        XCTAssertGreaterThan(imp[2], 0, "the far corner is picked against the degenerate chord")
        let same = [WorldPoint](repeating: [3, 3], count: 1000)
        XCTAssertEqual(Simplification.importance(of: same, minSqTolerance: 0).filter { $0 > 0 && $0 != .infinity }.count, 0)
        let weird: [WorldPoint] = [[0, 0], [.nan, 1], [1e300, -1e300], [.infinity, 0], [2, 2]]
        _ = Simplification.importance(of: weird, minSqTolerance: 0) // must not trap
        XCTAssertEqual(Simplification.importance(of: [], minSqTolerance: 0), [])
        XCTAssertEqual(Simplification.importance(of: [[1, 1]], minSqTolerance: 0), [.infinity])
    }

    func testMinToleranceStopsRecursion() {
        let line: [WorldPoint] = [[0, 0], [1, 0.001], [2, 0], [3, 5], [4, 0]]
        let imp = Simplification.importance(of: line, minSqTolerance: 0.01)
        XCTAssertEqual(imp[1], 0)
        XCTAssertGreaterThan(imp[3], 0)
    }

    func testLength() {
        let line: [WorldPoint] = [[0, 0], [3, 4], [3, 5]]
        XCTAssertEqual(line.withUnsafeBufferPointer { Simplification.length($0) }, 6)
    }
}


final class SimplificationWorstCaseTests: XCTestCase {
    func testPeelOneInputStaysFast() {
        // Each vertex sticks out a little more than everything after it: plain DP would pick
        // vertices one by one (quadratic). 100k vertices must still finish quickly.
        let n = 100_000
        let line: [WorldPoint] = (0..<n).map { i in
            let t = Double(i) / Double(n)
            return WorldPoint(t, i % 2 == 0 ? (1 - t) * (1 - t) : -(1 - t) * (1 - t))
        }
        let start = Date()
        let imp = Simplification.importance(of: line, minSqTolerance: 0)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        XCTAssertEqual(imp.count, n)
        XCTAssertGreaterThan(imp.filter { $0 > 0 }.count, n / 2, "vertices still get an importance")
    }
}
